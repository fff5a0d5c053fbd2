package io.metabench.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Measures how long the client stood still during a paced phase's window, as jHiccup does: a
 * daemon thread sleeps {@value #TICK_MICROS} µs at a time and records how much later than that
 * it woke. A garbage collection's pause, the OS scheduling the JVM out, a stall of the machine:
 * each stops this thread as it stops the workers and the pacing, and every operation due
 * meanwhile starts late, by the client's doing, not the store's. A capacity step judges a bound
 * it broke against the longest such pause (docs/capacity.md, "Held, broken, invalid").
 *
 * <p>A pause that ended while the phase warmed up (a capacity step's settling) is in no figure,
 * as the operations it delayed are not: only the pauses that end after {@code judgedFrom} count,
 * so one that reaches into the judged window counts whole.
 *
 * <p>Lifecycle: {@link #start} begins the thread, {@link #stop} ends it and returns the longest
 * pause; one meter measures one window. {@link #stop} is called from the thread that started it.
 */
final class PauseMeter {
  /** How long the meter sleeps between readings. */
  static final long TICK_MICROS = 1_000;

  private final LongSupplier clock;
  private final long judgedFrom;
  private final Thread thread;
  private volatile boolean running = true;
  /** Written by the meter's thread only; read after it ended. */
  private volatile long longest;

  private PauseMeter(LongSupplier clock, long judgedFrom, Sleeper sleeper) {
    this.clock = clock;
    this.judgedFrom = judgedFrom;
    this.thread = new Thread(() -> measure(sleeper), "metabench-pause-meter");
    thread.setDaemon(true);
  }

  /**
   * A meter started on the monotonic clock, sleeping with {@link LockSupport#parkNanos}, counting
   * the pauses that end more than {@code warmupNanos} from now.
   */
  static PauseMeter start(long warmupNanos) {
    return start(System::nanoTime, System.nanoTime() + warmupNanos, LockSupport::parkNanos);
  }

  /**
   * A meter on {@code clock}, sleeping with {@code sleeper} (a test's scripted stall), counting
   * the pauses that end after {@code judgedFrom} on that clock.
   */
  static PauseMeter start(LongSupplier clock, long judgedFrom, Sleeper sleeper) {
    PauseMeter m = new PauseMeter(clock, judgedFrom, sleeper);
    m.thread.start();
    return m;
  }

  private void measure(Sleeper sleeper) {
    long tick = TimeUnit.MICROSECONDS.toNanos(TICK_MICROS);
    long last = clock.getAsLong();
    while (running) {
      sleeper.sleep(tick);
      long now = clock.getAsLong();
      if (now - judgedFrom > 0) {
        longest = Math.max(longest, now - last - tick);
      }
      last = now;
    }
  }

  /** Ends the meter; the longest pause it saw, in nanoseconds (0: none over its tick). */
  long stop() {
    running = false;
    LockSupport.unpark(thread);
    try {
      thread.join(TimeUnit.SECONDS.toMillis(1));
    } catch (InterruptedException e) {
      // The phase is being stopped: what was seen so far is the answer.
      Thread.currentThread().interrupt();
    }
    return Math.max(0, longest);
  }

  /** How the meter sleeps between readings. */
  interface Sleeper {
    void sleep(long nanos);
  }
}
