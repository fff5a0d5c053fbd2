package io.metabench.engine;

import io.metabench.core.NanoClock;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds a phase's workers until all are ready. A phase whose process reached its agreed start
 * ({@code -startTime}) after it had passed is late: its workers are told so at the gate, still do
 * all their work, and are counted late. The wait for the start itself is the engine's, before the
 * phase's window opens (it is not part of the phase).
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
  private final boolean late;
  private volatile long openedNanos;

  /**
   * A gate that, when {@code clock} is not null, reads it once as all workers have arrived: the
   * common start a scheduled phase's due times count from.
   *
   * @param late whether the phase's process came to its agreed start after it had passed
   */
  StartGate(int workers, boolean late, NanoClock clock) {
    this(workers, late, clock, null, MAX_PARTIES);
  }

  /**
   * A gate with no start time that runs {@code onOpen} each time all workers have arrived, before
   * it lets any of them go on (what it writes is visible to every worker after the gate).
   */
  StartGate(int workers, Runnable onOpen) {
    this(workers, false, null, onOpen, MAX_PARTIES);
  }

  /** As {@link #StartGate(int, Runnable)}, spreading workers over phasers of {@code maxParties}. */
  StartGate(int workers, Runnable onOpen, int maxParties) {
    this(workers, false, null, onOpen, maxParties);
  }

  private StartGate(int workers, boolean late, NanoClock clock, Runnable onOpen,
      int maxParties) {
    this.late = late;
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
   * Waits for the other workers.
   *
   * @return true when the phase is late (its process came to the agreed start after it passed)
   * @throws InterruptedException when the wait was interrupted (the run is being abandoned)
   */
  boolean arriveAndWait() throws InterruptedException {
    Phaser p = mine();
    p.awaitAdvanceInterruptibly(p.arrive());
    return late;
  }

  /** This worker will not arrive again: the gate no longer waits for it. */
  void leave() {
    mine().arriveAndDeregister();
  }
}
