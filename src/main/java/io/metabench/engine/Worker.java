package io.metabench.engine;

import io.metabench.core.Causes;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.stats.OpRecorder;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker's share of one phase: the operations its {@link ItemSource} hands it, each attempted
 * once plus up to {@code retries} more times, every outcome recorded in the recorder of the
 * result it counts in. A failure never stops the worker: it goes on to the next operation, so
 * nothing is skipped. Its {@link Pacing} may bound the phase by time, set a fixed schedule, and
 * send the warm-up's outcomes to recorders of their own.
 *
 * <p>Runs on one thread; returns its recorders for the engine to merge.
 */
final class Worker implements Callable<Worker.Recorded> {
  static final String RETURNED_FALSE = "returned false";
  /** The longest a waiting worker sleeps before it looks at the stop request again. */
  private static final long MAX_PARK_NANOS = 100_000_000L;

  /** What one worker recorded: per result slot, its measured and its warm-up recorder. */
  static final class Recorded {
    private final OpRecorder[] measured;
    private final OpRecorder[] warmup;
    private final long cpuNanos;

    Recorded(OpRecorder[] measured, OpRecorder[] warmup, long cpuNanos) {
      this.measured = measured;
      this.warmup = warmup;
      this.cpuNanos = cpuNanos;
    }

    /** The CPU time the worker's thread used from the gate to its end; -1 when unknown. */
    long cpuNanos() {
      return cpuNanos;
    }

    OpRecorder recorder(int slot) {
      return measured[slot];
    }

    OpRecorder warmup(int slot) {
      return warmup[slot];
    }
  }

  private final ItemSource source;
  private final OpContext ctx;
  private final int retries;
  private final NanoClock clock;
  private final StartGate gate;
  private final OpRecorder[] recorders;
  private final OpRecorder[] warmups;
  private final StopRequest stop;
  private StopRequest failStop;
  private final Step step = new Step();
  private OpTimeout.Watch watch;
  private boolean failFast;
  private Pacing pacing = Pacing.CLOSED_LOOP;

  /** A worker of a one-result phase running {@code op} on items {@code 0..count-1}. */
  Worker(int index, MetaOp op, OpContext ctx, long count, int retries, NanoClock clock,
      StartGate gate) {
    this(new SequentialSource(op, ctx, count, false, Visibility.UNTRACKED), retries, clock, gate,
        new OpRecorder[] {new OpRecorder(index)}, new OpRecorder[] {new OpRecorder(index)},
        StopRequest.NEVER);
  }

  /**
   * A worker recording into {@code recorders} (one per result slot), which a sampler may read
   * while it runs, and the warm-up's operations into {@code warmups}, which nobody samples.
   */
  Worker(ItemSource source, int retries, NanoClock clock, StartGate gate, OpRecorder[] recorders,
      OpRecorder[] warmups, StopRequest stop) {
    this.source = source;
    this.ctx = source.context();
    this.retries = retries;
    this.clock = clock;
    this.gate = gate;
    this.recorders = recorders;
    this.warmups = warmups;
    this.stop = stop;
    this.failStop = stop;
  }

  /** Times every call against {@code -opTimeout} through {@code w}; null: no limit. */
  Worker watchedBy(OpTimeout.Watch w) {
    this.watch = w;
    return this;
  }

  /** Paces the worker (closed loop when not called). */
  Worker pacedBy(Pacing p) {
    this.pacing = p;
    return this;
  }

  /** Requests the stop at this worker's first failed operation ({@code -failFast}). */
  Worker failFast(boolean on) {
    return failFast(on, stop);
  }

  /**
   * Requests {@code runStop} at this worker's first failed operation ({@code -failFast}): the
   * run's stop, where the worker obeys a phase's own (which an early end requests too).
   */
  Worker failFast(boolean on, StopRequest runStop) {
    this.failFast = on;
    this.failStop = runStop;
    return this;
  }

