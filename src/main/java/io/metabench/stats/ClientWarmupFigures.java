package io.metabench.stats;

import java.util.List;

/**
 * What the client warm-up before a phase did ({@code -clientWarmup}, docs/metrics.md#client-warm-up):
 * the calls it made on scratch names of its own, how many of them failed, and how long it took.
 * None of it is in any other figure of the phase.
 *
 * <p>Immutable.
 */
public final class ClientWarmupFigures {
  /** No client warm-up ran (turned off, or an unmeasured phase). */
  public static final ClientWarmupFigures NONE = new ClientWarmupFigures(0, 0, 0);

  private final long calls;
  private final long failed;
  private final long nanos;

  public ClientWarmupFigures(long calls, long failed, long nanos) {
    this.calls = calls;
    this.failed = failed;
    this.nanos = nanos;
  }

  /** These figures; {@link #NONE} when nothing was done (a result file of a cold run). */
  public static ClientWarmupFigures of(long calls, long failed, long nanos) {
    return calls == 0 && nanos == 0 ? NONE : new ClientWarmupFigures(calls, failed, nanos);
  }

  /** Several processes' warm-ups as one: calls and failures add up, the time is the longest. */
  public static ClientWarmupFigures combine(List<ClientWarmupFigures> parts) {
    long calls = 0;
    long failed = 0;
    long nanos = 0;
    for (ClientWarmupFigures p : parts) {
      calls += p.calls;
      failed += p.failed;
      nanos = Math.max(nanos, p.nanos);
    }
    return of(calls, failed, nanos);
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
