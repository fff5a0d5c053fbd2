package io.metabench.runner;

import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.stats.NanoClock;
import io.metabench.stats.OpRecorder;
import java.util.concurrent.Callable;
import org.apache.hadoop.ipc.RemoteException;

/**
 * One worker's share of one phase: items {@code 0..count-1}, each attempted once plus up to
 * {@code retries} more times, every outcome recorded. A failure never stops the worker: it goes
 * on to the next item, so nothing is skipped.
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
    // A stop request ends the worker between items; the item in flight completes and counts.
    for (long i = 0; i < count && !stop.isRequested(); i++) {
      runOne(i, recorder);
    }
    return recorder;
  }

  private void runOne(long item, OpRecorder recorder) {
    long start = clock.nanoTime();
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
        recorder.success(start, ctx.splitNanos(), clock.nanoTime(), ctx.amount());
        visibility.succeeded(item);
        return;
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
        return;
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
