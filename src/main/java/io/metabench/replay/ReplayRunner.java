package io.metabench.replay;

import io.metabench.config.BenchConfig;
import io.metabench.config.ReplayConfig;
import io.metabench.core.ClockAnchor;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.Parallel;
import io.metabench.core.StopRequest;
import io.metabench.engine.PhaseBarrier;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.runner.RunChecks;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplayPart;
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
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays an audit log against a target in this process, or this map's share of it in a
 * MapReduce replay. Lifecycle of a replay in one process: check, without changing anything, that
 * the target is reachable, its base directory usable (new, empty, or MetaBench's, exactly as a
 * benchmark run checks it) and that it holds no {@code replay} subtree yet; then claim the base
 * directory (the marker), make {@code <baseDir>/replay}, create what the log finds already there
 * (unmeasured), make the clients, start every thread at once behind a barrier and replay; then
 * merge each thread's recorders into one {@link PhaseResult} per operation. A map of a MapReduce
 * replay does only the last part: the driver has checked, claimed and precreated.
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
   * Refuses, without changing anything, a base directory a replay may not use: the benchmark's
   * rule (new, empty or MetaBench's), and no {@code replay} subtree left by an earlier replay.
   */
  public static void checkTarget(FileSystem fs, Path base) throws IOException {
    BaseDirMarker.requireUsable(BaseDirMarker.inspect(fs, base), base);
    Path root = ReplaySchedule.replayRoot(base);
    if (fs.exists(root)) {
      throw new InvalidInputException(root + " already exists, left by an earlier replay; a "
          + "replay starts from an empty replay subtree: remove it, or give a new -baseDir");
    }
  }

  /** Claims the base directory (the marker) and makes {@code <baseDir>/replay}. */
  public static void prepareTarget(FileSystem control, Target target) throws IOException {
    RunChecks.claim(control, target);
    Path root = ReplaySchedule.replayRoot(target.baseDir());
    if (!control.mkdirs(root)) {
      throw new IOException("could not create " + root);
    }
  }

  /**
   * Replays the whole log in this process.
   *
   * @throws InvalidInputException when the replay cannot start; nothing was changed then
   */
  public RunResult run() throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    Path base = target.baseDir();
    try {
      FileSystem control = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
        FileSystem fs = track(clients.newClient());
        checkTarget(fs, base);
        return fs;
      });
      prepareTarget(control, target);
      FsSemantics semantics = FsSemantics.of(control, base);
      pool = Executors.newCachedThreadPool(daemonThreads());
      Precreation pre = replay.precreate() ? Precreation.of(log.entries()) : Precreation.NONE;
      long precreateFailed = precreate(pre, target, config.threads());
      ReplaySchedule schedule = ReplaySchedule.of(log.entries(), config.threads(),
          replay.speed());
      Replayed r = replay(schedule, PhaseBarrier.NONE, startedAt);
      RunResult result = new RunResult(RunInfo.ofThisJvm(target.fsUri().toString(),
          target.embedded(), base.toString(), config.sharedClient(), startedAt), config,
          r.phases, Collections.emptyMap())
          .withSemantics(semantics)
          .withReplay(summary(log, replay, pre.size() - precreateFailed, precreateFailed,
              r.part));
      return !stop.isRequested() ? result : stop.bySignal()
          ? result.withInterruption(stop.reason()) : result.withEarlyStop(stop.reason());
    } finally {
      close();
    }
  }

  /** What one map of a MapReduce replay did: a phase per operation, and its replay figures. */
  public static final class MapShare {
    private final List<PhaseResult> phases;
    private final ReplayPart part;

    MapShare(List<PhaseResult> phases, ReplayPart part) {
      this.phases = phases;
      this.part = part;
    }

    /** One phase per operation of the whole log, in {@link AuditLog#operations()} order. */
    public List<PhaseResult> phases() {
      return phases;
    }

    public ReplayPart part() {
      return part;
    }
  }

  /**
   * Replays map {@code mapIndex}'s share of the log, starting when the maps meet at
   * {@code barrier} (phase 0). The driver has checked and claimed the base directory, made the
   * replay subtree and precreated.
   */
  public MapShare runAsMap(int mapIndex, int maps, PhaseBarrier barrier)
      throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    try {
      pool = Executors.newCachedThreadPool(daemonThreads());
      ReplaySchedule schedule = ReplaySchedule.of(log.entries(), config.threads(),
          replay.speed(), maps, mapIndex);
      Replayed r = replay(schedule, barrier, startedAt);
      return new MapShare(r.phases, r.part);
    } finally {
      close();
    }
  }

  /** The outcome of the replay proper. */
  private static final class Replayed {
    final List<PhaseResult> phases;
    final ReplayPart part;

    Replayed(List<PhaseResult> phases, ReplayPart part) {
      this.phases = phases;
      this.part = part;
    }
  }

  /** Makes the clients, meets the other maps (if any), and runs every thread. */
  private Replayed replay(ReplaySchedule schedule, PhaseBarrier barrier, long startedAt)
      throws IOException, InterruptedException {
    int threads = schedule.threads();
    List<FileSystem> fs = clientsFor(threads);
    boolean lateMap = barrier.await(0);
    LOG.info("replay of {}: {} of its {} commands on {} threads at speed {} into {}",
        log.source(), schedule.size(), log.entries().size(), threads, replay.speed(),
        ReplaySchedule.replayRoot(target.baseDir()));
    long[] startNanos = new long[1];
    CyclicBarrier gate = new CyclicBarrier(threads, () -> startNanos[0] = clock.nanoTime());
    AtomicLongArray progress = new AtomicLongArray(threads);
    ClockAnchor anchor = ClockAnchor.now(clock);
    List<ReplayThread.Outcome> outcomes;
    Thread reporter = progressReporter(progress, schedule);
    try {
      outcomes = forEachThread(pool, threads, t -> new ReplayThread(t, log.entries(), schedule,
          fs.get(t), target.baseDir(), clock, gate, startNanos, progress, stop).call());
    } finally {
      if (reporter != null) {
        reporter.interrupt();
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (OpType op : log.operations()) {
      List<OpRecorder> recorders = new ArrayList<>();
      for (int t = 0; t < outcomes.size(); t++) {
        OpRecorder r = outcomes.get(t).service.get(op);
        recorders.add(r != null ? r : new OpRecorder(t));
      }
      phases.add(PhaseResult.merge(op, recorders, startedAt, anchor)
          .withLateMaps(lateMap ? 1 : 0));
    }
    return new Replayed(phases, part(outcomes, startNanos[0]));
  }

  /**
   * Creates what the log finds already there, spread over {@code threads} clients of their own;
   * not measured.
   *
   * @return how many paths could not be created (the first is logged)
   */
  public static long precreate(Precreation pre, Target target, int threads)
      throws IOException, InterruptedException {
    if (pre.size() == 0) {
      return 0;
    }
    LOG.info("creating {} directories and {} files the log finds already there",
        pre.dirs().size(), pre.files().size());
    int n = Math.max(1, Math.min(threads, pre.size()));
    ClientFactory clients = new ClientFactory(target);
    ExecutorService pool = Executors.newCachedThreadPool(daemonThreads());
    List<FileSystem> fs = new ArrayList<>();
    AtomicInteger failed = new AtomicInteger();
    try {
      fs.addAll(forEachThread(pool, n, t -> clients.newClient()));
      for (List<String> paths : java.util.Arrays.asList(pre.dirs(), pre.files())) {
        boolean dirs = paths == pre.dirs();
        forEachThread(pool, n, t -> {
          for (int i = t; i < paths.size(); i += n) {
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
    } finally {
      pool.shutdownNow();
      closeAll(fs);
    }
    if (failed.get() > 0) {
      LOG.warn("{} of {} paths could not be created before the replay", failed.get(),
          pre.size());
    }
    return failed.get();
  }

  /** This process's replay figures, from its threads' outcomes. */
  private static ReplayPart part(List<ReplayThread.Outcome> outcomes, long replayStart) {
    Map<OpType, Histogram> fromDue = new EnumMap<>(OpType.class);
    Map<OpType, Long> late = new EnumMap<>(OpType.class);
    long lastStart = Long.MIN_VALUE;
    long executed = 0;
    for (ReplayThread.Outcome o : outcomes) {
      for (Map.Entry<OpType, Histogram> h : o.fromDue.entrySet()) {
        fromDue.computeIfAbsent(h.getKey(), k -> new Histogram(3)).add(h.getValue());
      }
      for (Map.Entry<OpType, Long> b : o.maxBehind.entrySet()) {
        late.merge(b.getKey(), b.getValue(), Math::max);
      }
      lastStart = Math.max(lastStart, o.lastStart);
      executed += o.executed;
    }
    long span = lastStart == Long.MIN_VALUE ? 0 : lastStart - replayStart;
    return new ReplayPart(executed, span, fromDue, late);
  }

  /** The summary of a replay of {@code log}: what the log held, and what the replay did. */
  public static ReplaySummary summary(AuditLog log, ReplayConfig replay, long precreated,
      long precreateFailed, ReplayPart part) {
    return new ReplaySummary(log.source(), log.lines(), log.auditLines(), log.otherLines(),
        log.malformedLines(), log.unsupported(), log.denied(), replay.precreate(), precreated,
        precreateFailed, replay.speed(), log.spanMillis(), part);
  }

  /** A daemon printing the commands done every few seconds to stderr; null when quiet. */
  private Thread progressReporter(AtomicLongArray progress, ReplaySchedule schedule) {
    if (progressOut == null) {
      return null;
    }
    long all = schedule.size();
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
              (clock.nanoTime() - began) / 1_000_000_000L, done, all,
              all == 0 ? 100 : done * 100 / all);
        }
      } catch (InterruptedException e) {
        // the replay ended
      }
    }, "metabench-replay-progress");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private FileSystem track(FileSystem fs) {
    synchronized (opened) {
      opened.add(fs);
    }
    return fs;
  }

  private List<FileSystem> clientsFor(int threads) throws IOException, InterruptedException {
    List<FileSystem> made = forEachThread(pool, config.sharedClient() ? 1 : threads,
        t -> track(clients.newClient()));
    List<FileSystem> fs = new ArrayList<>(threads);
    for (int t = 0; t < threads; t++) {
      fs.add(made.get(config.sharedClient() ? 0 : t));
    }
    return fs;
  }

  private static <T> List<T> forEachThread(ExecutorService pool, int threads,
      Parallel.Task<T> task) throws IOException, InterruptedException {
    return Parallel.forEach(pool, threads, "replay thread", task);
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    return Parallel.daemonThreads("metabench-replay");
  }

  private void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
    List<FileSystem> all;
    synchronized (opened) {
      all = new ArrayList<>(opened);
    }
    closeAll(all);
  }

  private static void closeAll(List<FileSystem> clients) {
    for (FileSystem fs : clients) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing a client failed", e);
      }
    }
  }
}
