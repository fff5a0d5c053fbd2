package io.metabench.engine;

import io.metabench.core.NanoClock;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds a phase's workers until all are ready and, when a start time is given, until that
 * wall-clock time (NNBench's -startTime, for coordinating several processes). A worker that
 * reaches the gate after the start time is late: it still does all its work, and is counted.
 *
 * <p>The gate opens again each time all its workers have arrived again, so one gate can hold
 * the same workers before each of a series of runs (the client warm-up's passes); a worker that
 * quits {@link #leave}s it, so the others are not held for it.
 *
 * <p>Thread-safe.
 */
final class StartGate {
  /** The most parties one Phaser takes; more workers are spread over child phasers. */
  private static final int MAX_PARTIES = 65_535;

  private final Phaser phaser;
  /** Null up to {@link #MAX_PARTIES} workers; else the children the workers arrive at. */
  private final Phaser[] children;
  private final ThreadLocal<Phaser> childOfThread;
  private final AtomicInteger arrivedThreads = new AtomicInteger();
  private final long startAtEpochMillis;
  private volatile long openedNanos;

  StartGate(int workers, long startAtEpochMillis) {
    this(workers, startAtEpochMillis, null, null, MAX_PARTIES);
  }

  /**
   * A gate that, when {@code clock} is not null, reads it once as all workers have arrived: the
   * common start a scheduled phase's due times count from.
   */
  StartGate(int workers, long startAtEpochMillis, NanoClock clock) {
    this(workers, startAtEpochMillis, clock, null, MAX_PARTIES);
  }

  /**
   * A gate with no start time that runs {@code onOpen} each time all workers have arrived, before
   * it lets any of them go on (what it writes is visible to every worker after the gate).
   */
  StartGate(int workers, Runnable onOpen) {
    this(workers, 0, null, onOpen, MAX_PARTIES);
  }

  /** As {@link #StartGate(int, Runnable)}, spreading workers over phasers of {@code maxParties}. */
  StartGate(int workers, Runnable onOpen, int maxParties) {
    this(workers, 0, null, onOpen, maxParties);
  }

  private StartGate(int workers, long startAtEpochMillis, NanoClock clock, Runnable onOpen,
      int maxParties) {
    this.startAtEpochMillis = startAtEpochMillis;
    Phaser root = new Phaser(workers <= maxParties ? workers : 0) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        if (clock != null) {
          openedNanos = clock.nanoTime();
        }
        if (onOpen != null) {
          onOpen.run();
        }
        return parties == 0;
      }
    };
    if (workers <= maxParties) {
      this.phaser = root;
      this.children = null;
      this.childOfThread = null;
    } else {
      // Each thread keeps the child it first arrived at: a worker arrives at the same one each
      // time the gate opens again.
      this.children = new Phaser[(workers + maxParties - 1) / maxParties];
      for (int c = 0; c < children.length; c++) {
        children[c] = new Phaser(root, Math.min(maxParties, workers - c * maxParties));
      }
      this.phaser = null;
      this.childOfThread = ThreadLocal.withInitial(
          () -> children[arrivedThreads.getAndIncrement() / maxParties]);
    }
  }

  /** Where the calling worker arrives. */
  private Phaser mine() {
    return children == null ? phaser : childOfThread.get();
  }

  /**
   * When all workers had arrived, on the clock given to the constructor; read after
   * {@link #arriveAndWait} returned (the gate orders the write before every release).
   */
  long openedNanos() {
    return openedNanos;
  }

  /**
   * Waits for the other workers and the start time.
   *
   * @return true when this worker arrived after the start time
   * @throws InterruptedException when the wait was interrupted (the run is being abandoned)
   */
  boolean arriveAndWait() throws InterruptedException {
    // Wall-clock time is used only to arrive at a start agreed across machines; every
    // measurement uses the monotonic clock.
    boolean late = startAtEpochMillis > 0 && System.currentTimeMillis() > startAtEpochMillis;
    Phaser p = mine();
    p.awaitAdvanceInterruptibly(p.arrive());
    long wait;
    while (startAtEpochMillis > 0 && (wait = startAtEpochMillis - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(wait, 1000));
    }
    return late;
  }

  /** This worker will not arrive again: the gate no longer waits for it. */
  void leave() {
    mine().arriveAndDeregister();
  }
}
