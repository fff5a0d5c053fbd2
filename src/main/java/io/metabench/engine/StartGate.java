package io.metabench.engine;

import io.metabench.core.NanoClock;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * Holds a phase's workers until all are ready and, when a start time is given, until that
 * wall-clock time (NNBench's -startTime, for coordinating several processes). A worker that
 * reaches the gate after the start time is late: it still does all its work, and is counted.
 *
 * <p>Thread-safe; one gate per phase.
 */
final class StartGate {
  private final CyclicBarrier barrier;
  private final long startAtEpochMillis;
  private volatile long openedNanos;

  StartGate(int workers, long startAtEpochMillis) {
    this(workers, startAtEpochMillis, null);
  }

  /**
   * A gate that, when {@code clock} is not null, reads it once as all workers have arrived: the
   * common start a scheduled phase's due times count from.
   */
  StartGate(int workers, long startAtEpochMillis, NanoClock clock) {
    this.barrier = clock == null ? new CyclicBarrier(workers)
        : new CyclicBarrier(workers, () -> openedNanos = clock.nanoTime());
    this.startAtEpochMillis = startAtEpochMillis;
  }

  /**
   * When all workers had arrived, on the clock given to the constructor; read after
   * {@link #arriveAndWait} returned (the barrier orders the write before every release).
   */
  long openedNanos() {
    return openedNanos;
  }

  /**
   * Waits for the other workers and the start time.
   *
   * @return true when this worker arrived after the start time
   */
  boolean arriveAndWait() throws InterruptedException {
    // Wall-clock time is used only to arrive at a start agreed across machines; every
    // measurement uses the monotonic clock.
    boolean late = startAtEpochMillis > 0 && System.currentTimeMillis() > startAtEpochMillis;
    try {
      barrier.await();
    } catch (BrokenBarrierException e) {
      throw new IllegalStateException("another worker failed before the phase started", e);
    }
    long wait;
    while (startAtEpochMillis > 0 && (wait = startAtEpochMillis - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(wait, 1000));
    }
    return late;
  }
}
