package io.metabench.engine;

import io.metabench.stats.Steadiness;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides when a client warm-up has done its job: when the warm-up's own call rate has stopped
 * climbing and the JIT has stopped compiling. Fed the total calls and the JVM's total JIT
 * compilation time so far every {@link #sampleNanos()}, it is settled once the rates of the last
 * {@link #WINDOWS} sampling windows are within {@link #TOLERANCE} of their mean (max − min ≤
 * tolerance × mean) and, for a {@linkplain #cold() cold} gauge, the JIT compiled for at most
 * {@link #JIT_SHARE} of each of them. A JVM already warm settles in about
 * {@code WINDOWS × sampleNanos()}; a cold one keeps going while the JIT is still making it faster.
 * A {@linkplain #rewarm() re-warm}, for a phase whose operations an earlier warm-up in the same
 * JVM warmed until it settled, samples every {@link #REWARM_SAMPLE_NANOS} and has no JIT test: what
 * the JIT still does then is recompiling for the new phase's calls, which the rate shows.
 *
 * <p>Not thread-safe: one monitoring thread feeds it.
 */
final class WarmupGauge {
  static final long SAMPLE_NANOS = 500_000_000L;
  static final long REWARM_SAMPLE_NANOS = 250_000_000L;
  static final int WINDOWS = 3;
  static final double TOLERANCE = 0.15;
  static final double JIT_SHARE = 0.05;

  private final long sampleNanos;
  private final double jitShare;
  private final List<Double> rates = new ArrayList<>();
  private final List<Double> jitShares = new ArrayList<>();
  private long lastNanos;
  private long lastCalls;
  private long lastJitMillis;
  private boolean started;

  private WarmupGauge(long sampleNanos, double jitShare) {
    this.sampleNanos = sampleNanos;
    this.jitShare = jitShare;
  }

  /** The gauge of a warm-up in a JVM that has not warmed the phase's operations yet. */
  static WarmupGauge cold() {
    return new WarmupGauge(SAMPLE_NANOS, JIT_SHARE);
  }

  /** The gauge of a re-warm: shorter windows, no JIT test. */
  static WarmupGauge rewarm() {
    return new WarmupGauge(REWARM_SAMPLE_NANOS, Double.POSITIVE_INFINITY);
  }

  /** How often it is to be fed. */
  long sampleNanos() {
    return sampleNanos;
  }

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
      if (share > jitShare) {
        return false;
      }
    }
    return Steadiness.spreadOf(rates.subList(rates.size() - WINDOWS, rates.size())) <= TOLERANCE;
  }
}
