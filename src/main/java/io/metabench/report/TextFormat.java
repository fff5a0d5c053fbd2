package io.metabench.report;

import io.metabench.op.OpType;
import io.metabench.stats.Disruption;
import io.metabench.stats.FailureCount;
import io.metabench.stats.MapReport;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.PrefillResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/** The table a person reads on stdout: one row per phase, then failures by cause. */
public final class TextFormat implements ResultFormat {
  private static final String ROW =
      "%-13s %7s %10s %8s %5s %9s %11s %9s %9s %9s %9s %9s %9s %9s%n";

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    RunInfo info = result.info();
    out.append(String.format(Locale.ROOT, "MetaBench %s on %s%s%n", info.toolVersion(),
        info.fileSystemUri(), info.embeddedHdfs() ? " (embedded HDFS)" : ""));
    String who = result.mapsRequested() > 0
        ? result.mapsRequested() + " maps x " + result.config().threads() + " workers"
        : "map " + result.config().mapIndex() + ", " + result.config().threads() + " workers";
    out.append(String.format(Locale.ROOT,
        "base dir %s, %s x %d items, %s clients, %d bytes per file%n",
        info.baseDir(), who, result.config().filesPerWorker(), info.clientMode(),
        result.config().bytesToWrite()));
    if (result.prefill() != null) {
      out.append(prefillLine(result.prefill(), info.baseDir())).append(String.format("%n"));
    }
    out.append(String.format("%n"));
    out.append(String.format(Locale.ROOT, ROW, "phase", "workers", "ok", "failed", "late",
        "seconds", "TPS", "mean ms", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "MB/s"));
    for (PhaseResult p : result.phases()) {
      out.append(String.format(Locale.ROOT, ROW, p.op().id(), p.workers(), p.successes(),
          p.failed(), p.lateWorkers(), fixed(p.windowSeconds(), 3), fixed(p.tps(), 1),
          fixed(p.meanLatencyMillis(), 3), fixed(p.latencyMillisAt(50), 3),
          fixed(p.latencyMillisAt(90), 3), fixed(p.latencyMillisAt(99), 3),
          fixed(p.latencyMillisAt(99.9), 3), fixed(p.maxLatencyMillis(), 3),
          p.bytes() == 0 || p.op().unit() != OpType.Unit.BYTES ? "-"
              : fixed(p.bytesPerSecond() / 1e6, 2)));
    }
    for (PhaseResult p : result.phases()) {
      if (p.op().unit() == OpType.Unit.ENTRIES) {
        out.append(String.format(Locale.ROOT, "  %s: %d entries listed, %s entries/s%n",
            p.op().id(), p.bytes(), fixed(p.bytesPerSecond(), 1)));
      }
    }
    if (result.semantics().renameCopies() && result.config().operations().contains(
        OpType.RENAME)) {
      out.append(String.format(Locale.ROOT, "  rename on %s copies and deletes each object: "
          + "its TPS is not a rate of metadata renames%n", result.semantics().scheme()));
    }
    if (result.mapsRequested() > 0) {
      writeMaps(result, out);
    }
    for (PhaseResult p : result.phases()) {
      for (Disruption d : Disruption.of(p.series())) {
        out.append(String.format(Locale.ROOT, "  %s: %s from %.1f s to %.1f s into the phase "
            + "(%d ok, %d failed)%n", p.op().id(), d.kind() == Disruption.Kind.STALL
            ? "nothing completed" : "failures", d.fromSeconds(), d.toSeconds(), d.successes(),
            d.failed()));
      }
    }
    for (PhaseResult p : result.phases()) {
      writeCauses(out, p.op().id() + " failed", p.failures());
      writeCauses(out, p.op().id() + " retried", p.retries());
    }
    if (result.prefill() != null) {
      writeCauses(out, "prefill failed", result.prefill().failures());
    }
    writeCauses(out, "cleanup could not remove", result.cleanupFailures());
    if (!result.notRun().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  not run: %s: %s%n",
          String.join(",", result.notRun()), result.notRunReason()));
    } else if (!result.notRunReason().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  %s%n", result.notRunReason()));
    }
    long failed = result.failedOperations();
    String verdict;
    int missing = result.missingMaps().size();
    if (result.partial()) {
      verdict = "Stopped early (" + result.interruptedBy() + "): the figures cover the operations "
          + "that completed before it" + (failed == 0 ? "" : "; " + failed + " of them failed")
          + " (exit code " + result.exitCode() + ").";
    } else if (result.exitCode() == 0) {
      verdict = "All operations succeeded.";
    } else if (!result.notRun().isEmpty()) {
      verdict = failed + " operations failed, and " + result.notRun().size() + " phases did not "
          + "run (exit code " + result.exitCode() + ").";
    } else if (!result.notRunReason().isEmpty()) {
      verdict = failed + " operations failed, and the run could not finish its bookkeeping "
          + "(exit code " + result.exitCode() + ").";
    } else if (missing > 0) {
      // Their operations are in no column: say so rather than blame cleanup or count 0 failed.
      verdict = (failed == 0 ? "" : failed + " operations failed, and ") + missing + " of "
          + result.mapsRequested() + " maps left no report (exit code " + result.exitCode()
          + ").";
    } else if (result.prefill() != null && (!result.prefill().complete()
        || result.prefill().failed() > 0)) {
      verdict = (failed == 0 ? "" : failed + " operations failed, and ") + "the prefill is "
          + "incomplete: run the same command again to resume it (exit code "
          + result.exitCode() + ").";
    } else if (failed == 0) {
      verdict = "Every operation succeeded, but cleanup could not remove everything (exit code "
          + result.exitCode() + ").";
    } else {
      verdict = failed + " operations failed (exit code " + result.exitCode() + ").";
    }
    out.append(String.format(Locale.ROOT, "%n%s%n", verdict));
  }

  /**
   * The prefill's line: {@code prefill: 200000 files in 1364 directories under <base>/prefill,
   * created 200000 (0 bytes) in 52.301 s: 3824.1 files/s}, with what a resumed one found.
   */
  static String prefillLine(PrefillResult p, String baseDir) {
    String tree = String.format(Locale.ROOT, "prefill: %d files in %d directories under %s/%s",
        p.files(), p.directories(), baseDir, io.metabench.path.PathSchema.PREFILL_DIR);
    if (p.status() == PrefillResult.Status.SKIPPED) {
      return tree + ", complete already: skipped";
    }
    return tree + String.format(Locale.ROOT, ", %screated %d (%d bytes) in %s s: %s files/s%s",
        p.status() == PrefillResult.Status.RESUMED ? String.format(Locale.ROOT,
            "resumed (%d done before, %d already there, %d replaced), ", p.doneBefore(),
            p.alreadyThere(), p.replaced()) : "", p.created(), p.bytesWritten(),
        fixed(p.elapsedSeconds(), 3), fixed(p.filesPerSecond(), 1),
        p.complete() ? "" : String.format(Locale.ROOT, "; INCOMPLETE, %d failed", p.failed()));
  }

  private static final String MAP_ROW = "%-5s %-24s %-13s %10s %8s %5s %5s %13s %11s%n";

  /** One row per map and phase: what each map did, when it started relative to the first. */
  private static void writeMaps(RunResult result, Appendable out) throws IOException {
    out.append(String.format(Locale.ROOT, "%nMapReduce job: %d maps requested, %d reported, "
        + "missing: %s%n", result.mapsRequested(), result.maps().size(),
        result.missingMaps().isEmpty() ? "none" : result.missingMaps().toString()));
    out.append(String.format(Locale.ROOT, MAP_ROW, "map", "host", "phase", "ok", "failed",
        "late", "lateW", "start skew ms", "TPS"));
    for (MapReport m : result.maps()) {
      for (int i = 0; i < m.phases().size(); i++) {
        PhaseResult p = m.phases().get(i);
        PhaseResult all = i < result.phases().size() ? result.phases().get(i) : p;
        out.append(String.format(Locale.ROOT, MAP_ROW, m.mapIndex(), m.host(), p.op().id(),
            p.successes(), p.failed(), p.lateMaps() > 0 ? "yes" : "no", p.lateWorkers(),
            fixed(ReportMath.startSkewMillis(p, all), 3), fixed(p.tps(), 1)));
      }
    }
  }

  private static void writeCauses(Appendable out, String what, Map<String, FailureCount> causes)
      throws IOException {
    for (Map.Entry<String, FailureCount> e : causes.entrySet()) {
      out.append(String.format(Locale.ROOT, "  %s: %d x %s%s%n", what, e.getValue().count(),
          e.getKey(), e.getValue().example().isEmpty() ? "" : " (first: "
              + e.getValue().example().replace('\n', ' ') + ")"));
    }
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "-");
  }
}
