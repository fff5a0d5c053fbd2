package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The warm-up ends when its own rate stops climbing: fed by hand, no clock. */
class WarmupGaugeTest {
  private static final long HALF = WarmupGauge.SAMPLE_NANOS;

  /** Feeds rates (calls per second) window by window; returns the window it settled in, or -1. */
  private static int settlesAt(double... rates) {
    return settlesAt(new long[rates.length], rates);
  }

  /** As above, the JIT compiling {@code jitMs[i]} ms in window i. */
  private static int settlesAt(long[] jitMs, double... rates) {
    return settlesAt(WarmupGauge.cold(), jitMs, rates);
  }

  /** As above, on gauge {@code g}, fed every {@code g.sampleNanos()}. */
  private static int settlesAt(WarmupGauge g, long[] jitMs, double... rates) {
    long window = g.sampleNanos();
    long t = 0;
    long calls = 0;
    long jit = 0;
    g.sample(t, calls, jit);
    for (int i = 0; i < rates.length; i++) {
      t += window;
      calls += Math.round(rates[i] * window / 1e9);
      jit += jitMs[i];
      if (g.sample(t, calls, jit)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void aWarmClientSettlesInThreeWindows() {
    assertThat(settlesAt(10_000, 10_400, 9_800, 10_100)).isEqualTo(2);
  }

  @Test
  void aClientStillGettingFasterKeepsWarmingUp() {
    // The JIT at work: each window faster than the last by more than the tolerance.
    assertThat(settlesAt(2_000, 2_900, 4_000, 5_500, 7_500, 10_000)).isEqualTo(-1);
    assertThat(settlesAt(2_000, 4_000, 8_000, 11_500, 12_000, 12_200)).isEqualTo(5);
  }

  @Test
  void aSteadyRateWhileTheJitIsStillCompilingIsNotSettled() {
    // 100 ms of compiling in a 500 ms window is 20% > 5%: the rate may yet jump.
    long[] jit = {300, 200, 100, 100, 100, 0, 0, 0};
    assertThat(settlesAt(jit, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000))
        .isEqualTo(7);
  }

  @Test
  void aRewarmSettlesOnItsRateInThreeQuarterSecondsWhateverTheJitDoes() {
    WarmupGauge rewarm = WarmupGauge.rewarm();
    assertThat(rewarm.sampleNanos()).isEqualTo(HALF / 2);
    long[] compiling = {250, 250, 250, 250};
    assertThat(settlesAt(rewarm, compiling, 20_000, 21_000, 20_500, 20_000)).isEqualTo(2);
    // The same windows stop a cold warm-up: its JIT is still at work.
    assertThat(settlesAt(WarmupGauge.cold(), compiling, 20_000, 21_000, 20_500, 20_000))
        .isEqualTo(-1);
    // A rate still climbing keeps a re-warm going too.
    assertThat(settlesAt(rewarm, new long[5], 8_000, 12_000, 16_000, 20_000, 24_000))
        .isEqualTo(-1);
  }

  /**
   * An embedded NameNode beside the client: the rate flat within ±20 % from window to window and
   * the JIT compiling 15-140 ms of nearly every half-second (its background code), as a first
   * warm-up on the embedded HDFS read 15-30 s in (2026-11-27; it ran to its 30 s cap). No three
   * half-seconds in a row pass the short test; six seconds read as one-second rates do.
   */
  @Test
  void aFlatRateBesideAJitThatNeverGoesQuietSettlesOnTheLongReading() {
    long[] jit = {83, 453, 90, 110, 154, 99, 15, 30, 29, 150, 29, 56, 88, 75, 40, 55};
    double[] rates = {5120, 4471, 5749, 6400, 5429, 6080, 7026, 5749, 5110, 4485, 5728, 6068,
        4800, 4471, 6387, 5110};
    // Settled at the first window the long reading can be: the short test alone never passes
    // (no three half-seconds in a row with the JIT at 25 ms or less).
    assertThat(settlesAt(jit, rates)).isEqualTo(WarmupGauge.LONG_WINDOWS - 1);
    // Still climbing 4 % a half-second: not settled, however quiet the JIT.
    double[] climbing = new double[16];
    for (int i = 0; i < climbing.length; i++) {
      climbing[i] = 4000 * Math.pow(1.04, i);
    }
    assertThat(settlesAt(new long[] {0, 40, 0, 40, 0, 40, 0, 40, 0, 40, 0, 40, 0, 40, 0, 40},
        climbing)).isEqualTo(-1);
    // A plateau while both compiler threads are busy (the JIT at 60 % of the time): not settled.
    long[] busy = new long[16];
    java.util.Arrays.fill(busy, 300);
    double[] flat = new double[16];
    java.util.Arrays.fill(flat, 11_200);
    assertThat(settlesAt(busy, flat)).isEqualTo(-1);
    // A re-warm never reads long: it has its own, shorter test.
    assertThat(settlesAt(WarmupGauge.rewarm(), busy, 20_000, 30_000, 20_000, 30_000, 20_000,
        30_000, 20_000, 30_000, 20_000, 30_000, 20_000, 30_000, 20_000, 30_000)).isEqualTo(-1);
  }

  @Test
  void nothingDoneIsNeverSettled() {
    assertThat(settlesAt(0, 0, 0, 0)).isEqualTo(-1);
  }
}
