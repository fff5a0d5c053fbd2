package io.metabench.command;

import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.StudyPlan;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.replay.AuditLog;
import io.metabench.replay.ReplayCapacity;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.runner.CapacitySearch;
import io.metabench.runner.RunChecks;
import io.metabench.server.ServerWatch;
import io.metabench.stats.ServerSamples;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.CapacityStudy;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;

/**
 * A capacity search (docs/capacity.md): a run whose {@code -capacity} bounds make it search the
 * highest rate its operation holds under them. One line a step on stdout as it ends, then the
 * answer and the steps' table; in its directory ({@code -outDir}, or a new one under
 * {@code metabench-results/}) {@code result.json}, {@code steps.csv}, {@code report.html} (with the
 * latency-against-load charts) and every step's table in {@code runs.txt}. Reached through
 * {@link RunCommand}: its option makes it one.
 */
final class CapacityCommand {
  private final CommandContext context;
  private final RunCommand runs;
  /** The command whose live watch the search reports to (the run's, or the replay's). */
  private final Command owner;

  CapacityCommand(CommandContext context, RunCommand runs) {
    this(context, runs, runs);
  }

  /** A search whose steps run through {@code runs}, its server readings live as {@code owner}'s. */
  CapacityCommand(CommandContext context, RunCommand runs, Command owner) {
    this.owner = owner;
    this.context = context;
    this.runs = runs;
  }

  /**
   * Runs the search of {@code plan} on each target of {@code study} with the user's {@code conf},
   * writing its files into the study's {@code -outDir} (empty: a new directory); with several
   * targets, one search after another, each into a directory of its label, and the table side by
   * side ({@code capacity.txt}, {@code capacity.json}) in the top one.
   *
   * @return the exit code: 0 when the searches ended, 130 when a signal stopped them
   */
  int run(CapacityPlan plan, StudyPlan study, Configuration conf)
      throws IOException, InterruptedException {
    int threads = study.threadLevels().get(0);
    if (study.targets().size() == 1) {
      search(plan, study.runConfiguration(conf, study.targets().get(0), threads),
          study.outDir(), "");
      return exitCode();
    }
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    OutputPlan.checkJsonOut(config);
    OutputPlan files = OutputPlan.inDirectory(study.outDir(), "capacity-" + plan.label()
        + "-study", System.currentTimeMillis(), config.overwrite(), config.jsonOut());
    List<String> labels = new ArrayList<>();
    List<CapacityResult> results = new ArrayList<>();
    for (StudyPlan.TargetSpec t : study.targets()) {
      if (context.stop().isRequested()) {
        break;
      }
      Configuration c = study.runConfiguration(conf, t, threads);
      // Each search's result.json in its own directory; -jsonOut names the table's file.
      c.unset(io.metabench.config.ConfigKeys.JSON_OUT);
      context.out().printf(Locale.ROOT, "%n== %s: %s ==%n", t.label(), t.baseDir());
      results.add(search(plan, c, new File(files.dir(), t.label()).getPath(), t.label()));
      labels.add(t.label());
    }
    CapacityStudy side = new CapacityStudy(labels, results);
    StringBuilder text = new StringBuilder();
    ResultFormatFactory.forCapacityStudy(ResultFormatType.CAPACITY_STUDY_TEXT).write(side, text);
    context.out().printf(Locale.ROOT, "%n%s", text);
    ResultFiles.write(new File(files.dir(), "capacity.txt"), ResultFormatFactory
        .forCapacityStudy(ResultFormatType.CAPACITY_STUDY_TEXT), side);
    File json = ResultFiles.write(config.jsonOut().isEmpty() ? new File(files.dir(),
        "capacity.json") : new File(config.jsonOut()), ResultFormatFactory.forCapacityStudy(
        ResultFormatType.CAPACITY_STUDY_JSON), side);
    context.out().printf(Locale.ROOT, "%nResults: %s (%s)%n", files.dir(), json.getName());
    context.out().flush();
    return exitCode();
  }

  private int exitCode() {
    return context.stop().isRequested() && context.stop().bySignal()
        ? io.metabench.stats.RunResult.INTERRUPTED_EXIT_CODE : Command.EXIT_OK;
  }

  /**
   * One search of {@code plan} with {@code conf} (a run's configuration, its target's),
   * writing its files into {@code outDir} (empty: a new directory).
   */
  private CapacityResult search(CapacityPlan plan, Configuration conf, String outDir,
      String label) throws IOException, InterruptedException {
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    OutputPlan.checkJsonOut(config);
    RunCommand.warnAdjustments(config);
    // Resolved and checked as the search's first run: what the searched operation needs, it
    // makes first (on an embedded HDFS too, which starts empty).
    Configuration first = CapacitySearch.firstRunOf(conf, plan.operation());
    BenchConfig firstConfig = BenchConfig.fromConfiguration(first);
    try (Target target = TargetResolver.resolve(firstConfig, conf)) {
      RunChecks.preflight(firstConfig, target);
      CapacitySearch.StepRunner here = (c, rc, t, warmedBy, end) -> runs.executeWithout(c, rc,
          t, null, warmedBy, end);
      // Processes started by hand: each run combined with the others' before it is judged.
      ProcessExchange together = config.processes() == 0 ? null
          : new ProcessExchange(here, config, target);
      try {
        return searchOn(plan, config, target, outDir, label, listener -> new CapacitySearch(plan,
            conf, target, together == null ? here : together, context.stop(), listener).run());
      } finally {
        if (together != null) {
          together.close();
        }
      }
    }
  }

