package io.metabench.engine;

import io.metabench.stats.Steadiness;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides when a client warm-up has done its job: when the warm-up's own call rate has stopped
 * climbing and the JIT has stopped compiling. Fed the total calls and the JVM's total JIT
 * compilation time so far every {@link #SAMPLE_NANOS}, it is settled once the rates of the last
 * {@link #WINDOWS} sampling windows are within {@link #TOLERANCE} of their mean (max − min ≤
 * tolerance × mean) and the JIT compiled for at most {@link #JIT_SHARE} of each of them. A JVM
 * already warm (a later phase of the same run) settles in about
 * {@code WINDOWS × SAMPLE_NANOS}; a cold one keeps going while the JIT is still making it faster.
 *
 * <p>Not thread-safe: one monitoring thread feeds it.
 */
final class WarmupGauge {
  static final long SAMPLE_NANOS = 500_000_000L;
  static final int WINDOWS = 3;
  static final double TOLERANCE = 0.15;
  static final double JIT_SHARE = 0.05;

  private final List<Double> rates = new ArrayList<>();
  private final List<Double> jitShares = new ArrayList<>();
  private long lastNanos;
  private long lastCalls;
  private long lastJitMillis;
  private boolean started;

  /**
   * The calls made and the JIT's compilation time (ms) by {@code nowNanos}; returns whether the
   * warm-up has settled.
   */
  boolean sample(long nowNanos, long calls, long jitMillis) {
    if (!started) {
      started = true;
    } else if (nowNanos > lastNanos) {
      rates.add((calls - lastCalls) * 1e9 / (nowNanos - lastNanos));
      jitShares.add((jitMillis - lastJitMillis) * 1e6 / (nowNanos - lastNanos));
    }
    lastNanos = nowNanos;
    lastCalls = calls;
    lastJitMillis = jitMillis;
    return settled();
  }

  /** The mean call rate of the last {@link #WINDOWS} windows (fewer at first); NaN before any. */
  double lastRate() {
    if (rates.isEmpty()) {
      return Double.NaN;
    }
    double sum = 0;
    List<Double> last = rates.subList(Math.max(0, rates.size() - WINDOWS), rates.size());
    for (double r : last) {
      sum += r;
    }
    return sum / last.size();
  }

  boolean settled() {
    if (rates.size() < WINDOWS) {
      return false;
    }
    for (double share : jitShares.subList(jitShares.size() - WINDOWS, jitShares.size())) {
      if (share > JIT_SHARE) {
        return false;
      }
    }
    return Steadiness.spreadOf(rates.subList(rates.size() - WINDOWS, rates.size())) <= TOLERANCE;
  }
}
