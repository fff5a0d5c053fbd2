package io.metabench.report;

import io.metabench.config.PrefillPlan;
import io.metabench.namespace.Fidelity;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.Popularity;
import io.metabench.stats.NamespaceCheck;
import io.metabench.stats.PrefillResult;
import java.util.Locale;

/**
 * The text report's prefill: its line, and for a namespace drawn from a profile, how the
 * namespace read back compares with the profile (docs/namespaces.md#fidelity). Stateless.
 */
final class PrefillText {
  private static final String ROW = "  %-28s %7s  %-24s %s%n";

  private PrefillText() {
  }

  /**
   * The prefill's line (naming the profile a namespace is drawn from, so that a run that found
   * it made names it too), its namespace checks and, when the phases ({@code ops}) read its files
   * or place their own items in its directories, how they pick them; each line ended.
   */
  static String of(PrefillResult p, String baseDir, PrefillPlan plan,
      java.util.List<io.metabench.op.OpType> ops) {
    Popularity onPrefill = plan.popularity();
    StringBuilder out = new StringBuilder(line(p, baseDir, plan.profile() == null ? ""
        : " of " + plan.profile() + " at scale " + ShapedTree.scaleText(plan.scale())))
        .append(String.format("%n"));
    for (NamespaceCheck c : p.checks()) {
      out.append(check(c, p.checks().size() > 1));
    }
    if (onPrefill.picks()) {
      String picked = onPrefill.exponent() > 0 ? "by a Zipf law of exponent "
          + onPrefill.exponent() : "alike";
      out.append(ops.stream().anyMatch(plan::places)
          ? String.format("the read phases read the prefill's files and the others work on their "
              + "own in its directories, files and directories picked %s (-onPrefill)%n", picked)
          : String.format("the read phases read the prefill's files, picked %s (-onPrefill)%n",
              picked));
    }
    return out.toString();
  }

  /** One map's namespace against its profile: the counts, a row per distribution, the verdict. */
  static String check(NamespaceCheck c, boolean named) {
    Fidelity f = c.fidelity();
    long[] made = f.made();
    long[] expected = f.expected();
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%snamespace of %s at "
        + "scale %s, read back in %s s: %,d directories and %,d files, %,d and %,d expected "
        + "(%.3f %% off)%n", named ? "map " + c.map() + ": " : "", c.profile(),
        io.metabench.namespace.ShapedTree.scaleText(c.scale()),
        ReportMath.fixed(c.listNanos() / 1e9, 1, "-"), made[0], made[1], expected[0],
        expected[1], 100 * f.countError()));
    out.append(String.format(Locale.ROOT, ROW, "distribution", "KS", "profile p50/p90/p99/max",
        "made"));
    for (Fidelity.Row r : f.rows()) {
      out.append(String.format(Locale.ROOT, ROW, r.name, String.format(Locale.ROOT, "%.4f",
          r.distance), quantiles(r.source), quantiles(r.made)));
    }
    out.append(c.failures().isEmpty() ? String.format(Locale.ROOT, "  within the fidelity "
        + "bounds (KS <= %.2f for depth and files per directory, counts within %.1f %%)%n",
        Fidelity.MAX_DISTANCE, 100 * Fidelity.MAX_COUNT_ERROR)
        : String.format("  OUTSIDE the fidelity bounds: %s%n", String.join("; ", c.failures())));
    return out.toString();
  }

  private static String quantiles(long[] v) {
    return String.format(Locale.ROOT, "%,d / %,d / %,d / %,d", v[0], v[1], v[2], v[3]);
  }

  /**
   * The prefill's line: {@code prefill: 200000 files in 1364 directories under <base>/prefill,
   * created 200000 (0 bytes) in 52.301 s: 3824.1 files/s}, with what a resumed one found;
   * {@code of} names a profile's namespace ({@code " of yahoo (sha256 …) at scale 0.1"}) or is
   * empty.
   */
  static String line(PrefillResult p, String baseDir, String of) {
    String tree = String.format(Locale.ROOT, "prefill: %d files in %d directories%s under %s/%s",
        p.files(), p.directories(), of, baseDir, io.metabench.path.PathSchema.PREFILL_DIR);
    if (p.status() == PrefillResult.Status.SKIPPED) {
      return tree + ", complete already: skipped";
    }
    if (p.offline() != null) {
      return tree + String.format(Locale.ROOT, ", written offline into the NameNode's image "
          + "(%,d bytes) in %s s and the NameNode restarted on it in %s s: %s s, %s files/s",
          p.offline().imageBytes, ReportMath.fixed(p.offline().writeNanos / 1e9, 3, "-"),
          ReportMath.fixed(p.offline().restartNanos / 1e9, 3, "-"),
          ReportMath.fixed(p.elapsedSeconds(), 3, "-"), ReportMath.fixed(p.filesPerSecond(), 1, "-"));
    }
    return tree + String.format(Locale.ROOT, ", %screated %d (%d bytes) in %s s: %s files/s%s",
        p.status() == PrefillResult.Status.RESUMED ? String.format(Locale.ROOT,
            "resumed (%d done before, %d already there, %d replaced), ", p.doneBefore(),
            p.alreadyThere(), p.replaced()) : "", p.created(), p.bytesWritten(),
        ReportMath.fixed(p.elapsedSeconds(), 3, "-"), ReportMath.fixed(p.filesPerSecond(), 1, "-"),
        p.complete() ? "" : String.format(Locale.ROOT, "; INCOMPLETE, %d failed", p.failed()))
        + (p.clientWarmup().ran() ? String.format(Locale.ROOT, " (client warm-up before it: "
        + "%s s %d calls, in no figure)", ReportMath.fixed(p.clientWarmup().nanos() / 1e9, 1, "-"),
        p.clientWarmup().calls()) : "");
  }
}
