package io.metabench.engine;

import io.metabench.core.StopRequest;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.op.TreeOp;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.fs.Path;

/**
 * One worker of a traversal phase (ls_r, count, du): takes directories from the walk all workers
 * share, visits each with the phase's {@link TreeOp} (one timed operation), and hands back the
 * subdirectories the visit found. A failed visit (an exception, or a timeout) leaves its subtree
 * unvisited; the engine counts it by cause.
 *
 * <p>One per worker, used by that worker's thread only; only the {@link Walk} is shared.
 */
public final class TreeWalkSource implements ItemSource {
  /**
   * The directories still to visit, shared by the workers of one traversal. The queue is the one
   * point of contact between them: a traversal's parallelism is in how many directories are in
   * flight at once, so workers must meet somewhere, and a lock-free queue costs far less than a
   * listing.
   */
  public static final class Walk {
    private final Path root;
    private final ConcurrentLinkedQueue<Path> queue = new ConcurrentLinkedQueue<>();
    /** Directories queued or being visited; the walk is over when none are. */
    private final AtomicLong pending = new AtomicLong(1);

    public Walk(Path root) {
      this.root = root;
      queue.add(root);
    }

    /** The next directory, waiting while others may still find more; null when the walk is over. */
    Path next(StopRequest stop) {
      for (;;) {
        Path p = queue.poll();
        if (p != null) {
          return p;
        }
        if (pending.get() == 0 || stop.isRequested()) {
          return null;
        }
        LockSupport.parkNanos(50_000);
      }
    }

    /** Adds what a visit found, then marks the visited directory done (in that order). */
    void visited(List<Path> found) {
      pending.addAndGet(found.size());
      queue.addAll(found);
      pending.decrementAndGet();
    }
  }

  private final Walk walk;
  private final OpContext ctx;
  private final StopRequest stop;
  private final MetaOp visit;
  private Path dir;
  private List<Path> found = Collections.emptyList();

  /**
   * @param parallel whether several workers share the walk (count then splits the root)
   */
  public TreeWalkSource(Walk walk, TreeOp op, OpContext ctx, boolean parallel, StopRequest stop) {
    this.walk = walk;
    this.ctx = ctx;
    this.stop = stop;
    // The visit the engine times: it keeps what it found for done(), which hands it to the walk.
    this.visit = (c, item) -> {
      found = op.visit(c, dir, dir == walk.root, parallel);
      return true;
    };
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) {
    dir = walk.next(stop);
    if (dir == null) {
      return false;
    }
    found = Collections.emptyList();
    step.set(visit, k, 0);
    return true;
  }

  @Override
  public void done(Step step, boolean ok) {
    // A failed (or timed-out) visit found nothing to go on with, but its directory is done.
    walk.visited(ok ? found : Collections.<Path>emptyList());
  }
}
