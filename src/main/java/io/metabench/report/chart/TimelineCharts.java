package io.metabench.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Over a phase's time: TPS, one line per run (a target, or a baseline and a candidate), from the
 * per-second series, so a warm-up, a dip or a stall shows; or the server's own times. Stateless.
 */
public final class TimelineCharts {
  private TimelineCharts() {
  }

  /**
   * A chart named {@code name} (file-safe) titled {@code title}, with one line per entry of
   * {@code lines}: its points are (seconds from the phase's start, TPS) pairs. Null when no line
   * has a point.
   */
  public static StudyChart tpsOverTime(String name, String title,
      Map<String, List<double[]>> lines) {
    XYChart c = chart(title, lines);
    return c == null ? null : new StudyChart(name, title, c);
  }

  /** The chart of {@link #tpsOverTime}, unnamed; null when no line has a point. */
  static XYChart chart(String title, Map<String, List<double[]>> lines) {
    return chart(title, "TPS (ops/s) in each interval", lines);
  }

  /**
   * A chart over the phase's seconds with one line per entry of {@code lines} ((seconds, value)
   * points) and {@code yTitle} on the vertical axis; null when no line has a point.
   */
  static XYChart chart(String title, String yTitle, Map<String, List<double[]>> lines) {
    XYChart c = new XYChart(StudyCharts.WIDTH, StudyCharts.HEIGHT);
    c.setTitle(title);
    c.setXAxisTitle("seconds from the phase's start");
    c.setYAxisTitle(yTitle);
    StudyCharts.style(c.getStyler());
    c.getStyler().setYAxisMin(0.0);
    int n = 0;
    for (Map.Entry<String, List<double[]>> line : lines.entrySet()) {
      if (line.getValue().isEmpty()) {
        n++;
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (double[] p : line.getValue()) {
        x.add(p[0]);
        y.add(p[1]);
      }
      XYSeries s = c.addSeries(StudyCharts.unique(c, line.getKey()), x, y);
      // A line needs two points: a phase shorter than its first interval would draw nothing.
      s.setMarker(x.size() < 3 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
      s.setMarkerColor(StudyCharts.color(n));
      s.setLineColor(StudyCharts.color(n));
      s.setLineWidth(2f);
      n++;
    }
    return c.getSeriesMap().isEmpty() ? null : c;
  }
}
