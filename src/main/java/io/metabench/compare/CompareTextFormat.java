package io.metabench.compare;

import io.metabench.report.ResultFormat;
import java.io.IOException;
import java.util.Locale;

/**
 * The comparison as {@code compare} prints it: a heading with the settings, one line per phase
 * and concurrency, the warnings, and a summary line (docs/compare.md). Stateless.
 */
public final class CompareTextFormat implements ResultFormat<Comparison> {
  @Override
  public void write(Comparison c, Appendable out) throws IOException {
    String level = percent(c.confidence());
    out.append(String.format(Locale.ROOT, "compare: baseline %s, candidate %s%n", c.baseline(),
        c.candidate()).replace("\r", ""));
    out.append(String.format(Locale.ROOT, "%-14s %7s %12s %12s %7s  %-17s %-16s %-21s %6s %6s"
        + " %6s  %s%n", "phase", "threads", "baseline TPS", "cand. TPS", "ratio",
        level + " interval", "basis", "verdict", "p50", "p99", "p99.9", "latency").replace("\r",
        ""));
    for (Comparison.Row r : c.rows()) {
      String interval = Double.isNaN(r.tps.low) ? "-" : String.format(Locale.ROOT,
          "[%.3f, %.3f]", r.tps.low, r.tps.high);
      String basis = r.basis == Comparison.Basis.NONE ? r.basis.id()
          : String.format(Locale.ROOT, "%s %d:%d", r.basis.id(), r.baselineSamples,
              r.candidateSamples);
      out.append(String.format(Locale.ROOT, "%-14s %7d %12.1f %12.1f %7s  %-17s %-16s %-21s "
          + "%6s %6s %6s  %s%n", r.baseline.phase(), r.baseline.threads(),
          r.baseline.tpsMean(), r.candidate.tpsMean(), ratio(r.tps.ratio), interval, basis,
          r.verdict.text(), times(r.latencyRatios[0]), times(r.latencyRatios[1]),
          times(r.latencyRatios[2]), latency(r, c.confidence())).replace("\r", ""));
    }
    for (Comparison.Row r : c.rows()) {
      if (r.candidate.failed() > 0 || r.baseline.failed() > 0) {
        out.append(String.format(Locale.ROOT, "  %s at %d threads: %d failed in the baseline, "
            + "%d in the candidate%n", r.baseline.phase(), r.baseline.threads(),
            r.baseline.failed(), r.candidate.failed()).replace("\r", ""));
      }
    }
    for (String w : c.warnings()) {
      out.append("  warning: ").append(w).append('\n');
    }
    out.append(summary(c)).append('\n');
  }

  /** The one-line summary: counts per verdict and the settings behind them. */
  public static String summary(Comparison c) {
    return String.format(Locale.ROOT, "compare: %d faster, %d slower, %d no significant change "
        + "(threshold %s, %s confidence)%s", c.count(Comparison.Verdict.FASTER),
        c.count(Comparison.Verdict.SLOWER), c.count(Comparison.Verdict.SAME),
        percent(c.threshold()), percent(c.confidence()),
        c.exitCode() == 0 ? "" : "; exit code " + c.exitCode());
  }

  private static String latency(Comparison.Row r, double confidence) {
    String p = r.ks.p < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", r.ks.p);
    return (r.latencyDiffers ? "differs" : "no significant change") + String.format(Locale.ROOT,
        " (KS D=%.3f, %s)", r.ks.d, p);
  }

  static String percent(double fraction) {
    double p = fraction * 100;
    return p == Math.rint(p) ? String.format(Locale.ROOT, "%d%%", (long) p)
        : String.format(Locale.ROOT, "%s%%", stripZeros(p));
  }

  private static String stripZeros(double v) {
    String s = String.format(Locale.ROOT, "%.3f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  private static String ratio(double r) {
    return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.3f", r);
  }

  private static String times(double r) {
    return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2fx", r);
  }
}
