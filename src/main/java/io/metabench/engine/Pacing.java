package io.metabench.engine;

/**
 * How one worker paces one phase (docs/metrics.md#pacing): how many operations it does (its item
 * count, or as many as fit in a duration, cycling over its items), which of them are warm-up, and
 * whether each waits for a fixed schedule.
 *
 * <p>Immutable and thread-safe; times are relative to the moment the worker passes the start
 * gate.
 */
final class Pacing {
  /** Every item once, as fast as the worker can, everything measured: NNBench's way. */
  static final Pacing CLOSED_LOOP = new Pacing(0, 0, 0, 0);

  private final long durationNanos;
  private final long warmupNanos;
  private final long periodNanos;
  private final long offsetNanos;

  /**
   * @param durationNanos measured time after the warm-up; 0: the item count bounds the phase
   * @param warmupNanos time at the start whose operations are not measured
   * @param periodNanos time between one worker's due times; 0: closed loop
   * @param offsetNanos when this worker's first operation is due, so that workers interleave
   */
  Pacing(long durationNanos, long warmupNanos, long periodNanos, long offsetNanos) {
    this.durationNanos = durationNanos;
    this.warmupNanos = warmupNanos;
    this.periodNanos = periodNanos;
    this.offsetNanos = offsetNanos;
  }

  /**
   * The pacing of worker {@code worker} of {@code workers} in this process, for a phase bounded
   * by {@code durationNanos} (0: by its items), at {@code processRate} operations per second over
   * the process's workers (0: closed loop).
   */
  static Pacing of(long durationNanos, long warmupNanos, double processRate, int worker,
      int workers) {
    if (durationNanos == 0 && warmupNanos == 0 && processRate == 0) {
      return CLOSED_LOOP;
    }
    long period = 0;
    long offset = 0;
    if (processRate > 0) {
      // Worker t's k-th operation is due at (k * workers + t) / rate: together the workers keep
      // the process's rate with their due times evenly interleaved.
      double perWorkerPeriod = workers * 1e9 / processRate;
      period = Math.max(1, Math.round(perWorkerPeriod));
      offset = Math.round(worker * 1e9 / processRate);
    }
    return new Pacing(durationNanos, warmupNanos, period, offset);
  }

  boolean durationBound() {
    return durationNanos > 0;
  }

  boolean fixedRate() {
    return periodNanos > 0;
  }

  /** When operation {@code k} is due, relative to the gate; only for a fixed rate. */
  long dueNanos(long k) {
    return offsetNanos + k * periodNanos;
  }

  long warmupNanos() {
    return warmupNanos;
  }

  /** The end of the phase, relative to the gate, for a duration-bound phase. */
  long endNanos() {
    return warmupNanos + durationNanos;
  }
}
