package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DisruptionTest {
  private static final long S = 1_000_000_000L;

  /** One interval per second from t = 1000 s: {ok, failed} pairs. */
  private static IntervalSeries series(long[]... okFailed) {
    List<IntervalSeries.Interval> in = new ArrayList<>();
    for (int i = 0; i < okFailed.length; i++) {
      Histogram h = new Histogram(3);
      if (okFailed[i][0] > 0) {
        h.recordValueWithCount(1000, okFailed[i][0]);
      }
      in.add(new IntervalSeries.Interval((1000 + i) * S, (1001 + i) * S, h, okFailed[i][1]));
    }
    return new IntervalSeries(in);
  }

  @Test
  void failuresAndStallsAreWindowsOfConsecutiveSeconds() {
    List<Disruption> d = Disruption.of(series(new long[] {100, 0}, new long[] {90, 2},
        new long[] {10, 30}, new long[] {0, 0}, new long[] {0, 0}, new long[] {100, 0},
        new long[] {100, 0}, new long[] {0, 0}));
    assertThat(d).hasSize(2);
    Disruption failures = d.get(0);
    assertThat(failures.kind()).isEqualTo(Disruption.Kind.FAILURES);
    assertThat(failures.fromSeconds()).isEqualTo(1.0);
    assertThat(failures.toSeconds()).isEqualTo(3.0);
    assertThat(failures.successes()).isEqualTo(100);
    assertThat(failures.failed()).isEqualTo(32);
    Disruption stall = d.get(1);
    assertThat(stall.kind()).isEqualTo(Disruption.Kind.STALL);
    assertThat(stall.fromSeconds()).isEqualTo(3.0);
    assertThat(stall.toSeconds()).isEqualTo(5.0);
    // the last, empty interval is the phase ending, not a stall
  }

  @Test
  void aHealthyPhaseHasNone() {
    assertThat(Disruption.of(series(new long[] {5, 0}, new long[] {7, 0}))).isEmpty();
    assertThat(Disruption.of(IntervalSeries.EMPTY)).isEmpty();
  }
}
