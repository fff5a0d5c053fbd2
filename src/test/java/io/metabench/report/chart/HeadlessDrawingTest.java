package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Surefire runs the tests with {@code -Djava.awt.headless=true}; the runner will not. This test
 * draws in a JVM started without it and with {@code DISPLAY} naming an X server that does not
 * exist (as after {@code ssh -X} to a host without one), where AWT would fail with "Can't connect
 * to X11 window server" unless the chart classes make the JVM headless themselves.
 */
class HeadlessDrawingTest {
  @TempDir
  Path tmp;

  @Test
  void drawsWithoutBeingToldToBeHeadlessAndWithADisplayThatIsNotThere() throws Exception {
    File png = tmp.resolve("probe.png").toFile();
    File log = tmp.resolve("probe.log").toFile();
    List<String> cmd = new ArrayList<>(Arrays.asList(
        new File(System.getProperty("java.home"), "bin/java").getPath(), "-Xmx256m",
        "-cp", probeClassPath(), HeadlessProbe.class.getName(), png.getPath()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(log);
    pb.environment().put("DISPLAY", ":97");
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("_JAVA_OPTIONS");
    Process p = pb.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("probe finished").isTrue();
    String out = new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).contains("headless=true");
    assertThat(Arrays.copyOf(Files.readAllBytes(png.toPath()), 8))
        .isEqualTo(ChartAssertions.PNG_SIGNATURE);
  }

  /**
   * MetaBench's classes, the test classes and XChart with its SVG library: all the probe needs,
   * and a command line far shorter than the tests' whole class path.
   */
  private static String probeClassPath() {
    String cp = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    List<String> keep = new ArrayList<>();
    for (String e : cp.split(File.pathSeparator)) {
      String name = new File(e).getName();
      if (name.equals("classes") || name.equals("test-classes") || name.startsWith("xchart-")
          || name.startsWith("VectorGraphics2D-")) {
        keep.add(e);
      }
    }
    assertThat(keep).hasSize(4);
    return String.join(File.pathSeparator, keep);
  }
}
