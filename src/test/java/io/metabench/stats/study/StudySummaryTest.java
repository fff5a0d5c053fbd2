package io.metabench.stats.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StudySummaryTest {
  private static final long MS = 1_000_000L;

  private static Histogram ofMillis(long millis, long count) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(millis * MS, count);
    return h;
  }

  /** a: 1 thread 1000 and 1250 TPS, 2 threads 2000 twice, 4 threads 2100 once. */
  private static StudySummary summary() {
    return new StudySummary.Builder()
        .add("a", "hdfs://nn:8020", "create_write", 1, 1000, 1000, 0, ofMillis(1, 1000), true)
        .add("b", "file:///", "create_write", 1, 500, 500, 2, ofMillis(4, 500), true)
        .add("a", "hdfs://nn:8020", "create_write", 2, 2000, 2000, 0, ofMillis(1, 2000), true)
        .add("a", "hdfs://nn:8020", "create_write", 1, 1250, 1250, 0, ofMillis(3, 1250), false)
        .add("a", "hdfs://nn:8020", "create_write", 2, 2000, 2000, 0, ofMillis(1, 2000), true)
        .add("a", "hdfs://nn:8020", "create_write", 4, 2100, 2100, 0, ofMillis(1, 2100), true)
        .add("b", "file:///", "create_write", 2, 400, 0, 400, new Histogram(3), true)
        .add("a", "hdfs://nn:8020", "delete", 1, 10, 10, 0, ofMillis(1, 10), true)
        .build();
  }

  @Test
  void tpsStatisticsAreOverIterations() {
    SummaryRow r = summary().row("a", "create_write", 1);
    assertThat(r.iterations()).isEqualTo(2);
    assertThat(r.tpsMean()).isEqualTo(1125.0);
    assertThat(r.tpsMin()).isEqualTo(1000.0);
    assertThat(r.tpsMax()).isEqualTo(1250.0);
    // sample sd of {1000, 1250}: sqrt((125^2 + 125^2) / 1) = 176.7767
    assertThat(r.tpsStdDev()).isCloseTo(176.7767, within(1e-4));
    assertThat(r.successes()).isEqualTo(2250);
    SummaryRow twice = summary().row("a", "create_write", 2);
    assertThat(twice.tpsStdDev()).isZero();
    assertThat(summary().row("a", "create_write", 4).tpsStdDev()).isZero(); // one iteration
  }

  @Test
  void aRowCountsItsIterationsWithoutASteadyRate() {
    assertThat(summary().row("a", "create_write", 1).unsteady()).isEqualTo(1);
    assertThat(summary().row("a", "create_write", 2).unsteady()).isZero();
  }

  @Test
  void latencyComesFromTheIterationsHistogramsMerged() {
    SummaryRow r = summary().row("a", "create_write", 1);
    // 1000 x 1 ms and 1250 x 3 ms: the median is 3 ms (1000/2250 < 50%), the mean 2.111 ms
    assertThat(r.latency().p50Ms()).isCloseTo(3.0, within(0.01));
    assertThat(r.latency().meanMs()).isCloseTo((1000 * 1 + 1250 * 3) / 2250.0, within(0.01));
    assertThat(r.latency().p90Ms()).isCloseTo(3.0, within(0.01));
    // averaging the two runs' medians would have said 2 ms
  }

  @Test
  void aCombinationWithNoSuccessHasNoLatencyRatherThanZero() {
    SummaryRow r = summary().row("b", "create_write", 2);
    assertThat(r.failed()).isEqualTo(400);
    assertThat(r.latency().p99Ms()).isNaN();
    assertThat(r.latency().maxMs()).isNaN();
  }

  @Test
  void theKneeIsTheLowestConcurrencyWithinTenPercentOfThePeak() {
    StudySummary s = summary();
    // a: 1125, 2000, 2100 -> 90% of 2100 = 1890: 2 threads
    assertThat(s.row("a", "create_write", 1).knee()).isFalse();
    assertThat(s.row("a", "create_write", 2).knee()).isTrue();
    assertThat(s.row("a", "create_write", 4).knee()).isFalse();
    // b: 500, 400: throughput fell, so the knee is the first level
    assertThat(s.row("b", "create_write", 1).knee()).isTrue();
    // one level only: no knee
    assertThat(s.row("a", "delete", 1).knee()).isFalse();
  }

  @Test
  void ordersFollowTheFirstMention() {
    StudySummary s = summary();
    assertThat(s.targets()).containsExactly("a", "b");
    assertThat(s.phases()).containsExactly("create_write", "delete");
    assertThat(s.threadLevels()).containsExactly(1, 2, 4);
    assertThat(s.rows()).extracting(r -> r.target() + "/" + r.phase() + "/" + r.threads())
        .containsExactly("a/create_write/1", "a/create_write/2", "a/create_write/4",
            "a/delete/1", "b/create_write/1", "b/create_write/2");
    assertThat(s.row("b", "delete", 1)).isNull();
  }
}
