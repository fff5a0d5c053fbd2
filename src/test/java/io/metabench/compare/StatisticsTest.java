package io.metabench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StatisticsTest {
  @Test
  void theIntervalIsWelchsOnTheLogarithms() {
    // Equal variances and sizes: Welch's degrees of freedom are 2(n-1) = 4, t(0.975, 4) =
    // 2.7764451. ln of {100, 110, 90} has sample variance 0.0100756; the candidate is the
    // baseline halved, so the same variance: se = sqrt(2 * 0.0100756 / 3) = 0.0819577.
    Statistics.Interval i = Statistics.ratioInterval(0.5, new double[] {100, 110, 90},
        new double[] {50, 55, 45}, 0.95);
    assertThat(i.ratio).isEqualTo(0.5);
    assertThat(i.low).isCloseTo(0.5 * Math.exp(-2.7764451 * 0.0819577), offset(1e-5));
    assertThat(i.high).isCloseTo(0.5 * Math.exp(2.7764451 * 0.0819577), offset(1e-5));
  }

  @Test
  void identicalSamplesGiveAPointInterval() {
    Statistics.Interval i = Statistics.ratioInterval(1.0, new double[] {5, 5}, new double[] {5,
        5}, 0.95);
    assertThat(i.low).isEqualTo(1.0);
    assertThat(i.high).isEqualTo(1.0);
  }

  @Test
  void onlyTwoOrMorePositiveSamplesAreUsable() {
    assertThat(Statistics.usable(new double[] {3})).isFalse();
    assertThat(Statistics.usable(new double[] {3, 0})).isFalse();
    assertThat(Statistics.usable(new double[] {3, 4})).isTrue();
  }

  @Test
  void theKsStatisticIsTheLargestGapBetweenTheCumulativeDistributions() {
    Histogram a = new Histogram(3);
    Histogram b = new Histogram(3);
    for (int i = 0; i < 100; i++) {
      a.recordValue(1000 + i);
      b.recordValue(1000 + i + (i < 30 ? 0 : 1000));
    }
    Statistics.KsResult same = Statistics.ks(a, a);
    assertThat(same.d).isEqualTo(0);
    assertThat(same.p).isEqualTo(1.0);
    Statistics.KsResult shifted = Statistics.ks(a, b);
    assertThat(shifted.d).isCloseTo(0.7, offset(1e-9)); // 70 of b's 100 moved above all of a
    assertThat(shifted.p).isLessThan(1e-10);
    assertThat(Statistics.ks(a, new Histogram(3)).p).isEqualTo(1.0);
  }
}
