package io.metabench.command;

import io.metabench.config.BenchConfig;
import io.metabench.config.StudyPlan;
import io.metabench.op.OpType;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.report.StudyFiles;
import io.metabench.runner.StudyRunner;
import io.metabench.stats.StudyResult;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A study (docs/studies.md): every target × concurrency × iteration as one run, each run's table
 * on stdout as it ends, then the summary on stdout and every file in the study's directory
 * ({@link OutputPlan#inDirectory}). Reached through {@link RunCommand}: a study has no command
 * word, its options make it one.
 */
public final class StudyCommand {
  private static final Logger LOG = LoggerFactory.getLogger(StudyCommand.class);

  private final CommandContext context;
  private final StudyRunner.RunExecutor executor;

  /** A study whose runs {@code executor} executes (as {@link RunCommand} executes a run). */
  StudyCommand(CommandContext context, StudyRunner.RunExecutor executor) {
    this.context = context;
    this.executor = executor;
  }

  /**
   * Runs the study of {@code plan}.
   *
   * @return the exit code
   */
  int run(StudyPlan plan, Configuration conf) throws IOException, InterruptedException {
    PrintStream out = context.out();
    BenchConfig first = BenchConfig.fromConfiguration(plan.runConfiguration(conf,
        plan.targets().get(0), plan.threadLevels().get(0)));
    OutputPlan.checkJsonOut(first);
    RunCommand.warnAdjustments(first);
    OutputPlan files = OutputPlan.inDirectory(plan.outDir(), "metabench-study",
        System.currentTimeMillis(), first.overwrite(), first.jsonOut());
    List<String> phases = new ArrayList<>();
    for (OpType op : first.operations()) {
      phases.add(op.id());
    }
    Publisher publisher = new Publisher(out);
    StudyResult result = new StudyRunner(plan, conf, context.stop(), files.seriesDir(), executor,
        (run, n, total) -> {
          out.printf(Locale.ROOT, "%n== run %d/%d: %s at %d threads, iteration %d/%d ==%n", n,
              total, run.target(), run.threads(), run.iteration(), plan.iterations());
          if (run.result() == null) {
            out.printf(Locale.ROOT, "not run: %s%n", run.error());
          } else {
            try {
              publisher.table(run.result());
              publisher.nnbench(run.result());
            } catch (IOException e) {
              LOG.warn("could not write the result of run {}: {}", n, e.toString());
            }
          }
          out.flush();
        }).run();
    StringBuilder summary = new StringBuilder();
    ResultFormatFactory.forStudy(ResultFormatType.STUDY_TEXT, phases).write(result, summary);
    out.print(summary);
    out.flush();
    List<File> written = StudyFiles.write(result, phases, files);
    int exitCode = result.exitCode();
    try {
      written.addAll(StudyFiles.writeReports(result.summary(), plan.chartThreads(),
          StudyFiles.metadata(result, first), files));
    } catch (IOException e) {
      context.err().println("metabench: " + e.getMessage());
      exitCode = Command.EXIT_FAILURES;
    }
    LOG.info("{} result files in {}", written.size(), files.dir());
    out.printf(Locale.ROOT, "%nResults: %s%n", files.dir());
    out.flush();
    return exitCode;
  }
}
