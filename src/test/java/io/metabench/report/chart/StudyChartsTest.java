package io.metabench.report.chart;

import static io.metabench.report.SummaryFixture.BASE;
import static io.metabench.report.SummaryFixture.ODD;
import static io.metabench.report.SummaryFixture.lat;
import static io.metabench.report.SummaryFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.report.SummaryFixture;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * The charts of {@link SummaryFixture}, drawn for real (headless). To look at them, run with
 * {@code -Dmetabench.charts.dir=/some/dir}: the files of
 * {@link #writesEveryChartAsPngAndSvgUnderStableNames} are then written there instead of to a
 * temporary directory.
 */
class StudyChartsTest {
  private static final List<String> CHART_NAMES = Arrays.asList("throughput-at-16t",
      "tps-vs-threads-create_write", "latency-create_write-16t", "tps-vs-threads-open_read",
      "latency-open_read-16t");

  @TempDir
  Path tmp;

  @Test
  void writesEveryChartAsPngAndSvgUnderStableNames() throws Exception {
    String keep = System.getProperty("metabench.charts.dir");
    File dir = keep == null ? tmp.resolve("charts").toFile() : new File(keep);
    List<File> files = ChartFiles.writeAll(SummaryFixture.summary(), 16, dir);

    List<String> expected = new ArrayList<>();
    for (String name : CHART_NAMES) {
      expected.add(name + ".png");
      expected.add(name + ".svg");
    }
    assertThat(files.stream().map(File::getName)).containsExactlyElementsOf(expected);
    for (File f : files) {
      assertThat(f.getParentFile()).isEqualTo(dir);
      byte[] bytes = Files.readAllBytes(f.toPath());
      if (f.getName().endsWith(".png")) {
        assertThat(Arrays.copyOf(bytes, 8)).as(f.getName())
            .isEqualTo(ChartAssertions.PNG_SIGNATURE);
        assertThat(bytes.length).as(f.getName()).isGreaterThan(8 * 1024);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        assertThat(image).as(f.getName()).isNotNull();
        assertThat(image.getWidth()).isEqualTo(StudyCharts.WIDTH).isEqualTo(800);
        assertThat(image.getHeight()).isEqualTo(StudyCharts.HEIGHT).isEqualTo(500);
      } else {
        ChartAssertions.assertSvg(bytes, 8 * 1024);
      }
    }
  }

  @Test
  void inlineSvgIsTheSvgElementAloneAndParses() throws Exception {
    StudyChart c = new StudyCharts().charts(SummaryFixture.summary()).get(1);
    String file = new String(ChartFiles.svg(c), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(file).startsWith("<?xml").contains("<!DOCTYPE svg"); // what is stripped
    String inline = ChartFiles.inlineSvg(c);
    assertThat(inline).startsWith("<svg ").endsWith("</svg>")
        .doesNotContain("<?xml").doesNotContain("<!DOCTYPE")
        .doesNotContainPattern("\\d\\.\\d{3}"); // numbers cut to two decimals
    assertThat(file).containsPattern("\\d\\.\\d{3}");
    ChartAssertions.assertSvg(inline.getBytes(java.nio.charset.StandardCharsets.UTF_8), 8 * 1024);
  }

  @Test
  void chartsHaveTitlesAndAxisTitlesWithUnits() throws Exception {
    Map<String, Chart<?, ?>> charts = byName(new StudyCharts().charts(SummaryFixture.summary()));
    Chart<?, ?> tps = charts.get("tps-vs-threads-create_write");
    assertThat(tps.getTitle()).isEqualTo("create_write: mean TPS vs threads");
    assertThat(tps.getXAxisTitle()).isEqualTo("threads (log2 scale)");
    assertThat(tps.getYAxisTitle()).startsWith("mean TPS (ops/s)");
    Chart<?, ?> latency = charts.get("latency-open_read-16t");
    assertThat(latency.getTitle()).isEqualTo("open_read: latency at 16 threads");
    assertThat(latency.getYAxisTitle()).isEqualTo("latency (ms)");
    Chart<?, ?> throughput = charts.get("throughput-at-16t");
    assertThat(throughput.getTitle())
        .isEqualTo("Mean TPS at 16 threads, the highest concurrency");
    assertThat(throughput.getYAxisTitle()).isEqualTo("mean TPS (ops/s)");
    for (Chart<?, ?> c : charts.values()) {
      assertThat(c.getWidth()).isEqualTo(800);
      assertThat(c.getHeight()).isEqualTo(500);
      assertThat(c.getStyler().getChartTitleFont().getSize()).isGreaterThanOrEqualTo(16);
      assertThat(((AxesChartStyler) c.getStyler()).getAxisTickLabelsFont().getSize())
          .isGreaterThanOrEqualTo(12);
      // Axis numbers as a person writes them: 180k, never XChart's default 1.8E5.
      assertThat(((AxesChartStyler) c.getStyler()).getyAxisTickLabelsFormattingFunction()
          .apply(180_000.0)).isEqualTo("180k");
    }
  }

  @Test
  void tpsChartHasALinePerTargetAndRingsEachKnee() throws Exception {
    XYChart c = (XYChart) byName(new StudyCharts().charts(SummaryFixture.summary()))
        .get("tps-vs-threads-create_write");
    XYSeries base = c.getSeriesMap().get(BASE + ", knee at 4 threads");
    XYSeries odd = c.getSeriesMap().get(ODD + ", knee at 16 threads");
    assertThat(base).isNotNull();
    assertThat(odd).isNotNull();
    // log2 axis: 1, 4, 16 threads at 0, 2, 4; error bars are the standard deviations
    assertThat(base.getXData()).containsExactly(0, 2, 4);
    assertThat(base.getYData()).containsExactly(100.0, 350.25, 380.0);
    assertThat(base.getExtraValues()).containsExactly(5.0, 10.5, 20.0);
    XYSeries knees = c.getSeriesMap().values().stream()
        .filter(s -> s.getName().startsWith("knee:")).findFirst().get();
    assertThat(knees.getName()).contains("90%");
    assertThat(knees.getMarker()).isInstanceOf(KneeMarker.class);
    assertThat(knees.getXData()).containsExactly(2, 4);
    assertThat(knees.getYData()).containsExactly(350.25, 410.0);
    assertThat(knees.isShowInLegend()).isTrue();
    // the invisible series that puts the x-axis ticks on the powers of two 1 to 16
    XYSeries ticks = c.getSeriesMap().get("threads axis");
    assertThat(ticks.getXData()).containsExactly(0, 1, 2, 3, 4);
    assertThat(ticks.isEnabled()).isFalse();
    assertThat(ticks.isShowInLegend()).isFalse();
  }

  @Test
  void missingRowsAndNaNAreLeftOutNotDrawnAsZero() throws Exception {
    List<SummaryRow> rows = new ArrayList<>(SummaryFixture.rows());
    // ODD's create_write at 4 threads has no TPS figure at all
    rows.set(4, new SummaryRow(ODD, "file:///", "create_write", 4, 0, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, 0, 0, SummaryRow.Latency.NONE, false));
    StudySummary s = new StudySummary(rows);
    // latency at 4 threads, where ODD's open_read failed every operation (NaN latency)
    List<StudyChart> charts = new StudyCharts(4).charts(s);
    Map<String, Chart<?, ?>> byName = byName(charts);

    XYChart createWrite = (XYChart) byName.get("tps-vs-threads-create_write");
    XYSeries odd = createWrite.getSeriesMap().get(ODD + ", knee at 16 threads");
    assertThat(odd.getXData()).containsExactly(0, 4); // no point at 4 threads
    XYChart openRead = (XYChart) byName.get("tps-vs-threads-open_read");
    XYSeries oddRead = openRead.getSeriesMap().get(ODD + ", knee at 1 thread");
    assertThat(oddRead.getXData()).containsExactly(0, 2); // none at 16: not run
    assertThat(oddRead.getYData()).containsExactly(800.0, 0.0); // 0 TPS measured is drawn

    CategoryChart latency = (CategoryChart) byName.get("latency-open_read-4t");
    assertThat(latency.getSeriesMap().keySet()).containsExactly(BASE);
    CategoryChart latencyCw = (CategoryChart) byName.get("latency-create_write-4t");
    assertThat(latencyCw.getSeriesMap().keySet()).containsExactly(BASE); // ODD's row is NaN

    CategoryChart throughput = (CategoryChart) byName.get("throughput-at-16t");
    CategorySeries oddTop = throughput.getSeriesMap().get(ODD + " (16 threads)");
    assertThat(new ArrayList<Object>(oddTop.getXData())).containsExactly("create_write", "open_read");
    assertThat(new ArrayList<Number>(oddTop.getYData())).containsExactly(410.0, null); // open_read not run at 16

    for (Chart<?, ?> c : byName.values()) {
      assertNoNaN(c);
    }
    for (StudyChart c : charts) {
      assertThat(ChartFiles.png(c)).isNotEmpty(); // and all of it draws
      ChartAssertions.assertSvg(ChartFiles.svg(c), 8 * 1024);
    }
  }

  @Test
  void aChartWithNothingToShowIsNotDrawn() throws Exception {
    StudySummary s = SummaryFixture.of(
        row(BASE, "hdfs://nn", "create_write", 1, 10.0, 0.0, 0, lat(1), false),
        row(BASE, "hdfs://nn", "create_write", 2, 20.0, 0.0, 0, lat(1), true),
        new SummaryRow(BASE, "hdfs://nn", "rename", 2, 3, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, 0, 9, SummaryRow.Latency.NONE, false));
    List<String> names = new StudyCharts().charts(s).stream().map(StudyChart::name)
        .collect(Collectors.toList());
    assertThat(names).containsExactly("throughput-at-2t", "tps-vs-threads-create_write",
        "latency-create_write-2t");
  }

  @Test
  void aPhaseWithSeriesGetsItsTpsAndNameNodeTimesOverTime() throws Exception {
    List<double[]> tps = Arrays.asList(new double[] {0, 100}, new double[] {1, 150},
        new double[] {2, 20});
    List<double[]> server = Arrays.asList(new double[] {1.0, 0.05, 0.02},
        new double[] {3.0, 2.5, Double.NaN});
    StudySummary s = SummaryFixture.of(
        row(BASE, "hdfs://nn", "stat", 2, 100.0, 0.0, 0, lat(1), false).withTimeline(tps)
            .withServerTimeline(server));
    Map<String, Chart<?, ?>> charts = byName(new StudyCharts().charts(s));
    XYChart overTime = (XYChart) charts.get("tps-over-time-stat-2t");
    assertThat(overTime.getSeriesMap().get(BASE).getYData()).containsExactly(100.0, 150.0, 20.0);
    XYChart nameNode = (XYChart) charts.get("namenode-stat-2t");
    assertThat(nameNode.getTitle()).isEqualTo("stat: NameNode time per call at 2 threads");
    assertThat(nameNode.getSeriesMap().get(BASE + " processing").getYData())
        .containsExactly(0.05, 2.5);
    // A refresh without a queue time is left out, not drawn as 0.
    assertThat(nameNode.getSeriesMap().get(BASE + " queue").getYData()).containsExactly(0.02);
  }

  @Test
  void threadsAxisIsLog2BeyondAnEightfoldSpanWithTicksAtTheLevels() {
    assertThat(StudyCharts.log2Axis(Arrays.asList(1, 2, 4, 8))).isFalse();
    assertThat(StudyCharts.log2Axis(Arrays.asList(1, 4, 16))).isTrue();
    assertThat(StudyCharts.log2Axis(Arrays.asList(2, 17))).isTrue();
    // powers of two on a log2 axis: a tick at every power of two in range
    assertThat(StudyCharts.tickPositions(Arrays.asList(1, 4, 64), true))
        .containsExactly(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
    // linear: every multiple of the levels' common step, not XChart's round 10, 20, 30
    assertThat(StudyCharts.tickPositions(Arrays.asList(8, 16, 32, 64), false))
        .containsExactly(8.0, 16.0, 24.0, 32.0, 40.0, 48.0, 56.0, 64.0);
    assertThat(StudyCharts.tickPositions(Arrays.asList(1, 2, 4, 8), false))
        .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);
    assertThat(StudyCharts.tickLabel(StudyCharts.axisPosition(16, true), true)).isEqualTo("16");
    assertThat(StudyCharts.tickLabel(0.5, true)).isEmpty();
    assertThat(StudyCharts.tickLabel(24.0, false)).isEqualTo("24");
    assertThat(StudyCharts.tickLabel(2.5, false)).isEmpty();
  }

  @Test
  void linearThreadsAxisWithinAnEightfoldSpan() throws Exception {
    StudySummary s = SummaryFixture.of(
        row(BASE, "hdfs://nn", "mkdirs", 1, 10.0, 0.0, 0, lat(1), false),
        row(BASE, "hdfs://nn", "mkdirs", 2, 20.0, 0.0, 0, lat(1), true),
        row(BASE, "hdfs://nn", "mkdirs", 8, 21.0, 0.0, 0, lat(1), false));
    XYChart c = (XYChart) byName(new StudyCharts().charts(s)).get("tps-vs-threads-mkdirs");
    assertThat(c.getXAxisTitle()).isEqualTo("threads");
    assertThat(c.getSeriesMap().get(BASE + ", knee at 2 threads").getXData())
        .containsExactly(1, 2, 8);
  }

  @Test
  void levelsThatAreNotPowersOfTwoStillDrawOnALog2Axis() throws Exception {
    StudySummary s = SummaryFixture.of(
        row(BASE, "hdfs://nn", "delete", 3, 10.0, 1.0, 0, lat(1), false),
        row(BASE, "hdfs://nn", "delete", 10, 30.0, 2.0, 0, lat(2), true),
        row(BASE, "hdfs://nn", "delete", 30, 31.0, 3.0, 0, lat(3), false));
    assertThat(StudyCharts.tickPositions(s.threadLevels(), true))
        .containsExactly(StudyCharts.axisPosition(3, true), StudyCharts.axisPosition(10, true),
            StudyCharts.axisPosition(30, true));
    for (StudyChart c : new StudyCharts().charts(s)) {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(ChartFiles.png(c)));
      assertThat(image.getWidth()).as(c.name()).isEqualTo(800);
    }
  }

  @Test
  void everyTargetKeepsItsColourAcrossCharts() throws Exception {
    Map<String, Chart<?, ?>> charts = byName(new StudyCharts().charts(SummaryFixture.summary()));
    XYChart tps = (XYChart) charts.get("tps-vs-threads-open_read");
    CategoryChart latency = (CategoryChart) charts.get("latency-create_write-16t");
    assertThat(latency.getSeriesMap().get(ODD).getFillColor())
        .isEqualTo(tps.getSeriesMap().get(ODD + ", knee at 1 thread").getLineColor())
        .isNotEqualTo(latency.getSeriesMap().get(BASE).getFillColor());
  }

  @Test
  void axisNumbersUseLocaleRootWhateverTheDefault() throws Exception {
    Locale saved = Locale.getDefault();
    Locale.setDefault(new Locale("de", "DE"));
    try {
      for (StudyChart c : new StudyCharts().charts(SummaryFixture.summary())) {
        assertThat(((AxesChartStyler) c.chart().getStyler()).getLocale()).as(c.name())
            .isEqualTo(Locale.ROOT);
      }
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void aLatencyLevelTheStudyDidNotRunIsRefused() {
    assertThatThrownBy(() -> new StudyCharts(8).charts(SummaryFixture.summary()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no latency chart at 8 threads: the study ran [1, 4, 16]");
    assertThatThrownBy(() -> ChartFiles.writeAll(SummaryFixture.summary(), 0, tmp.toFile()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anEmptyStudyHasNoCharts() throws Exception {
    assertThat(ChartFiles.writeAll(new StudySummary(new ArrayList<>()), tmp.toFile())).isEmpty();
  }

  private static Map<String, Chart<?, ?>> byName(List<StudyChart> charts) {
    Map<String, Chart<?, ?>> m = new LinkedHashMap<>();
    for (StudyChart c : charts) {
      m.put(c.name(), c.chart());
    }
    return m;
  }

  private static void assertNoNaN(Chart<?, ?> c) {
    if (c instanceof XYChart) {
      for (XYSeries s : ((XYChart) c).getSeriesMap().values()) {
        for (double[] data : new double[][] {s.getXData(), s.getYData(), s.getExtraValues()}) {
          if (data != null) {
            assertThat(Arrays.stream(data).allMatch(Double::isFinite)).as(s.getName()).isTrue();
          }
        }
      }
    } else {
      for (CategorySeries s : ((CategoryChart) c).getSeriesMap().values()) {
        for (Number n : s.getYData()) {
          assertThat(n == null || Double.isFinite(n.doubleValue())).as(s.getName()).isTrue();
        }
      }
    }
  }
}
