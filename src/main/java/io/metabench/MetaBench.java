package io.metabench;

import io.metabench.core.Version;
import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.config.ReplayConfig;
import io.metabench.replay.AuditLog;
import io.metabench.replay.ReplayRunner;
import io.metabench.config.StudyPlan;
import io.metabench.op.OpType;
import io.metabench.report.CsvFormat;
import io.metabench.report.ResultReader;
import io.metabench.report.StudyFiles;
import io.metabench.report.StudyTextFormat;
import io.metabench.runner.StudyRunner;
import io.metabench.stats.StudyResult;
import io.metabench.stats.StudySummary;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.mapred.MetaBenchJob;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatType;
import io.metabench.runner.BenchmarkRunner;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.Progress;
import io.metabench.runner.Signals;
import io.metabench.core.StopRequest;
import io.metabench.core.NanoClock;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line: a Hadoop {@link Tool}, so {@code hadoop jar}, {@code -D}, {@code -conf} and
 * {@code -fs} work as everywhere in Hadoop. Results go to stdout and files; logs to stderr.
 * Exit codes: 0 all operations succeeded, 1 some failed (or the run could not complete), 2 bad
 * input (nothing was changed), 130 stopped by Ctrl-C or SIGTERM (what completed is reported).
 */
public final class MetaBench extends Configured implements Tool {
  private static final Logger LOG = LoggerFactory.getLogger(MetaBench.class);

  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILURES = 1;
  public static final int EXIT_BAD_INPUT = 2;

  private final PrintStream out;
  private final PrintStream err;
  private final StopRequest stop;

  public MetaBench() {
    this(System.out, System.err, new StopRequest());
  }

  /** For embedding and tests: results to {@code out}, one-line errors to {@code err}. */
  public MetaBench(PrintStream out, PrintStream err) {
    this(out, err, StopRequest.NEVER);
  }

  /** As {@link #MetaBench(PrintStream, PrintStream)}, stopping early when {@code stop} says. */
  public MetaBench(PrintStream out, PrintStream err, StopRequest stop) {
    this.out = out;
    this.err = err;
    this.stop = stop;
  }

  /** The command line: Ctrl-C and SIGTERM stop the run early with a partial report. */
  public static void main(String[] args) throws Exception {
    MetaBench bench = new MetaBench();
    Signals.install(bench.stop, System.err);
    System.exit(ToolRunner.run(new Configuration(), bench, args));
  }

