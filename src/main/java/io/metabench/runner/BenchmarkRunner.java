package io.metabench.runner;

import io.metabench.engine.ItemSource;
import io.metabench.engine.MixSource;
import io.metabench.engine.MixWorkload;
import io.metabench.engine.Phase;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.PhaseEngine;
import io.metabench.engine.Progress;
import io.metabench.engine.SequentialSource;
import io.metabench.engine.TreeWalkSource;
import io.metabench.engine.Visibility;
import io.metabench.core.StopRequest;
import io.metabench.core.Parallel;
import io.metabench.core.Version;
import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.fs.TargetChecks;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.ItemTree;
import io.metabench.path.Layout;
import io.metabench.path.NamespaceState;
import io.metabench.path.PathSchema;
import io.metabench.path.PrefillState;
import io.metabench.path.WorkerPaths;
import io.metabench.report.SeriesFile;
import io.metabench.core.ClockAnchor;
import io.metabench.stats.FailureCount;
import io.metabench.stats.IntervalSeries;
import io.metabench.core.NanoClock;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.PrefillResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the phases of one process (one map) against a target, in order, and returns their merged
 * results. Lifecycle: check everything that can be checked without changing the file system
 * (reachability, ownership of the base directory, the phase sequence against the recorded
 * namespace state, HDFS limits); then claim the base directory, make the worker clients, run each
 * phase behind a start gate, record the namespace state after each, clean up if asked, and close
 * the clients.
 *
 * <p>One instance runs once; not thread-safe.
 */
