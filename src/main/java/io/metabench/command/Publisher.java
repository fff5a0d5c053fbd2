package io.metabench.command;

import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
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

  /** The table, the JSON file and the NNBench block of a single run or replay. */
  void all(RunResult result, OutputPlan files) throws IOException {
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
  }
}
