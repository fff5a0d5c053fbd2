package io.metabench.runner;

import io.metabench.core.StopRequest;
import io.metabench.op.OpContext;
import io.metabench.op.TreeOp;
import io.metabench.core.NanoClock;
import io.metabench.stats.OpRecorder;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.fs.Path;

/**
 * One worker of a traversal phase (ls_r, count, du): takes directories from the walk all workers
 * share, visits each with the phase's {@link TreeOp} (one timed operation), and hands back the
 * subdirectories the visit found. A failed visit is counted by cause and its subtree is not
 * visited; there are no retries.
 *
 * <p>Runs on one thread and returns its recorder; only the {@link Walk} is shared.
 */
final class TreeWalker implements Callable<OpRecorder> {
  /**
   * The directories still to visit, shared by the workers of one traversal. The queue is the one
   * point of contact between them: a traversal's parallelism is in how many directories are in
   * flight at once, so workers must meet somewhere, and a lock-free queue costs far less than a
   * listing.
   */
  static final class Walk {
    private final Path root;
    private final ConcurrentLinkedQueue<Path> queue = new ConcurrentLinkedQueue<>();
    /** Directories queued or being visited; the walk is over when none are. */
    private final AtomicLong pending = new AtomicLong(1);

    Walk(Path root) {
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
  private final TreeOp op;
  private final OpContext ctx;
  private final boolean parallel;
  private final NanoClock clock;
  private final StartGate gate;
  private final OpRecorder recorder;
  private final StopRequest stop;

  TreeWalker(Walk walk, TreeOp op, OpContext ctx, boolean parallel, NanoClock clock,
      StartGate gate, OpRecorder recorder, StopRequest stop) {
    this.walk = walk;
    this.op = op;
    this.ctx = ctx;
    this.parallel = parallel;
    this.clock = clock;
    this.gate = gate;
    this.recorder = recorder;
    this.stop = stop;
  }

  @Override
  public OpRecorder call() throws InterruptedException {
    if (gate != null && gate.arriveAndWait()) {
      recorder.markLate();
    }
    for (Path dir = walk.next(stop); dir != null; dir = walk.next(stop)) {
      ctx.beginAttempt();
      long start = clock.nanoTime();
      List<Path> found = java.util.Collections.emptyList();
      try {
        found = op.visit(ctx, dir, dir == walk.root, parallel);
        recorder.success(start, 0, clock.nanoTime(), ctx.amount());
      } catch (Exception e) {
        recorder.failure(start, clock.nanoTime(), Worker.causeOf(e), e.getMessage());
      } finally {
        walk.visited(found);
      }
    }
    return recorder;
  }
}
