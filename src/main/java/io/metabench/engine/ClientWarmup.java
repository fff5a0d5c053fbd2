package io.metabench.engine;

import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.ItemNames;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.stats.ClientWarmupFigures;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client warm-up before a measured phase ({@code -clientWarmup},
 * docs/metrics.md#client-warm-up): each worker, on its own client, runs cycles of the calls the
 * phase will make on scratch names of its own under {@code <scratchRoot>/w<worker>}, until the
 * time is up or it has run {@link #MAX_CYCLES_PER_WORKER} cycles, so the phase's measured window
 * sees the file system's steady state rather than the client JVM loading classes and compiling
 * its hot paths. A cycle on item k: create file k (as create_write, with the run's bytes), then
 * each of the phase's operations that keep names (stat, open_read, chmod, ...; a traversal's
 * listing or summary on the scratch directory), rename when the phase renames, and delete it
 * under the name it then has; mkdirs and rmdir of directory k when the phase makes or removes
 * directories. Every name it made is removed before the phase starts, so the phase finds the
 * namespace it would have found without it; nothing it does is in any figure of the phase.
 *
 * <p>Immutable; {@link #run} may be called for each phase.
 */
public final class ClientWarmup {
  private static final Logger LOG = LoggerFactory.getLogger(ClientWarmup.class);
  /** Bounds the calls on a very fast file system (a no-op one): 20,000 cycles a worker. */
  static final long MAX_CYCLES_PER_WORKER = 20_000;

  private final long nanos;
  private final Path scratchRoot;

  /**
   * @param nanos how long each worker warms up; 0: no warm-up
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
    List<long[]> counts = engine.forEachWorker(sources.size(), t -> {
      Cycles c = new Cycles(sources.get(t).context(), new Path(scratchRoot, "w" + t),
          phase.results(), clock);
      c.run(began + nanos, stop);
      return new long[] {c.calls, c.failed};
    });
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
    private final NanoClock clock;
    private final List<OpType> keepNames = new ArrayList<>();
    private final boolean files;
    private final boolean renames;
    private final boolean dirs;
    private final boolean lists;
    private final boolean summarises;
    long calls;
    long failed;

    Cycles(OpContext phaseContext, Path dir, List<OpType> ops, NanoClock clock) {
      this.dir = dir;
      this.ctx = phaseContext.withNames(new ScratchNames(dir));
      this.fs = ctx.fs();
      this.clock = clock;
      boolean anyFiles = false;
      for (OpType op : ops) {
        if (op.keepsNames() && !op.traverses()) {
          keepNames.add(op);
        }
        anyFiles |= op.items() == OpType.Items.FILES;
      }
      this.files = anyFiles;
      this.renames = ops.contains(OpType.RENAME);
      this.dirs = ops.contains(OpType.MKDIRS) || ops.contains(OpType.RMDIR);
      this.lists = ops.contains(OpType.LS_R);
      this.summarises = ops.contains(OpType.COUNT) || ops.contains(OpType.DU);
    }

    void run(long end, StopRequest stop) {
      if (!call(() -> fs.mkdirs(dir))) {
        return;
      }
      for (long k = 0; k < MAX_CYCLES_PER_WORKER && clock.nanoTime() - end < 0
          && !stop.isRequested(); k++) {
        cycle(k);
      }
      removeWhatIsLeft();
    }

    private void cycle(long k) {
      if (files) {
        ctx.setFilesRenamed(false);
        if (call(() -> OpType.CREATE_WRITE.op().execute(ctx, k))) {
          for (OpType op : keepNames) {
            call(() -> op.op().execute(ctx, k));
          }
          if (lists) {
            call(() -> fs.listStatus(dir) != null);
          }
          if (summarises) {
            call(() -> fs.getContentSummary(dir) != null);
          }
          if (renames && call(() -> OpType.RENAME.op().execute(ctx, k))) {
            ctx.setFilesRenamed(true);
          }
          call(() -> OpType.DELETE.op().execute(ctx, k));
        }
      }
      if (dirs && call(() -> OpType.MKDIRS.op().execute(ctx, k))) {
        call(() -> OpType.RMDIR.op().execute(ctx, k));
      }
    }

    /** One call, counted; a failure is counted and the warm-up goes on. */
    private boolean call(Call c) {
      calls++;
      ctx.beginAttempt();
      try {
        if (c.run()) {
          return true;
        }
      } catch (IOException | RuntimeException e) {
        LOG.debug("client warm-up call failed", e);
      }
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
      } catch (IOException e) {
        // HDFS wraps it in a RemoteException.
        if (String.valueOf(e.getMessage()).contains("is non empty")
            || e.getClass().getName().contains("RemoteException")) {
          return false;
        }
        throw e;
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
