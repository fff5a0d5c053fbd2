package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.core.Causes;
import io.metabench.core.ClockAnchor;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.engine.IntervalSampler;
import io.metabench.engine.Progress;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.LeafRanges;
import io.metabench.path.PrefillState;
import io.metabench.path.PrefillTree;
import io.metabench.stats.FailureCount;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PrefillResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
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
  private final List<FileSystem> clients;
  private final NanoClock clock;
  private final ClockAnchor anchor;
  private final Progress progress;
  private final StopRequest stop;
  private final int ioBufferSize;

  /**
   * @param mapRoot {@code <baseDir>/prefill/map_<m>}, scheme-less
   * @param clients one per prefill worker
   */
  /** Where the per-second series goes, as the phases' does; null: nowhere. */
  private io.metabench.report.SeriesFile series;

  Prefill(BenchConfig config, FileSystem control, Path baseDir, Path prefillDir, Path mapRoot,
      List<FileSystem> clients, int ioBufferSize, NanoClock clock, ClockAnchor anchor,
      Progress progress, StopRequest stop) {
    this.config = config;
    this.control = control;
    this.baseDir = baseDir;
    this.prefillDir = prefillDir;
    this.mapRoot = mapRoot;
    this.clients = clients;
    this.ioBufferSize = ioBufferSize;
    this.clock = clock;
    this.anchor = anchor;
    this.progress = progress;
    this.stop = stop;
  }
  /** Writes the prefill's per-second series (label {@code prefill}) to {@code file}. */
  Prefill writingSeriesTo(io.metabench.report.SeriesFile file) {
    this.series = file;
    return this;
  }


  /** Counts of one worker, read after it ended. */
  private static final class Counts {
    long created;
    long alreadyThere;
    long replaced;
    long bytes;
  }

  /**
   * Makes what {@code recorded} (null: nothing recorded) says is still missing of the configured
   * tree. The caller has checked the recorded shape is the configured one.
   */
  PrefillResult run(PrefillState recorded) throws IOException, InterruptedException {
    PrefillTree tree = config.prefillTree(mapRoot);
    if (recorded != null && recorded.complete()) {
      LOG.info("prefill: {} files in {} are complete already ({}); skipped", tree.files(),
          mapRoot, tree.asOptions());
      return new PrefillResult(PrefillResult.Status.SKIPPED, true, tree.files(),
          tree.directories(), tree.files(), 0, 0, 0, 0, 0, new TreeMap<>());
    }
    PrefillState start = recorded == null ? PrefillState.started(tree) : recorded;
    LeafRanges before = start.completed();
    LeafRanges todo = before.missingFrom(tree.leaves());
    long doneBefore = tree.filesIn(before);
    if (recorded == null) {
      // The shape goes on record before the first file, so a killed prefill is known to be one.
      BaseDirMarker.writePrefill(control, baseDir, config.mapIndex(), start);
    }
    int workers = clients.size();
    LOG.info("prefill: {} workers make {} of {} files ({} of {} leaf directories) in {}{}",
        workers, tree.files() - doneBefore, tree.files(), todo.size(), tree.leaves(), mapRoot,
        recorded == null ? "" : ", resuming");
    List<LeafRanges> slices = new ArrayList<>();
    List<AtomicLong> doneLeaves = new ArrayList<>();
    List<OpRecorder> recorders = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      slices.add(todo.part(w, workers));
      doneLeaves.add(new AtomicLong());
      recorders.add(new OpRecorder(w));
    }
    Checkpoints checkpoints = new Checkpoints(start, slices, doneLeaves);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
        daemon("metabench-prefill-checkpoint"));
    timer.scheduleWithFixedDelay(checkpoints::writeQuietly, config.prefillCheckpointMillis(),
        config.prefillCheckpointMillis(), TimeUnit.MILLISECONDS);
    IntervalSampler sampler = new IntervalSampler(recorders, clock, anchor, progress, LABEL,
        tree.files() - doneBefore).writingTo(series);
    ExecutorService pool = Executors.newFixedThreadPool(workers, daemon("metabench-prefill"));
    long startNanos = clock.nanoTime();
    sampler.start();
    List<Counts> counts;
    try {
      List<Future<Counts>> futures = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        final int worker = w;
        Callable<Counts> c = () -> fill(tree, slices.get(worker), doneLeaves.get(worker),
            clients.get(worker), recorders.get(worker));
        futures.add(pool.submit(c));
      }
      counts = new ArrayList<>();
      for (Future<Counts> f : futures) {
        try {
          counts.add(f.get());
        } catch (ExecutionException e) {
          throw new IOException("a prefill worker failed: " + e.getCause(), e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
      sampler.finish();
    }
    PrefillState end = checkpoints.write();
    long elapsed = clock.nanoTime() - startNanos;
    Counts total = new Counts();
    Map<String, FailureCount> failures = new TreeMap<>();
    for (int w = 0; w < workers; w++) {
      total.created += counts.get(w).created;
      total.alreadyThere += counts.get(w).alreadyThere;
      total.replaced += counts.get(w).replaced;
      total.bytes += counts.get(w).bytes;
      FailureCount.addAll(failures, recorders.get(w).failures());
    }
    PrefillResult result = new PrefillResult(recorded == null ? PrefillResult.Status.CREATED
        : PrefillResult.Status.RESUMED, end.complete(), tree.files(), tree.directories(),
        doneBefore, total.created, total.alreadyThere, total.replaced, total.bytes, elapsed,
        failures);
    LOG.info(String.format(java.util.Locale.ROOT, "prefill: %d created, %d already there, %d "
        + "replaced, %d failed in %.3f s: %.1f files/s; %s", result.created(),
        result.alreadyThere(), result.replaced(), result.failed(), result.elapsedSeconds(),
        result.filesPerSecond(), result.complete() ? "complete" : "incomplete"));
    for (Map.Entry<String, FailureCount> e : failures.entrySet()) {
      LOG.warn("prefill: {} failed with {}{}", e.getValue().count(), e.getKey(),
          e.getValue().example().isEmpty() ? "" : " (first: " + e.getValue().example() + ")");
    }
    return result;
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

  /** One worker: its slice of leaves in order; the count of leaves completed cleanly so far. */
  private Counts fill(PrefillTree tree, LeafRanges slice, AtomicLong doneLeaves, FileSystem fs,
      OpRecorder recorder) {
    Counts counts = new Counts();
    PrefillTree.Names names = tree.names();
    boolean clean = true;
    for (PrimitiveIterator.OfLong it = slice.iterator(); it.hasNext() && !stop.isRequested(); ) {
      long leaf = it.nextLong();
      long first = tree.firstFile(leaf);
      long n = tree.filesIn(leaf);
      if (n > 0) {
        long start = clock.nanoTime();
        try {
          if (!fs.mkdirs(tree.leafDir(leaf))) {
            throw new IOException("mkdirs returned false");
          }
        } catch (IOException e) {
          recorder.failure(start, clock.nanoTime(), "mkdirs: " + Causes.of(e),
              tree.leafDir(leaf) + ": " + e.getMessage());
          clean = false;
          continue;
        }
        for (long i = first; i < first + n; i++) {
          if (stop.isRequested()) {
            clean = false; // this leaf is not finished: a resumed run redoes it
            break;
          }
          clean &= createOne(fs, names.file(i), tree.sizeOf(i), recorder, counts);
        }
      }
      if (clean) {
        doneLeaves.incrementAndGet();
      }
    }
    return counts;
  }

  /** Creates one file; an existing one of the right length is already there. */
  private boolean createOne(FileSystem fs, Path file, long size, OpRecorder recorder,
      Counts counts) {
    long start = clock.nanoTime();
    try {
      try {
        create(fs, file, size);
      } catch (FileAlreadyExistsException e) {
        FileStatus status = fs.getFileStatus(file);
        if (!status.isFile()) {
          throw e;
        }
        if (status.getLen() == size) {
          counts.alreadyThere++;
          recorder.success(start, 0, clock.nanoTime(), 0);
          return true;
        }
        replace(fs, file, size, counts);
      } catch (IOException e) {
        String cause = Causes.of(e);
        if (!cause.equals("AlreadyBeingCreatedException")
            && !cause.equals("RecoveryInProgressException")) {
          throw e;
        }
        // Still open by a writer that is gone (a killed run's client holds its lease).
        replace(fs, file, size, counts);
      }
      counts.created++;
      counts.bytes += size;
      recorder.success(start, 0, clock.nanoTime(), size);
      return true;
    } catch (IOException | RuntimeException e) {
      recorder.failure(start, clock.nanoTime(), Causes.of(e), e.getMessage());
      return false;
    }
  }

  /** A file of a generated name cut short by a killed run: removed by name and made again. */
  private void replace(FileSystem fs, Path file, long size, Counts counts) throws IOException {
    fs.delete(file, false);
    create(fs, file, size);
    counts.replaced++;
  }

  private void create(FileSystem fs, Path file, long size) throws IOException {
    try (FSDataOutputStream out = fs.create(file, false, ioBufferSize, config.replication(),
        config.blockSize())) {
      for (long left = size; left > 0; ) {
        int n = (int) Math.min(left, ZEROS.length);
        out.write(ZEROS, 0, n);
        left -= n;
      }
    }
  }

  /**
   * Removes the tree {@code recorded} describes, by name and non-recursively: each leaf's files,
   * the leaf, then the inner directories deepest first, {@code map_<m>} and, when empty,
   * {@code prefill/}. A name that is not there is what cleanup wants; a directory that still
   * holds something (not MetaBench's) stays and is counted.
   *
   * @return what could not be removed, by cause; empty when everything went
   */
  Map<String, FailureCount> cleanup(PrefillState recorded)
      throws IOException, InterruptedException {
    PrefillTree tree = recorded.tree(mapRoot);
    int workers = clients.size();
    LeafRanges all = LeafRanges.of(0, tree.leaves());
    AtomicInteger left = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(workers, daemon("metabench-prefill"));
    List<Map<String, FailureCount>> perWorker = new ArrayList<>();
    try {
      List<Future<Map<String, FailureCount>>> futures = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        final int worker = w;
        futures.add(pool.submit(() -> {
          Map<String, FailureCount> failures = new TreeMap<>();
          FileSystem fs = clients.get(worker);
          PrefillTree.Names names = tree.names();
          for (PrimitiveIterator.OfLong it = all.part(worker, workers).iterator();
              it.hasNext(); ) {
            long leaf = it.nextLong();
            long first = tree.firstFile(leaf);
            long n = tree.filesIn(leaf);
            if (n == 0) {
              continue;
            }
            for (long i = first; i < first + n; i++) {
              try {
                fs.delete(names.file(i), false);
              } catch (FileNotFoundException e) {
                // already gone
              } catch (IOException e) {
                count(failures, Causes.of(e), e.getMessage());
              }
            }
            if (!removeDir(fs, tree.leafDir(leaf))) {
              left.incrementAndGet();
            }
          }
          return failures;
        }));
      }
      for (Future<Map<String, FailureCount>> f : futures) {
        try {
          perWorker.add(f.get());
        } catch (ExecutionException e) {
          throw new IOException("a prefill cleanup worker failed: " + e.getCause(), e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    Map<String, FailureCount> failures = new TreeMap<>();
    for (Map<String, FailureCount> f : perWorker) {
      FailureCount.addAll(failures, f);
    }
    for (Path dir : tree.innerDirsDeepestFirst()) {
      if (!removeDir(control, dir)) {
        left.incrementAndGet();
      }
    }
    if (!removeDir(control, mapRoot)) {
      left.incrementAndGet();
    }
    removeDir(control, prefillDir); // other maps' trees may still be in it
    if (left.get() > 0) {
      LOG.warn("prefill cleanup: {} directories under {} still hold something and were left in "
          + "place", left.get(), mapRoot);
      failures.put("directory not empty", new FailureCount(left.get(), ""));
    }
    return failures;
  }

  /** Removes an empty directory; true when it is gone (or was never made). */
  private static boolean removeDir(FileSystem fs, Path dir) {
    try {
      return fs.delete(dir, false) || !fs.exists(dir);
    } catch (FileNotFoundException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void count(Map<String, FailureCount> failures, String cause, String message) {
    FailureCount.addAll(failures, java.util.Collections.singletonMap(cause,
        new FailureCount(1, message == null ? "" : message)));
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.getAndIncrement());
      t.setDaemon(true);
      return t;
    };
  }
}
