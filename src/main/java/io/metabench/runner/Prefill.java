package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.core.Causes;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Parallel;
import io.metabench.engine.Phase;
import io.metabench.engine.PhaseEngine;
import io.metabench.fs.Target;
import io.metabench.namespace.ImageWriter;
import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.ImageRecord;
import io.metabench.path.LeafRanges;
import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillState;
import io.metabench.stats.FailureCount;
import io.metabench.stats.NamespaceCheck;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.PrefillResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Grows one map's namespace to {@code -prefillFiles} files before the phases, unmeasured by them
 * (docs/prefill.md). The leaf directories still to do are cut into one contiguous slice per
 * worker; a worker makes each leaf once ({@code mkdirs}) and creates its files with
 * {@code create(overwrite=false)}, write, close: no read-back, no per-file existence check.
 *
 * <p>Resumable: the shape is recorded in the marker directory before the first file is created,
 * and every {@code metabench.prefill.checkpoint.millis} the leaves each worker has completed
 * (its slice's prefix without a failure) are added to the record. A later run with the same shape
 * skips the recorded leaves and redoes the others, taking a file of the expected name and length
 * as already there ({@code FileAlreadyExistsException}); one of the wrong length, or still held
 * open by a writer that died, was cut short and is removed by name and created again.
 *
 * <p>One instance per run; not thread-safe.
 */
final class Prefill {
  private static final Logger LOG = LoggerFactory.getLogger(Prefill.class);
  private static final byte[] ZEROS = new byte[64 * 1024];
  static final String LABEL = "prefill";

  private final BenchConfig config;
  private final FileSystem control;
  private final Path baseDir;
  private final Path mapRoot;
  private final Path prefillDir;
  private final PhaseEngine engine;
  private final int ioBufferSize;
  private final Target target;

  /**
   * @param mapRoot {@code <baseDir>/prefill/map_<m>}, scheme-less
   * @param engine the run's engine: its clients, timing, progress, series and stops
   */
  Prefill(BenchConfig config, FileSystem control, Target target, Path prefillDir, Path mapRoot,
      PhaseEngine engine, int ioBufferSize) {
    this.config = config;
    this.target = target;
    this.control = control;
    this.baseDir = target.baseDir();
    this.prefillDir = prefillDir;
    this.mapRoot = mapRoot;
    this.engine = engine;
    this.ioBufferSize = ioBufferSize;
  }

  /**
   * Makes what {@code recorded} (null: nothing recorded) says is still missing of the configured
   * tree. The caller has checked the recorded shape is the configured one.
   */
  PrefillResult run(PrefillState recorded) throws IOException, InterruptedException {
    PrefillShape tree = config.prefill().shape(mapRoot);
    if (recorded != null && recorded.complete()) {
      LOG.info("prefill: {} files in {} are complete already ({}); skipped", tree.files(),
          mapRoot, tree.asOptions());
      return new PrefillResult(PrefillResult.Status.SKIPPED, true, tree.files(),
          tree.directories(), tree.files(), 0, 0, 0, 0, 0, new TreeMap<>());
    }
    if (recorded == null && config.prefill().offline()) {
      return offline(tree);
    }
    if (recorded == null && ImageRecord.pending(control, baseDir, config.mapIndex(),
        tree.asOptions())) {
      return fromImage(tree);
    }
    PrefillState start = recorded == null ? PrefillState.started(tree) : recorded;
    if (recorded == null) {
      writeProfile(tree);
      // The shape goes on record before the first file, so a killed prefill is known to be one.
      BaseDirMarker.writePrefill(control, baseDir, config.mapIndex(), start);
    }
    return created(tree, recorded, start);
  }

  /**
   * The namespace written into the embedded NameNode's image, which it is restarted on
   * (docs/namespaces.md#offline); then recorded complete and checked as a created one is.
   */
  private PrefillResult offline(PrefillShape tree) throws IOException, InterruptedException {
    LOG.info("prefill: writing {} files in {} directories of {} into the embedded NameNode's "
        + "image", tree.files(), tree.directories(), mapRoot);
    long start = engine.clock().nanoTime();
    ImageWriter.Written[] written = new ImageWriter.Written[1];
    long restart = target.restartEmbeddedOn(image -> written[0] = ImageWriter.addTo(image, tree,
        config.replication(), config.blockSize()));
    long elapsed = engine.clock().nanoTime() - start;
    writeProfile(tree);
    BaseDirMarker.writePrefill(control, baseDir, config.mapIndex(),
        PrefillState.started(tree).withCompleted(LeafRanges.of(0, tree.units())));
    PrefillResult result = new PrefillResult(PrefillResult.Status.OFFLINE, true, tree.files(),
        tree.directories(), 0, tree.files(), 0, 0, 0, elapsed, new TreeMap<>())
        .withOffline(new PrefillResult.Offline(written[0].bytes, written[0].nanos, restart));
    LOG.info(String.format(java.util.Locale.ROOT, "prefill: the image (%,d bytes) written in "
        + "%.1f s, the NameNode restarted on it in %.1f s", written[0].bytes,
        written[0].nanos / 1e9, restart / 1e9));
    return checked(tree, result);
  }

  /**
   * The namespace {@code metabench image} wrote into the NameNode's image ({@link ImageRecord},
   * whose name carries the digest of these options): recorded complete, and checked as any
   * prefill drawn from a profile is.
   */
  private PrefillResult fromImage(PrefillShape tree) throws IOException, InterruptedException {
    LOG.info("prefill: {} files in {} directories of {} were written into the NameNode's image "
        + "by metabench image; recording and checking them", tree.files(), tree.directories(),
        mapRoot);
    writeProfile(tree);
    BaseDirMarker.writePrefill(control, baseDir, config.mapIndex(),
        PrefillState.started(tree).withCompleted(LeafRanges.of(0, tree.units())));
    ImageRecord.complete(control, baseDir, config.mapIndex(), tree.asOptions(),
        io.metabench.core.Version.get());
    return checked(tree, new PrefillResult(PrefillResult.Status.OFFLINE, true, tree.files(),
        tree.directories(), 0, tree.files(), 0, 0, 0, 0, new TreeMap<>()));
  }

  private void writeProfile(PrefillShape tree) throws IOException {
    if (tree instanceof ShapedTree) {
      BaseDirMarker.writePrefillProfile(control, baseDir, config.mapIndex(),
          ((ShapedTree) tree).profile().text());
    }
  }

  private PrefillResult checked(PrefillShape tree, PrefillResult result)
      throws IOException, InterruptedException {
    return tree instanceof ShapedTree && result.complete()
        ? result.withChecks(java.util.Collections.singletonList(check((ShapedTree) tree)))
        : result;
  }

  /** The prefill made through the file system's API by the run's engine, from {@code start}. */
  private PrefillResult created(PrefillShape tree, PrefillState recorded, PrefillState start)
      throws IOException, InterruptedException {
    LeafRanges before = start.completed();
    LeafRanges todo = before.missingFrom(tree.units());
    long doneBefore = tree.filesIn(before);
    int workers = config.prefill().threads();
    LOG.info("prefill: {} workers make {} of {} files ({} of {} {}) in {}{}",
        workers, tree.files() - doneBefore, tree.files(), todo.size(), tree.units(),
        tree instanceof ShapedTree ? "directories" : "leaf directories", mapRoot,
        recorded == null ? "" : ", resuming");
    List<LeafRanges> slices = new ArrayList<>();
    List<AtomicLong> doneLeaves = new ArrayList<>();
    List<PrefillSource> sources = new ArrayList<>();
    List<FileSystem> clients = engine.clients(workers);
    for (int w = 0; w < workers; w++) {
      slices.add(todo.part(w, workers));
      doneLeaves.add(new AtomicLong());
      sources.add(new PrefillSource(tree, slices.get(w), doneLeaves.get(w),
          new OpContext(clients.get(w), null, engine.clock(), 0, config.replication(),
              config.blockSize(), ioBufferSize, false, false)));
    }
    Checkpoints checkpoints = new Checkpoints(start, slices, doneLeaves);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
        Parallel.daemonThreads("metabench-prefill-checkpoint"));
    timer.scheduleWithFixedDelay(checkpoints::writeQuietly, config.prefill().checkpointMillis(),
        config.prefill().checkpointMillis(), TimeUnit.MILLISECONDS);
    // Measured like a phase (its own series, progress, -opTimeout, stops), before the first
    // barrier: each map makes its own share; never retried (a retry would find its own file).
    Phase phase = Phase.measured(LABEL, Arrays.asList(OpType.CREATE_WRITE, OpType.MKDIRS), -1)
        .withSeriesLabels(Arrays.asList(LABEL, LABEL + ":mkdirs"))
        .expecting(tree.files() - doneBefore + tree.directoriesIn(todo))
        .guardedBy(0, config.opTimeoutMillis() * 1_000_000L, config.failFast());
    List<PhaseResult> made;
    try {
      made = engine.run(phase, sources);
    } finally {
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    PrefillState end = checkpoints.write();
    // Its files and directories as one window, as for any phase: the client warm-up before it
    // is in no figure, so not in the time the rate is over.
    long elapsed = PhaseResult.combine(OpType.CREATE_WRITE, made).windowNanos();
    PrefillSource.Counts total = new PrefillSource.Counts();
    for (PrefillSource s : sources) {
      total.created += s.counts().created;
      total.alreadyThere += s.counts().alreadyThere;
      total.replaced += s.counts().replaced;
      total.bytes += s.counts().bytes;
    }
    Map<String, FailureCount> failures = new TreeMap<>();
    for (PhaseResult r : made) {
      FailureCount.addAll(failures, r.failures());
    }
    PrefillResult result = new PrefillResult(recorded == null ? PrefillResult.Status.CREATED
        : PrefillResult.Status.RESUMED, end.complete(), tree.files(), tree.directories(),
        doneBefore, total.created, total.alreadyThere, total.replaced, total.bytes, elapsed,
        failures).withClientWarmup(made.get(0).clientWarmup());
    LOG.info(String.format(java.util.Locale.ROOT, "prefill: %d created, %d already there, %d "
        + "replaced, %d failed in %.3f s: %.1f files/s; %s (client warm-up before it: %d calls "
        + "in %.1f s, in no figure)", result.created(), result.alreadyThere(), result.replaced(),
        result.failed(), result.elapsedSeconds(), result.filesPerSecond(),
        result.complete() ? "complete" : "incomplete", result.clientWarmup().calls(),
        result.clientWarmup().nanos() / 1e9));
    for (Map.Entry<String, FailureCount> e : failures.entrySet()) {
      LOG.warn("prefill: {} failed with {}{}", e.getValue().count(), e.getKey(),
          e.getValue().example().isEmpty() ? "" : " (first: " + e.getValue().example() + ")");
    }
    return checked(tree, result);
  }

  /**
   * The namespace made, read back by a listing (after the prefill, outside its figures) and
   * compared with its profile (docs/namespaces.md#fidelity).
   */
  private NamespaceCheck check(ShapedTree tree) throws IOException, InterruptedException {
    return NamespaceReadBack.of(control, tree, config.prefill().threads(), config.mapIndex(),
        engine.clock(), LABEL);
  }

  /**
   * What {@code recorded} describes under {@code mapRoot}: its tree, or the namespace drawn again
   * from the profile kept beside the record.
   *
   * @throws InvalidInputException when the kept profile is gone or not the one recorded
   */
  PrefillShape recordedShape(PrefillState recorded) throws IOException {
    return recordedShape(recorded, control, baseDir, config.mapIndex(), mapRoot);
  }

  /** {@link #recordedShape(PrefillState)} for map {@code map} of {@code baseDir}. */
  static PrefillShape recordedShape(PrefillState recorded, FileSystem control, Path baseDir,
      int map, Path mapRoot) throws IOException {
    if (!recorded.isProfile()) {
      return recorded.tree(mapRoot);
    }
    String text = BaseDirMarker.readPrefillProfile(control, baseDir, map);
    Map<String, String> id = recorded.identity();
    ShapeProfile profile = text == null ? null : ShapeProfile.load(text);
    if (profile == null || !profile.sha256().equals(id.get("profile.sha256"))) {
      throw new InvalidInputException("prefill: the profile map " + map + "'s "
          + "namespace was drawn from is " + (profile == null ? "missing" : "not the one recorded")
          + " in " + baseDir + "/.metabench, so its names cannot be known: remove "
          + mapRoot + " by hand, or choose a new -baseDir");
    }
    return new ShapedTree(mapRoot, profile, Double.parseDouble(id.get("scale")),
        Long.parseLong(id.get("seed")), PrefillSizes.parse(id.get("sizes")),
        ShapedTree.CLASSES.equals(id.get(ShapedTree.NAMES)));
  }

  /** The record of what is complete: what was before, plus each worker's completed prefix. */
  private final class Checkpoints {
    private final List<LeafRanges> slices;
    private final List<AtomicLong> doneLeaves;
    private PrefillState last;

    Checkpoints(PrefillState start, List<LeafRanges> slices, List<AtomicLong> doneLeaves) {
      this.last = start;
      this.slices = slices;
      this.doneLeaves = doneLeaves;
    }

    synchronized PrefillState write() throws IOException {
      LeafRanges done = last.completed();
      for (int w = 0; w < slices.size(); w++) {
        done = done.union(slices.get(w).slice(0, doneLeaves.get(w).get()));
      }
      if (!done.equals(last.completed())) {
        PrefillState next = last.withCompleted(done);
        BaseDirMarker.writePrefill(control, baseDir, config.mapIndex(), next);
        last = next;
      }
      return last;
    }

    void writeQuietly() {
      try {
        write();
      } catch (IOException | RuntimeException e) {
        // The next checkpoint tries again; a resumed run redoes what was not recorded.
        LOG.warn("prefill: recording progress failed: {}", e.toString());
      }
    }
  }

  /**
   * Removes the tree {@code recorded} describes, by name and non-recursively: each leaf's files,
   * the leaf, then the inner directories deepest first, {@code map_<m>} and, when empty,
   * {@code prefill/}. A name that is not there is what cleanup wants; a directory that still
   * holds something (not MetaBench's) stays and is counted. Each file that was there and went is
   * added to {@code filesRemoved}.
   *
   * @return what could not be removed, by cause; empty when everything went
   */
  Map<String, FailureCount> cleanup(PrefillState recorded, LongAdder filesRemoved)
      throws IOException, InterruptedException {
    PrefillShape tree = recordedShape(recorded);
    int workers = config.prefill().threads();
    List<FileSystem> clients = engine.clients(workers);
    LeafRanges all = LeafRanges.of(0, tree.units());
    AtomicInteger left = new AtomicInteger();
    List<Map<String, FailureCount>> perWorker = engine.forEachWorker(workers, worker -> {
      Map<String, FailureCount> failures = new TreeMap<>();
      FileSystem fs = clients.get(worker);
      PrefillShape.Names names = tree.names();
      for (PrimitiveIterator.OfLong it = all.part(worker, workers).iterator(); it.hasNext(); ) {
        long leaf = it.nextLong();
        long first = tree.firstFile(leaf);
        long n = tree.filesIn(leaf);
        Path dir = tree.unitDir(leaf);
        if (dir == null) {
          continue;
        }
        for (long i = first; i < first + n; i++) {
          try {
            if (fs.delete(names.file(i), false)) {
              filesRemoved.increment();
            }
          } catch (FileNotFoundException e) {
            // already gone
          } catch (IOException e) {
            count(failures, Causes.of(e), e.getMessage());
          }
        }
        if (tree.unitIsLeaf(leaf) && !dir.equals(mapRoot)
            && !PhaseKinds.deleteEmptyDir(fs, dir)) {
          left.incrementAndGet();
        }
      }
      return failures;
    });
    Map<String, FailureCount> failures = new TreeMap<>();
    for (Map<String, FailureCount> f : perWorker) {
      FailureCount.addAll(failures, f);
    }
    for (Path dir : tree.innerDirsDeepestFirst()) {
      if (!PhaseKinds.deleteEmptyDir(control, dir)) {
        left.incrementAndGet();
      }
    }
    if (!PhaseKinds.deleteEmptyDir(control, mapRoot)) {
      left.incrementAndGet();
    }
    PhaseKinds.deleteEmptyDir(control, prefillDir); // other maps' trees may still be in it
    if (left.get() > 0) {
      LOG.warn("prefill cleanup: {} directories under {} still hold something and were left in "
          + "place", left.get(), mapRoot);
      failures.put("directory not empty", new FailureCount(left.get(), ""));
    }
    return failures;
  }

  private static void count(Map<String, FailureCount> failures, String cause, String message) {
    FailureCount.addAll(failures, java.util.Collections.singletonMap(cause,
        new FailureCount(1, message == null ? "" : message)));
  }

}
