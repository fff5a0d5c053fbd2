package io.metabench.report;

import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.io.IOException;
import java.util.Locale;

/**
 * The study summary a person reads on stdout: per operation, a side-by-side table of mean TPS
 * (rows = concurrencies, columns = targets, ratio to the first target), then the detail of every
 * target × concurrency over its iterations, then the runs that did not finish.
 */
public final class StudyTextFormat implements ResultFormat<StudyResult> {
  /** {@link ResultFormatType#SUMMARY_TEXT}: {@link StudyTextFormat#writeTables} as a format. */
  static final class Tables implements ResultFormat<StudySummary> {
    @Override
    public void write(StudySummary summary, Appendable out) throws IOException {
      new StudyTextFormat().writeTables(summary, out);
    }
  }


  /** Writes the summary of {@code result}. */
  @Override
  public void write(StudyResult result, Appendable out) throws IOException {
    StudySummary s = result.summary();
    out.append(String.format(Locale.ROOT, "%nStudy: %d target%s x %d concurrenc%s %s x %d "
        + "iteration%s = %d runs%n", result.targets().size(), plural(result.targets().size()),
        result.threadLevels().size(), result.threadLevels().size() == 1 ? "y" : "ies",
        result.threadLevels(), result.iterations(), plural(result.iterations()),
        result.runs().size()));
    writeTables(s, out);
    int failedRuns = 0;
    for (StudyRun r : result.runs()) {
      if (r.result() == null) {
        out.append(String.format(Locale.ROOT, "  not run: %s at %s, iteration %d: %s%n",
            r.target(), threads(r.threads()), r.iteration(), r.error()));
      }
      failedRuns += r.exitCode() == 0 ? 0 : 1;
    }
    if (!result.interruptedBy().isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nStopped early (%s): the figures cover the runs "
          + "and operations that completed before it (exit code %d).%n",
          result.interruptedBy(), result.exitCode()));
      return;
    }
    out.append(String.format(Locale.ROOT, "%n%s%n", failedRuns == 0
        ? "All runs finished and every operation succeeded."
        : failedRuns + " of " + result.runs().size() + " runs had failures or did not finish "
            + "(exit code " + result.exitCode() + ")."));
  }

  /**
   * The side-by-side (with several targets) and detail tables of every operation, and the
   * legend. Columns that could only repeat another are left out: the ratio to the first target
   * with one target, and sd, min and max with one iteration.
   */
  public void writeTables(StudySummary s, Appendable out) throws IOException {
    boolean compare = s.targets().size() > 1;
    boolean repeated = iterations(s) > 1;
    for (String phase : s.phases()) {
      if (compare) {
        writeSideBySide(s, phase, out);
      } else {
        out.append(String.format(Locale.ROOT, "%n%s%n", phase));
      }
      writeDetail(s, phase, compare, repeated, out);
    }
    if (!s.rows().isEmpty()) {
      out.append(String.format(Locale.ROOT, "%nTPS = successful operations / phase window per "
          + "run; %s; latency percentiles over all iterations' operations.%n* knee: the lowest "
          + "concurrency reaching %.0f%% of the highest mean TPS.%n", repeated
              ? "mean, sd (n-1), min, max over iterations" : "one iteration",
          StudySummary.KNEE_FRACTION * 100));
    }
  }

  /** The most iterations any row of {@code s} has. */
  private static int iterations(StudySummary s) {
    int most = 0;
    for (SummaryRow r : s.rows()) {
      most = Math.max(most, r.iterations());
    }
    return most;
  }

  /** {@code 1 thread}, {@code 4 threads}. */
  public static String threads(int n) {
    return n + (n == 1 ? " thread" : " threads");
  }

  /**
   * A run in one line, as a study prints it while it goes: each phase's TPS ({@code ~} when it
   * held no steady rate) and failures, and whether it was stopped early.
   */
  public static String oneLine(io.metabench.stats.RunResult r) {
    StringBuilder b = new StringBuilder();
    for (io.metabench.stats.PhaseResult p : r.phases()) {
      b.append(b.length() == 0 ? "" : ", ").append(p.name()).append(' ')
          .append(TextFormat.tps(p)).append(" ops/s");
      if (p.failed() > 0) {
        b.append(" (").append(p.failed()).append(" failed)");
      }
    }
    if (r.partial()) {
      b.append(b.length() == 0 ? "" : "; ").append("stopped early: ").append(r.interruptedBy());
    }
    return b.length() == 0 ? "nothing measured" : b.toString();
  }

  private static void writeSideBySide(StudySummary s, String phase, Appendable out)
      throws IOException {
    out.append(String.format(Locale.ROOT, "%n%s: mean TPS%n%7s", phase, "threads"));
    for (String target : s.targets()) {
      out.append(String.format(Locale.ROOT, " %22s", target));
    }
    out.append(String.format(Locale.ROOT, "%n"));
    for (int threads : s.threadLevels()) {
      out.append(String.format(Locale.ROOT, "%7d", threads));
      SummaryRow base = s.row(s.targets().get(0), phase, threads);
      for (String target : s.targets()) {
        SummaryRow r = s.row(target, phase, threads);
        String cell = r == null ? "-" : String.format(Locale.ROOT, "%.1f%s", r.tpsMean(),
            r.knee() ? "*" : "");
        if (r != null && !target.equals(s.targets().get(0))) {
          cell += " (" + ratio(r, base) + ")";
        }
        out.append(String.format(Locale.ROOT, " %22s", cell));
      }
      out.append(String.format(Locale.ROOT, "%n"));
    }
  }

  private static void writeDetail(StudySummary s, String phase, boolean compare,
      boolean repeated, Appendable out) throws IOException {
    String format = "%7s  %-16s %11s" + (repeated ? " %10s %11s %11s" : "%s%s%s")
        + (compare ? " %7s" : "%s") + " %9s %9s %9s %8s%n";
    out.append(String.format(Locale.ROOT, format, "threads", "target", "TPS mean",
        repeated ? "sd" : "", repeated ? "min" : "", repeated ? "max" : "",
        compare ? "ratio" : "", "p50 ms", "p99 ms", "p99.9 ms", "failed"));
    for (int threads : s.threadLevels()) {
      SummaryRow base = s.row(s.targets().get(0), phase, threads);
      for (String target : s.targets()) {
        SummaryRow r = s.row(target, phase, threads);
        if (r == null) {
          continue;
        }
        out.append(String.format(Locale.ROOT, format, threads, target,
            fixed(r.tpsMean(), 1) + (r.knee() ? "*" : ""),
            repeated ? fixed(r.tpsStdDev(), 1) : "", repeated ? fixed(r.tpsMin(), 1) : "",
            repeated ? fixed(r.tpsMax(), 1) : "", compare ? ratio(r, base) : "",
            fixed(r.latency().p50Ms(), 3), fixed(r.latency().p99Ms(), 3),
            fixed(r.latency().p999Ms(), 3), r.failed()));
      }
    }
    for (SummaryRow r : s.rows()) {
      if (r.phase().equals(phase) && r.unsteady() > 0) {
        out.append(String.format(Locale.ROOT, "  %s at %s on %s: %d of %d iterations "
            + "showed no steady rate (each run's notes say why)%n", phase, threads(r.threads()),
            r.target(), r.unsteady(), r.iterations()));
      }
      if (r.phase().equals(phase) && r.clientBound() > 0) {
        out.append(String.format(Locale.ROOT, "  %s at %s on %s: %d of %d iterations were "
            + "client-bound: their rate is the client host's (each run's notes say why)%n", phase,
            threads(r.threads()), r.target(), r.clientBound(), r.iterations()));
      }
    }
    for (String target : s.targets()) {
      io.metabench.stats.study.UslFit usl = s.projection(target, phase);
      if (usl != null) {
        out.append(String.format(Locale.ROOT, "  %s on %s: %s%s%n", phase, target,
            usl.describe(), overProjection(s, target, phase, usl)));
      }
    }
  }

  /**
   * {@code ; measured 13,100 ops/s at 32 threads, above it: ...} when a level's mean rate
   * exceeds the projected ceiling; empty otherwise.
   */
  private static String overProjection(StudySummary s, String target, String phase,
      io.metabench.stats.study.UslFit usl) {
    for (int threads : s.threadLevels()) {
      SummaryRow r = s.row(target, phase, threads);
      if (r != null && r.tpsMean() > usl.ceiling()) {
        return String.format(Locale.ROOT, "; measured %,.0f ops/s at %s, above it: the model "
            + "does not describe this curve", r.tpsMean(), threads(threads));
      }
    }
    return "";
  }

  /** TPS relative to the first target's at the same concurrency; "-" when that is missing or 0. */
  static String ratio(SummaryRow r, SummaryRow base) {
    double ratio = r.ratioTo(base);
    return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "-");
  }

  private static String plural(int n) {
    return n == 1 ? "" : "s";
  }
}