  @Override
  public Recorded call() throws InterruptedException {
    if (gate != null && gate.arriveAndWait()) {
      for (OpRecorder r : recorders) {
        r.markLate();
      }
    }
    long cpuAtStart = ClientLoadGauge.threadCpu();
    // A closed loop needs no origin; not reading the clock for it keeps NNBench's way exact.
    // Due times set by a scheduled source count from the gate's opening, common to all workers.
    long origin = pacing != Pacing.CLOSED_LOOP ? clock.nanoTime()
        : gate != null ? gate.openedNanos() : 0;
    boolean bounded = pacing.durationBound();
    boolean fixedRate = pacing.fixedRate();
    // Asked only when there is a warm-up: nanoTime may be negative, so no origin-based time
    // can stand for "no warm-up".
    boolean warmingUp = pacing.warmupNanos() > 0;
    long warmupEnd = origin + pacing.warmupNanos();
    long end = origin + pacing.endNanos();
    // A stop request ends the worker between operations; the one in flight completes and counts.
    for (long k = 0; !stop.isRequested(); k++) {
      long start;
      boolean scheduled = fixedRate;
      if (fixedRate) {
        start = origin + pacing.dueNanos(k);
        if (bounded && start - end >= 0) {
          break;
        }
        waitUntil(start);
        if (stop.isRequested()) {
          // Stopped while it waited (an early end, a signal): the operation not yet due is not
          // run, as its latency from when due would be negative.
          break;
        }
        if (!source.next(k, step)) {
          break;
        }
      } else {
        if (!source.next(k, step)) {
          break;
        }
        scheduled = step.dueNanos() != Step.UNSCHEDULED;
        if (scheduled) {
          waitUntil(origin + step.dueNanos());
          if (stop.isRequested()) {
            source.done(step, false);
            break;
          }
        }
        // Read after the source answered: a shared walk may have waited for work, and that
        // wait is no part of the operation.
        start = scheduled ? origin + step.dueNanos() : clock.nanoTime();
        if (bounded && start - end >= 0) {
          source.done(step, false);
          break;
        }
      }
      boolean warm = warmingUp && start - warmupEnd < 0;
      int slot = step.slot();
      boolean ok = false;
      try {
        ok = runOne(step, warm ? warmups[slot] : recorders[slot], start, scheduled);
      } finally {
        // Also when the call threw an Error: a shared walk must learn its directory is done.
        source.done(step, ok);
      }
    }
    long cpuAtEnd = ClientLoadGauge.threadCpu();
    return new Recorded(recorders, warmups, cpuAtStart < 0 || cpuAtEnd < 0 ? -1
        : cpuAtEnd - cpuAtStart);
  }

  /**
   * Sleeps until {@code due}, or returns at once when the worker is behind: a late operation
   * starts immediately and its latency still counts from when it was due. Sleeps in slices, so
   * a stop is seen during a long gap (a quiet stretch of a replayed log), not after it.
   */
  private void waitUntil(long due) {
    for (long wait = due - clock.nanoTime(); wait > 0 && !stop.isRequested();
        wait = due - clock.nanoTime()) {
      LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
    }
  }

  /**
   * Runs the step until it succeeds or its attempts are spent. Latency runs from {@code start}:
   * when the operation began, or when it was due when it is {@code scheduled} (a fixed rate, a
   * source's due time).
   *
   * @return whether it succeeded
   */
  private boolean runOne(Step s, OpRecorder recorder, long start, boolean scheduled) {
    long actualStart = scheduled ? clock.nanoTime() : start;
    if (scheduled) {
      recorder.startedLate(actualStart - start);
    }
    MetaOp op = s.op();
    long item = s.item();
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
        if (scheduled) {
          recorder.serviceTime(end - actualStart);
        }
        return true;
      } else if (failure == null) {
        cause = source.causeOf(s, RETURNED_FALSE);
        message = "";
      } else {
        cause = source.causeOf(s, Causes.of(failure));
        message = failure.getMessage();
      }
      if (attempt < retries) {
        recorder.retry(cause, message);
      } else {
        recorder.failure(start, clock.nanoTime(), cause, message);
        if (failFast) {
          failStop.request("stopped at the first failure (-failFast): " + cause, false);
        }
        return false;
      }
    }
  }

}
