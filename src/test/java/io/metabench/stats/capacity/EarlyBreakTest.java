package io.metabench.stats.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.LatencyBounds;
import io.metabench.config.MixSpec;
import io.metabench.op.OpType;
import io.metabench.stats.IntervalSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A step broken before its end: once more of its operations were late than its percentile
 * allows of all it offers, it ends; not before, and not in its first second.
 */
class EarlyBreakTest {
  private static final LatencyBounds P99_10MS = LatencyBounds.parse("p99=10ms");

  /** {@code seconds} intervals of {@code fast} operations at 1 ms and {@code slow} at 50 ms. */
  private static IntervalSeries series(int seconds, long fast, long slow) {
    List<IntervalSeries.Interval> all = new ArrayList<>();
    for (int s = 0; s < seconds; s++) {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(1_000_000L, fast);
      if (slow > 0) {
        h.recordValueWithCount(50_000_000L, slow);
      }
      all.add(new IntervalSeries.Interval(s * 1_000_000_000L, (s + 1) * 1_000_000_000L, h, 0));
    }
    return new IntervalSeries(all);
  }

  @Test
  void moreLateOperationsThanThePercentileAllowsOfTheWholeStepEndIt() {
    // 1,000 a second for 8 s: p99 allows 80 late. Two seconds of 30 late each: 60, go on.
    assertThat(EarlyBreak.check(Collections.singletonList(OpType.STAT),
        Collections.singletonList(series(2, 970, 30)), P99_10MS, MixSpec.NONE, 1000, 8))
        .isNull();
    // Three such seconds: 90 late, more than 80: the whole step's p99 is over 10 ms already.
    assertThat(EarlyBreak.check(Collections.singletonList(OpType.STAT),
        Collections.singletonList(series(3, 970, 30)), P99_10MS, MixSpec.NONE, 1000, 8))
        .isEqualTo("ended after 3 s: 90 operations took over 10 ms from when due, more than the "
            + "1 % of the 8000 the step offers that p99 <= 10 ms allows");
  }

  @Test
  void theFirstSecondNeverEndsAStepNorDoesItsOwnEnd() {
    assertThat(EarlyBreak.check(Collections.singletonList(OpType.STAT),
        Collections.singletonList(series(1, 0, 1000)), P99_10MS, MixSpec.NONE, 1000, 8)).isNull();
    assertThat(EarlyBreak.check(Collections.singletonList(OpType.STAT),
        Collections.singletonList(series(8, 0, 1000)), P99_10MS, MixSpec.NONE, 1000, 8)).isNull();
  }

  @Test
  void aMixsOperationIsJudgedOnItsShareAndItsWholeOnAll() {
    MixSpec mix = MixSpec.parse("stat:9,create_write:1");
    List<OpType> ops = Arrays.asList(OpType.STAT, OpType.CREATE_WRITE);
    LatencyBounds bounds = LatencyBounds.parse("create_write:p99=10ms,p99.9=100ms");
    // create_write gets 10 % of 1,000 a second for 8 s (with room: 880): p99 allows 8.8 late.
    assertThat(EarlyBreak.check(ops, Arrays.asList(series(2, 900, 0), series(2, 96, 4)), bounds,
        mix, 1000, 8)).isNull();
    assertThat(EarlyBreak.check(ops, Arrays.asList(series(3, 900, 0), series(3, 96, 4)), bounds,
        mix, 1000, 8)).startsWith("create_write: ended after 3 s: 12 operations took over 10 ms");
  }
}
