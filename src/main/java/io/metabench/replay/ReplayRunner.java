package io.metabench.replay;

import io.metabench.config.BenchConfig;
import io.metabench.config.InvalidInputException;
import io.metabench.config.ReplayConfig;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.runner.BenchmarkRunner;
import io.metabench.runner.StopRequest;
import io.metabench.stats.ClockAnchor;
import io.metabench.stats.NanoClock;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays an audit log against a target in this process. Lifecycle: check, without changing
 * anything, that the target is reachable, its base directory usable (new, empty, or MetaBench's,
 * exactly as a benchmark run checks it) and that it holds no {@code replay} subtree yet; then
 * claim the base directory (the marker), make {@code <baseDir>/replay}, make the clients, create
 * what the log finds already there (unmeasured), start every thread at once behind a barrier and
 * replay; then merge each thread's recorders into one {@link PhaseResult} per operation.
 *
 * <p>One instance runs once; not thread-safe.
 */
public final class ReplayRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayRunner.class);
  /** How often progress is printed to stderr. */
  static final int PROGRESS_EVERY_SECONDS = 5;

  private final BenchConfig config;
  private final ReplayConfig replay;
  private final AuditLog log;
  private final Target target;
  private final NanoClock clock;
  private final PrintStream progressOut;
  private final StopRequest stop;
  private final ClientFactory clients;
  private final List<FileSystem> opened = new ArrayList<>();
  private ExecutorService pool;

  /**
   * A runner printing progress to {@code progressOut} (null: none) and stopping early, with a
   * partial result, when {@code stop} is requested.
   */
  public ReplayRunner(BenchConfig config, ReplayConfig replay, AuditLog log, Target target,
      NanoClock clock, PrintStream progressOut, StopRequest stop) {
    this.config = config;
    this.replay = replay;
    this.log = log;
    this.target = target;
    this.clock = clock;
    this.progressOut = progressOut;
    this.stop = stop;
    this.clients = new ClientFactory(target);
  }

  /**
   * Replays the log.
   *
   * @throws InvalidInputException when the replay cannot start; nothing was changed then
   */
  public RunResult run() throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    Path base = target.baseDir();
    Path root = ReplaySchedule.replayRoot(base);
    try {
      FileSystem control = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
        FileSystem fs = clients.newClient();
        synchronized (opened) {
          opened.add(fs);
        }
        // Exactly the benchmark's rule: a new, empty or MetaBench-marked base directory only.
        BaseDirMarker.requireUsable(BaseDirMarker.inspect(fs, base), base);
        if (fs.exists(root)) {
          throw new InvalidInputException(root + " already exists, left by an earlier replay; "
              + "a replay starts from an empty replay subtree: remove it, or give a new -baseDir");
        }
        return fs;
      });
      BenchmarkRunner.claim(control, target);
      if (!control.mkdirs(root)) {
        throw new IOException("could not create " + root);
      }
      FsSemantics semantics = FsSemantics.of(control, base);
      pool = Executors.newCachedThreadPool(daemonThreads());
      int threads = config.threads();
      List<FileSystem> fs = clientsFor(threads);
      Precreation pre = replay.precreate() ? Precreation.of(log.entries()) : Precreation.NONE;
      long precreateFailed = precreate(pre, fs);
      ReplaySchedule schedule = ReplaySchedule.of(log.entries(), threads, replay.speed());
      LOG.info("replay of {}: {} commands on {} threads at speed {} into {}", log.source(),
          log.entries().size(), threads, replay.speed(), root);

      long[] startNanos = new long[1];
      CyclicBarrier gate = new CyclicBarrier(threads, () -> startNanos[0] = clock.nanoTime());
      AtomicLongArray progress = new AtomicLongArray(threads);
      ClockAnchor anchor = ClockAnchor.now(clock);
      List<ReplayThread.Outcome> outcomes;
      Thread reporter = progressReporter(progress, startNanos);
      try {
        outcomes = forEachThread(threads, t -> new ReplayThread(t, log.entries(), schedule,
            fs.get(t), base, clock, gate, startNanos, progress, stop).call());
      } finally {
        if (reporter != null) {
          reporter.interrupt();
        }
      }
      RunResult result = new RunResult(RunInfo.ofThisJvm(target.fsUri().toString(),
          target.embedded(), base.toString(), config.sharedClient(), startedAt), config,
          phases(outcomes, startedAt, anchor), Collections.emptyMap())
          .withSemantics(semantics)
          .withReplay(summary(outcomes, startNanos[0], pre.size() - precreateFailed,
              precreateFailed));
      return !stop.isRequested() ? result : stop.bySignal()
          ? result.withInterruption(stop.reason()) : result.withEarlyStop(stop.reason());
    } finally {
      close();
    }
  }

  /**
   * Creates what the log finds already there, spread over the threads' clients; not measured.
   *
   * @return how many paths could not be created (each logged)
   */
  private long precreate(Precreation pre, List<FileSystem> fs)
      throws IOException, InterruptedException {
    if (pre.size() == 0) {
      return 0;
    }
    LOG.info("creating {} directories and {} files the log finds already there", pre.dirs().size(),
        pre.files().size());
    AtomicInteger failed = new AtomicInteger();
    List<List<String>> groups = new ArrayList<>();
    groups.add(pre.dirs());
    groups.add(pre.files());
    for (int g = 0; g < groups.size(); g++) {
      List<String> paths = groups.get(g);
      boolean dirs = g == 0;
      int threads = fs.size();
      forEachThread(threads, t -> {
        for (int i = t; i < paths.size(); i += threads) {
          Path p = ReplaySchedule.remap(target.baseDir(), paths.get(i));
          try {
            if (dirs) {
              fs.get(t).mkdirs(p);
            } else {
              fs.get(t).create(p, false).close();
            }
          } catch (IOException e) {
            if (failed.getAndIncrement() == 0) {
              LOG.warn("could not create {} before the replay: {}", p, e.toString());
            }
          }
        }
        return null;
      });
    }
    if (failed.get() > 0) {
      LOG.warn("{} of {} paths could not be created before the replay", failed.get(),
          pre.size());
    }
    return failed.get();
  }

  /** One phase per operation the log holds, merged over all threads. */
  private List<PhaseResult> phases(List<ReplayThread.Outcome> outcomes, long startedAt,
      ClockAnchor anchor) {
    List<PhaseResult> phases = new ArrayList<>();
    for (OpType op : log.operations()) {
      List<OpRecorder> recorders = new ArrayList<>();
      for (int t = 0; t < outcomes.size(); t++) {
        OpRecorder r = outcomes.get(t).service.get(op);
        recorders.add(r != null ? r : new OpRecorder(t));
      }
      phases.add(PhaseResult.merge(op, recorders, startedAt, anchor));
    }
    return phases;
  }

  private ReplaySummary summary(List<ReplayThread.Outcome> outcomes, long replayStart,
      long precreated, long precreateFailed) {
    Map<OpType, Histogram> fromDue = new EnumMap<>(OpType.class);
    Map<OpType, Long> behind = new EnumMap<>(OpType.class);
    long lastStart = Long.MIN_VALUE;
    long executed = 0;
    for (ReplayThread.Outcome o : outcomes) {
      for (Map.Entry<OpType, Histogram> h : o.fromDue.entrySet()) {
        fromDue.computeIfAbsent(h.getKey(), k -> new Histogram(3)).add(h.getValue());
      }
      for (Map.Entry<OpType, Long> b : o.maxBehind.entrySet()) {
        behind.merge(b.getKey(), b.getValue(), Math::max);
      }
      lastStart = Math.max(lastStart, o.lastStart);
      executed += o.executed;
    }
    long span = lastStart == Long.MIN_VALUE ? 0 : lastStart - replayStart;
    return new ReplaySummary(log.source(), log.lines(), log.auditLines(), log.otherLines(),
        log.malformedLines(), executed, log.unsupported(), log.denied(), replay.precreate(),
        precreated,
        precreateFailed, replay.speed(), log.spanMillis(), span, fromDue, behind);
  }

  /** A daemon printing the commands done every few seconds to stderr; null when quiet. */
  private Thread progressReporter(AtomicLongArray progress, long[] startNanos) {
    if (progressOut == null) {
      return null;
    }
    long total = log.entries().size();
    long began = clock.nanoTime();
    Thread t = new Thread(() -> {
      try {
        while (true) {
          TimeUnit.SECONDS.sleep(PROGRESS_EVERY_SECONDS);
          long done = 0;
          for (int i = 0; i < progress.length(); i++) {
            done += progress.get(i);
          }
          progressOut.printf(Locale.ROOT, "replay %4ds %d/%d commands (%d%%)%n",
              (clock.nanoTime() - began) / 1_000_000_000L, done, total,
              total == 0 ? 100 : done * 100 / total);
        }
      } catch (InterruptedException e) {
        // the replay ended
      }
    }, "metabench-replay-progress");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private List<FileSystem> clientsFor(int threads) throws IOException, InterruptedException {
    List<FileSystem> made = forEachThread(config.sharedClient() ? 1 : threads,
        t -> clients.newClient());
    synchronized (opened) {
      opened.addAll(made);
    }
    List<FileSystem> fs = new ArrayList<>(threads);
    for (int t = 0; t < threads; t++) {
      fs.add(made.get(config.sharedClient() ? 0 : t));
    }
    return fs;
  }

  /** A task of thread {@code t}. */
  private interface ThreadTask<T> {
    T run(int t) throws Exception;
  }

  /** Runs one task per thread, all at once, and returns their results in thread order. */
  private <T> List<T> forEachThread(int threads, ThreadTask<T> task)
      throws IOException, InterruptedException {
    List<Future<T>> futures = new ArrayList<>(threads);
    for (int t = 0; t < threads; t++) {
      final int thread = t;
      Callable<T> c = () -> task.run(thread);
      futures.add(pool.submit(c));
    }
    List<T> results = new ArrayList<>(threads);
    for (int t = 0; t < threads; t++) {
      try {
        results.add(futures.get(t).get());
      } catch (ExecutionException e) {
        for (Future<T> f : futures) {
          f.cancel(true);
        }
        Throwable cause = e.getCause();
        if (cause instanceof IOException) {
          throw (IOException) cause;
        }
        throw new IOException("replay thread " + t + " failed: " + cause, cause);
      }
    }
    return results;
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, "metabench-replay-" + n.getAndIncrement());
      t.setDaemon(true);
      return t;
    };
  }

  private void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
    List<FileSystem> all;
    synchronized (opened) {
      all = new ArrayList<>(opened);
    }
    for (FileSystem fs : all) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing a client failed", e);
      }
    }
  }
}
