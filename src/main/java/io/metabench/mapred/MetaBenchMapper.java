package io.metabench.mapred;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.config.ReplayConfig;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.engine.FileBarrier;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.Progress;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.live.LiveFigures;
import io.metabench.live.LiveWatch;
import io.metabench.replay.AuditLog;
import io.metabench.replay.Precreation;
import io.metabench.replay.ReplayRunner;
import io.metabench.runner.BenchmarkRunner;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.ResultCodec;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.net.InetAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One map task: the multi-threaded runner for one map index (or, in a MapReduce replay, this
 * map's share of the audit log), meeting the other maps at a file barrier before each phase,
 * and writing its result (the same {@code RunResult} a run in one process returns, with full
 * histograms and series) as its only output record. The output is committed only if the attempt
 * succeeds, so the driver never counts an attempt that did not.
 */
public final class MetaBenchMapper
    extends Mapper<IntWritable, NullWritable, IntWritable, BytesWritable> {

  @Override
  public void run(Context context) throws IOException, InterruptedException {
    if (!context.nextKeyValue()) {
      return;
    }
    int mapIndex = context.getCurrentKey().get();
    Configuration conf = new Configuration(context.getConfiguration());
    conf.setInt(ConfigKeys.MAP_INDEX, mapIndex);
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    Path jobDir = new Path(conf.get(ConfigKeys.JOB_DIR));
    // Keeps the task alive while it waits at a barrier or runs a long phase.
    ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-heartbeat");
      t.setDaemon(true);
      return t;
    });
    heartbeat.scheduleAtFixedRate(context::progress, 5, 5, TimeUnit.SECONDS);
    try (Target target = TargetResolver.resolve(config, conf);
        FileSystem barrierFs = FileSystem.newInstance(jobDir.toUri(), conf)) {
      FileBarrier files = new FileBarrier(barrierFs, new Path(jobDir, "barrier"), mapIndex,
          conf.getInt(ConfigKeys.MAPS, 1), config.barrierTimeoutSeconds() * 1000L,
          context::progress);
      boolean replaying = !conf.getTrimmed(ConfigKeys.REPLAY_AUDIT_LOG, "").isEmpty();
      try (LiveWatch live = LiveWatch.pushingOrWarn(conf.getTrimmed(ConfigKeys.PROMETHEUS_PUSH,
          ""), conf.get(ConfigKeys.PROMETHEUS_RUN, LiveFigures.runLabelNow()), mapIndex,
          System.err)) {
        Progress progress = live.watched(BenchConfig.quiet(conf) ? Progress.QUIET
            : Progress.to(System.err, false), target.shortName(), config.threads(), mapIndex);
        measure(context, conf, config, mapIndex, jobDir, target, barrierFs, files, replaying,
            progress);
      } catch (IOException | InterruptedException | RuntimeException | Error e) {
        // The other maps would otherwise wait for this one at every later barrier until it
        // timed out; the driver names it from the record.
        files.fail(replaying ? 1 : config.operations().size(), e.toString());
        throw e;
      }
    } finally {
      heartbeat.shutdownNow();
    }
  }

  private void measure(Context context, Configuration conf, BenchConfig config, int mapIndex,
      Path jobDir, Target target, FileSystem barrierFs, PhaseBarrier files, boolean replaying,
      Progress progress) throws IOException, InterruptedException {
    RunResult.Task task = new RunResult.Task(InetAddress.getLocalHost().getHostName(),
        context.getTaskAttemptID().toString());
    RunResult result;
    if (replaying) {
      // A MapReduce replay: this map's share of the log, all maps starting at the barrier.
      Path logPath = new Path(conf.getTrimmed(ConfigKeys.REPLAY_AUDIT_LOG));
      AuditLog log = AuditLog.read(() -> AuditLog.reader(barrierFs.open(logPath),
          logPath.getName()), logPath.getName(), (k, e) -> { });
      Precreation flags;
      try (java.io.DataInputStream in = barrierFs.open(MetaBenchJob.replayFlags(jobDir))) {
        flags = Precreation.readFlags(in);
      }
      long startedAt = System.currentTimeMillis();
      ReplayRunner runner = new ReplayRunner(config, ReplayConfig.ofTask(conf), log, target,
          NanoClock.SYSTEM, progress, StopRequest.NEVER);
      java.util.List<PhaseResult> phases = runner.runAsMap(mapIndex,
          conf.getInt(ConfigKeys.MAPS, 1), files, flags);
      result = new RunResult(RunInfo.ofThisJvm(target.fsUri().toString(), target.embedded(),
          target.baseDir().toString(), config.sharedClient(), target.localClient(), startedAt),
          config, phases, java.util.Collections.emptyMap())
          .withReplay(ReplaySummary.ofPart(runner.lastPart()));
    } else {
      // -startTime is NNBench's way to start the maps together: the first phase then waits
      // for that wall-clock time instead of the file barrier; later phases meet at the
      // barrier.
      PhaseBarrier barrier = config.startTime() > 0
          ? phase -> phase > 0 && files.await(phase) : files;
      result = new BenchmarkRunner(config, target, NanoClock.SYSTEM, barrier, progress,
          StopRequest.NEVER).run();
    }
    // The same result a run in one process returns, in the one binary form results travel in.
    count(context, result.phases());
    context.write(new IntWritable(mapIndex),
        new BytesWritable(ResultCodec.toBytes(result.withTask(task))));
  }

  private static void count(Context context, java.util.List<PhaseResult> phases) {
    for (PhaseResult p : phases) {
      context.getCounter(MetaBenchCounter.OPS_ATTEMPTED).increment(p.attempted());
      context.getCounter(MetaBenchCounter.OPS_SUCCESSFUL).increment(p.successes());
      context.getCounter(MetaBenchCounter.OPS_FAILED).increment(p.failed());
      context.getCounter(MetaBenchCounter.RETRIES).increment(p.retryCount());
      context.getCounter(MetaBenchCounter.BYTES).increment(p.bytes());
      context.getCounter(MetaBenchCounter.LATE_WORKERS).increment(p.lateWorkers());
      context.getCounter(MetaBenchCounter.LATE_MAPS).increment(p.lateMaps());
    }
    context.getCounter(MetaBenchCounter.MAPS_REPORTED).increment(1);
  }
}
