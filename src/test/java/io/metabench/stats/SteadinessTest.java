package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Steadiness is read from a series built by hand: no clock, no timing. */
class SteadinessTest {
  private static final long S = 1_000_000_000L;

  /** Intervals of {@code lengths[i]} ns with {@code ok[i]} successes each, back to back. */
  private static IntervalSeries series(long[] lengths, long[] ok) {
    List<IntervalSeries.Interval> intervals = new ArrayList<>();
    long t = 1_700_000_000L * S;
    for (int i = 0; i < ok.length; i++) {
      Histogram h = new Histogram(3);
      if (ok[i] > 0) {
        h.recordValueWithCount(1_000_000, ok[i]);
      }
      intervals.add(new IntervalSeries.Interval(t, t + lengths[i], h, 0));
      t += lengths[i];
    }
    return new IntervalSeries(intervals);
  }

  private static long[] seconds(int n) {
    long[] l = new long[n];
    java.util.Arrays.fill(l, S);
    return l;
  }

  @Test
  void aLongPhaseWhoseLastSecondsHoldTheirLevelIsSteady() {
    // A ramp, then five seconds around 2,000, then a partial last interval.
    long[] lengths = {S, S, S, S, S, S, S, S / 3};
    Steadiness s = Steadiness.of(series(lengths,
        new long[] {400, 900, 2000, 2100, 1900, 2050, 1950, 10}));
    assertThat(s.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
    assertThat(s.flagged()).isFalse();
    assertThat(s.lastRates()).containsExactly(2000.0, 2100.0, 1900.0, 2050.0, 1950.0);
    assertThat(s.spread()).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(s.advice()).isEmpty();
  }

  @Test
  void oneSecondsSwingIsNoiseNotDrift() {
    // open_read on the 2-core machine: its second second 35,919 a second, the others about
    // 29,000 (max - min 26 % of the mean, which the spread alone flagged): the median slope
    // is -771 a second (between -2,252 / 2 and -1,246 / 3), -7.8 % over the window.
    Steadiness s = Steadiness.of(series(seconds(4), new long[] {30397, 35919, 28145, 29151}));
    assertThat(s.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
    assertThat(s.spread()).isGreaterThan(Steadiness.TOLERANCE);
    assertThat(s.drift()).isCloseTo((-2252.0 / 2 - 1246.0 / 3) / 2 * 3 / 29774,
        org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aSteadyClimbWithinTheSpreadIsDrift() {
    // 10 % a second: each second close to the last, the whole window 33 % up.
    Steadiness s = Steadiness.of(series(seconds(5), new long[] {2000, 2200, 2400, 2600, 2800}));
    assertThat(s.verdict()).isEqualTo(Steadiness.Verdict.UNSTEADY);
    assertThat(s.drift()).isCloseTo(800.0 / 2400, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(s.advice()).startsWith("no steady rate: over its last 5 full seconds the rate rose "
        + "by more than 20% of their median");
  }

  @Test
  void aPhaseStillClimbingIsUnsteady() {
    // The standalone create_write: 449 -> 2,496 ops/s over eight seconds.
    Steadiness s = Steadiness.of(series(seconds(8),
        new long[] {449, 613, 809, 941, 919, 1672, 2015, 2496}));
    assertThat(s.verdict()).isEqualTo(Steadiness.Verdict.UNSTEADY);
    assertThat(s.flagged()).isTrue();
    assertThat(s.lastRates()).containsExactly(941.0, 919.0, 1672.0, 2015.0, 2496.0);
    assertThat(s.advice()).contains("-numberOfFiles").contains("-duration");
  }

  @Test
  void aPhaseShorterThanTheWindowIsTooShortToTell() {
    // 0.4 s: one partial interval; two full seconds and a partial one are still too few.
    Steadiness tiny = Steadiness.of(series(new long[] {S * 2 / 5}, new long[] {800}));
    assertThat(tiny.verdict()).isEqualTo(Steadiness.Verdict.TOO_SHORT);
    assertThat(tiny.lastRates()).isEmpty();
    Steadiness two = Steadiness.of(series(new long[] {S, S, S / 2}, new long[] {1000, 1000, 500}));
    assertThat(two.verdict()).isEqualTo(Steadiness.Verdict.TOO_SHORT);
    assertThat(two.flagged()).isTrue();
    assertThat(two.advice()).contains("too short");
    assertThat(Steadiness.of(IntervalSeries.EMPTY).verdict())
        .isEqualTo(Steadiness.Verdict.UNKNOWN);
  }

  @Test
  void nothingCompletedInTheLastSecondsIsNotSteady() {
    Steadiness s = Steadiness.of(series(seconds(4), new long[] {1000, 0, 0, 0}));
    assertThat(s.verdict()).isEqualTo(Steadiness.Verdict.UNSTEADY);
    assertThat(s.advice()).contains("the rate fell");
  }

  @Test
  void anOddLastSecondOfThreeIsNoiseButThreeFallingSecondsAreDrift() {
    // The last of three seconds 29 % under the others: the median slope says -27 % (over the
    // tolerance), but the seconds disagree on the direction (one pair rose, two fell).
    Steadiness odd = Steadiness.of(series(seconds(3), new long[] {30000, 31000, 22000}));
    assertThat(Steadiness.driftOf(odd.lastRates())).isLessThan(-Steadiness.TOLERANCE);
    assertThat(Steadiness.kendallTau(odd.lastRates())).isCloseTo(-1.0 / 3,
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(odd.verdict()).isEqualTo(Steadiness.Verdict.STEADY);
    // The same fall spread over the three seconds: every pair falls, a trend.
    Steadiness falling = Steadiness.of(series(seconds(3), new long[] {30000, 26000, 22000}));
    assertThat(Steadiness.kendallTau(falling.lastRates())).isEqualTo(-1.0);
    assertThat(falling.verdict()).isEqualTo(Steadiness.Verdict.UNSTEADY);
    assertThat(falling.advice()).contains("the rate fell");
  }
}
