package io.metabench.compare;

import io.metabench.core.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Compares a candidate with a baseline (docs/compare.md): pairs their rows, refuses pairs that
 * did not measure the same work, and gives each row its interval and verdict. Stateless.
 */
public final class Comparer {
  /** Facts that must be equal for two results to be compared at all. */
  private static final String[] MUST_MATCH = {"numberOfFiles"};

  private Comparer() {
  }

  /**
   * Compares {@code candidate} with {@code baseline}.
   *
   * @param threshold the smallest change that counts, as a fraction
   * @param confidence the intervals' confidence level, between 0 and 1
   * @throws InvalidInputException when the two did not run the same phases, concurrencies,
   *     targets or file counts
   */
  public static Comparison compare(Side baseline, Side candidate, double threshold,
      double confidence) {
    List<String> warnings = new ArrayList<>();
    boolean oneTargetEach = baseline.targets().size() == 1 && candidate.targets().size() == 1;
    Map<String, Side.Row> b = keyed(baseline, oneTargetEach);
    Map<String, Side.Row> c = keyed(candidate, oneTargetEach);
    if (!b.keySet().equals(c.keySet())) {
      throw new InvalidInputException("compare: " + baseline.source() + " and "
          + candidate.source() + " did not run the same " + (oneTargetEach ? "" : "targets, ")
          + "phases and concurrencies (only in the baseline: " + describe(b, c) + "; only in "
          + "the candidate: " + describe(c, b) + "); compare runs of the same work");
    }
    for (String name : MUST_MATCH) {
      Set<String> vb = baseline.facts().get(name);
      Set<String> vc = candidate.facts().get(name);
      if (vb != null && vc != null && !vb.equals(vc)) {
        throw new InvalidInputException("compare: " + baseline.source() + " ran -" + name + " "
            + String.join(",", vb) + " and " + candidate.source() + " -" + name + " "
            + String.join(",", vc) + "; compare runs of the same work");
      }
    }
    Set<String> names = new java.util.LinkedHashSet<>(baseline.facts().keySet());
    names.addAll(candidate.facts().keySet());
    for (String name : names) {
      Set<String> vb = baseline.facts().get(name);
      Set<String> vc = candidate.facts().get(name);
      // A client setting only one side recorded differs; other facts only one side has come
      // from a file written before they were recorded.
      boolean oneSided = vb == null || vc == null;
      if (name.startsWith("fileSystem ") || oneSided && !name.startsWith("client setting ")
          || !oneSided && vb.equals(vc)) {
        continue;
      }
      warnings.add(name + " differs: baseline " + (vb == null ? "(unset)" : String.join(",", vb))
          + ", candidate " + (vc == null ? "(unset)" : String.join(",", vc)));
    }
    Set<String> fsB = new TreeSet<>();
    Set<String> fsC = new TreeSet<>();
    for (Side.Row r : b.values()) {
      fsB.add(r.target() + " (" + r.fsUri() + ")");
    }
    for (Side.Row r : c.values()) {
      fsC.add(r.target() + " (" + r.fsUri() + ")");
    }
    if (!fsB.equals(fsC)) {
      warnings.add("targets differ: baseline " + String.join(", ", fsB) + "; candidate "
          + String.join(", ", fsC));
    }
    List<Comparison.Row> rows = new ArrayList<>();
    for (Map.Entry<String, Side.Row> e : b.entrySet()) {
      rows.add(row(e.getValue(), c.get(e.getKey()), threshold, confidence));
    }
    return new Comparison(baseline.source(), candidate.source(), threshold, confidence, rows,
        warnings);
  }

  private static Map<String, Side.Row> keyed(Side side, boolean ignoreTarget) {
    Map<String, Side.Row> m = new LinkedHashMap<>();
    for (Side.Row r : side.rows()) {
      m.put(Side.key(ignoreTarget ? "" : r.target(), r.phase(), r.threads()), r);
    }
    return m;
  }

  private static String describe(Map<String, Side.Row> in, Map<String, Side.Row> notIn) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Side.Row> e : in.entrySet()) {
      if (!notIn.containsKey(e.getKey())) {
        Side.Row r = e.getValue();
        out.add(r.phase() + " at " + r.threads() + " threads on " + r.target());
      }
    }
    return out.isEmpty() ? "nothing" : String.join(", ", out);
  }

  /** One row: its interval on the best basis available, its verdict and its latencies. */
  static Comparison.Row row(Side.Row b, Side.Row c, double threshold, double confidence) {
    double[] ib = Statistics.array(b.iterationTps());
    double[] ic = Statistics.array(c.iterationTps());
    boolean positive = Statistics.geometricMean(ib) > 0 && Statistics.geometricMean(ic) > 0;
    double ratio = positive ? Statistics.geometricMean(ic) / Statistics.geometricMean(ib)
        : Double.NaN;
    Comparison.Basis basis;
    double[] sb;
    double[] sc;
    if (Statistics.usable(ib) && Statistics.usable(ic)) {
      basis = Comparison.Basis.ITERATIONS;
      sb = ib;
      sc = ic;
    } else {
      sb = Statistics.array(b.secondTps());
      sc = Statistics.array(c.secondTps());
      basis = positive && Statistics.usable(sb) && Statistics.usable(sc)
          ? Comparison.Basis.SECONDS : Comparison.Basis.NONE;
    }
    Statistics.Interval interval = basis == Comparison.Basis.NONE
        ? new Statistics.Interval(ratio, Double.NaN, Double.NaN)
        : Statistics.ratioInterval(ratio, sb, sc, confidence);
    Comparison.Verdict verdict = Comparison.Verdict.SAME;
    if (basis != Comparison.Basis.NONE) {
      if (interval.high < 1 && ratio < 1 - threshold) {
        verdict = Comparison.Verdict.SLOWER;
      } else if (interval.low > 1 && ratio > 1 + threshold) {
        verdict = Comparison.Verdict.FASTER;
      }
    }
    double[] latency = new double[Comparison.PERCENTILES.length];
    boolean beyond = false;
    for (int i = 0; i < latency.length; i++) {
      latency[i] = ratioAt(b.latency(), c.latency(), Comparison.PERCENTILES[i]);
      beyond |= Math.abs(latency[i] - 1) > threshold;
    }
    Statistics.KsResult ks = Statistics.ks(b.latency(), c.latency());
    return new Comparison.Row(b, c, basis, basis == Comparison.Basis.NONE ? 0 : sb.length,
        basis == Comparison.Basis.NONE ? 0 : sc.length, interval, verdict, latency, ks,
        ks.p < 1 - confidence && beyond);
  }

  private static double ratioAt(Histogram b, Histogram c, double percentile) {
    if (b.getTotalCount() == 0 || c.getTotalCount() == 0) {
      return Double.NaN;
    }
    return (double) c.getValueAtPercentile(percentile) / b.getValueAtPercentile(percentile);
  }
}
