package io.metabench.report.chart;

import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Builds the charts of a study with XChart, and, as the production {@link ChartRenderer}, draws
 * them as SVG for {@code report.HtmlReport}.
 *
 * <p>The charts, in this order (only those with something to draw):
 *
 * <ol>
 *   <li>{@code throughput-at-<N>t}: mean TPS of every operation at the highest concurrency each
 *       target ran, which its legend entry names (N is the study's highest level);
 *   <li>per operation, {@code tps-vs-threads-<op>}: mean TPS against threads, one line per target
 *       with ± one standard deviation (over the iterations) as error bars, and each target's knee
 *       ringed and named in the legend; the threads axis is log2 when the levels span more than
 *       8x, linear otherwise;
 *   <li>per operation, {@code latency-<op>-<L>t}: p50, p90, p99, p99.9 and max latency at L
 *       threads (the constructor's level), one bar series per target.
 * </ol>
 *
 * <p>A target with no figure for a chart (its row is missing, or its values are NaN) has no series
 * in it rather than a series at zero; a chart left with no series is not drawn. Every target keeps
 * its colour and marker in every chart. Numbers on the axes are formatted with
 * {@link Locale#ROOT}.
 *
 * <p>Loading this class makes the JVM headless unless {@code java.awt.headless} is already set.
 */
public final class StudyCharts implements ChartRenderer {
  static {
    Drawing.init();
  }

  /** Every chart's size in pixels (PNG) or user units (SVG). */
  public static final int WIDTH = 800;

  public static final int HEIGHT = 500;

  /** Threads axes are log2 when the highest level is more than this many times the lowest. */
  static final int LOG_AXIS_SPAN = 8;

  /** The latency chart's categories, in order. */
  static final List<String> PERCENTILES =
      Collections.unmodifiableList(Arrays.asList("p50", "p90", "p99", "p99.9", "max"));

  // Okabe-Ito: tell apart for most colour-blind readers, and in grey print with the markers.
  private static final Color[] COLORS = {new Color(0x0072B2), new Color(0xE69F00),
      new Color(0x009E73), new Color(0xCC79A7), new Color(0x56B4E9), new Color(0xD55E00),
      new Color(0xF0E442), new Color(0x000000)};
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
      SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN};
  private static final String FONT = Font.SANS_SERIF;

  private final int latencyThreads; // 0: the highest level of each summary

  /** Latency charts at the highest thread level of the study. */
  public StudyCharts() {
    this.latencyThreads = 0;
  }

  /**
   * Latency charts at {@code latencyThreads}, which must be one of the study's thread levels
   * ({@link #charts} checks).
   */
  public StudyCharts(int latencyThreads) {
    if (latencyThreads <= 0) {
      throw new IllegalArgumentException("latency thread level must be positive: "
          + latencyThreads);
    }
    this.latencyThreads = latencyThreads;
  }

  /**
   * Builds the charts of {@code summary} without drawing them; empty for an empty summary.
   *
   * @throws IllegalArgumentException when the latency level given to the constructor is not one
   *     of the summary's thread levels
   * @throws IOException when AWT cannot be loaded (see {@link ChartFiles})
   */
  public List<StudyChart> charts(StudySummary summary) throws IOException {
    if (summary.rows().isEmpty()) {
      return Collections.emptyList();
    }
    List<Integer> levels = summary.threadLevels();
    int n = latencyThreads == 0 ? levels.get(levels.size() - 1) : latencyThreads;
    if (!levels.contains(n)) {
      throw new IllegalArgumentException("no latency chart at " + n + " threads: the study ran "
          + levels);
    }
    return Drawing.draw(() -> build(summary, n));
  }

  /** The charts of {@code summary} as inline SVG, titled as drawn. */
  @Override
  public List<Figure> render(StudySummary summary) throws IOException {
    List<Figure> figures = new ArrayList<>();
    for (StudyChart c : charts(summary)) {
      figures.add(new Figure(c.title(), ChartFiles.inlineSvg(c)));
    }
    return figures;
  }

  private static List<StudyChart> build(StudySummary s, int latencyLevel) {
    List<StudyChart> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    add(out, names, throughput(s));
    for (String phase : s.phases()) {
      add(out, names, tpsVsThreads(s, phase));
      add(out, names, latency(s, phase, latencyLevel));
      add(out, names, timeline(s, phase, latencyLevel));
      add(out, names, serverTimeline(s, phase, latencyLevel));
    }
    return out;
  }

  /**
   * The NameNode's mean processing and queue time per call over the phase at {@code threads},
   * per refresh of its figures: each target's first iteration that had them; null when none.
   */
  private static Named serverTimeline(StudySummary s, String phase, int threads) {
    java.util.Map<String, List<double[]>> lines = new java.util.LinkedHashMap<>();
    for (String target : s.targets()) {
      SummaryRow r = s.row(target, phase, threads);
      if (r == null || r.serverTimeline().isEmpty()) {
        continue;
      }
      for (int column = 1; column <= 2; column++) {
        List<double[]> points = new ArrayList<>();
        for (double[] p : r.serverTimeline()) {
          if (!Double.isNaN(p[column])) {
            points.add(new double[] {p[0], p[column]});
          }
        }
        lines.put(target + (column == 1 ? " processing" : " queue"), points);
      }
    }
    XYChart c = lines.isEmpty() ? null : TimelineCharts.chart(phase + ": NameNode time per call "
        + "at " + threads(threads), "ms per call (the NameNode's mean over each refresh)", lines);
    return c == null ? null : new Named("namenode-" + phase + "-" + threads + "t", c);
  }

  /** TPS over time at {@code threads}: each target's first iteration, from its series. */
  private static Named timeline(StudySummary s, String phase, int threads) {
    java.util.Map<String, List<double[]>> lines = new java.util.LinkedHashMap<>();
    for (String target : s.targets()) {
      SummaryRow r = s.row(target, phase, threads);
      lines.put(target, r == null ? java.util.Collections.<double[]>emptyList() : r.timeline());
    }
    XYChart c = TimelineCharts.chart(phase + ": TPS over time at " + threads(threads), lines);
    return c == null ? null : new Named("tps-over-time-" + phase + "-" + threads + "t", c);
  }

  private static void add(List<StudyChart> out, Set<String> names, Named c) {
    if (c == null) {
      return;
    }
    // Phase ids are [a-z_]; keep file names safe and distinct whatever a phase is called.
    String base = c.name.replaceAll("[^A-Za-z0-9._-]", "_");
    String name = base;
    for (int i = 2; !names.add(name); i++) {
      name = base + "-" + i;
    }
    out.add(new StudyChart(name, c.chart.getTitle(), c.chart));
  }

  /** A chart and the base of its file name, before the name is made safe and unique. */
  private static final class Named {
    final String name;
    final Chart<?, ?> chart;

    Named(String name, Chart<?, ?> chart) {
      this.name = name;
      this.chart = chart;
    }
  }

  // ---------------------------------------------------------------------------- TPS vs threads

  private static Named tpsVsThreads(StudySummary s, String phase) {
    List<Integer> levels = s.threadLevels();
    boolean log2 = log2Axis(levels);
    XYChart c = new XYChart(WIDTH, HEIGHT);
    c.setTitle(phase + ": mean TPS vs threads");
    c.setXAxisTitle(log2 ? "threads (log2 scale)" : "threads");
    c.setYAxisTitle("mean TPS (ops/s), error bars ± 1 stddev");
    style(c.getStyler());
    c.getStyler().setYAxisMin(0.0);
    c.getStyler().setErrorBarsColorSeriesColor(true);
    c.setCustomXAxisTickLabelsFormatter(v -> tickLabel(v, log2));

    List<Double> kneeX = new ArrayList<>();
    List<Double> kneeY = new ArrayList<>();
    int drawn = 0;
    for (int t = 0; t < s.targets().size(); t++) {
      String target = s.targets().get(t);
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      List<Double> err = new ArrayList<>();
      Integer knee = null;
      for (int level : levels) {
        SummaryRow r = s.row(target, phase, level);
        if (r == null || !Double.isFinite(r.tpsMean())) {
          continue; // no point rather than a point at zero
        }
        x.add(axisPosition(level, log2));
        y.add(r.tpsMean());
        err.add(Double.isFinite(r.tpsStdDev()) ? r.tpsStdDev() : 0.0);
        if (r.knee() && knee == null) {
          knee = level;
          kneeX.add(axisPosition(level, log2));
          kneeY.add(r.tpsMean());
        }
      }
      if (x.isEmpty()) {
        continue;
      }
      String name = knee == null ? target : target + ", knee at " + threads(knee);
      XYSeries series = c.addSeries(unique(c, name), x, y, err);
      series.setMarker(MARKERS[t % MARKERS.length]);
      series.setMarkerColor(color(t));
      series.setLineColor(color(t));
      series.setLineWidth(2f);
      drawn++;
    }
    if (drawn == 0) {
      return null;
    }
    if (!kneeX.isEmpty()) {
      XYSeries knees = c.addSeries(unique(c, String.format(Locale.ROOT,
          "knee: lowest level reaching %.0f%% of the highest mean TPS",
          StudySummary.KNEE_FRACTION * 100)), kneeX, kneeY);
      knees.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      knees.setMarker(new KneeMarker());
      knees.setMarkerColor(Color.BLACK);
      knees.setLineStyle(SeriesLines.NONE);
    }
    addTickSeries(c, levels, log2);
    return new Named("tps-vs-threads-" + phase, c);
  }

  /** Whether the levels span more than {@link #LOG_AXIS_SPAN}x. */
  static boolean log2Axis(List<Integer> levels) {
    return levels.get(levels.size() - 1) > (long) LOG_AXIS_SPAN * levels.get(0);
  }

  /** Where a level sits on the x axis: log2(threads) on a log2 axis, else threads. */
  static double axisPosition(int threads, boolean log2) {
    return log2 ? Math.log(threads) / Math.log(2) : threads;
  }

  /**
   * The label of the x-axis tick at {@code position}: the thread count when it is a whole number,
   * else none (half a thread, or 2^0.5 threads, is no level).
   */
  static String tickLabel(double position, boolean log2) {
    double threads = log2 ? Math.pow(2, position) : position;
    long whole = Math.round(threads);
    return whole >= 1 && Math.abs(threads - whole) < 1e-6 * Math.max(1, threads)
        ? Long.toString(whole) : "";
  }

  /**
   * XChart puts the x-axis ticks exactly at the data's x values when those are equally spaced, and
   * at round numbers otherwise (threads 10, 20, 30 for levels 8, 16, 32). An invisible series
   * through equally spaced positions that include every level puts the ticks on the levels: on a
   * log2 axis every power of two between the lowest and highest level (when the levels are powers
   * of two), on a linear one every multiple of the levels' common step. It also gives every
   * operation's chart the same x range.
   */
  private static void addTickSeries(XYChart c, List<Integer> levels, boolean log2) {
    List<Double> x = tickPositions(levels, log2);
    List<Double> y = new ArrayList<>();
    for (int i = 0; i < x.size(); i++) {
      y.add(0.0); // on the axis, which starts at 0; the series is not drawn anyway
    }
    XYSeries ticks = c.addSeries(unique(c, "threads axis"), x, y);
    ticks.setShowInLegend(false);
    ticks.setEnabled(false);
  }

  /** Equally spaced axis positions that include every level's, when there are such; see above. */
  static List<Double> tickPositions(List<Integer> levels, boolean log2) {
    List<Double> x = new ArrayList<>();
    int low = levels.get(0);
    int high = levels.get(levels.size() - 1);
    if (log2) {
      boolean powersOfTwo = true;
      for (int level : levels) {
        powersOfTwo &= Integer.bitCount(level) == 1;
      }
      if (powersOfTwo) {
        for (int e = Integer.numberOfTrailingZeros(low);
            e <= Integer.numberOfTrailingZeros(high); e++) {
          x.add((double) e);
        }
        return x;
      }
    } else {
      int step = 0;
      for (int level : levels) {
        step = gcd(step, level - low);
      }
      // 200 ticks is past what fits: XChart thins them, so the levels could lose their labels
      if (step > 0 && (high - low) / step < 200) {
        for (int t = low; t <= high; t += step) {
          x.add((double) t);
        }
        return x;
      }
    }
    for (int level : levels) {
      x.add(axisPosition(level, log2));
    }
    return x;
  }

  private static int gcd(int a, int b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  // ---------------------------------------------------------------------------------- latency

  private static Named latency(StudySummary s, String phase, int threads) {
    CategoryChart c = new CategoryChart(WIDTH, HEIGHT);
    c.setTitle(phase + ": latency at " + threads(threads));
    c.setXAxisTitle("percentile");
    c.setYAxisTitle("latency (ms)");
    style(c.getStyler());
    int drawn = 0;
    for (int t = 0; t < s.targets().size(); t++) {
      String target = s.targets().get(t);
      SummaryRow r = s.row(target, phase, threads);
      if (r == null) {
        continue;
      }
      SummaryRow.Latency l = r.latency();
      List<Double> ms = Arrays.asList(orNull(l.p50Ms()), orNull(l.p90Ms()), orNull(l.p99Ms()),
          orNull(l.p999Ms()), orNull(l.maxMs()));
      if (ms.stream().allMatch(v -> v == null)) {
        continue; // no operation succeeded: no latency, which is not a latency of 0
      }
      CategorySeries series = c.addSeries(unique(c, target), PERCENTILES, ms);
      series.setFillColor(color(t));
      drawn++;
    }
    return drawn == 0 ? null : new Named("latency-" + phase + "-" + threads + "t", c);
  }

  // ------------------------------------------------------------------------------- throughput

  private static Named throughput(StudySummary s) {
    List<Integer> levels = s.threadLevels();
    int top = levels.get(levels.size() - 1);
    // Each target at the highest level at which it has a figure: a target that stopped early
    // (failed, or asked for fewer levels) is still shown, at its own level, which its entry names.
    int[] highest = new int[s.targets().size()];
    Set<Integer> distinct = new HashSet<>();
    for (int t = 0; t < highest.length; t++) {
      for (SummaryRow r : s.rows()) {
        if (r.target().equals(s.targets().get(t)) && Double.isFinite(r.tpsMean())) {
          highest[t] = Math.max(highest[t], r.threads());
        }
      }
      if (highest[t] > 0) {
        distinct.add(highest[t]);
      }
    }
    if (distinct.isEmpty()) {
      return null;
    }
    CategoryChart c = new CategoryChart(WIDTH, HEIGHT);
    c.setTitle(distinct.size() == 1
        ? "Mean TPS at " + threads(distinct.iterator().next()) + ", the highest concurrency"
        : "Mean TPS at each target's highest concurrency");
    c.setXAxisTitle("operation");
    c.setYAxisTitle("mean TPS (ops/s)");
    style(c.getStyler());
    for (int t = 0; t < highest.length; t++) {
      if (highest[t] == 0) {
        continue;
      }
      List<Double> tps = new ArrayList<>();
      for (String phase : s.phases()) {
        SummaryRow r = s.row(s.targets().get(t), phase, highest[t]);
        tps.add(r == null ? null : orNull(r.tpsMean()));
      }
      String name = s.targets().get(t) + " (" + threads(highest[t]) + ")";
      c.addSeries(unique(c, name), s.phases(), tps).setFillColor(color(t));
    }
    return new Named("throughput-at-" + top + "t", c);
  }

  // ---------------------------------------------------------------------------------- helpers

  /** Null for NaN and infinities: XChart leaves a null out, and throws on or misdraws NaN. */
  private static Double orNull(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static String threads(int n) {
    return n == 1 ? "1 thread" : n + " threads";
  }

  static Color color(int target) {
    return COLORS[target % COLORS.length];
  }

  /** XChart refuses two series of one name; target labels are distinct, but suffixes are not. */
  static String unique(Chart<?, ?> c, String name) {
    String n = name;
    for (int i = 2; c.getSeriesMap().containsKey(n); i++) {
      n = name + " (" + i + ")";
    }
    return n;
  }

  static void style(AxesChartStyler st) {
    st.setLocale(Locale.ROOT); // decimal points and digits whatever the machine's locale
    // A person reads 180k, not XChart's default 1.8E5 for large values.
    st.setyAxisTickLabelsFormattingFunction(AxisNumbers::compact);
    st.setChartBackgroundColor(Color.WHITE);
    st.setChartFontColor(Color.BLACK);
    st.setChartTitleBoxVisible(false);
    st.setChartTitleFont(new Font(FONT, Font.BOLD, 18));
    st.setAxisTitleFont(new Font(FONT, Font.PLAIN, 14));
    st.setAxisTickLabelsFont(new Font(FONT, Font.PLAIN, 13));
    st.setLegendFont(new Font(FONT, Font.PLAIN, 13));
    st.setLegendPosition(Styler.LegendPosition.OutsideS);
    st.setLegendBorderColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setPlotBorderColor(Color.GRAY);
    st.setPlotGridLinesColor(new Color(0xDDDDDD));
    st.setMarkerSize(9);
    st.setToolTipsEnabled(false);
    st.setAntiAlias(true);
  }
}
