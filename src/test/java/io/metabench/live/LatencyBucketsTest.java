package io.metabench.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Where latencies land among the buckets, and what the sum and count are. */
class LatencyBucketsTest {
  @Test
  void aValueIsInTheFirstClassicBucketWhoseBoundItDoesNotExceed() {
    assertThat(LatencyBuckets.classicIndex(1e-6)).isZero();
    assertThat(LatencyBuckets.classicIndex(1e-5)).isZero();
    assertThat(LatencyBuckets.classicIndex(1.5e-5)).isEqualTo(1);
    assertThat(LatencyBuckets.classicIndex(0.002)).isEqualTo(7);
    assertThat(LatencyBuckets.classicIndex(10)).isEqualTo(18);
    assertThat(LatencyBuckets.classicIndex(11)).isEqualTo(19);
    assertThat(LatencyBuckets.BOUNDS_SECONDS[19]).isInfinite();
  }

  /** Seconds of HdrHistograms in nanoseconds: counts add up, a value at a bound is under it. */
  @Test
  void secondsAddUpIntoCountsSumAndBuckets() {
    LatencyBuckets b = new LatencyBuckets();
    Histogram first = new Histogram(3);
    first.recordValueWithCount(2_000_000, 100); // exactly 2 ms: the 2 ms bucket
    Histogram second = new Histogram(3);
    second.recordValueWithCount(3_000_000_000L, 1);
    second.recordValueWithCount(15_000, 9);
    b.add(first);
    b.add(second);
    b.add(new Histogram(3));
    assertThat(b.count()).isEqualTo(110);
    long[] c = b.classicCounts();
    assertThat(c[7]).isEqualTo(100);
    assertThat(c[1]).isEqualTo(9);
    assertThat(c[17]).isEqualTo(1);
    assertThat(java.util.Arrays.stream(c).sum()).isEqualTo(110);
    assertThat(b.sumSeconds()).isCloseTo(0.2 + 3 + 9 * 15e-6,
        org.assertj.core.data.Offset.offset(0.01));
  }
}
