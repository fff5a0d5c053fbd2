package io.metabench.replay;

import io.metabench.config.BenchConfig;
import io.metabench.config.ReplayConfig;
import io.metabench.core.ClockAnchor;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.Parallel;
import io.metabench.core.StopRequest;
import io.metabench.engine.ClientWarmup;
import io.metabench.engine.Phase;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.PhaseEngine;
import io.metabench.engine.Progress;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.namespace.ShapedTree;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.report.SeriesFile;
import io.metabench.runner.RunChecks;
import io.metabench.stats.NamespaceCheck;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplayPart;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays an audit log against a target in this process, or this map's share of it in a
 * MapReduce replay, on the one {@link PhaseEngine}: the replay is one measured phase with a
 * result per operation, each thread's commands an {@link ReplaySource}. Lifecycle of a replay in
 * one process: check, without changing anything, that the target is reachable, its base
 * directory usable (new, empty, or MetaBench's, exactly as a benchmark run checks it) and that it
 * holds no {@code replay} subtree yet; then claim the base directory (the marker), make
 * {@code <baseDir>/replay}, create what the log finds already there (unmeasured), and run the
 * phase: clients, start gate, due times, {@code -opTimeout}, {@code -failFast}, stops, progress,
 * per-second series and the merge are the engine's, as for every phase kind. A map of a
 * MapReduce replay does only the phase: the driver has checked, claimed and precreated.
 *
 * <p>One instance runs once; not thread-safe.
 */
public final class ReplayRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayRunner.class);

  private final BenchConfig config;
  private final ReplayConfig replay;
  private final AuditLog log;
  private final Target target;
  private final NanoClock clock;
  private final Progress progress;
  private final StopRequest stop;
  private final ClientFactory clients;
  private File seriesPath;
  private ReplayPart lastPart;
  private PhaseEngine.EarlyEnd earlyEnd = PhaseEngine.EarlyEnd.NEVER;
  /** Where a log path is replayed: under the replay root, or as a namespace maps it. */
  private Function<String, Path> remap;

  /**
   * A runner showing progress through {@code progress} and stopping early, with a partial
   * result, when {@code stop} is requested.
   */
  public ReplayRunner(BenchConfig config, ReplayConfig replay, AuditLog log, Target target,
      NanoClock clock, Progress progress, StopRequest stop) {
    this.config = config;
    this.replay = replay;
    this.log = log;
    this.target = target;
    this.clock = clock;
    this.progress = progress;
    // Its own request, so -failFast stops this replay only.
    this.stop = new StopRequest(stop);
    this.clients = new ClientFactory(target);
    this.remap = src -> ReplaySchedule.remap(target.baseDir(), src);
  }

  /** Writes the replay's per-second series (a row per operation and second) to {@code file}. */
  public ReplayRunner seriesTo(File file) {
    this.seriesPath = file;
    return this;
  }

  /** Asks {@code e} each second of the replay whether to end it early (a capacity step). */
  public ReplayRunner endingEarlyWhen(PhaseEngine.EarlyEnd e) {
    this.earlyEnd = e;
    return this;
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
    FileSystem control = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      FileSystem fs = clients.newClient();
      try {
        checkTarget(fs, base);
      } catch (IOException | RuntimeException e) {
        ClientFactory.closeQuietly(fs);
        throw e;
      }
      return fs;
    });
    ShapedTree tree;
    try {
      tree = ReplayNamespace.shape(config, ReplaySchedule.replayRoot(base));
    } catch (RuntimeException e) {
      ClientFactory.closeQuietly(control);
      throw e;
    }
    try {
      prepareTarget(control, target);
      FsSemantics semantics = FsSemantics.of(control, base);
      Precreation pre = inspect(log, replay);
      NamespaceCheck made = null;
      NamespaceMapping mapping = null;
      if (tree != null) {
        made = ReplayNamespace.make(tree, target, control, config.prefill().threads() > 0
            ? config.prefill().threads() : config.threads());
        mapping = NamespaceMapping.of(pre, log, tree, config.seed());
        LOG.info("replay: {}", mapping.describe());
        remap = mapping::remap;
      }
      NamespaceMapping onto = mapping;
      long precreateFailed = replay.precreate() ? precreate(pre, target, config.threads(),
          remap, dir -> onto != null && onto.mapsDirectory(dir)) : 0;
      ReplaySchedule schedule = ReplaySchedule.of(log.firstMillis(), config.threads(),
          replay.speed());
      List<PhaseResult> phases = replay(schedule, pre, PhaseBarrier.NONE, log.size());
      RunResult result = new RunResult(RunInfo.ofThisJvm(target.fsUri().toString(),
          target.embedded(), base.toString(), config.sharedClient(), target.localClient(), startedAt),
          config,
          phases, Collections.emptyMap())
          .withProvenance(io.metabench.runner.RunProvenance.of(target))
          .withSemantics(semantics)
          .withReplay(onNamespace(summary(log, replay, pre, precreateFailed, mapping == null ? 0
              : pre.dirs().stream().filter(mapping::mapsDirectory).count(), lastPart()),
              made, mapping));
      return !stop.isRequested() ? result : stop.bySignal()
          ? result.withInterruption(stop.reason()) : result.withEarlyStop(stop.reason());
    } finally {
      ClientFactory.closeQuietly(control);
    }
  }

  /**
   * What the log finds already there, which of its commands find their path absent, and which
   * change a subtree: one pass over the log (and the -replayNamespace listing, if given).
   */
  public static Precreation inspect(AuditLog log, ReplayConfig replay) throws IOException {
    long t0 = System.nanoTime();
    NamespaceListing listing = replay.namespace() == null ? null
        : NamespaceListing.in(replay.namespace());
    Precreation pre = Precreation.of(log, listing, replay.probesAreMisses());
    LOG.info("read {} commands of {} in {} ms: {} paths were there before it ({} directories), "
        + "{} probed only{}", log.size(), log.source(), (System.nanoTime() - t0) / 1_000_000,
        pre.size(), pre.dirs().size(), pre.ambiguousProbes(), pre.listing() == null ? ""
            : ", listing: " + pre.listing());
    return pre;
  }

  /**
   * Replays map {@code mapIndex}'s share of the log, starting when the maps meet at
   * {@code barrier} (phase 0): a phase per operation of the whole log, in
   * {@link AuditLog#operations()} order. The driver has checked and claimed the base directory,
   * made the replay subtree, precreated, and sent what it learnt of the log ({@code pre}).
   */
  public List<PhaseResult> runAsMap(int mapIndex, int maps, PhaseBarrier barrier,
      Precreation pre) throws IOException, InterruptedException {
    return replay(ReplaySchedule.of(log.firstMillis(), config.threads(), replay.speed(), maps,
        mapIndex), pre, barrier, -1);
  }

  /** The figures of this process's (or map's) last replay: commands run, span, order waits. */
  public ReplayPart lastPart() {
    return lastPart;
  }

  /** Runs the replay phase on the engine: one worker per schedule thread. */
  private List<PhaseResult> replay(ReplaySchedule schedule, Precreation pre,
      PhaseBarrier barrier, long expected) throws IOException, InterruptedException {
    List<OpType> ops = new ArrayList<>(log.operations());
    List<String> labels = new ArrayList<>();
    for (OpType op : ops) {
      labels.add(op.id());
    }
    Phase phase = Phase.measured("replay", ops, 0).expecting(expected)
        .guardedBy(0, config.opTimeoutMillis() * 1_000_000L, config.failFast())
        .withSeriesLabels(labels);
    if (schedule.paced()) {
      phase = phase.scheduled();
    }
    SeriesFile series = SeriesFile.openOrWarn(seriesPath);
    try (PhaseEngine engine = new PhaseEngine(clients, config.sharedClient(), clock,
        ClockAnchor.now(clock), barrier, progress, stop).writingSeriesTo(series)
        .warmingClientsWith(new ClientWarmup(config.clientWarmupMillis() * 1_000_000L,
            BaseDirMarker.clientWarmupDir(target.baseDir(), config.mapIndex()))
            // Warmed no more than it replays: its commands, and its length at its pace.
            .boundedBy(schedule.paced() ? Math.round(log.spanMillis() * 1e6 / replay.speed())
                : Long.MAX_VALUE, log.size()))
          .tellingWindowsTo(target::measuring).endingEarlyWhen(earlyEnd);
        ReplayFeed feed = new ReplayFeed(log, schedule, pre, ops)) {
      List<FileSystem> fs = engine.clients(schedule.threads());
      List<ReplaySource> sources = new ArrayList<>();
      for (int t = 0; t < schedule.threads(); t++) {
        sources.add(new ReplaySource(OpContext.forGivenPaths(fs.get(t), clock),
            new ReplayOp(remap), feed, t, schedule.paced(), stop));
      }
      LOG.info("replay of {}: its {} commands on {} threads at speed {} into {}",
          log.source(), log.size(), schedule.threads(), replay.speed(),
          ReplaySchedule.replayRoot(target.baseDir()));
      feed.start();
      List<PhaseResult> phases = engine.run(phase, sources);
      if (feed.failure() != null) {
        throw new IOException("reading " + log.source() + " again failed: "
            + feed.failure().getMessage(), feed.failure());
      }
      lastPart = ReplayPart.of(phases).withOrderWaits(feed.waits(), feed.waitNanos());
      return phases;
    } finally {
      if (series != null) {
        try {
          series.close();
        } catch (IOException e) {
          LOG.warn("closing the per-second series file failed: {}", e.toString());
        }
      }
    }
  }

  /**
   * Creates what the log finds already there, spread over {@code threads} clients of their own;
   * not measured.
   *
   * @return how many paths could not be created (the first is logged)
   */
  public static long precreate(Precreation pre, Target target, int threads)
      throws IOException, InterruptedException {
    return precreate(pre, target, threads, src -> ReplaySchedule.remap(target.baseDir(), src),
        dir -> false);
  }

  /**
   * As {@link #precreate(Precreation, Target, int)}, each path where {@code remap} puts it, the
   * directories {@code there} says exist already left as they are.
   */
  static long precreate(Precreation pre, Target target, int threads,
      Function<String, Path> remap, java.util.function.Predicate<String> there)
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
            if (dirs && there.test(paths.get(i))) {
              continue;
            }
            Path p = remap.apply(paths.get(i));
            try {
              if (dirs) {
                fs.get(t).mkdirs(p);
              } else {
                fs.get(t).create(p, false).close();
              }
            } catch (IOException | RuntimeException e) {
              // A name a client cannot take (a ':' on the local file system) fails this path only.
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

  /**
   * {@code s} of a replay on the namespace {@code made} ({@code mapping} where the log's paths
   * went), or {@code s} itself when it ran on none; the directories mapped were not precreated.
   */
  private static ReplaySummary onNamespace(ReplaySummary s, NamespaceCheck made,
      NamespaceMapping mapping) {
    return made == null ? s : s.withInference(s.inference().onNamespace(made,
        mapping.describe()));
  }

  /** The summary of a replay of {@code log}: what the log held, and what the replay did. */
  public static ReplaySummary summary(AuditLog log, ReplayConfig replay, Precreation pre,
      long precreateFailed, ReplayPart part) {
    return summary(log, replay, pre, precreateFailed, 0, part);
  }

  /** As above, {@code found} of what the log needed found in a namespace, not precreated. */
  private static ReplaySummary summary(AuditLog log, ReplayConfig replay, Precreation pre,
      long precreateFailed, long found, ReplayPart part) {
    long precreated = replay.precreate() ? pre.size() - found - precreateFailed : 0;
    return new ReplaySummary(log.source(), log.lines(), log.auditLines(), log.otherLines(),
        log.malformedLines(), log.unsupported(), log.denied(), replay.precreate(), precreated,
        precreateFailed, replay.speed(), log.spanMillis(), part)
        .withInference(new ReplaySummary.Inference(pre.dirs().size(), pre.files().size(),
            pre.ambiguousProbes(), replay.probesAreMisses(), pre.listing()));
  }

  private static <T> List<T> forEachThread(ExecutorService pool, int threads,
      Parallel.Task<T> task) throws IOException, InterruptedException {
    return Parallel.forEach(pool, threads, "replay thread", task);
  }

  private static java.util.concurrent.ThreadFactory daemonThreads() {
    return Parallel.daemonThreads("metabench-replay");
  }

  private static void closeAll(List<FileSystem> clients) {
    for (FileSystem fs : clients) {
      ClientFactory.closeQuietly(fs);
    }
  }
}
