package io.metabench.engine;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * {@code -opTimeout}: a call that takes longer than the limit is interrupted and counted as a
 * failure with cause {@link #CAUSE}, so a hung server cannot hold a worker forever. Hadoop's
 * clients (HDFS IPC, S3A's HTTP) end a call when its thread is interrupted; a client that ignores
 * interrupts keeps its worker until the call returns, and the call is then still counted as timed
 * out.
 *
 * <p>One {@link Watch} per worker, written by that worker (an ordered write at the start and an
 * atomic swap at the end of each call, only when the limit is set) and read by the watchdog
 * thread, which checks every quarter of the limit (at most every 250 ms).
 */
final class OpTimeout {
  static final String CAUSE = "timed out (-opTimeout)";

  /** One worker's call in flight. */
  static final class Watch {
    private static final AtomicLongFieldUpdater<Watch> START =
        AtomicLongFieldUpdater.newUpdater(Watch.class, "startNanos");
    /** Start of the call in flight; 0 when idle; {@link #FIRED} once the watchdog fired. */
    private volatile long startNanos;
    private volatile Thread thread;
    private static final long FIRED = -1;

    void begin(long nowNanos) {
      if (thread == null) {
        thread = Thread.currentThread();
      }
      START.lazySet(this, nowNanos == 0 || nowNanos == FIRED ? 1 : nowNanos);
    }

    /**
     * Ends the call; true when the watchdog fired on it (it is then a timeout, whatever it
     * returned), with the thread's interrupt cleared so the next call is not cut short.
     */
    boolean endTimedOut() {
      if (START.getAndSet(this, 0) == FIRED) {
        Thread.interrupted();
        return true;
      }
      return false;
    }

    /** Interrupts the call when it started more than {@code limitNanos} before {@code now}. */
    void check(long nowNanos, long limitNanos) {
      long start = startNanos;
      if (start > 0 && nowNanos - start > limitNanos && START.compareAndSet(this, start, FIRED)) {
        thread.interrupt();
      }
    }
  }

  private final List<Watch> watches;
  private final long limitNanos;
  private final io.metabench.core.NanoClock clock;
  private ScheduledExecutorService timer;

  OpTimeout(List<Watch> watches, long limitNanos, io.metabench.core.NanoClock clock) {
    this.watches = watches;
    this.limitNanos = limitNanos;
    this.clock = clock;
  }

  void start() {
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-op-timeout");
      t.setDaemon(true);
      return t;
    });
    long period = Math.max(1_000_000L, Math.min(limitNanos / 4, 250_000_000L));
    timer.scheduleAtFixedRate(this::checkAll, period, period, TimeUnit.NANOSECONDS);
  }

  /**
   * Watches for {@code workers} workers, with the watchdog started; null when there is no limit
   * ({@code limitNanos} 0). Each worker's watch is {@link #watch}; {@link #stop} ends the watchdog.
   */
  static OpTimeout startFor(int workers, long limitNanos, io.metabench.core.NanoClock clock) {
    if (limitNanos <= 0) {
      return null;
    }
    List<Watch> watches = new java.util.ArrayList<>();
    for (int t = 0; t < workers; t++) {
      watches.add(new Watch());
    }
    OpTimeout timeouts = new OpTimeout(watches, limitNanos, clock);
    timeouts.start();
    return timeouts;
  }

  /** Worker {@code t}'s watch; null when {@code timeouts} is null (no limit). */
  static Watch watch(OpTimeout timeouts, int t) {
    return timeouts == null ? null : timeouts.watches.get(t);
  }

  void checkAll() {
    long now = clock.nanoTime();
    for (Watch w : watches) {
      w.check(now, limitNanos);
    }
  }

  void stop() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
