package io.metabench.command;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.config.StudyPlan;
import io.metabench.config.UserSettings;
import io.metabench.op.OpType;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.report.StudyFiles;
import io.metabench.report.StudyTextFormat;
import io.metabench.runner.StudyRunner;
import io.metabench.stats.study.StudyResult;
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
 * A study (docs/studies.md): every target × concurrency × iteration as one run, one line per run
 * on stdout as it ends (its whole table with {@code -verbose}; every table goes to the study's
 * {@code runs.txt}), then the summary on stdout and every file in the study's directory
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
    OutputPlan files = OutputPlan.inDirectory(plan.outDir(), "study-" + OutputPlan.what(first),
        System.currentTimeMillis(), first.overwrite(), first.jsonOut());
    File nnbenchLog = files.studyNNBenchLog(first,
        UserSettings.isSetByUser(conf, ConfigKeys.NNBENCH_LOG));
    boolean verbose = CommandContext.verbose(conf);
    List<String> phases = new ArrayList<>();
    for (OpType op : first.operations()) {
      phases.add(op.id());
    }
    Publisher publisher = new Publisher(out);
    StudyResult result = new StudyRunner(plan, conf, context.stop(), files.seriesDir(), executor,
        (run, n, total) -> {
          String heading = String.format(Locale.ROOT, "run %d/%d: %s at %s, iteration %d/%d", n,
              total, run.target(), StudyTextFormat.threads(run.threads()), run.iteration(),
              plan.iterations());
          try {
            // Every run's table goes to runs.txt; stdout gets one line a run unless -verbose.
            String table = run.result() == null ? "not run: " + run.error() + "\n"
                : publisher.tableOf(run.result());
            ResultFiles.appendText(files.runsText(), "== " + heading + " ==\n" + table + "\n");
            if (verbose) {
              out.printf(Locale.ROOT, "%n== %s ==%n%s", heading, table);
            } else {
              out.printf(Locale.ROOT, "%s: %s%n", heading, run.result() == null
                  ? "not run: " + run.error() : StudyTextFormat.oneLine(run.result()));
            }
            if (run.result() != null) {
              ResultFiles.appendNNBench(run.result(), nnbenchLog);
            }
          } catch (IOException e) {
            LOG.warn("could not write the result of run {}: {}", n, e.toString());
          }
          out.flush();
        }).announcingTo(line -> {
          context.err().println(line);
          context.err().flush();
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
