package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PacingTest {
  @Test
  void workersInterleaveTheirDueTimesToKeepTheProcessRate() {
    // 4 workers sharing 1000 ops/s: each due every 4 ms, offset by 1 ms from the previous one
    Pacing w0 = Pacing.of(0, 0, 1000, 0, 4);
    Pacing w3 = Pacing.of(0, 0, 1000, 3, 4);
    assertThat(w0.fixedRate()).isTrue();
    assertThat(w0.dueNanos(0)).isZero();
    assertThat(w0.dueNanos(1)).isEqualTo(4_000_000);
    assertThat(w3.dueNanos(0)).isEqualTo(3_000_000);
    assertThat(w3.dueNanos(10)).isEqualTo(43_000_000);
  }

  @Test
  void withoutARateDurationOrWarmUpAWorkerRunsItsItemsFlatOut() {
    Pacing p = Pacing.of(0, 0, 0, 2, 8);
    assertThat(p).isSameAs(Pacing.CLOSED_LOOP);
    assertThat(p.fixedRate()).isFalse();
    assertThat(p.durationBound()).isFalse();
  }

  @Test
  void theMeasuredDurationComesAfterTheWarmUp() {
    Pacing p = Pacing.of(60_000_000_000L, 10_000_000_000L, 0, 0, 1);
    assertThat(p.durationBound()).isTrue();
    assertThat(p.fixedRate()).isFalse();
    assertThat(p.warmupNanos()).isEqualTo(10_000_000_000L);
    assertThat(p.endNanos()).isEqualTo(70_000_000_000L);
  }
}
