package io.metabench.runner;

import io.metabench.core.StopRequest;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.core.NanoClock;
import io.metabench.stats.OpRecorder;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.ipc.RemoteException;

/**
 * One worker's share of one phase: items {@code 0..count-1}, each attempted once plus up to
 * {@code retries} more times, every outcome recorded. A failure never stops the worker: it goes
 * on to the next item, so nothing is skipped. Its {@link Pacing} may instead bound the phase by
 * time (cycling over the items), set a fixed schedule, and send the warm-up's outcomes to a
 * recorder of their own.
 *
 * <p>Runs on one thread; returns its recorder for the runner to merge.
 */
final class Worker implements Callable<OpRecorder> {
  static final String RETURNED_FALSE = "returned false";

  private final int index;
  private final MetaOp op;
  private final OpContext ctx;
  private final long count;
  private final int retries;
  private final NanoClock clock;
  private final StartGate gate;
  private final OpRecorder recorder;
  private final Visibility visibility;
  private final StopRequest stop;
  private OpTimeout.Watch watch;
  private boolean failFast;
  private Pacing pacing = Pacing.CLOSED_LOOP;
  private OpRecorder warmup;
  private MixWorkload mix;
  private boolean mixExhausted;

  Worker(int index, MetaOp op, OpContext ctx, long count, int retries, NanoClock clock,
      StartGate gate) {
    this(index, op, ctx, count, retries, clock, gate, new OpRecorder(index),
        Visibility.UNTRACKED, StopRequest.NEVER);
  }

  /**
   * A worker recording into {@code recorder}, which a sampler may read while it runs, and telling
   * not-found failures of items this run made visible apart with {@code visibility}.
   */
  Worker(int index, MetaOp op, OpContext ctx, long count, int retries, NanoClock clock,
      StartGate gate, OpRecorder recorder, Visibility visibility, StopRequest stop) {
    this.stop = stop;
    this.recorder = recorder;
    this.visibility = visibility;
    this.index = index;
    this.op = op;
    this.ctx = ctx;
    this.count = count;
    this.retries = retries;
    this.clock = clock;
    this.gate = gate;
  }

  /** Times every call against {@code -opTimeout} through {@code w}; null: no limit. */
  Worker watchedBy(OpTimeout.Watch w) {
    this.watch = w;
    return this;
  }

  /**
   * Paces the worker; operations that start (or are due) in the warm-up are recorded into
   * {@code warmupRecorder}, which nobody samples, instead of the measured recorder.
   */
  Worker pacedBy(Pacing p, OpRecorder warmupRecorder) {
    this.pacing = p;
    this.warmup = warmupRecorder;
    return this;
  }

  /**
   * Draws each operation and item from {@code workload} instead of running the worker's one
   * operation on items in order; outcomes go to the workload's per-operation recorders.
   */
  Worker drawingFrom(MixWorkload workload) {
    this.mix = workload;
    return this;
  }

  /** Whether a mix ended early because none of its operations had an item to work on. */
  boolean mixExhausted() {
    return mixExhausted;
  }

  /** Requests the stop at this worker's first failed operation ({@code -failFast}). */
  Worker failFast(boolean on) {
    this.failFast = on;
    return this;
  }

  @Override
  public OpRecorder call() throws InterruptedException {
    if (gate != null && gate.arriveAndWait()) {
      recorder.markLate();
    }
    // A closed loop needs no origin; not reading the clock for it keeps NNBench's way exact.
    long origin = pacing == Pacing.CLOSED_LOOP ? 0 : clock.nanoTime();
    boolean bounded = pacing.durationBound();
    boolean fixedRate = pacing.fixedRate();
    // Asked only when there is a warm-up: nanoTime may be negative, so no origin-based time
    // can stand for "no warm-up".
    boolean warmingUp = warmup != null && pacing.warmupNanos() > 0;
    long warmupEnd = origin + pacing.warmupNanos();
    long end = origin + pacing.endNanos();
    // A stop request ends the worker between items; the item in flight completes and counts.
    for (long k = 0; (bounded || k < count) && !stop.isRequested(); k++) {
      long start = fixedRate ? origin + pacing.dueNanos(k) : clock.nanoTime();
      if (bounded && start - end >= 0) {
        break;
      }
      if (fixedRate) {
        waitUntil(start);
      }
      boolean warm = warmingUp && start - warmupEnd < 0;
      if (mix == null) {
        runOne(op, bounded ? k % count : k, warm ? warmup : recorder, start, fixedRate);
      } else if (mix.draw()) {
        ctx.setFilesRenamed(mix.renamed());
        mix.settle(runOne(mix.metaOp(), mix.item(), warm ? warmup : mix.recorder(), start,
            fixedRate));
      } else {
        mixExhausted = true;
        break;
      }
    }
    return recorder;
  }

  /**
   * Sleeps until {@code due}, or returns at once when the worker is behind: a late operation
   * starts immediately and its latency still counts from when it was due.
   */
  private void waitUntil(long due) {
    for (long wait = due - clock.nanoTime(); wait > 0 && !stop.isRequested();
        wait = due - clock.nanoTime()) {
      LockSupport.parkNanos(wait);
    }
  }

  /**
   * Runs {@code op} on {@code item} until it succeeds or its attempts are spent. Latency runs from
   * {@code start}: when the operation began, or with a fixed rate when it was due.
   *
   * @return whether it succeeded
   */
  private boolean runOne(MetaOp op, long item, OpRecorder recorder, long start,
      boolean fixedRate) {
    long actualStart = fixedRate ? clock.nanoTime() : start;
    for (int attempt = 0;; attempt++) {
      ctx.beginAttempt();
      String cause;
      String message;
      if (watch != null) {
        watch.begin(clock.nanoTime());
      }
      boolean ok;
      Exception failure = null;
      try {
        ok = op.execute(ctx, item);
      } catch (Exception e) {
        ok = false;
        failure = e;
      }
      if (watch != null && watch.endTimedOut()) {
        // Too late is a failure whatever the call returned: the limit is what was asked.
        cause = OpTimeout.CAUSE;
        message = failure == null ? "" : failure.toString();
      } else if (ok) {
        long end = clock.nanoTime();
        recorder.success(start, ctx.splitNanos(), end, ctx.amount());
        if (fixedRate) {
          recorder.serviceTime(end - actualStart);
        }
        visibility.succeeded(item);
        return true;
      } else if (failure == null) {
        cause = RETURNED_FALSE;
        message = "";
      } else {
        cause = visibility.causeOfFailure(item, causeOf(failure));
        message = failure.getMessage();
      }
      if (attempt < retries) {
        recorder.retry(cause, message);
      } else {
        recorder.failure(start, clock.nanoTime(), cause, message);
        if (failFast) {
          stop.request("stopped at the first failure (-failFast): " + cause, false);
        }
        return false;
      }
    }
  }

  /** The exception's simple class name; for a server-side exception, the server's class. */
  static String causeOf(Exception e) {
    if (e instanceof RemoteException) {
      String className = ((RemoteException) e).getClassName();
      return className.substring(className.lastIndexOf('.') + 1);
    }
    return e.getClass().getSimpleName();
  }
}
