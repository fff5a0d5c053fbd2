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
    return phase(OpType.STAT, ok, failed, latencyMs, serviceMs);
  }

  private static PhaseResult phase(OpType op, long ok, long failed, double latencyMs,
      double serviceMs) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount((long) (latencyMs * MS), ok);
    Histogram service = new Histogram(3);
    service.recordValueWithCount((long) (serviceMs * MS), ok);
    Map<String, FailureCount> failures = failed == 0 ? Collections.<String, FailureCount>emptyMap()
        : Collections.singletonMap("IOException", new FailureCount(failed, "boom"));
    return new PhaseResult(op, 4, ok + failed, ok, failures,
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

  /** Over maps or processes, the workers it takes are asked of each of them. */
  @Test
  void overMapsTheThreadsItTakesAreAskedOfEachMap() {
    StepVerdict v = StepVerdict.judge(phase(10_000, 0, 40, 8), 1000, 1000, P99_10MS, 0.01, true, 3);
    assertThat(v.describe()).endsWith("judging 10 ms at 1000.0 ops/s takes at least 10 workers, "
        + "this step had 4 (give -threads 4 or more in each of the 3 maps or processes)");
  }

  /** A store that took 9.8 of 10 ms left no room: a sliver of waiting breaks the bound. */
  @Test
  void aStoreThatTookAllButASliverOfTheBoundBrokeIt() {
    StepVerdict v = StepVerdict.judge(phase(10_000, 0, 10.2, 9.8), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.describe()).startsWith("broken: p99 10.").contains("the store's own p99 9.");
  }

  @Test
  void aRateNotAchievedWhileTheStoreAnswersInTimeIsTheClients() {
    // 9,000 operations in 10 s where 1,000 a second were offered.
    StepVerdict v = StepVerdict.judge(phase(9_000, 0, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.describe()).startsWith("invalid: achieved 900.0/s, under 98 % of 1000.0/s, the "
        + "store answering within its bounds");
  }

  /** Waiting broke the bound and the rate fell short: what it takes is said once. */
  @Test
  void whatItTakesIsSaidOnceWhenTheRateFellShortToo() {
    StepVerdict v = StepVerdict.judge(phase(9_000, 0, 40, 8), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    String d = v.describe();
    assertThat(d).contains("achieved 900.0/s").endsWith("the store answering within its bounds");
    assertThat(d.indexOf("takes at least")).isEqualTo(d.lastIndexOf("takes at least"))
        .isPositive();
  }

  /** A mix whose parts all waited for workers: what it takes is said once, for the first. */
  @Test
  void aMixSaysWhatItTakesOnce() {
    List<PhaseResult> parts = java.util.Arrays.asList(phase(OpType.STAT, 8_000, 0, 40, 8),
        phase(OpType.OPEN_READ, 2_000, 0, 40, 8));
    StepVerdict v = mix(parts, 1000,
        LatencyBounds.parse("p99=10ms"), 0.01, true, 1);
    String d = v.describe();
    assertThat(d).contains("stat: p99 40.").contains("open_read: p99 40.");
    assertThat(d.indexOf("takes at least 10 workers")).isPositive()
        .isEqualTo(d.lastIndexOf("takes at least 10 workers"));
  }

  @Test
  void nothingRunIsInvalid() {
    StepVerdict v = StepVerdict.judge(phase(0, 0, 2, 2), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.worstRatio()).isNaN();
  }

  /**
   * A mix: its operations as one judged by the bounds on every operation and by its rate; each
   * operation by its own bound and failures, never by its drawn share of the rate.
   */
  @Test
  void aMixIsHeldOnlyWhenEachOfItsOperationsHoldsItsOwnBound() {
    LatencyBounds bounds = LatencyBounds.parse("p99=10ms,create_write:p99=3ms");
    // 1,000 a second offered: 800 stats and 200 creates a second, each within every bound.
    List<PhaseResult> held = java.util.Arrays.asList(phase(OpType.STAT, 8_000, 0, 2, 2),
        phase(OpType.CREATE_WRITE, 2_000, 0, 2.5, 2.5));
    StepVerdict v = mix(held, 1000, bounds, 0.01,
        true, 1);
    assertThat(v.describe()).isEqualTo("held");
    // Creates at 5 ms: within the 10 ms on every operation, over their own 3 ms.
    List<PhaseResult> slow = java.util.Arrays.asList(phase(OpType.STAT, 8_000, 0, 2, 2),
        phase(OpType.CREATE_WRITE, 2_000, 0, 5, 5));
    v = mix(slow, 1000, bounds, 0.01, true, 1);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.describe()).startsWith("broken: create_write: p99 5.").endsWith(" ms > 3 ms");
    assertThat(v.worstRatio()).isGreaterThan(1.6);
    // Failed creates break it though the mix as a whole stays under 1 %.
    List<PhaseResult> failing = java.util.Arrays.asList(phase(OpType.STAT, 8_000, 0, 2, 2),
        phase(OpType.CREATE_WRITE, 1_950, 50, 2, 2));
    v = mix(failing, 1000, bounds, 0.01, true, 1);
    assertThat(v.describe()).isEqualTo("broken: create_write: 2.50 % of operations failed (at "
        + "most 1 %)");
  }

  /**
   * Operations that waited for workers the store's slow part held: the store broke the step, and
   * a bound on two scopes that breaks alike is said once.
   */
  @Test
  void aMixWhosePartTheStoreBrokeIsBrokenThoughOthersWaitedForWorkers() {
    LatencyBounds bounds = LatencyBounds.parse("p99=10ms,exists:p99=10ms");
    List<PhaseResult> parts = java.util.Arrays.asList(phase(OpType.STAT, 7_500, 0, 36, 24),
        phase(OpType.EXISTS, 2_500, 0, 16, 0.03));
    StepVerdict v = mix(parts, 1000, bounds,
        0.01, true, 1);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.reasons()).filteredOn(r -> r.startsWith("exists: ")).hasSize(1);
    assertThat(v.reasons()).anyMatch(r -> r.startsWith("stat: p99 36."));
  }

  @Test
  void aMixShortOfItsWholeRateIsJudgedOnTheWholeNotOnAnOperationsDrawnShare() {
    LatencyBounds bounds = LatencyBounds.parse("p99=10ms");
    // Creates drew 15 % of the operations where their weight asked 20 %: chance, not the store.
    List<PhaseResult> drawn = java.util.Arrays.asList(phase(OpType.STAT, 8_500, 0, 2, 2),
        phase(OpType.CREATE_WRITE, 1_500, 0, 2, 2));
    assertThat(mix(drawn, 1000, bounds, 0.01,
        true, 1).describe()).isEqualTo("held");
    List<PhaseResult> shortOf = java.util.Arrays.asList(phase(OpType.STAT, 7_000, 0, 2, 2),
        phase(OpType.CREATE_WRITE, 2_000, 0, 2, 2));
    assertThat(mix(shortOf, 1000, bounds, 0.01,
        true, 1).describe()).startsWith("invalid: mix: achieved 900.0/s, under 98 % of 1000.0/s");
  }

  /** {@code p} with a calm client that stood still for {@code pauseMs} at most. */
  private static PhaseResult pausedFor(PhaseResult p, double pauseMs) {
    return p.withClientLoad(new io.metabench.stats.ClientLoad(10_000 * MS, 2, 2_000 * MS,
        1_000 * MS, 300 * MS, 0).withLongestPause((long) (pauseMs * MS)));
  }

  /**
   * A bound broken in a step where the client stood still for half the bound or more: the
   * operations due meanwhile waited on the client (and then queued at the store all at once), so
   * the step is invalid and says it is the pause's; shorter pauses, a held step and an embedded
   * HDFS (whose servers stood still too) are judged as ever.
   */
  @Test
  void aBoundBrokenWhileTheClientStoodStillIsTheClientsPause() {
    StepVerdict v = StepVerdict.judge(pausedFor(phase(10_000, 0, 41, 12), 40), 1000, P99_10MS,
        0.01, true);
    assertThat(v.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(v.clientPaused()).isTrue();
    assertThat(v.reasons().get(0)).isEqualTo("the client stood still for 40.0 ms (a GC pause, "
        + "or the OS scheduling it out), 50 % of the 10 ms bound or more: the operations due "
        + "meanwhile waited on the client");
    // The store's own figures are still said.
    assertThat(v.reasons().get(1)).startsWith("p99 41.");
    StepVerdict brief = StepVerdict.judge(pausedFor(phase(10_000, 0, 41, 12), 4.9), 1000,
        P99_10MS, 0.01, true);
    assertThat(brief.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(brief.clientPaused()).isFalse();
    assertThat(StepVerdict.judge(pausedFor(phase(10_000, 0, 2, 2), 40), 1000, P99_10MS, 0.01,
        true).describe()).isEqualTo("held");
    assertThat(StepVerdict.judge(pausedFor(phase(10_000, 0, 41, 12), 40), 1000, P99_10MS, 0.01,
        false).outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    // Not measured (a closed-loop phase, an older result): judged as ever.
    assertThat(StepVerdict.judge(phase(10_000, 0, 41, 12), 1000, P99_10MS, 0.01, true)
        .clientPaused()).isFalse();
    // A mix: judged on the whole, whose load is the client's.
    LatencyBounds bounds = LatencyBounds.parse("p99=10ms");
    List<PhaseResult> parts = java.util.Arrays.asList(pausedFor(phase(OpType.STAT, 7_500, 0, 41,
        12), 40), pausedFor(phase(OpType.EXISTS, 2_500, 0, 41, 12), 40));
    StepVerdict mix = mix(parts, 1000, bounds,
        0.01, true, 1);
    assertThat(mix.outcome()).isEqualTo(StepVerdict.Outcome.INVALID);
    assertThat(mix.clientPaused()).isTrue();
    assertThat(mix.endedEarly("ended after 1 s").clientPaused()).isTrue();
  }

  /** {@code p} with one interval a second, each of whose operations took the latency given. */
  private static PhaseResult seconds(PhaseResult p, double... latencyMs) {
    List<io.metabench.stats.IntervalSeries.Interval> all = new java.util.ArrayList<>();
    for (int i = 0; i < latencyMs.length; i++) {
      Histogram h = new Histogram(3);
      h.recordValueWithCount((long) (latencyMs[i] * MS), 1_000);
      all.add(new io.metabench.stats.IntervalSeries.Interval(i * 1_000 * MS, (i + 1) * 1_000 * MS,
          h, 0));
    }
    return p.withSeries(new io.metabench.stats.IntervalSeries(all));
  }

  /**
   * A step over its bound from its first second to its last was broken by the store, whatever
   * a pause of the client added: one pause lies in one second at most, and where the store has
   * room its queue drains about as fast. Over in only one end's second, the pause explains it.
   */
  @Test
  void aPauseInAStepBrokenAtBothEndsIsTheStores() {
    PhaseResult over = seconds(phase(10_000, 0, 41, 12), 30, 41, 45);
    StepVerdict v = StepVerdict.judge(pausedFor(over, 16), 1000, P99_10MS, 0.01, true);
    assertThat(v.outcome()).as(v.describe()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(v.clientPaused()).isFalse();
    for (double[] ends : new double[][] {{2, 41, 45}, {41, 30, 2}}) {
      StepVerdict one = StepVerdict.judge(pausedFor(seconds(phase(10_000, 0, 41, 12), ends), 16),
          1000, P99_10MS, 0.01, true);
      assertThat(one.outcome()).as(one.describe()).isEqualTo(StepVerdict.Outcome.INVALID);
      assertThat(one.clientPaused()).isTrue();
    }
    // A one-second step: nothing tells the pause's second from the store's.
    assertThat(StepVerdict.judge(pausedFor(seconds(phase(10_000, 0, 41, 12), 41), 16), 1000,
        P99_10MS, 0.01, true).clientPaused()).isTrue();
  }

  /**
   * A step whose whole held its bound is broken as rising only where its seconds climbed to a
   * last third over the bound (a backlog growing through it); a stall in one of its last seconds
   * breaks the last third's p99 alone, and the step holds (the embedded HDFS, 8 s steps: last
   * thirds at 10.3-11.7 ms in steps whose p99 was 7.8-9.8 ms broke one search's steps 16-20).
   */
  @Test
  void aStepIsRisingOnlyWhereItsSecondsClimbed() {
    StepVerdict climbing = StepVerdict.judge(seconds(phase(9_000, 0, 2, 2), 2, 3, 4, 5, 6, 7, 9,
        11, 13), 900, P99_10MS, 0.01, true);
    assertThat(climbing.outcome()).isEqualTo(StepVerdict.Outcome.BROKEN);
    assertThat(climbing.describe()).isEqualTo("broken: rising: p99 over the last 3 s 13.0 ms > "
        + "10 ms, climbing through the step's 9 seconds (Kendall's tau 1.00)");
    StepVerdict stalled = StepVerdict.judge(seconds(phase(9_000, 0, 2, 2), 3, 2, 9, 2, 3, 8, 2,
        3, 13), 900, P99_10MS, 0.01, true);
    assertThat(stalled.describe()).isEqualTo("held");
  }

  /** A mix's verdict on its parts, its achieved rate its total's. */
  private static StepVerdict mix(List<PhaseResult> parts, double offered, LatencyBounds bounds,
      double failureShare, boolean clientCpuIsOwn, int spread) {
    PhaseResult total = PhaseResult.totalOfMix(parts);
    return StepVerdict.judgeMix(total, parts, total.attemptedPerSecond(), offered, bounds,
        failureShare, clientCpuIsOwn, spread);
  }
}
