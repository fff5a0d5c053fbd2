package io.metabench.engine;

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

  StartGate(int workers, long startAtEpochMillis) {
    this.barrier = new CyclicBarrier(workers);
    this.startAtEpochMillis = startAtEpochMillis;
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
