package io.metabench.stats.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.LatencyBounds;
import io.metabench.op.OpType;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The "held" rule, on phases built by hand: 4 workers, 10 s, latencies from when due and the
 * store's service times each a single value.
 */
class StepVerdictTest {
  private static final long MS = 1_000_000L;
  private static final List<LatencyBounds.Bound> P99_10MS =
      LatencyBounds.parse("p99=10ms").bounds();

  /** {@code ok} successes and {@code failed} failures in 10 s, latency and service in ms. */
  private static PhaseResult phase(long ok, long failed, double latencyMs, double serviceMs) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount((long) (latencyMs * MS), ok);
    Histogram service = new Histogram(3);
    service.recordValueWithCount((long) (serviceMs * MS), ok);
    Map<String, FailureCount> failures = failed == 0 ? Collections.<String, FailureCount>emptyMap()
        : Collections.singletonMap("IOException", new FailureCount(failed, "boom"));
    return new PhaseResult(OpType.STAT, 4, ok + failed, ok, failures,
        Collections.<String, FailureCount>emptyMap(), 0, 0, 0, 10_000 * MS, 40_000 * MS, 0, 0, 0,
        latency, 0).withPacing(0, service, 0);
  }

  @Test
  void aStepAtItsRateWithinTheBoundIsHeld() {
    StepVerdict v = StepVerdict.judge(phase(10_000, 0, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.HELD);
    assertThat(v.describe()).isEqualTo("held");
    assertThat(v.worstRatio()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void theStoreOverItsBoundBreaksTheStep() {
    StepVerdict v = StepVerdict.judge(phase(10_000, 0, 30, 25), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.describe()).startsWith("broken: p99 30.").endsWith(" ms > 10 ms");
  }

  @Test
  void failuresFromTheirShareOnBreakTheStep() {
    StepVerdict v = StepVerdict.judge(phase(9_800, 200, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.describe()).isEqualTo("broken: 2.00 % of operations failed (at most 1 %)");
    assertThat(StepVerdict.judge(phase(9_950, 50, 2, 2), 1000, P99_10MS, 0.01, true).outcome())
        .isEqualTo(StepVerdict.Outcome.HELD);
  }

  /**
   * Operations waiting for a worker while the store answers within the bound: the client's
   * limit, not the store's, and the step says how many workers judging the bound takes.
   */
  @Test
  void waitingForAWorkerMakesTheStepInvalidAndSaysWhatItTakes() {
    StepVerdict v = StepVerdict.judge(phase(10_000, 0, 40, 8), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.describe()).contains("but the store answered p99 in 8.")
        .endsWith("judging 10 ms at 1000.0 ops/s takes at least 10 workers, this step had 4 "
            + "(give -threads 10 or more)");
  }

  @Test
  void aRateNotAchievedWhileTheStoreAnswersInTimeIsTheClients() {
    // 9,000 operations in 10 s where 1,000 a second were offered.
    StepVerdict v = StepVerdict.judge(phase(9_000, 0, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.describe()).startsWith("invalid: achieved 900.0/s, under 98 % of 1000.0/s, the "
        + "store answering within its bounds");
  }

  @Test
  void nothingRunIsInvalid() {
    StepVerdict v = StepVerdict.judge(phase(0, 0, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.worstRatio()).isNaN();
  }
}
