package io.metabench.report;

import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
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
    out.append(String.format(Locale.ROOT,
        "base dir %s, map %d, %d workers x %d items, %s clients, %d bytes per file%n%n",
        info.baseDir(), result.config().mapIndex(), result.config().threads(),
        result.config().filesPerWorker(), info.clientMode(), result.config().bytesToWrite()));
    out.append(String.format(Locale.ROOT, ROW, "phase", "workers", "ok", "failed", "late",
        "seconds", "TPS", "mean ms", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "MB/s"));
    for (PhaseResult p : result.phases()) {
      out.append(String.format(Locale.ROOT, ROW, p.op().id(), p.workers(), p.successes(),
          p.failed(), p.lateWorkers(), fixed(p.windowSeconds(), 3), fixed(p.tps(), 1),
          fixed(p.meanLatencyMillis(), 3), fixed(p.latencyMillisAt(50), 3),
          fixed(p.latencyMillisAt(90), 3), fixed(p.latencyMillisAt(99), 3),
          fixed(p.latencyMillisAt(99.9), 3), fixed(p.maxLatencyMillis(), 3),
          p.bytes() == 0 ? "-" : fixed(p.bytesPerSecond() / 1e6, 2)));
    }
    for (PhaseResult p : result.phases()) {
      writeCauses(out, p.op().id() + " failed", p.failures());
      writeCauses(out, p.op().id() + " retried", p.retries());
    }
    writeCauses(out, "cleanup could not remove", result.cleanupFailures());
    long failed = result.failedOperations();
    String verdict;
    if (result.exitCode() == 0) {
      verdict = "All operations succeeded.";
    } else if (failed == 0) {
      verdict = "Every operation succeeded, but cleanup could not remove everything (exit code "
          + result.exitCode() + ").";
    } else {
      verdict = failed + " operations failed (exit code " + result.exitCode() + ").";
    }
    out.append(String.format(Locale.ROOT, "%n%s%n", verdict));
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
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
