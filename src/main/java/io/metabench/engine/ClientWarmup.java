package io.metabench.engine;

import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.ItemNames;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.OpRecorder;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client warm-up before a measured phase ({@code -clientWarmup},
 * docs/metrics.md#client-warm-up): each worker, on its own client, runs cycles of the calls the
 * phase will make on scratch names of its own under {@code <scratchRoot>/w<worker>}, until its
 * own call rate has stopped climbing ({@link WarmupGauge}), the time allowed is up, or it has run
 * {@link #MAX_CYCLES_PER_WORKER} rounds, so the phase's measured window
 * sees the file system's steady state rather than the client JVM loading classes and compiling
 * its hot paths. Each worker first makes {@link #READ_FILES} files when the phase reads or keeps
 * names, renames or deletes; each round then runs, on each of them, the phase's operations that
 * keep names (stat, open_read, chmod, ...), a rename there and back when the phase renames, a
 * delete of a name that is not there when it deletes (the same call, nothing removed); a
 * traversal's listing or summary of the scratch directory; one file made and deleted when the
 * phase creates; mkdirs and rmdir of one directory when it makes or removes directories. Every
 * name it made is removed before the phase starts, so the phase finds the
 * namespace it would have found without it; nothing it does is in any figure of the phase.
 *
 * <p>Immutable; {@link #run} may be called for each phase.
 */
public final class ClientWarmup {
  private static final Logger LOG = LoggerFactory.getLogger(ClientWarmup.class);
  /** Bounds the calls on a very fast file system (a no-op one): 200,000 rounds a worker. */
  static final long MAX_CYCLES_PER_WORKER = 200_000;
  /** Files each worker makes once for the phase's reads and metadata writes to work on. */
  static final long READ_FILES = 16;

  private final long nanos;
  private final Path scratchRoot;

  /**
   * @param nanos the longest the warm-up may take (it ends sooner when its rate settles); 0: no
   *     warm-up
   * @param scratchRoot a directory only this process's warm-up uses (created and removed here)
   */
  public ClientWarmup(long nanos, Path scratchRoot) {
    this.nanos = nanos;
    this.scratchRoot = scratchRoot;
  }

  /** Whether a warm-up runs at all. */
  boolean on() {
    return nanos > 0;
  }

  /**
   * Warms the clients of {@code sources}' workers for {@code phase}, all at once, and removes
   * the scratch directory.
   */
  ClientWarmupFigures run(Phase phase, List<? extends ItemSource> sources, PhaseEngine engine,
      NanoClock clock, StopRequest stop) throws IOException, InterruptedException {
    long began = clock.nanoTime();
    LongAdder progress = new LongAdder();
    AtomicBoolean enough = new AtomicBoolean();
    Thread gauge = new Thread(() -> watch(progress, enough, began, clock, stop),
        "metabench-client-warmup");
    gauge.setDaemon(true);
    gauge.start();
    List<long[]> counts;
    try {
      counts = engine.forEachWorker(sources.size(), t -> {
        Cycles c = new Cycles(sources.get(t).context(), new Path(scratchRoot, "w" + t),
            phase.results(), clock, progress);
        c.run(enough);
        return new long[] {c.calls, c.failed};
      });
    } finally {
      enough.set(true);
      gauge.interrupt();
    }
    removeIfEmpty(sources.get(0).context().fs(), scratchRoot);
    long calls = 0;
    long failed = 0;
    for (long[] c : counts) {
      calls += c[0];
      failed += c[1];
    }
    if (failed > 0) {
      LOG.warn("client warm-up before {}: {} of its {} calls failed (in no figure)",
          phase.label(), failed, calls);
    }
    return new ClientWarmupFigures(calls, failed, clock.nanoTime() - began);
  }

  /**
   * Ends the warm-up ({@code enough}) when its call rate has settled ({@link WarmupGauge}), when
   * the time allowed is up, or on a stop request.
   */
  private void watch(LongAdder progress, AtomicBoolean enough, long began, NanoClock clock,
      StopRequest stop) {
    WarmupGauge gauge = new WarmupGauge();
    gauge.sample(began, 0, jitMillis());
    try {
      while (!enough.get()) {
        Thread.sleep(WarmupGauge.SAMPLE_NANOS / 1_000_000L);
        long now = clock.nanoTime();
        if (gauge.sample(now, progress.sum(), jitMillis()) || now - began >= nanos
            || stop.isRequested()) {
          enough.set(true);
        }
      }
    } catch (InterruptedException e) {
      enough.set(true);
    }
  }

  /** The JIT's compilation time so far, in ms; 0 where the JVM does not say. */
  private static long jitMillis() {
    java.lang.management.CompilationMXBean jit =
        java.lang.management.ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime() : 0;
  }

  private static void removeIfEmpty(FileSystem fs, Path dir) {
    try {
      fs.delete(dir, false);
    } catch (IOException e) {
      LOG.warn("could not remove the client warm-up's directory {}: {}", dir, e.toString());
    }
  }

  /** One worker's cycles; runs on that worker's thread. */
  private static final class Cycles {
    private final OpContext ctx;
    private final FileSystem fs;
    private final Path dir;
    private final LongAdder progress;
    private final NanoClock clock;
    // Thrown away: the warm-up records each call as a phase does, so that the recording path
    // (the clock, OpRecorder, HdrHistogram) is compiled before the phase too.
    private final OpRecorder recorder = new OpRecorder(0);
    private final List<OpType> keepNames = new ArrayList<>();
    private final boolean creates;
    private final boolean renames;
    private final boolean deletes;
    private final boolean dirs;
    private final boolean lists;
    private final boolean summarises;
    long calls;
    long failed;

    Cycles(OpContext phaseContext, Path dir, List<OpType> ops, NanoClock clock,
        LongAdder progress) {
      this.dir = dir;
      this.clock = clock;
      this.ctx = phaseContext.withNames(new ScratchNames(dir));
      this.fs = ctx.fs();
      this.progress = progress;
      for (OpType op : ops) {
        if (op.keepsNames() && !op.traverses()) {
          keepNames.add(op);
        }
      }
      this.creates = ops.contains(OpType.CREATE_WRITE);
      this.deletes = ops.contains(OpType.DELETE);
      this.renames = ops.contains(OpType.RENAME);
      this.dirs = ops.contains(OpType.MKDIRS) || ops.contains(OpType.RMDIR);
      this.lists = ops.contains(OpType.LS_R);
      this.summarises = ops.contains(OpType.COUNT) || ops.contains(OpType.DU);
    }

    void run(AtomicBoolean enough) {
      if (!call(() -> fs.mkdirs(dir))) {
        return;
      }
      // The files the reads and metadata writes work on, made once: the rounds below then
      // repeat the phase's own cheap calls many times, as a JIT needs, instead of spending the
      // time on creates.
      int readFiles = 0;
      if (!keepNames.isEmpty() || lists || summarises || renames || deletes) {
        for (long k = 0; k < READ_FILES && !enough.get(); k++) {
          long item = k;
          if (call(() -> OpType.CREATE_WRITE.op().execute(ctx, item))) {
            readFiles++;
          } else {
            break;
          }
        }
      }
      long next = READ_FILES;
      for (long round = 0; round < MAX_CYCLES_PER_WORKER && !enough.get(); round++) {
        for (long k = 0; k < readFiles; k++) {
          long item = k;
          for (OpType op : keepNames) {
            call(() -> op.op().execute(ctx, item));
          }
        }
        if (lists) {
          call(() -> fs.listStatus(dir) != null);
        }
        if (summarises) {
          call(() -> fs.getContentSummary(dir) != null);
        }
        for (long k = 0; k < readFiles && renames; k++) {
          // There and back: the phase's own rename, repeated without changing the namespace.
          long item = k;
          ctx.setFilesRenamed(false);
          if (call(() -> OpType.RENAME.op().execute(ctx, item))) {
            ctx.setFilesRenamed(true);
            call(() -> OpType.RENAME.op().execute(ctx, item));
          }
        }
        for (long k = 0; k < readFiles && deletes; k++) {
          // The delete call on a name that is not there: the same client path, nothing removed.
          Path missing = new Path(dir, "missing_" + k);
          call(() -> !fs.delete(missing, false));
        }
        if (creates) {
          lifecycle(next);
        }
        long dirItem = next++;
        if (dirs && call(() -> OpType.MKDIRS.op().execute(ctx, dirItem))) {
          call(() -> OpType.RMDIR.op().execute(ctx, dirItem));
        }
      }
      ctx.setFilesRenamed(false);
      for (long k = 0; k < readFiles; k++) {
        long item = k;
        call(() -> OpType.DELETE.op().execute(ctx, item));
      }
      removeWhatIsLeft();
    }

    /** A file made (as create_write makes it) and deleted. */
    private void lifecycle(long k) {
      ctx.setFilesRenamed(false);
      if (call(() -> OpType.CREATE_WRITE.op().execute(ctx, k))) {
        call(() -> OpType.DELETE.op().execute(ctx, k));
      }
    }

    /** One call, counted; a failure is counted and the warm-up goes on. */
    private boolean call(Call c) {
      calls++;
      progress.increment();
      ctx.beginAttempt();
      long start = clock.nanoTime();
      try {
        if (c.run()) {
          recorder.success(start, ctx.splitNanos(), clock.nanoTime(), ctx.amount());
          return true;
        }
      } catch (IOException | RuntimeException e) {
        LOG.debug("client warm-up call failed", e);
      }
      recorder.failure(start, clock.nanoTime(), "warm-up", "");
      failed++;
      return false;
    }

    /**
     * Removes the scratch directory; when a failed delete left names in it, those (only names
     * the warm-up makes) first, one by one.
     */
    private void removeWhatIsLeft() {
      try {
        if (deleted(dir)) {
          return;
        }
        for (FileStatus st : fs.listStatus(dir)) {
          String name = st.getPath().getName();
          if (name.startsWith(ScratchNames.FILE) || name.startsWith(ScratchNames.DIR)) {
            fs.delete(st.getPath(), false);
          }
        }
        fs.delete(dir, false);
      } catch (FileNotFoundException e) {
        // never made, or already gone
      } catch (IOException e) {
        LOG.warn("could not remove the client warm-up's directory {}: {}", dir, e.toString());
      }
    }

    /** Deletes {@code d} if it is empty; false when it is not (some refuse by throwing). */
    private boolean deleted(Path d) throws IOException {
      try {
        return fs.delete(d, false);
      } catch (FileNotFoundException e) {
        return true;
      } catch (org.apache.hadoop.fs.PathIsNotEmptyDirectoryException e) {
        return false;
      } catch (org.apache.hadoop.ipc.RemoteException e) {
        // HDFS sends the same exception wrapped.
        IOException cause = e.unwrapRemoteException(
            org.apache.hadoop.fs.PathIsNotEmptyDirectoryException.class);
        if (cause instanceof org.apache.hadoop.fs.PathIsNotEmptyDirectoryException) {
          return false;
        }
        throw cause;
      }
    }
  }

  /** A file system call that reports success. */
  private interface Call {
    boolean run() throws IOException;
  }

  /** The warm-up's names: {@code <dir>/file_<k>}, {@code file_<k>_r}, {@code dir_<k>}. */
  private static final class ScratchNames implements ItemNames {
    static final String FILE = "file_";
    static final String DIR = "dir_";
    private final Path dir;

    ScratchNames(Path dir) {
      this.dir = dir;
    }

    @Override
    public Path file(long index) {
      return new Path(dir, FILE + index);
    }

    @Override
    public Path renamedFile(long index) {
      return new Path(dir, FILE + index + "_r");
    }

    @Override
    public Path dir(long index) {
      return new Path(dir, DIR + index);
    }
  }
}