public final class BenchmarkRunner {
  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunner.class);
  private static final int IO_BUFFER_SIZE_DEFAULT = 4096;

  private final BenchConfig config;
  private final Target target;
  private final NanoClock clock;
  private final ClientFactory clients;
  private final ClockAnchor anchor;
  private final PhaseBarrier barrier;
  private final Progress progress;
  private final StopRequest stop;
  private FileSystem control;
  private PhaseEngine engine;
  private File seriesPath;
  private SeriesFile series;
  /** Per worker, the files (directories) this run made visible under their current names. */
  private List<BitSet> visibleFiles;
  private List<BitSet> visibleDirs;
  /** Directories the last removing phase could not remove because items remained in them. */
  private int dirsLeftByLastPhase;

  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock) {
    this(config, target, clock, PhaseBarrier.NONE);
  }

  /** A runner that is one of several processes (map tasks) meeting at {@code barrier}. */
  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock,
      PhaseBarrier barrier) {
    this(config, target, clock, barrier, Progress.QUIET, StopRequest.NEVER);
  }

  /**
   * A runner reporting live progress of each phase to {@code progress}, and stopping early, with
   * a partial result, when {@code stop} is requested.
   */
  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock,
      PhaseBarrier barrier, Progress progress, StopRequest stop) {
    // The run's own request: -failFast makes it; a signal's request reaches it through stop.
    this.stop = new StopRequest(stop);
    this.barrier = barrier;
    this.progress = progress;
    this.config = config;
    this.target = target;
    this.clock = clock;
    this.clients = new ClientFactory(target);
    this.anchor = ClockAnchor.now(clock);
  }

  /** Writes the per-second series of the run's phases to {@code file} as they run. */
  public BenchmarkRunner seriesTo(File file) {
    this.seriesPath = file;
    return this;
  }

  /**
   * Runs every phase.
   *
   * @throws InvalidInputException when the run cannot start; nothing was changed then
   * @throws IOException when the base directory or the workers' directories cannot be prepared
   */
  public RunResult run() throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    Path base = target.baseDir();
    String where = base + " (map " + config.mapIndex()
        + (target.embedded() ? ", on the embedded HDFS, which lasts one run" : "") + ")";
    NamespaceState initial = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      control = clients.newClient();
      return recordedState(control, base, config.mapIndex());
    });
    try {
      PrefillState recordedPrefill = Reachability.within(target, config.connectTimeoutSeconds(),
          () -> BaseDirMarker.readPrefill(control, base, config.mapIndex()));
      checkPrefill(config, recordedPrefill, target, where);
      Layout layout = config.layout();
      initial.afterAll(config.operations(), layout, where);
      TargetChecks.hdfsLimits(config, target);
      checkCapabilities(config, control, target);
      if (config.operations().stream().anyMatch(OpType::traverses)) {
        traversalRoot(config, target);
      }
      claim(control, target);
      FsSemantics semantics = FsSemantics.of(control, base);
      if (seriesPath != null) {
        try {
          series = SeriesFile.create(seriesPath);
          LOG.info("per-second series: {}", seriesPath.getAbsolutePath());
        } catch (IOException e) {
          LOG.warn("the per-second series file {} cannot be written: {}", seriesPath, e.toString());
        }
      }
      engine = new PhaseEngine(clients, config.sharedClient(), clock, anchor, barrier, progress,
          stop).writingSeriesTo(series);

      List<PhaseResult> results = new ArrayList<>();
      List<String> notRun = new ArrayList<>();
      String notRunReason = "";
      boolean stateUnrecorded = false;
      NamespaceState state = initial;
      PrefillResult prefill = null;
      int firstPhase = 0;
      if (config.prefillFiles() > 0) {
        prefill = prefill().run(recordedPrefill);
        if (!prefill.complete() && !stop.isRequested() && !config.operations().isEmpty()) {
          // The phases would measure a namespace smaller than asked.
          notRunReason = "the prefill is incomplete (" + prefill.failed() + " files or "
              + "directories failed); run the same command again to resume it";
          for (OpType skipped : config.operations()) {
            notRun.add(skipped.id());
          }
          LOG.error("stopping before {}: {}", notRun, notRunReason);
          barrier.withdraw(0, config.operations().size());
          firstPhase = config.operations().size();
        }
      }
      for (int phase = firstPhase; phase < config.operations().size(); phase++) {
        OpType op = config.operations().get(phase);
        String refusal = stop.isRequested() ? stop.reason() : refusal(state, op, layout, where);
        if (refusal != null) {
          // Only an earlier phase's failures get here: the sequence was checked before the run.
          notRunReason = refusal;
          for (OpType skipped : config.operations().subList(phase, config.operations().size())) {
            notRun.add(skipped.id());
          }
          LOG.error("stopping before {}: {}", notRun, refusal);
          barrier.withdraw(phase, config.operations().size());
          break;
        }
        if (!op.traverses()) {
          LOG.info("{}: {} workers x {} {} in {}", op.id(), config.threads(),
              config.filesPerWorker(), op.items() == OpType.Items.FILES ? "files" : "directories",
              where);
        }
        long startAt = phase == 0 ? config.startTime() * 1000 : 0;
        List<PhaseResult> produced = op == OpType.MIX ? runMix(layout, state, startAt, phase)
            : java.util.Collections.singletonList(op.traverses() ? runTraversal(op, startAt, phase)
                : runPhase(op, op.op(), layout, state.files() == NamespaceState.Files.RENAMED,
                    startAt, phase));
        // A removing phase with failures left items behind: keep them on record, so that a later
        // -cleanup (which takes both names and skips what is gone) still removes them.
        if (!(op.removesItems() && (produced.get(0).failed() > 0 || stop.isRequested()))) {
          state = state.after(op, layout, where);
        }
        for (PhaseResult result : produced) {
          logPhase(result);
          results.add(result);
        }
        String unrecorded = recordState(state);
        if (unrecorded != null) {
          // The phase's figures stand; what the namespace holds now is not on record, so no
          // later phase (nor cleanup) may rely on it.
          notRunReason = unrecorded;
          for (OpType skipped : config.operations().subList(phase + 1,
              config.operations().size())) {
            notRun.add(skipped.id());
          }
          barrier.withdraw(phase + 1, config.operations().size());
          stateUnrecorded = true;
          break;
        }
      }
      Map<String, FailureCount> cleanupFailures = new TreeMap<>();
      if (config.cleanup() && !stateUnrecorded) {
        cleanupFailures = cleanup(state);
      }
      RunResult result = new RunResult(info(startedAt), config, results, cleanupFailures)
          .withNotRun(notRun, notRunReason).withSemantics(semantics).withPrefill(prefill);
      return !stop.isRequested() ? result : stop.bySignal()
          ? result.withInterruption(stop.reason()) : result.withEarlyStop(stop.reason());
    } finally {
      close();
    }
  }

  /**
   * Checks, without changing anything, what {@link #run} checks before it changes anything: that
   * the target is reachable, the base directory usable, and (for a run in this process) the phase
   * sequence possible from the recorded state. For a study, which checks every target before its
   * first run.
   *
   * @throws InvalidInputException when a run could not start
   */
  public static void preflight(BenchConfig config, Target target) throws IOException {
    ClientFactory clients = new ClientFactory(target);
    NamespaceState state = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      try (FileSystem fs = clients.newClient()) {
        checkCapabilities(config, fs, target);
        return recordedState(fs, target.baseDir(), config.mapIndex());
      }
    });
    if (config.maps() == 0) {
      String where = target.baseDir() + " (map " + config.mapIndex() + ")";
      state.afterAll(config.operations(), config.layout(), where);
      checkPrefill(config, Reachability.within(target, config.connectTimeoutSeconds(), () -> {
        try (FileSystem fs = clients.newClient()) {
          return BaseDirMarker.readPrefill(fs, target.baseDir(), config.mapIndex());
        }
      }), target, where);
    }
    TargetChecks.hdfsLimits(config, target);
  }

  /**
   * Refuses a prefill whose shape differs from the one recorded for this map: its names would
   * not be the recorded tree's, so it could neither resume nor be cleaned up.
   */
  public static void checkPrefill(BenchConfig config, PrefillState recorded, Target target,
      String where) {
    if (config.prefillFiles() > 0 && recorded != null) {
      recorded.requireShape(config.prefillTree(prefillRoot(config, target)), where);
    }
  }

  private static Path prefillRoot(BenchConfig config, Target target) {
    return new PathSchema(target.baseDir(), config.mapIndex(), 1, 2).prefillMapDir();
  }

  /** This map's prefill, with one client per prefill worker. */
  private Prefill prefill() throws IOException, InterruptedException {
    PathSchema schema = new PathSchema(target.baseDir(), config.mapIndex(), 1, 2);
    return new Prefill(config, control, target.baseDir(), schema.prefillDir(),
        schema.prefillMapDir(), engine.clients(config.prefillThreads()),
        ioBufferSize(), clock, anchor,
        progress, stop).writingSeriesTo(series);
  }

  /**
   * Claims the target's base directory for MetaBench (the marker); a file system that refuses
   * this user is bad input, and nothing was written then.
   */
  public static void claim(FileSystem control, Target target) throws IOException {
    try {
      BaseDirMarker.claim(control, target.baseDir(), Version.get());
    } catch (IOException e) {
      if (Reachability.isDenial(e)) {
        throw Reachability.denied(target, e);
      }
      throw e;
    }
  }

  /** What the marker records for {@code map}; refuses a base directory MetaBench may not use. */
  private static NamespaceState recordedState(FileSystem fs, Path base, int map)
      throws IOException {
    BaseDirMarker.Ownership ownership = BaseDirMarker.inspect(fs, base);
    BaseDirMarker.requireUsable(ownership, base);
    return ownership == BaseDirMarker.Ownership.OWNED ? BaseDirMarker.readState(fs, base, map)
        : NamespaceState.EMPTY;
  }

  /**
   * Records the namespace state after a phase, retrying for up to the connect timeout: the file
   * system may just be coming back from the outage the phase ran into.
   *
   * @return null when recorded, else why not
   */
  private String recordState(NamespaceState state) throws InterruptedException {
    long deadline = System.nanoTime() + config.connectTimeoutSeconds() * 1_000_000_000L;
    for (long pause = 100;; pause = Math.min(pause * 2, 2000)) {
      try {
        BaseDirMarker.writeState(control, target.baseDir(), config.mapIndex(), state);
        return null;
      } catch (IOException e) {
        if (System.nanoTime() + pause * 1_000_000L > deadline) {
          String why = "the namespace state after this phase could not be recorded in "
              + BaseDirMarker.markerDir(target.baseDir()) + " (" + e + "); later phases and "
              + "cleanup were not run; check what the base directory holds before the next run";
          LOG.error(why);
          return why;
        }
        Thread.sleep(pause);
      }
    }
  }

  /** Why {@code op} cannot run from {@code state}, or null when it can. */
  private static String refusal(NamespaceState state, OpType op, Layout layout, String where) {
    try {
      state.after(op, layout, where);
      return null;
    } catch (InvalidInputException e) {
      return e.getMessage();
    }
  }

  /**
   * Refuses a phase the file system says it cannot do (append without the append capability),
   * before anything is written.
   */
  static void checkCapabilities(BenchConfig config, FileSystem fs, Target target)
      throws IOException {
    if (config.operations().contains(OpType.APPEND)
        && !fs.hasPathCapability(target.baseDir(), CommonPathCapabilities.FS_APPEND)) {
      throw new InvalidInputException("append: " + target.fsUri() + " does not support append "
          + "(it lacks the path capability " + CommonPathCapabilities.FS_APPEND + "); drop append "
          + "from -operation for this file system");
    }
  }

  /**
   * Runs one phase: makes the items' parent directories if the phase creates items, runs it on
   * the engine ({@code barrierPhase} &lt; 0: unmeasured, for cleanup), and removes emptied
   * directories if the phase removes items.
   */
  private PhaseResult runPhase(OpType op, MetaOp metaOp, Layout layout, boolean filesRenamed,
      long startAtEpochMillis, int barrierPhase) throws IOException, InterruptedException {
    boolean ofFiles = op.items() == OpType.Items.FILES;
    List<FileSystem> fs = engine.clients(layout.threads());
    PathSchema schema = PathSchema.of(target.baseDir(), config.mapIndex(), layout);
    boolean measured = barrierPhase >= 0;
    int shift = measured && op.onlyReads() ? config.readShift() : 0;
    PathSchema readSchema = shift == 0 ? schema : readFrom(shift, layout);
    List<WorkerPaths> paths = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      paths.add(readSchema.forWorker(readWorker(t, shift, layout)));
    }
    if (op.createsItems()) {
      makeLeafDirs(paths, fs, ofFiles, op.id());
    }
    List<Visibility> visibility = visibilityFor(op, layout, measured, shift);
    boolean timeBound = measured && config.durationBound(op);
    List<ItemSource> sources = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      sources.add(new SequentialSource(metaOp, context(fs.get(t), paths.get(t), filesRenamed),
          layout.itemsPerWorker(), timeBound, visibility.get(t)));
    }
    Phase phase = measured ? measured(op.id(), Collections.singletonList(op), barrierPhase,
        startAtEpochMillis, config.durationBound(op))
        .expecting(layout.threads() * layout.itemsPerWorker())
        : Phase.unmeasured(op).guardedBy(config.retries(), 0, false);
    PhaseResult result = engine.run(phase, sources).get(0);
    if (op.removesItems()) {
      dirsLeftByLastPhase = removeEmptiedDirs(paths, ofFiles, schema, fs);
    }
    if (measured) {
      rememberVisibility(op, visibility);
    }
    return result;
  }

  /**
   * A measured phase of this run: paced by {@code -duration} (when {@code timeBound}),
   * {@code -warmup} and this process's share of {@code -rate}, guarded by {@code -retries},
   * {@code -opTimeout} and {@code -failFast}.
   */
  private Phase measured(String label, List<OpType> results, int barrierPhase,
      long startAtEpochMillis, boolean timeBound) {
    return Phase.measured(label, results, barrierPhase).startingAt(startAtEpochMillis)
        .pacedBy(timeBound ? config.durationMillis() * 1_000_000L : 0,
            config.warmupMillis() * 1_000_000L, config.rate() / Math.max(1, config.maps()))
        .guardedBy(config.retries(), config.opTimeoutMillis() * 1_000_000L, config.failFast());
  }

  /** A worker's context: its client and names, with this run's settings. */
  private OpContext context(FileSystem fs, WorkerPaths paths, boolean filesRenamed) {
    return new OpContext(fs, paths, clock, config.bytesToWrite(), config.replication(),
        config.blockSize(), ioBufferSize(), config.readFileAfterOpen(), filesRenamed);
  }

  private int ioBufferSize() {
    return target.clientConf().getInt("io.file.buffer.size", IO_BUFFER_SIZE_DEFAULT);
  }

  /** Makes the directories that hold each worker's items, before a phase that creates them. */
  private void makeLeafDirs(List<WorkerPaths> paths, List<FileSystem> fs, boolean ofFiles,
      String before) throws IOException, InterruptedException {
    engine.forEachWorker(paths.size(), t -> {
      for (Path dir : paths.get(t).tree(ofFiles).leafDirs()) {
        if (!fs.get(t).mkdirs(dir)) {
          throw new IOException("could not create " + dir + " before " + before);
        }
      }
      return null;
    });
  }

  /**
   * Runs a mix phase: each worker draws its operations from {@code -mix} over its own items (its
   * working set, present when an earlier create_write made them), and each operation of the mix
   * gets its own result, named {@code mix:<operation>}, with its own series.
   */
  private List<PhaseResult> runMix(Layout layout, NamespaceState state, long startAtEpochMillis,
      int barrierPhase) throws IOException, InterruptedException {
    List<FileSystem> fs = engine.clients(layout.threads());
    PathSchema schema = PathSchema.of(target.baseDir(), config.mapIndex(), layout);
    List<WorkerPaths> paths = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      paths.add(schema.forWorker(t));
    }
    // The mix may create any item: every directory must be there (mkdirs of one that is, is a
    // no-op).
    makeLeafDirs(paths, fs, true, OpType.MIX.id());
    boolean renamed = state.files() == NamespaceState.Files.RENAMED;
    int items = (int) layout.itemsPerWorker();
    int present = items;
    if (state.files() == NamespaceState.Files.ABSENT) {
      present = fillForMix(paths, fs, items);
    }
    List<MixSource> sources = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      sources.add(new MixSource(new MixWorkload(config.mix(), items, present, renamed,
          config.seed(), config.mapIndex() * layout.threads() + t),
          context(fs.get(t), paths.get(t), renamed),
          layout.itemsPerWorker(), config.durationBound(OpType.MIX)));
    }
    Phase phase = measured(OpType.MIX.id(), config.mix().ops(), barrierPhase,
        startAtEpochMillis, config.durationBound(OpType.MIX))
        .expecting(layout.threads() * layout.itemsPerWorker()).inMix();
    List<PhaseResult> results = engine.run(phase, sources);
    int exhausted = 0;
    for (MixSource s : sources) {
      exhausted += s.exhausted() ? 1 : 0;
    }
    if (exhausted > 0) {
      LOG.warn("mix: {} of {} workers stopped early: none of the mix's operations had an item to "
          + "work on (no present file to read, no absent one to create)", exhausted,
          layout.threads());
    }
    return results;
  }

  /**
   * {@code -mixFill}: part of an empty working set is made first, unmeasured, so that a mix of
   * reads and creates can draw both from its start.
   *
   * @return how many of each worker's items are present now
   */
  private int fillForMix(List<WorkerPaths> paths, List<FileSystem> fs, int items)
      throws IOException, InterruptedException {
    int fill = (int) (items * (long) config.mixFillPercent() / 100);
    if (fill > 0) {
      LOG.info("mix: making {} of each worker's {} files first (-mixFill {}), unmeasured",
          fill, items, config.mixFillPercent());
    }
    engine.forEachWorker(paths.size(), t -> {
      OpContext ctx = new OpContext(fs.get(t), paths.get(t), clock, config.bytesToWrite(),
          config.replication(), config.blockSize(), ioBufferSize(), false, false);
      for (int i = 0; i < fill; i++) {
        try {
          OpType.CREATE_WRITE.op().execute(ctx, i);
        } catch (IOException e) {
          throw new IOException("mix: could not make " + paths.get(t).file(i) + " for "
              + "-mixFill: " + e, e);
        }
      }
      return null;
    });
    return fill;
  }

  /**
   * Runs a traversal phase: the workers share one walk of the subtree ({@code -subtree}, by
   * default the base directory), so with more workers it is traversed in parallel. A visit is
   * never retried (its subtree would be walked twice) and the walk is not paced.
   */
  private PhaseResult runTraversal(OpType op, long startAtEpochMillis, int barrierPhase)
      throws IOException, InterruptedException {
    int workers = config.threads();
    List<FileSystem> fs = engine.clients(workers);
    Path root = traversalRoot(config, target);
    LOG.info("{}: {} workers traversing {}", op.id(), workers, root);
    TreeWalkSource.Walk walk = new TreeWalkSource.Walk(root);
    List<ItemSource> sources = new ArrayList<>();
    for (int t = 0; t < workers; t++) {
      sources.add(new TreeWalkSource(walk, op.treeOp(),
          new OpContext(fs.get(t), null, clock, 0, (short) 1, 1, 4096, false, false),
          workers > 1, stop));
    }
    Phase phase = Phase.measured(op.id(), Collections.singletonList(op), barrierPhase)
        .startingAt(startAtEpochMillis)
        .guardedBy(0, config.opTimeoutMillis() * 1_000_000L, config.failFast());
    return engine.run(phase, sources).get(0);
  }

  /**
   * The subtree a traversal walks: {@code -subtree} relative to the base directory, an absolute
   * path on the target's file system, or the base directory itself when not given.
   */
  public static Path traversalRoot(BenchConfig config, Target target) {
    String subtree = config.subtree();
    if (subtree.isEmpty()) {
      return Path.getPathWithoutSchemeAndAuthority(target.baseDir());
    }
    Path p = new Path(subtree);
    if (p.toUri().getScheme() != null
        && !p.toUri().getScheme().equals(target.fsUri().getScheme())) {
      throw new InvalidInputException("-subtree " + subtree + " is not on the target's file "
          + "system " + target.fsUri() + ": give a path relative to the base directory, or an "
          + "absolute path on that file system");
    }
    return p.isAbsolute() ? Path.getPathWithoutSchemeAndAuthority(p)
        : new Path(Path.getPathWithoutSchemeAndAuthority(target.baseDir()), subtree);
  }

  /**
   * What each worker of a phase knows of its items' visibility: made visible by an earlier
   * phase of this run (a create_write, mkdirs or rename that succeeded), and where this phase
   * records what it makes visible. Cleanup tracks nothing.
   */
  private List<Visibility> visibilityFor(OpType op, Layout layout, boolean tracked, int shift) {
    boolean ofFiles = op.items() == OpType.Items.FILES;
    // Another map's items were made by another process: nothing is known of them here.
    List<BitSet> known = shift != 0 && config.maps() > 0 ? null
        : ofFiles ? visibleFiles : visibleDirs;
    boolean makes = tracked && (op.createsItems() || op == OpType.RENAME)
        && Visibility.trackable(layout.itemsPerWorker());
    List<Visibility> v = new ArrayList<>(layout.threads());
    for (int t = 0; t < layout.threads(); t++) {
      v.add(new Visibility(tracked && known != null ? known.get(readWorker(t, shift, layout))
          : null,
          makes ? new BitSet() : null));
    }
    return v;
  }

  /** Whose items worker {@code t} works on: its own, or (reading) the worker shift places on. */
  private int readWorker(int t, int shift, Layout layout) {
    return shift == 0 || config.maps() > 0 ? t : (t + shift) % layout.threads();
  }

  /** The paths read: this map's, or with -maps and a shift, the map shift places on. */
  private PathSchema readFrom(int shift, Layout layout) {
    int map = shift == 0 || config.maps() == 0 ? config.mapIndex()
        : (config.mapIndex() + shift) % config.maps();
    return PathSchema.of(target.baseDir(), map, layout);
  }

  private void rememberVisibility(OpType op, List<Visibility> visibility) {
    if (!op.removesItems() && !op.createsItems() && op != OpType.RENAME) {
      return; // a reading phase changes nothing
    }
    List<BitSet> made = null; // removed, or too many items to track
    if (!op.removesItems() && !visibility.isEmpty() && visibility.get(0).made() != null) {
      made = new ArrayList<>();
      for (Visibility v : visibility) {
        made.add(v.made());
      }
    }
    if (op.items() == OpType.Items.FILES) {
      visibleFiles = made;
    } else {
      visibleDirs = made;
    }
  }

  /** Removes the directories a phase emptied, non-recursively, so nothing else can go with them. */
  private int removeEmptiedDirs(List<WorkerPaths> paths, boolean ofFiles, PathSchema schema,
      List<FileSystem> fs) throws IOException, InterruptedException {
    AtomicInteger left = new AtomicInteger();
    // In a shared tree every worker's paths name the same directories: one worker removes them.
    engine.forEachWorker(schema.shared() ? 1 : paths.size(), t -> {
      for (Path dir : paths.get(t).tree(ofFiles).dirsDeepestFirst()) {
        if (!deleteEmptyDir(fs.get(t), dir)) {
          left.incrementAndGet();
        }
      }
      return null;
    });
    deleteEmptyDir(control, schema.mapDir(ofFiles));
    deleteEmptyDir(control, schema.kindDir(ofFiles));
    if (left.get() > 0) {
      LOG.warn("{} directories under {} still hold items and were left in place",
          left.get(), schema.mapDir(ofFiles));
    }
    return left.get();
  }

  /** Removes an empty directory; true when it is gone, also when it was gone already. */
  private static boolean deleteEmptyDir(FileSystem fs, Path dir) {
    try {
      // A repeated cleanup (after something else could not be removed) finds it gone already.
      return fs.delete(dir, false) || !fs.exists(dir);
    } catch (FileNotFoundException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Removes what the recorded namespace state says this map made, by name and non-recursively,
   * with the layout it was made with; then the marker when nothing else is left.
   */
  private Map<String, FailureCount> cleanup(NamespaceState state)
      throws IOException, InterruptedException {
    Map<String, FailureCount> failures = new TreeMap<>();
    if (state.files() != NamespaceState.Files.ABSENT) {
      collectCleanupFailures(failures, runPhase(OpType.DELETE, DELETE_EITHER_NAME,
          state.fileLayout(), false, 0, -1));
    }
    if (state.dirs() != NamespaceState.Dirs.ABSENT) {
      collectCleanupFailures(failures, runPhase(OpType.RMDIR, REMOVE_DIR_IF_THERE,
          state.dirLayout(), false, 0, -1));
    }
    PrefillState prefill = BaseDirMarker.readPrefill(control, target.baseDir(),
        config.mapIndex());
    if (prefill != null) {
      Map<String, FailureCount> left = prefill().cleanup(prefill);
      if (left.isEmpty()) {
        BaseDirMarker.deletePrefill(control, target.baseDir(), config.mapIndex());
      }
      FailureCount.addAll(failures, left);
    }
    if (failures.isEmpty()) {
      BaseDirMarker.release(control, target.baseDir(), config.mapIndex());
      LOG.info("cleanup: removed what map {} made in {}", config.mapIndex(), target.baseDir());
    } else {
      // The state stays as it was, so a later -cleanup retries (and skips what is gone).
      LOG.warn("cleanup: some items could not be removed ({}); the marker stays so a later "
          + "-cleanup can retry", failures.keySet());
    }
    return failures;
  }

  /**
   * Cleanup's delete: the file under both its names, since a rename phase that partly failed
   * leaves some under each; a name that is not there (delete returns false) is what cleanup wants.
   */
  private static final MetaOp DELETE_EITHER_NAME = (ctx, i) -> {
    ctx.fs().delete(ctx.paths().file(i), false);
    ctx.fs().delete(ctx.paths().renamedFile(i), false);
    return true;
  };

  /** Cleanup's rmdir: a directory that is not there (delete returns false) is fine. */
  private static final MetaOp REMOVE_DIR_IF_THERE = (ctx, i) -> {
    ctx.fs().delete(ctx.paths().dir(i), false);
    return true;
  };

  private void collectCleanupFailures(Map<String, FailureCount> into, PhaseResult r) {
    Map<String, FailureCount> failures = new TreeMap<>(r.failures());
    failures.remove(FileNotFoundException.class.getSimpleName()); // already gone: what we want
    if (dirsLeftByLastPhase > 0) {
      // Something MetaBench did not make (or could not remove) is still inside its directories.
      failures.put("directory not empty", new FailureCount(dirsLeftByLastPhase, ""));
    }
    FailureCount.addAll(into, failures);
  }

  private void logPhase(PhaseResult r) {
    LOG.info(String.format(java.util.Locale.ROOT, "%s: %d ok, %d failed in %.3f s: %.1f ops/s",
        r.op().id(), r.successes(), r.failed(), r.windowSeconds(), r.tps()));
    for (Map.Entry<String, FailureCount> e : r.failures().entrySet()) {
      String example = e.getValue().example();
      LOG.warn("{}: {} failed with {}{}", r.op().id(), e.getValue().count(), e.getKey(),
          example.isEmpty() ? "" : " (first: " + example + ")");
    }
  }

  private RunInfo info(long startedAt) {
    return RunInfo.ofThisJvm(target.fsUri().toString(), target.embedded(),
        target.baseDir().toString(), config.sharedClient(), startedAt);
  }

  private void close() {
    if (engine != null) {
      engine.close();
    }
    if (series != null) {
      try {
        series.close();
      } catch (IOException e) {
        LOG.warn("closing the per-second series file failed: {}", e.toString());
      }
    }
    if (control != null) {
      closeQuietly(control);
    }
  }

  private static void closeQuietly(FileSystem fs) {
    try {
      fs.close();
    } catch (IOException e) {
      LOG.debug("closing a client failed", e);
    }
  }
}
