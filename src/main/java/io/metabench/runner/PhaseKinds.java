package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.engine.ItemSource;
import io.metabench.engine.MixSource;
import io.metabench.engine.MixWorkload;
import io.metabench.engine.Phase;
import io.metabench.engine.PhaseEngine;
import io.metabench.engine.SequentialSource;
import io.metabench.engine.TreeWalkSource;
import io.metabench.engine.Visibility;
import io.metabench.fs.Target;
import io.metabench.op.ItemNames;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.Layout;
import io.metabench.path.NamespaceMixNames;
import io.metabench.path.NamespaceState;
import io.metabench.path.PathSchema;
import io.metabench.path.PlacedNames;
import io.metabench.path.PrefillNames;
import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillState;
import io.metabench.path.WorkerPaths;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.PhaseResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How each phase kind of a run is set up on the engine: its workers' item sources, contexts and
 * {@link Phase} from the run's configuration, the directories it needs made before and removed
 * after, and what each worker knows of its items' visibility between phases. The engine does
 * the running; this only says where each worker's operations come from.
 *
 * <p>One instance per run of one process, used by the runner's thread; not thread-safe.
 */
final class PhaseKinds {
  private static final Logger LOG = LoggerFactory.getLogger(PhaseKinds.class);
  private static final int IO_BUFFER_SIZE_DEFAULT = 4096;

  private final BenchConfig config;
  private final Target target;
  private final NanoClock clock;
  private final PhaseEngine engine;
  private final StopRequest stop;
  private final FileSystem control;
  /** Per worker, the files (directories) this run made visible under their current names. */
  private List<BitSet> visibleFiles;
  private List<BitSet> visibleDirs;
  /** Directories the last removing phase could not remove because items remained in them. */
  private int dirsLeftByLastPhase;

  PhaseKinds(BenchConfig config, Target target, NanoClock clock, PhaseEngine engine,
      StopRequest stop, FileSystem control) {
    this.config = config;
    this.target = target;
    this.clock = clock;
    this.engine = engine;
    this.stop = stop;
    this.control = control;
  }

  /** This map's prefill, for the phases that read its files; drawn when first needed. */
  private PrefillShape prefillShape;

  /** Directories the last removing phase left because something was still in them. */
  int dirsLeftByLastPhase() {
    return dirsLeftByLastPhase;
  }