  /**
   * A replay's search of {@code plan} (docs/capacity.md#a-replay): {@code log} replayed with
   * {@code conf} at the speeds the search chooses, into a new result directory.
   *
   * @return the exit code: 0 when the search ended, 130 when a signal stopped it
   */
  int replay(CapacityPlan plan, Configuration conf, AuditLog log)
      throws IOException, InterruptedException {
    BenchConfig config = BenchConfig.fromConfiguration(conf).unsized();
    OutputPlan.checkJsonOut(config);
    RunCommand.warnAdjustments(config);
    try (Target target = TargetResolver.resolve(config, conf)) {
      ReplayCapacity.check(target, config);
      searchOn(plan, config, target, "", "", listener -> CapacitySearch.search(plan,
          target.fsUri() + "", config.threads(), new ReplayCapacity(plan, conf, log, target,
          context.stop()), context.stop(), listener));
    }
    return exitCode();
  }

  /** A search that tells each step, as it ends, to the listener it is given. */
  private interface Search {
    CapacityResult run(Consumer<CapacityStep> listener) throws IOException, InterruptedException;
  }

  /**
   * Runs {@code search} of {@code plan} on {@code target}: a line a step on stdout and its table
   * in {@code runs.txt} as it ends, then the answer and the result files in {@code outDir}
   * (empty: a new directory, named after {@code label} or the target).
   */
  private CapacityResult searchOn(CapacityPlan plan, BenchConfig config, Target target,
      String outDir, String label, Search search) throws IOException, InterruptedException {
    PrintStream out = context.out();
    OutputPlan files = OutputPlan.inDirectory(outDir, "capacity-" + plan.label() + "-"
        + (label.isEmpty() ? target.shortName() : label), System.currentTimeMillis(),
        config.overwrite(), config.jsonOut());
    Publisher publisher = new Publisher(out);
    // One watch of the server for the whole search: each step's phases are sliced from it.
    ServerWatch watch = ServerWatch.start(config, target, context.stop(), owner.serverReadings());
    CapacityResult result;
    try {
      result = search.run(s -> {
        out.println(oneLine(s));
        out.flush();
        try {
          ResultFiles.appendText(files.runsText(), "== step " + s.number() + " ("
              + s.kind().id() + ", " + CapacityResult.rate(s.offered()) + " ops/s) ==\n"
              + publisher.tableOf(s.run()) + "\n");
        } catch (IOException e) {
          context.err().println("metabench: could not write a step's table: " + e);
        }
      });
    } finally {
      watch.close();
    }
    result = withServer(result, watch.samples());
    StringBuilder text = new StringBuilder();
    ResultFormatFactory.forCapacity(ResultFormatType.CAPACITY_TEXT).write(result, text);
    out.printf(Locale.ROOT, "%n%s", text);
    File json = ResultFiles.write(files.studyJson(), ResultFormatFactory.forCapacity(
        ResultFormatType.CAPACITY_JSON), result);
    ResultFiles.write(new File(files.dir(), "steps.csv"), ResultFormatFactory.forCapacity(
        ResultFormatType.CAPACITY_CSV), result);
    ResultFiles.write(new File(files.dir(), "report.html"), ResultFormatFactory.forCapacity(
        ResultFormatType.CAPACITY_HTML), result);
    out.printf(Locale.ROOT, "%nResults: %s (%s)%n", files.dir(), json.getName());
    out.flush();
    return result;
  }

  /** {@code step 3: 4,000 ops/s offered, 3,998/s achieved, p99 2.104 ms: held}. */
  static String oneLine(CapacityStep s) {
    return String.format(Locale.ROOT, "%s: %s, %s/s achieved, p99 %.3f ms%s", s.kind()
        == CapacityStep.Kind.PROBE ? "probe" : "step " + s.number() + (s.kind().note().isEmpty()
        ? "" : " (" + s.kind().note() + ")"), s.kind()
        == CapacityStep.Kind.PROBE ? "closed loop" : CapacityResult.rate(s.offered())
        + " ops/s offered", CapacityResult.rate(s.phase().attemptedPerSecond()), s.phase().latencyMillisAt(99),
        s.verdict() == null ? "" : ": " + s.verdict().describe());
  }

  /** The search with the server's view set beside each step's run. */
  private static CapacityResult withServer(CapacityResult r, ServerSamples samples) {
    if (!samples.present()) {
      return r;
    }
    List<CapacityStep> steps = new ArrayList<>();
    for (CapacityStep s : r.steps()) {
      steps.add(new CapacityStep(s.number(), s.kind(), s.offered(), s.run().withServer(samples),
          s.phase(), s.verdict()));
    }
    return new CapacityResult(r.plan(), r.target(), r.threads(), steps, r.held(), r.brokeAt(),
        r.clientLimited(), r.ending(), r.seconds());
  }
}
