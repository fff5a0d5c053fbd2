package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.ReplayConfig;
import io.metabench.core.NanoClock;
import io.metabench.engine.Progress;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.mapred.MetaBenchJob;
import io.metabench.replay.AuditLog;
import io.metabench.replay.ReplayNamespace;
import io.metabench.replay.ReplayRunner;
import io.metabench.report.OutputPlan;
import io.metabench.server.ServerWatch;
import io.metabench.stats.RunResult;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code metabench replay}: replays an HDFS audit log (docs/replay.md). Every input is checked
 * (options, the log, {@code -jsonOut}) before anything logs in or is written; the result is
 * shown and saved as a run's. The table of audit commands a replay executes is
 * {@code io.metabench.replay.AuditCommand}.
 */
public final class ReplayCommand extends Command {
  public ReplayCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) throws IOException {
    CliParser.Parsed parsed = CliParser.parseReplay(args, conf);
    if (parsed.help()) {
      context.printHelp(parsed.topic());
      return null;
    }
    ReplayConfig replay = ReplayConfig.fromConfiguration(conf);
    // A replay's size is its log's.
    BenchConfig config = BenchConfig.fromConfiguration(conf).unsized();
    ReplayNamespace.check(config, CapacityPlan.checkReplay(conf));
    AuditLog log = AuditLog.read(replay.auditLog());
    CapacityPlan capacity = CapacityPlan.forReplay(conf, replay.auditLog().getName(),
        new java.util.ArrayList<>(log.operations()), log.size(), log.spanMillis());
    if (capacity != null) {
      // The replay's own live watch gets the server's readings; its steps run no RunCommand's.
      return () -> new CapacityCommand(context, new RunCommand(context), this).replay(capacity,
          conf, log);
    }
    OutputPlan.checkJsonOut(config);
    RunCommand.warnAdjustments(config);
    return () -> {
      try (Target target = TargetResolver.resolve(config, conf)) {
        OutputPlan files = OutputPlan.forRun(config, "replay", target.shortName(),
            System.currentTimeMillis());
        RunResult result = ServerWatch.around(config, target, context.stop(), serverReadings(),
            () -> config.maps() > 0
            ? RunCommand.writeCombinedSeries(files.runSeries(),
                new MetaBenchJob(config, conf, target, context.stop()).withReplay(replay, log).run())
            : new ReplayRunner(config, replay, log, target, NanoClock.SYSTEM,
                watched(BenchConfig.quiet(conf) ? Progress.QUIET
                    : Progress.to(context.err(), System.console() != null), target.shortName(),
                    config.threads(), config.mapIndex()), context.stop())
                .seriesTo(files.runSeries()).run());
        new Publisher(context.out()).all(result, files, context.secondsSoFar());
        return result.exitCode();
      }
    };
  }
}