  /**
   * Runs one phase: makes the items' parent directories if the phase creates items, runs it on
   * the engine ({@code barrierPhase} &lt; 0: unmeasured, for cleanup), and removes emptied
   * directories if the phase removes items.
   */
  PhaseResult runPhase(OpType op, MetaOp metaOp, Layout layout, boolean filesRenamed,
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
    // Items placed in the prefill's directories go into directories the prefill made, and
    // those are never removed with them.
    boolean placed = layout.placedBy().picks() && op.changesItems();
    if (op.createsItems() && !placed) {
      makeLeafDirs(paths, fs, ofFiles, op.id());
    }
    boolean onPrefill = measured && config.prefill().reads(op);
    List<Visibility> visibility = visibilityFor(op, layout, measured && !onPrefill, shift);
    boolean timeBound = measured && config.durationBound(op);
    List<ItemSource> sources = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      ItemNames names = onPrefill ? new PrefillNames(prefillShape(schema),
          config.prefill().popularity(), config.seed(), config.mapIndex(), t)
          : placed ? new PlacedNames(prefillShape(schema), layout.placedBy(),
              layout.placedSeed(), config.mapIndex(), t) : paths.get(t);
      sources.add(new SequentialSource(metaOp, context(fs.get(t), names, filesRenamed),
          layout.itemsPerWorker(), timeBound, visibility.get(t)));
    }
    Phase phase = measured ? measured(op.id(), Collections.singletonList(op), barrierPhase,
        startAtEpochMillis, config.durationBound(op))
        .expecting(layout.threads() * layout.itemsPerWorker())
        : Phase.unmeasured(op).guardedBy(config.retries(), 0, false);
    PhaseResult result = engine.run(phase, sources).get(0);
    if (op.removesItems() && !placed) {
      dirsLeftByLastPhase = removeEmptiedDirs(paths, ofFiles, schema, fs);
    }
    if (measured) {
      rememberVisibility(op, visibility);
    }
    return result;
  }

  /**
   * Runs the client warm-up for every one of {@code ops} ahead of the phases, on the workers'
   * clients (a sized run's, docs/metrics.md#sized-runs), putting each operation's rate per
   * worker over its last passes in {@code ratesPerWorker}.
   */
  ClientWarmupFigures warmUpAhead(List<OpType> ops, Layout layout,
      Map<OpType, Double> ratesPerWorker) throws IOException, InterruptedException {
    List<FileSystem> fs = engine.clients(layout.threads());
    PathSchema schema = PathSchema.of(target.baseDir(), config.mapIndex(), layout);
    List<ItemSource> sources = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      // Only the context is read: the warm-up makes names of its own.
      sources.add(new SequentialSource(ops.get(0).op(), context(fs.get(t), schema.forWorker(t),
          false), 0, false, Visibility.UNTRACKED));
    }
    return engine.warmUpAhead(measured(OpType.join(ops), ops, 0, 0, false), sources,
        ratesPerWorker);
  }

  /**
   * A measured phase of this run: paced by {@code -duration} and {@code -warmup} (when
   * {@code timeBound}) and this process's share of {@code -rate}, guarded by {@code -retries},
   * {@code -opTimeout} and {@code -failFast}. A count-bound phase has no {@code -warmup}: its
   * warm-up would take planned items away from the measurement; but a capacity step's settling
   * applies to every phase, as the search gives a step of a count-bound phase its items for it.
   */
  private Phase measured(String label, List<OpType> results, int barrierPhase,
      long startAtEpochMillis, boolean timeBound) {
    long settle = config.rate() > 0 ? config.stepSettleMillis() : 0;
    long warmup = Math.max(timeBound ? config.warmupMillis() : 0, settle);
    return Phase.measured(label, results, barrierPhase).startingAt(startAtEpochMillis)
        .pacedBy(timeBound ? config.durationMillis() * 1_000_000L : 0, warmup * 1_000_000L,
            config.rate() / Math.max(1, config.maps()))
        .guardedBy(config.retries(), config.opTimeoutMillis() * 1_000_000L, config.failFast());
  }

  /**
   * This map's prefill, drawn once a run (a profile's namespace is drawn again from its profile,
   * seed and scale, as the prefill drew it): the configured one, or, for a run that names none
   * (a -cleanup or delete of items an earlier run placed in it), the one recorded.
   */
  private PrefillShape prefillShape(PathSchema schema) throws IOException {
    if (prefillShape == null && config.prefill().asked()) {
      prefillShape = config.prefill().shape(schema.prefillMapDir());
    } else if (prefillShape == null) {
      PrefillState recorded = BaseDirMarker.readPrefill(control, target.baseDir(),
          config.mapIndex());
      if (recorded == null) {
        throw new InvalidInputException(target.baseDir() + " (map " + config.mapIndex() + ") "
            + "has items an earlier run placed in its prefill's directories, and no record of "
            + "that prefill: give the prefill's options as it was made");
      }
      prefillShape = Prefill.recordedShape(recorded, control, target.baseDir(),
          config.mapIndex(), schema.prefillMapDir());
    }
    return prefillShape;
  }

  /** A worker's context: its client and names, with this run's settings. */
  private OpContext context(FileSystem fs, ItemNames paths, boolean filesRenamed) {
    return new OpContext(fs, paths, clock, config.bytesToWrite(), config.replication(),
        config.blockSize(), ioBufferSize(), config.readFileAfterOpen(), filesRenamed);
  }

  int ioBufferSize() {
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
   * working set, present when an earlier create_write made them; placed in the prefill's
   * directories, its reads reading the prefill's files, with {@code -onPrefill}), and each
   * operation of the mix gets its own result, named {@code mix:<operation>}, with its own series.
   */
  List<PhaseResult> runMix(Layout layout, NamespaceState state, long startAtEpochMillis,
      int barrierPhase) throws IOException, InterruptedException {
    List<FileSystem> fs = engine.clients(layout.threads());
    PathSchema schema = PathSchema.of(target.baseDir(), config.mapIndex(), layout);
    List<WorkerPaths> paths = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      paths.add(schema.forWorker(t));
    }
    // In the prefill's namespace (-onPrefill) the mix reads its files and places its own items
    // in its directories; else the mix may create any item of its own: every directory must be
    // there (mkdirs of one that is, is a no-op).
    boolean inNamespace = layout.placedBy().picks();
    List<ItemNames> names = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      names.add(inNamespace ? new NamespaceMixNames(new PlacedNames(prefillShape(schema),
          layout.placedBy(), layout.placedSeed(), config.mapIndex(), t),
          new PrefillNames(prefillShape(schema), layout.placedBy(), layout.placedSeed(),
              config.mapIndex(), t)) : paths.get(t));
    }
    if (!inNamespace) {
      makeLeafDirs(paths, fs, true, OpType.MIX.id());
    }
    boolean renamed = state.files() == NamespaceState.Files.RENAMED;
    int items = (int) layout.itemsPerWorker();
    int present = items;
    if (state.files() == NamespaceState.Files.ABSENT) {
      present = fillForMix(names, fs, items);
    }
    List<MixSource> sources = new ArrayList<>();
    for (int t = 0; t < layout.threads(); t++) {
      MixWorkload workload = new MixWorkload(config.mix(), items, present, renamed,
          config.seed(), config.mapIndex() * layout.threads() + t);
      sources.add(new MixSource(inNamespace ? workload.readingElsewhere() : workload,
          context(fs.get(t), names.get(t), renamed),
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
  private int fillForMix(List<ItemNames> paths, List<FileSystem> fs, int items)
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
  PhaseResult runTraversal(OpType op, long startAtEpochMillis, int barrierPhase)
      throws IOException, InterruptedException {
    int workers = config.threads();
    List<FileSystem> fs = engine.clients(workers);
    Path root = RunChecks.traversalRoot(config, target);
    LOG.info("{}: {} workers traversing {}", op.id(), workers, root);
    TreeWalkSource.Walk walk = new TreeWalkSource.Walk(root);
    List<ItemSource> sources = new ArrayList<>();
    for (int t = 0; t < workers; t++) {
      sources.add(new TreeWalkSource(walk, op.treeOp(),
          OpContext.forGivenPaths(fs.get(t), clock),
          workers > 1, stop));
    }
    Phase phase = Phase.measured(op.id(), Collections.singletonList(op), barrierPhase)
        .startingAt(startAtEpochMillis)
        .guardedBy(0, config.opTimeoutMillis() * 1_000_000L, config.failFast());
    return engine.run(phase, sources).get(0);
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
  static boolean deleteEmptyDir(FileSystem fs, Path dir) {
    try {
      // A repeated cleanup (after something else could not be removed) finds it gone already.
      return fs.delete(dir, false) || !fs.exists(dir);
    } catch (FileNotFoundException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
