package io.metabench.report.chart;

import io.metabench.config.LatencyBounds;
import io.metabench.op.OpType;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A capacity search's "hockey stick" (docs/capacity.md): per operation judged (the operation; for
 * a mix, the mix as a whole and then each of its operations), the p50, p99 and p99.9 of latency
 * from when due at each step, against the rate the step offered, on a logarithmic latency axis;
 * each bound that operation is held to drawn across as a dashed line, and the rate held marked
 * by a vertical line. Stateless.
 */
public final class CapacityCharts {
  private static final double[] PERCENTILES = {50, 99, 99.9};
  private static final Color BOUND = new Color(0xB00020);
  private static final Color HELD = new Color(0x009E73);
  private static final BasicStroke DASHED = new BasicStroke(2f, BasicStroke.CAP_BUTT,
      BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f);

  private CapacityCharts() {
  }

  /** The search's charts, in the order above; empty when no step was judged. */
  public static List<StudyChart> charts(CapacityResult r) {
    List<StudyChart> out = new ArrayList<>();
    List<CapacityStep> judged = new ArrayList<>();
    for (CapacityStep s : r.steps()) {
      if (s.kind() != CapacityStep.Kind.PROBE) {
        judged.add(s);
      }
    }
    if (judged.isEmpty()) {
      return out;
    }
    judged.sort(Comparator.comparingDouble(CapacityStep::offered));
    if (r.plan().parts().isEmpty()) {
      out.add(chart(r, judged, r.plan().operation(), r.plan().subject()));
      return out;
    }
    String whole = r.plan().label();
    out.add(chart(r, judged, null, whole));
    for (OpType op : r.plan().parts()) {
      out.add(chart(r, judged, op, whole + ":" + op.id()));
    }
    return out;
  }

  /**
   * The chart of {@code op} (null: the mix as a whole) titled {@code name}; points where the
   * step ran none of it are left out.
   */
  private static StudyChart chart(CapacityResult r, List<CapacityStep> steps, OpType op,
      String name) {
    XYChart c = new XYChart(StudyCharts.WIDTH, StudyCharts.HEIGHT);
    c.setTitle(name + ": latency from when due against the rate offered");
    c.setXAxisTitle("offered (ops/s" + (r.plan().parts().isEmpty() || op == null ? ""
        : ", the " + r.plan().label() + "'s whole rate") + ")");
    c.setYAxisTitle("latency (ms, log scale)");
    StudyCharts.style(c.getStyler());
    c.getStyler().setYAxisLogarithmic(true);
    c.getStyler().setxAxisTickLabelsFormattingFunction(AxisNumbers::compact);
    double low = Double.MAX_VALUE;
    double high = 0;
    for (int i = 0; i < PERCENTILES.length; i++) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (CapacityStep s : steps) {
        PhaseResult p = phaseOf(s, op, r.plan().parts().isEmpty());
        double ms = p == null || p.successes() == 0 ? Double.NaN : p.latencyMillisAt(PERCENTILES[i]);
        if (ms > 0) {
          x.add(s.offered());
          y.add(ms);
          low = Math.min(low, ms);
          high = Math.max(high, ms);
        }
      }
      if (!x.isEmpty()) {
        XYSeries series = c.addSeries("p" + LatencyBounds.number(PERCENTILES[i]), x, y);
        series.setLineColor(StudyCharts.color(i));
        series.setMarkerColor(StudyCharts.color(i));
        series.setMarker(SeriesMarkers.CIRCLE);
      }
    }
    double left = steps.get(0).offered();
    double right = steps.get(steps.size() - 1).offered();
    for (LatencyBounds.Bound b : r.plan().bounds().of(op)) {
      line(c, "bound " + b.describe(), Arrays.asList(left, right), Arrays.asList(b.millis(),
          b.millis()), BOUND);
      low = Math.min(low, b.millis());
      high = Math.max(high, b.millis());
    }
    if (!Double.isNaN(r.held()) && high > 0) {
      line(c, String.format(Locale.ROOT, "held %s ops/s%s", CapacityResult.rate(r.held()),
          r.plan().replayed() == null ? "" : ", " + CapacityResult.speed(
          r.plan().replayed().speedOf(r.held()))),
          Arrays.asList(r.held(), r.held()), Arrays.asList(low / 2, high * 2), HELD);
    }
    String file = "capacity-" + name.replace(':', '-').replaceAll("[^A-Za-z0-9._-]", "_");
    return new StudyChart(file, c.getTitle(), c);
  }

  /** {@code s}'s figures of {@code op}: its phase, the mix's total (null), or one of its parts. */
  private static PhaseResult phaseOf(CapacityStep s, OpType op, boolean single) {
    if (single || op == null) {
      return s.phase();
    }
    for (PhaseResult p : s.run().phases()) {
      // A mix's parts are marked so; a replay's phases are its parts.
      if (p.op() == op && (p.partOfMix() || s.run().replay() != null)) {
        return p;
      }
    }
    return null;
  }

  private static void line(XYChart c, String name, List<Double> x, List<Double> y, Color color) {
    XYSeries s = c.addSeries(StudyCharts.unique(c, name), x, y);
    s.setLineColor(color);
    s.setLineStyle(DASHED);
    s.setMarker(SeriesMarkers.NONE);
  }
}
