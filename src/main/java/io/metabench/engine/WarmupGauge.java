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
 * <p>A cold gauge also settles on a longer reading, for a JVM whose JIT never goes quiet for three
 * half-seconds in a row (an embedded NameNode and DataNode compiling their own background code
 * beside the client's): over its last {@link #LONG_WINDOWS} windows, read as one-second rates,
 * the rate drifts by at most {@link #LONG_TOLERANCE} of their median (the Theil–Sen drift the
 * phase's own steadiness verdict reads, at half its tolerance) while the JIT compiled for at most
 * {@link #LONG_JIT_SHARE} of that time on average: a plateau between the interpreter and compiled
 * code keeps both compiler threads busy, far above it.
 *
 * <p>Not thread-safe: one monitoring thread feeds it.
 */
final class WarmupGauge {
  static final long SAMPLE_NANOS = 500_000_000L;
  static final long REWARM_SAMPLE_NANOS = 250_000_000L;
  static final int WINDOWS = 3;
  static final double TOLERANCE = 0.15;
  static final double JIT_SHARE = 0.05;
  /** The long reading: twelve half-seconds, six one-second rates. */
  static final int LONG_WINDOWS = 12;
  static final double LONG_TOLERANCE = 0.1;
  static final double LONG_JIT_SHARE = 0.25;

  private final long sampleNanos;
  private final double jitShare;
  /** Whether it may settle on the long reading (a cold gauge). */
  private final boolean longReading;
  private final List<Double> rates = new ArrayList<>();
  private final List<Double> jitShares = new ArrayList<>();
  private long lastNanos;
  private long lastCalls;
  private long lastJitMillis;
  private boolean started;

  private WarmupGauge(long sampleNanos, double jitShare, boolean longReading) {
    this.sampleNanos = sampleNanos;
    this.jitShare = jitShare;
    this.longReading = longReading;
  }

  /** The gauge of a warm-up in a JVM that has not warmed the phase's operations yet. */
  static WarmupGauge cold() {
    return new WarmupGauge(SAMPLE_NANOS, JIT_SHARE, true);
  }

  /** The gauge of a re-warm: shorter windows, no JIT test. */
  static WarmupGauge rewarm() {
    return new WarmupGauge(REWARM_SAMPLE_NANOS, Double.POSITIVE_INFINITY, false);
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
    return settledShort() || settledLong();
  }

  private boolean settledShort() {
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

  private boolean settledLong() {
    int n = rates.size();
    if (!longReading || n < LONG_WINDOWS) {
      return false;
    }
    List<Double> seconds = new ArrayList<>();
    double jit = 0;
    for (int i = n - LONG_WINDOWS; i < n; i += 2) {
      seconds.add((rates.get(i) + rates.get(i + 1)) / 2);
      jit += jitShares.get(i) + jitShares.get(i + 1);
    }
    return jit / LONG_WINDOWS <= LONG_JIT_SHARE
        && Math.abs(Steadiness.driftOf(seconds)) <= LONG_TOLERANCE;
  }
}