  @Override
  public int run(String[] args) {
    try {
      Configuration conf = getConf();
      if (args.length > 0 && args[0].equals("report")) {
        return runReport(CliParser.parseReport(Arrays.copyOfRange(args, 1, args.length)));
      }
      if (args.length > 0 && args[0].equals("replay")) {
        return runReplay(Arrays.copyOfRange(args, 1, args.length), conf);
      }
      if (CliParser.parse(args, conf).help()) {
        CliParser.printHelp(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)));
        return EXIT_OK;
      }
      // Before any file system is touched: the login every target's client then uses.
      io.metabench.fs.KerberosLogin.loginIfAsked(conf);
      StudyPlan plan = StudyPlan.fromConfiguration(conf);
      if (plan.isStudy()) {
        return runStudy(plan, conf);
      }
      Configuration runConf = plan.runConfiguration(conf, plan.targets().get(0),
          plan.threadLevels().get(0));
      BenchConfig config = BenchConfig.fromConfiguration(runConf);
      ResultFiles.checkJsonOut(config);
      try (Target target = TargetResolver.resolve(config, runConf)) {
        RunResult result = execute(config, runConf, target);
        publish(result);
        return result.exitCode();
      }
    } catch (InvalidInputException e) {
      err.println("metabench: " + e.getMessage());
      if (verbose() && e.getCause() != null) {
        e.getCause().printStackTrace(err);
      }
      return EXIT_BAD_INPUT;
    } catch (IOException | RuntimeException e) {
      LOG.debug("run failed", e);
      err.println("metabench: the run could not complete: " + e);
      if (verbose()) {
        e.printStackTrace(err);
      }
      return EXIT_FAILURES;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("metabench: interrupted");
      return EXIT_FAILURES;
    }
  }

  /** Whether -verbose was given (false when the command line itself could not be read). */
  private boolean verbose() {
    return getConf() != null && getConf().getBoolean(io.metabench.config.ConfigKeys.VERBOSE,
        (Boolean) io.metabench.config.Option.VERBOSE.defaultValue());
  }

  /** One run: in this process, or as a MapReduce job when -maps is given. */
  private RunResult execute(BenchConfig config, Configuration conf, Target target)
      throws IOException, InterruptedException {
    boolean quiet = BenchConfig.quiet(conf);
    return config.maps() > 0
        ? new MetaBenchJob(config, conf, target, stop).run()
        : new BenchmarkRunner(config, target, NanoClock.SYSTEM, PhaseBarrier.NONE,
            quiet ? Progress.QUIET : Progress.to(err, System.console() != null), stop)
            .seriesTo(seriesFile(config)).run();
  }

  /** -seriesOut, or beside the JSON file: {@code metabench-<time>.series.csv}. */
  private static File seriesFile(BenchConfig config) {
    if (!config.seriesOut().isEmpty()) {
      return new File(config.seriesOut());
    }
    String json = ResultFiles.jsonFile(config, System.currentTimeMillis()).getPath();
    return new File((json.endsWith(".json") ? json.substring(0, json.length() - 5) : json)
        + ".series.csv");
  }

  private int runStudy(StudyPlan plan, Configuration conf)
      throws IOException, InterruptedException {
    BenchConfig first = BenchConfig.fromConfiguration(plan.runConfiguration(conf,
        plan.targets().get(0), plan.threadLevels().get(0)));
    ResultFiles.checkJsonOut(first);
    File dir = newResultDir(StudyFiles.outDir(plan.outDir(), "metabench-study",
        System.currentTimeMillis()), first.overwrite());
    List<String> phases = new ArrayList<>();
    for (OpType op : first.operations()) {
      phases.add(op.id());
    }
    StudyResult result = new StudyRunner(plan, conf, stop, new File(dir, "series"), this::execute, (run, n, total) -> {
      out.printf(Locale.ROOT, "%n== run %d/%d: %s at %d threads, iteration %d/%d ==%n", n, total,
          run.target(), run.threads(), run.iteration(), plan.iterations());
      if (run.result() == null) {
        out.printf(Locale.ROOT, "not run: %s%n", run.error());
      } else {
        try {
          publishTable(run.result());
          ResultFiles.appendNNBench(run.result());
        } catch (IOException e) {
          LOG.warn("could not write the result of run {}: {}", n, e.toString());
        }
      }
      out.flush();
    }).run();
    StringBuilder summary = new StringBuilder();
    new StudyTextFormat().write(result, summary);
    out.print(summary);
    out.flush();
    List<File> files = StudyFiles.write(result, phases, dir, first.jsonOut());
    int exitCode = result.exitCode();
    try {
      files.addAll(StudyFiles.writeReports(result.summary(), plan.chartThreads(),
          StudyFiles.metadata(result, first), dir));
    } catch (IOException e) {
      err.println("metabench: " + e.getMessage());
      exitCode = EXIT_FAILURES;
    }
    LOG.info("{} result files in {}", files.size(), dir);
    out.printf(Locale.ROOT, "%nResults: %s%n", dir);
    out.flush();
    return exitCode;
  }

  /**
   * Replays an HDFS audit log (docs/replay.md): every input is checked (options, the log, the
   * target's base directory) before anything is written.
   */
  private int runReplay(String[] args, Configuration conf)
      throws IOException, InterruptedException {
    if (CliParser.parseReplay(args, conf).help()) {
      CliParser.printHelp(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)));
      return EXIT_OK;
    }
    ReplayConfig replay = ReplayConfig.fromConfiguration(conf);
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    AuditLog log = AuditLog.read(replay.auditLog());
    ResultFiles.checkJsonOut(config);
    io.metabench.fs.KerberosLogin.loginIfAsked(conf);
    try (Target target = TargetResolver.resolve(config, conf)) {
      RunResult result = config.maps() > 0
          ? new MetaBenchJob(config, conf, target, stop).withReplay(replay, log).run()
          : new ReplayRunner(config, replay, log, target, NanoClock.SYSTEM,
              BenchConfig.quiet(conf) ? null : err, stop).run();
      publish(result);
      return result.exitCode();
    }
  }

  /** Re-draws the summary, CSV, charts and HTML report of saved results. */
  private int runReport(CliParser.ReportRequest request) throws IOException {
    ResultReader reader = ResultReader.of(request.inputs());
    StudySummary summary = reader.summary();
    if (summary.rows().isEmpty()) {
      throw new InvalidInputException("report: " + request.inputs() + " hold no finished phase; "
          + "there is nothing to draw");
    }
    if (request.chartThreads() != 0 && !summary.threadLevels().contains(request.chartThreads())) {
      throw new InvalidInputException("report: -chartThreads " + request.chartThreads()
          + " is not among the results' concurrencies " + summary.threadLevels());
    }
    File dir = newResultDir(StudyFiles.outDir(request.outDir(), "metabench-report",
        System.currentTimeMillis()), false);
    StringBuilder text = new StringBuilder();
    new StudyTextFormat().writeTables(summary, text);
    out.print(text);
    out.flush();
    List<File> files = new ArrayList<>();
    files.add(ResultFiles.writeAtomically(new File(dir, "summary.csv"),
        w -> new CsvFormat().writeSummary(summary, w)));
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("Redrawn by", "MetaBench " + Version.get() + " report");
    for (Map.Entry<String, String> source : reader.sources().entrySet()) {
      metadata.put("Results of " + source.getKey(), source.getValue());
    }
    files.addAll(StudyFiles.writeReports(summary, request.chartThreads(), metadata, dir));
    LOG.info("{} files in {}", files.size(), dir);
    out.printf(Locale.ROOT, "%nReport: %s%n", dir);
    out.flush();
    return EXIT_OK;
  }

  /**
   * {@code dir} as a directory for new results: refused when it holds anything already, unless
   * {@code overwrite} (then its files of the same names are replaced).
   */
  private static File newResultDir(File dir, boolean overwrite) {
    String[] existing = dir.list();
    if (dir.exists() && existing == null) {
      throw new InvalidInputException("-outDir " + dir + " is not a directory; give a new "
          + "directory");
    }
    if (existing != null && existing.length > 0 && !overwrite) {
      throw new InvalidInputException("-outDir " + dir + " already exists and is not an empty "
          + "directory; give a new directory, or add -overwrite to replace its files");
    }
    return dir;
  }

  private void publishTable(RunResult result) throws IOException {
    StringBuilder table = new StringBuilder();
    ResultFormatType.TEXT.create().write(result, table);
    out.print(table);
    out.flush();
  }

  private void publish(RunResult result) throws IOException {
    StringBuilder table = new StringBuilder();
    ResultFormatType.TEXT.create().write(result, table);
    out.print(table);
    out.flush();
    File json = ResultFiles.writeJson(result);
    LOG.info("JSON result: {}", json);
    File nnbench = ResultFiles.appendNNBench(result);
    if (nnbench != null) {
      LOG.info("NNBench block appended to {}", nnbench);
    }
  }
}
