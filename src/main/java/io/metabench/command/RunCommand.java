package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.Option;
import io.metabench.config.StudyPlan;
import io.metabench.core.NanoClock;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.Progress;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.mapred.MetaBenchJob;
import io.metabench.report.OutputPlan;
import io.metabench.report.SeriesFile;
import io.metabench.runner.BenchmarkRunner;
import io.metabench.runner.ProcessBarrier;
import io.metabench.runner.RunChecks;
import io.metabench.server.ServerWatch;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * The default command (no command word): one benchmark run, in this process or as a MapReduce
 * job ({@code -maps}); its table goes to stdout, its JSON file, series and NNBench block to
 * files. Options that ask for several targets, concurrencies or iterations make it a study,
 * which {@link StudyCommand} runs.
 */
public final class RunCommand extends Command {
  public RunCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) {
    CliParser.Parsed parsed = CliParser.parse(args, conf);
    if (parsed.help()) {
      context.printHelp(parsed.topic());
      return null;
    }
    return () -> run(conf);
  }

  private int run(Configuration conf) throws IOException, InterruptedException {
    CapacityPlan capacity = CapacityPlan.fromConfiguration(conf);
    StudyPlan plan = StudyPlan.fromConfiguration(conf);
    if (capacity != null && !Option.DRY_RUN.readBool(conf)) {
      return new CapacityCommand(context, this).run(capacity, plan, conf);
    }
    if (Option.DRY_RUN.readBool(conf)) {
      // Checked as a run would be, then only said.
      DryRun.print(context.out(), plan, BenchConfig.fromConfiguration(plan.runConfiguration(conf,
          plan.targets().get(0), plan.threadLevels().get(0))), conf);
      return EXIT_OK;
    }
    if (plan.isStudy()) {
      return new StudyCommand(context, (c, runConf, target, warmedBy) -> execute(c, runConf,
          target, c.seriesOut().isEmpty() ? null : new File(c.seriesOut()), warmedBy))
          .run(plan, conf);
    }
    Configuration runConf = plan.runConfiguration(conf, plan.targets().get(0),
        plan.threadLevels().get(0));
    BenchConfig config = BenchConfig.fromConfiguration(runConf);
    OutputPlan.checkJsonOut(config);
    warnAdjustments(config);
    try (Target target = TargetResolver.resolve(config, runConf)) {
      // A later run that does not name the layout runs with the one its base directory records.
      // What the user named is read from their configuration, not runConf, which sets the
      // plan's thread level whether or not it was given.
      BenchConfig run = config.maps() > 0 || target.embedded() ? config
          : RunChecks.withRecordedLayout(config, conf, target);
      OutputPlan files = OutputPlan.forRun(run, OutputPlan.what(run), target.shortName(),
          System.currentTimeMillis());
      RunResult result = execute(run, runConf, target, files.runSeries(), 0);
      new Publisher(context.out()).all(result, files, context.secondsSoFar());
      return result.exitCode();
    }
  }

  /** Says, once per command, what MetaBench changed of what it was given, and why. */
  static void warnAdjustments(BenchConfig config) {
    for (String a : config.adjustments()) {
      org.slf4j.LoggerFactory.getLogger(RunCommand.class).warn(a);
    }
  }

  /**
   * One run on {@code target}: in this process, writing its per-second series live into
   * {@code series}, or as a MapReduce job when {@code -maps} is given, whose maps' series are
   * combined by wall-clock second and written there once the job has ended.
   */
  RunResult execute(BenchConfig config, Configuration conf, Target target, File series,
      int warmedBy) throws IOException, InterruptedException {
    // The server's own view (the NameNode's metrics), read beside the whole run and sliced by
    // each phase's window afterwards: one sampler, whether the phases run here or in a job.
    return ServerWatch.around(config, target, context.stop(), serverReadings(),
        () -> executeWithout(config, conf, target, series, warmedBy));
  }

  /**
   * Runs here or as a job; {@code warmedBy} (a study's earlier run in this JVM) skips the client
   * warm-up of a run in this process only: a job's maps run in JVMs of their own.
   */
  RunResult executeWithout(BenchConfig config, Configuration conf, Target target,
      File series, int warmedBy) throws IOException, InterruptedException {
    return executeWithout(config, conf, target, series, warmedBy,
        io.metabench.engine.PhaseEngine.EarlyEnd.NEVER);
  }

  /** As above, {@code end} asked each second of a run in this process whether to end a phase. */
  RunResult executeWithout(BenchConfig config, Configuration conf, Target target,
      File series, int warmedBy, io.metabench.engine.PhaseEngine.EarlyEnd end)
      throws IOException, InterruptedException {
    boolean quiet = BenchConfig.quiet(conf);
    if (config.maps() > 0) {
      return writeCombinedSeries(series,
          new MetaBenchJob(config, conf, target, context.stop()).run());
    }
    try (ProcessBarrier processes = ProcessBarrier.of(config, target)) {
      return new BenchmarkRunner(config, target, NanoClock.SYSTEM,
          processes == null ? PhaseBarrier.NONE : processes,
          watched(quiet ? Progress.QUIET : Progress.to(context.err(), System.console() != null),
              target.shortName(), config.threads(), config.mapIndex()),
          context.stop())
          .seriesTo(series).warmedBy(warmedBy).endingPhasesEarlyWhen(end).run();
    }
  }

  /**
   * Writes a MapReduce job's series, its maps' combined by wall-clock second, into
   * {@code series} (a process writes its own live instead); nothing when no phase has one or
   * {@code series} is null.
   *
   * @return {@code result}
   */
  static RunResult writeCombinedSeries(File series, RunResult result) throws IOException {
    if (series != null) {
      // None for a capacity step: its series is in its run's JSON.
      SeriesFile.writeAll(series, result);
    }
    return result;
  }
}
