package io.metabench.stats;

import java.util.List;

/**
 * What the client warm-up before a phase did ({@code -clientWarmup}, docs/metrics.md#client-warm-up):
 * the calls it made on scratch names of its own, how many of them failed, how long it took, how
 * it ended (its rate settled, or it reached its time cap first), the call rate it had reached, and
 * whether it was a re-warm (of operations an earlier warm-up of the run had settled on). None of
 * it is in any other figure of the phase.
 *
 * <p>Immutable.
 */
public final class ClientWarmupFigures {
  /** No client warm-up ran (turned off, or an unmeasured phase). */
  public static final ClientWarmupFigures NONE = new ClientWarmupFigures(0, 0, 0);

  private final long calls;
  private final long failed;
  private final long nanos;
  private final boolean capped;
  private final double lastRate;
  private final int warmedByRun;
  private final boolean rewarm;

  public ClientWarmupFigures(long calls, long failed, long nanos) {
    this(calls, failed, nanos, false, Double.NaN);
  }

  /**
   * @param capped whether it ended at its time cap before its rate settled
   * @param lastRate its calls per second over its last sampling windows; NaN when unknown
   */
  public ClientWarmupFigures(long calls, long failed, long nanos, boolean capped,
      double lastRate) {
    this(calls, failed, nanos, capped, lastRate, 0, false);
  }

  private ClientWarmupFigures(long calls, long failed, long nanos, boolean capped,
      double lastRate, int warmedByRun, boolean rewarm) {
    this.calls = calls;
    this.failed = failed;
    this.nanos = nanos;
    this.capped = capped;
    this.lastRate = lastRate;
    this.warmedByRun = warmedByRun;
    this.rewarm = rewarm;
  }

  private ClientWarmupFigures(int warmedByRun) {
    this(0, 0, 0, false, Double.NaN, warmedByRun, false);
  }

  /**
   * These figures, of a re-warm or not: a warm-up of operations an earlier warm-up of the same
   * run (same JVM, same concurrency) had settled on, which ends on its rate alone
   * (docs/metrics.md#client-warm-up).
   */
  public ClientWarmupFigures asRewarm(boolean isRewarm) {
    return !ran() || isRewarm == rewarm ? this
        : new ClientWarmupFigures(calls, failed, nanos, capped, lastRate, warmedByRun, isRewarm);
  }

  /** Whether it was a re-warm ({@link #asRewarm}). */
  public boolean rewarm() {
    return rewarm;
  }

  /**
   * No warm-up, because this JVM already ran the phase at this concurrency in run
   * {@code run} of the study (docs/metrics.md#client-warm-up).
   */
  public static ClientWarmupFigures warmedBy(int run) {
    return run <= 0 ? NONE : new ClientWarmupFigures(run);
  }

  /** The earlier run of the study that warmed this JVM for the phase; 0: none. */
  public int warmedByRun() {
    return warmedByRun;
  }

  /** These figures; {@link #NONE} when nothing was done (a result file of a cold run). */
  public static ClientWarmupFigures of(long calls, long failed, long nanos, boolean capped,
      double lastRate) {
    return calls == 0 && nanos == 0 ? NONE
        : new ClientWarmupFigures(calls, failed, nanos, capped, lastRate);
  }

  /**
   * Several processes' warm-ups as one: calls, failures and rates add up, the time is the
   * longest, it reached its cap when any did, and it was a re-warm when each one that ran was.
   */
  public static ClientWarmupFigures combine(List<ClientWarmupFigures> parts) {
    long calls = 0;
    long failed = 0;
    long nanos = 0;
    boolean capped = false;
    double rate = Double.NaN;
    int warmedBy = 0;
    boolean rewarms = true;
    for (ClientWarmupFigures p : parts) {
      rewarms &= p.rewarm || !p.ran();
      warmedBy = Math.max(warmedBy, p.warmedByRun);
      calls += p.calls;
      failed += p.failed;
      nanos = Math.max(nanos, p.nanos);
      capped |= p.capped;
      // The processes' rates add up; a part that never sampled one (no warm-up) adds nothing.
      if (!Double.isNaN(p.lastRate)) {
        rate = (Double.isNaN(rate) ? 0 : rate) + p.lastRate;
      }
    }
    return calls == 0 && nanos == 0 && warmedBy > 0 ? warmedBy(warmedBy)
        : of(calls, failed, nanos, capped, rate).asRewarm(rewarms);
  }

  /** Whether it ended at its time cap ({@code -clientWarmup}) before its rate settled. */
  public boolean capped() {
    return capped;
  }

  /** Its calls per second over its last sampling windows; NaN when unknown. */
  public double lastRate() {
    return lastRate;
  }

  /** File system calls made, failed ones included. */
  public long calls() {
    return calls;
  }

  /** Calls that failed (the warm-up goes on; they are in no figure of the phase). */
  public long failed() {
    return failed;
  }

  /** From the warm-up's start to its end, in nanoseconds (the longest worker's). */
  public long nanos() {
    return nanos;
  }

  /** Whether a warm-up ran. */
  public boolean ran() {
    return calls > 0 || nanos > 0;
  }
}
