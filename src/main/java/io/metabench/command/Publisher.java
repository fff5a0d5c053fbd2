package io.metabench.command;

import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shows and saves a finished run: its table on stdout, its JSON file, per-second series and
 * NNBench block where {@link OutputPlan} says. A run that measured nothing (a {@code -cleanup}
 * on its own) writes no file. Stateless apart from the stream.
 */
final class Publisher {
  private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);

  private final PrintStream out;

  Publisher(PrintStream out) {
    this.out = out;
  }

  /** Prints the run's table. */
  void table(RunResult result) throws IOException {
    out.print(tableOf(result));
    out.flush();
  }

  /** The run's table, as {@link #table} prints it. */
  String tableOf(RunResult result) throws IOException {
    StringBuilder table = new StringBuilder();
    ResultFormatFactory.forRun(ResultFormatType.TEXT).write(result, table);
    return table.toString();
  }

  /**
   * Whether the run has a result worth a file: it was asked to measure something (phases, a
   * prefill, a replay), even when stopped before its first phase ended, or its cleanup failed
   * (the failures are the record a user needs). A {@code -cleanup} on its own that removed what
   * it should has none.
   */
  static boolean measured(RunResult result) {
    return !result.config().operations().isEmpty()
        || !result.phases().isEmpty()
        || result.replay() != null
        || result.prefill() != null
        || !result.cleanupFailures().isEmpty();
  }

  /**
   * The table, the JSON file and the NNBench block of a single run or replay, and how long it
   * took ({@code tookSeconds}, {@link CommandContext#secondsSoFar}).
   */
  void all(RunResult result, OutputPlan files, double tookSeconds) throws IOException {
    table(result);
    if (!measured(result)) {
      LOG.info("nothing was measured, so no result file was written");
      return;
    }
    File json = ResultFiles.writeJson(result, files.runJson());
    File series = files.runSeries();
    LOG.info("results: {}{}", json, series.isFile() ? " and " + series.getName() : "");
    File nnbench = ResultFiles.appendNNBench(result, OutputPlan.nnbenchLog(result.config()));
    if (nnbench != null) {
      LOG.info("NNBench block appended to {}", nnbench);
    }
    String took = took(result, tookSeconds);
    if (took != null) {
      out.println(took);
      out.flush();
    }
  }

  /**
   * One line saying how long the command took and what of it was measured and what was client
   * warm-up, so a reader sees where the wall time went (a cold JVM on few cores can spend a third
   * of a short run warming up); null for a job, whose warm-ups ran in the maps' JVMs, and for a
   * run without phases.
   */
  static String took(RunResult result, double seconds) {
    List<PhaseResult> whole = new ArrayList<>();
    for (PhaseResult p : result.phases()) {
      if (!p.partOfMix()) {
        whole.add(p);
      }
    }
    if (result.mixTotal() != null) {
      whole.add(result.mixTotal());
    }
    if (result.config().maps() > 0 || whole.isEmpty()) {
      return null;
    }
    // A replay's phases run side by side at the log's pace: its span is what was measured, and
    // its one warm-up is on each phase.
    boolean replay = result.replay() != null;
    double measured = 0;
    double warm = 0;
    if (replay) {
      measured = result.replay().replaySpanNanos() / 1e9;
      warm = whole.get(0).clientWarmup().nanos() / 1e9;
    } else {
      for (PhaseResult p : whole) {
        measured += p.windowSeconds();
        warm += p.clientWarmup().nanos() / 1e9;
      }
    }
    return String.format(Locale.ROOT, "took %.1f s: %.1f s measured (%s), %.1f s client "
        + "warm-up (%.0f %%), %.1f s the rest (start-up%s, checks, cleanup, writing results)",
        seconds, measured, replay ? "the replay" : whole.size() + " phase"
            + (whole.size() == 1 ? "" : "s"), warm, seconds > 0 ? 100 * warm / seconds : 0,
        Math.max(0, seconds - measured - warm), result.prefill() != null ? ", the prefill"
            : "");
  }
}
