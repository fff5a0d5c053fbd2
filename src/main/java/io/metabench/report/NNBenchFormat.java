package io.metabench.report;

import io.metabench.op.OpType;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * Hadoop NNBench's result block, one per phase, with NNBench's labels and number formatting, so
 * scripts that parse {@code NNBench_results.log} keep working. Where MetaBench's figures differ in
 * meaning (create_write TPS is not doubled; late counts workers), docs/metrics.md says so.
 */
public final class NNBenchFormat implements ResultFormat<RunResult> {
  private static final String VERSION = "NameNode Benchmark 0.4";

  /** The labels NNBench prints for an operation: TPS, exec time, first part, second part. */
  private static final Map<OpType, String[]> LABELS = new EnumMap<>(OpType.class);

  static {
    LABELS.put(OpType.CREATE_WRITE, new String[] {"TPS: Create/Write/Close",
        "Avg exec time (ms): Create/Write/Close", "Avg Lat (ms): Create/Write",
        "Avg Lat (ms): Close"});
    LABELS.put(OpType.OPEN_READ, new String[] {"TPS: Open/Read", "Avg Exec time (ms): Open/Read",
        "Avg Lat (ms): Open", "Avg Lat (ms): Read"});
    LABELS.put(OpType.RENAME, new String[] {"TPS: Rename", "Avg Exec time (ms): Rename",
        "Avg Lat (ms): Rename", null});
    LABELS.put(OpType.DELETE, new String[] {"TPS: Delete", "Avg Exec time (ms): Delete",
        "Avg Lat (ms): Delete", null});
    LABELS.put(OpType.MKDIRS, new String[] {"TPS: Mkdirs", "Avg Exec time (ms): Mkdirs",
        "Avg Lat (ms): Mkdirs", null});
    LABELS.put(OpType.RMDIR, new String[] {"TPS: Rmdir", "Avg Exec time (ms): Rmdir",
        "Avg Lat (ms): Rmdir", null});
    // Not NNBench operations: labelled the same way, so a script reading the block finds them.
    LABELS.put(OpType.STAT, new String[] {"TPS: Stat", "Avg Exec time (ms): Stat",
        "Avg Lat (ms): Stat", null});
    LABELS.put(OpType.EXISTS, new String[] {"TPS: Exists", "Avg Exec time (ms): Exists",
        "Avg Lat (ms): Exists", null});
    LABELS.put(OpType.CHMOD, new String[] {"TPS: Chmod", "Avg Exec time (ms): Chmod",
        "Avg Lat (ms): Chmod", null});
    LABELS.put(OpType.SET_TIMES, new String[] {"TPS: SetTimes", "Avg Exec time (ms): SetTimes",
        "Avg Lat (ms): SetTimes", null});
    LABELS.put(OpType.LIST, new String[] {"TPS: List", "Avg Exec time (ms): List",
        "Avg Lat (ms): List", null});
    LABELS.put(OpType.APPEND, new String[] {"TPS: Append", "Avg Exec time (ms): Append",
        "Avg Lat (ms): Append", null});
    LABELS.put(OpType.LS_R, new String[] {"TPS: Ls-R", "Avg Exec time (ms): Ls-R",
        "Avg Lat (ms): Ls-R", null});
    LABELS.put(OpType.COUNT, new String[] {"TPS: Count", "Avg Exec time (ms): Count",
        "Avg Lat (ms): Count", null});
    LABELS.put(OpType.DU, new String[] {"TPS: Du", "Avg Exec time (ms): Du",
        "Avg Lat (ms): Du", null});
  }

  private final TimeZone timeZone;
  private final long writtenAtMillis;

  /** Dates are printed in {@code timeZone}; "Date & time" is {@code writtenAtMillis}. */
  public NNBenchFormat(TimeZone timeZone, long writtenAtMillis) {
    this.timeZone = timeZone;
    this.writtenAtMillis = writtenAtMillis;
  }

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    SimpleDateFormat sdf = new SimpleDateFormat("yyyy-MM-dd' 'HH:mm:ss','S", Locale.ROOT);
    sdf.setTimeZone(timeZone);
    for (PhaseResult p : result.phases()) {
      String[] labels = LABELS.get(p.op());
      long ok = p.successes();
      // NNBench counts maps that missed its clock barrier; one process has only workers.
      long missedBarrier = result.mapsRequested() > 0
          ? p.lateMaps() + result.missingMaps().size() : p.lateWorkers();
      long exceptions = p.failed() + p.retryCount();
      double longestMs = p.windowNanos() / 1e6;
      double busyMs = p.workerBusyNanos() / 1e6;
      line(out, "-------------- NNBench -------------- : ");
      line(out, label("Version") + VERSION);
      line(out, label("Date & time") + sdf.format(new Date(writtenAtMillis)));
      line(out, "");
      line(out, label("Test Operation") + p.name());
      line(out, label("Start time") + sdf.format(new Date(p.startedAtEpochMillis())));
      line(out, label("Maps to run") + Math.max(1, result.mapsRequested()));
      line(out, label("Reduces to run") + 0);
      line(out, label("Block Size (bytes)") + result.config().blockSize());
      line(out, label("Bytes to write") + result.config().bytesToWrite());
      line(out, label("Bytes per checksum") + result.config().bytesPerChecksum());
      line(out, label("Number of files") + result.config().filesPerWorker());
      line(out, label("Replication factor") + result.config().replication());
      line(out, label("Successful file operations") + ok);
      line(out, "");
      line(out, label("# maps that missed the barrier") + missedBarrier);
      line(out, label("# exceptions") + exceptions);
      line(out, "");
      line(out, label(labels[0]) + (int) p.tps());
      line(out, label(labels[1]) + (ok == 0 ? Double.NaN : busyMs / ok));
      line(out, label(labels[2]) + (ok == 0 ? Double.NaN : p.firstPartNanos() / 1e6 / ok));
      boolean secondPart = labels[3] != null
          && (p.op() != OpType.OPEN_READ || result.config().readFileAfterOpen());
      if (secondPart) {
        line(out, label(labels[3]) + (ok == 0 ? Double.NaN : p.secondPartNanos() / 1e6 / ok));
      }
      line(out, "");
      line(out, label("RAW DATA: AL Total #1") + p.firstPartNanos() / 1_000_000);
      line(out, label("RAW DATA: AL Total #2") + p.secondPartNanos() / 1_000_000);
      line(out, label("RAW DATA: TPS Total (ms)") + (long) busyMs);
      line(out, label("RAW DATA: Longest Map Time (ms)") + longestMs);
      line(out, label("RAW DATA: Late maps") + missedBarrier);
      line(out, label("RAW DATA: # of exceptions") + exceptions);
      line(out, "");
    }
  }

  /** NNBench right-aligns its labels so that every ": " ends in column 40. */
  private static String label(String name) {
    return String.format(Locale.ROOT, "%38s: ", name);
  }

  private static void line(Appendable out, String s) throws IOException {
    out.append(s).append('\n');
  }
}
