package io.metabench.mapred;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.runner.BenchmarkRunner;
import io.metabench.runner.Progress;
import io.metabench.runner.StopRequest;
import io.metabench.runner.PhaseBarrier;
import io.metabench.stats.MapReport;
import io.metabench.stats.NanoClock;
import io.metabench.stats.PhaseResult;
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
 * One map task: the multi-threaded runner for one map index, meeting the other maps at a file
 * barrier before each phase, and writing its results (with full latency histograms) as its only
 * output record. The output is committed only if the attempt succeeds, so the driver never counts
 * an attempt that did not.
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
      PhaseBarrier files = new FileBarrier(barrierFs, new Path(jobDir, "barrier"), mapIndex,
          conf.getInt(ConfigKeys.MAPS, 1), config.barrierTimeoutSeconds() * 1000L,
          context::progress);
      // -startTime is NNBench's way to start the maps together: the first phase then waits for
      // that wall-clock time instead of the file barrier; later phases meet at the barrier.
      PhaseBarrier barrier = config.startTime() > 0
          ? phase -> phase > 0 && files.await(phase) : files;
      // Plain progress lines every few seconds land in the task's stderr log.
      RunResult result = new BenchmarkRunner(config, target, NanoClock.SYSTEM, barrier,
          BenchConfig.quiet(conf) ? Progress.QUIET : Progress.to(System.err, false),
          StopRequest.NEVER).run();
      MapReport report = new MapReport(mapIndex, InetAddress.getLocalHost().getHostName(),
          context.getTaskAttemptID().toString(), result.phases(), result.cleanupFailures())
          .withPrefill(result.prefill());
      count(context, result);
      byte[] bytes = report.toBytes();
      context.write(new IntWritable(mapIndex), new BytesWritable(bytes));
    } finally {
      heartbeat.shutdownNow();
    }
  }

  private static void count(Context context, RunResult result) {
    for (PhaseResult p : result.phases()) {
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
