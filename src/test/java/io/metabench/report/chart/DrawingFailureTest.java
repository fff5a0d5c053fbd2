package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.report.SummaryFixture;
import java.awt.AWTError;
import java.awt.Graphics2D;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;

/**
 * When AWT cannot draw, the caller gets an IOException with a one-line message naming the cause,
 * never a chart silently left out. A machine without fonts is simulated by a marker that fails
 * the way the JDK does when it finds no font.
 */
class DrawingFailureTest {
  private static final String NO_FONTS = "charts could not be drawn: java.lang.Error: Probable "
      + "fatal error: No fonts found.; install a font package such as fonts-dejavu-core (with "
      + "fontconfig)";

  @TempDir
  java.nio.file.Path tmp;

  /** What sun.font.SunFontManager throws when fontconfig finds no font. */
  private static final class NoFontsMarker extends Marker {
    @Override
    public void paint(Graphics2D g, double x, double y, int size) {
      throw new Error("Probable fatal error: No fonts found.");
    }
  }

  private static StudyChart undrawable() throws IOException {
    StudyChart c = new StudyCharts().charts(SummaryFixture.summary()).get(1);
    for (XYSeries s : ((XYChart) c.chart()).getSeriesMap().values()) {
      s.setMarker(new NoFontsMarker());
    }
    return c;
  }

  @Test
  void everyWayOfDrawingReportsTheCauseInOneLine() throws Exception {
    StudyChart c = undrawable();
    assertThatThrownBy(() -> ChartFiles.png(c)).isInstanceOf(IOException.class)
        .hasMessage(NO_FONTS).hasCauseInstanceOf(Error.class);
    assertThatThrownBy(() -> ChartFiles.svg(c)).isInstanceOf(IOException.class)
        .hasMessage(NO_FONTS);
    assertThatThrownBy(() -> ChartFiles.inlineSvg(c)).isInstanceOf(IOException.class)
        .hasMessage(NO_FONTS);
    // the chart that draws is not written either: all or nothing
    StudyChart fine = new StudyCharts().charts(SummaryFixture.summary()).get(0);
    java.io.File dir = tmp.resolve("charts").toFile();
    assertThatThrownBy(() -> ChartFiles.write(java.util.Arrays.asList(fine, c), dir))
        .isInstanceOf(IOException.class).hasMessage(NO_FONTS);
    assertThat(dir).doesNotExist();
  }

  @Test
  void theJdksOtherNoFontFailuresGetTheHintToo() {
    // JDK 11+ without fontconfig: an NPE in FontConfiguration, no word about fonts in it
    NullPointerException npe = new NullPointerException();
    npe.setStackTrace(new StackTraceElement[] {
        new StackTraceElement("sun.awt.FontConfiguration", "getVersion", null, 1264)});
    assertThat(Drawing.message(new RuntimeException("wrapped", npe)))
        .startsWith("charts could not be drawn: java.lang.RuntimeException: wrapped")
        .endsWith("; install a font package such as fonts-dejavu-core (with fontconfig)");
    assertThat(Drawing.message(new UnsatisfiedLinkError(
        "/usr/lib/jvm/lib/libfontmanager.so: libfreetype.so.6: cannot open shared object")))
        .contains("install a font package");
  }

  @Test
  void otherFailuresNameTheirCauseOnOneLineWithoutAFontHint() {
    assertThat(Drawing.message(new IllegalStateException("first line\n\tsecond line")))
        .isEqualTo("charts could not be drawn: java.lang.IllegalStateException: first line "
            + "second line");
    assertThat(Drawing.message(new AWTError("Can't connect to X11 window server using ':97'")))
        .isEqualTo("charts could not be drawn: java.awt.AWTError: Can't connect to X11 window "
            + "server using ':97'; run with -Djava.awt.headless=true");
  }

  @Test
  void outOfMemoryIsNotDisguisedAsADrawingFailure() {
    assertThatThrownBy(() -> Drawing.draw(() -> {
      throw new OutOfMemoryError("Java heap space");
    })).isInstanceOf(OutOfMemoryError.class);
  }
}
