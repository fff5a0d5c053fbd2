package io.metabench.command;

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
 * Shows and saves a finished run: its table on stdout, its JSON file and NNBench block where
 * {@link io.metabench.report.OutputPlan} says. Stateless apart from the stream.
 */
final class Publisher {
  private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);

  private final PrintStream out;

  Publisher(PrintStream out) {
    this.out = out;
  }

  /** Prints the run's table. */
  void table(RunResult result) throws IOException {
    StringBuilder table = new StringBuilder();
    ResultFormatFactory.forRun(ResultFormatType.TEXT).write(result, table);
    out.print(table);
    out.flush();
  }

  /** Appends the run's NNBench block; returns the file, or null when disabled. */
  File nnbench(RunResult result) throws IOException {
    return ResultFiles.appendNNBench(result);
  }

  /** The table, the JSON file and the NNBench block of a single run or replay. */
  void all(RunResult result) throws IOException {
    table(result);
    File json = ResultFiles.writeJson(result);
    LOG.info("JSON result: {}", json);
    File nnbench = nnbench(result);
    if (nnbench != null) {
      LOG.info("NNBench block appended to {}", nnbench);
    }
  }
}
