package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.metabench.core.ClockAnchor;
import io.metabench.op.OpType;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PhaseResultTest {
  private static final long S = 1_000_000_000L; // one second in nanoseconds

  @Test
  void windowSpansAllWorkersAndIncludesFailedOperations() {
    OpRecorder a = new OpRecorder(0);
    a.success(0, 0, 1 * S, 0);
    a.success(1 * S, 0, 2 * S, 0);
    OpRecorder b = new OpRecorder(1);
    b.success(S / 2, 0, 2 * S, 0);
    b.failure(2 * S, 3 * S, "IOException", "boom"); // ends last: the window must reach it

    PhaseResult r = PhaseResult.merge(OpType.CREATE_WRITE, Arrays.asList(a, b), 1234L,
        ClockAnchor.IDENTITY);
    assertThat(r.op()).isEqualTo(OpType.CREATE_WRITE);
    assertThat(r.workers()).isEqualTo(2);
    assertThat(r.attempted()).isEqualTo(4);
    assertThat(r.successes()).isEqualTo(3);
    assertThat(r.failed()).isEqualTo(1);
    assertThat(r.windowNanos()).isEqualTo(3 * S);
    assertThat(r.windowSeconds()).isEqualTo(3.0);
    // 3 successes in 3 s; had the failure been left out, the window would be 2 s and TPS 1.5
    assertThat(r.tps()).isCloseTo(1.0, within(1e-12));
    // each worker's first start to last end: A 2 s, B 2.5 s
    assertThat(r.workerBusyNanos()).isEqualTo(4 * S + S / 2);
    // The phase starts with its first operation (at 0 on this timeline), not when it was set up.
    assertThat(r.startedAtEpochMillis()).isZero();
  }

  @Test
  void windowOfTheBriefsExample() {
    OpRecorder a = new OpRecorder(0);
    a.success(0, 0, 1 * S, 0);
    a.success(1 * S, 0, 2 * S, 0);
    OpRecorder b = new OpRecorder(1);
    b.failure(S / 4, S / 2, "IOException", "");
    b.success(S / 2, 0, 3 * S, 0);

    PhaseResult r = PhaseResult.merge(OpType.RENAME, Arrays.asList(a, b), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.windowSeconds()).isEqualTo(3.0);
    assertThat(r.tps()).isCloseTo(3 / 3.0, within(1e-12));
    assertThat(r.failed()).isEqualTo(1);
  }

  @Test
  void aFailureCanOpenTheWindow() {
    OpRecorder a = new OpRecorder(0);
    a.failure(0, S / 2, "IOException", "x"); // the earliest start of all
    a.success(S, 0, 2 * S, 0);
    OpRecorder b = new OpRecorder(1);
    b.success(S, 0, 3 * S / 2, 0);

    PhaseResult r = PhaseResult.merge(OpType.DELETE, Arrays.asList(a, b), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.windowNanos()).isEqualTo(2 * S);
    assertThat(r.tps()).isCloseTo(1.0, within(1e-12)); // 2 successes / 2 s
    assertThat(r.workerBusyNanos()).isEqualTo(2 * S + S / 2);
  }

  @Test
  void tpsWithUnevenNumbers() {
    OpRecorder a = new OpRecorder(0);
    for (int i = 0; i < 7; i++) {
      a.success(1000 + i * 250_000_000L, 0, 1000 + (i + 1) * 250_000_000L, 10);
    }
    // 7 successes from 1000 ns to 1000 + 1.75e9 ns: 4 ops/s; 70 bytes in 1.75 s = 40 B/s
    PhaseResult r = PhaseResult.merge(OpType.OPEN_READ, Collections.singletonList(a), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.windowNanos()).isEqualTo(1_750_000_000L);
    assertThat(r.tps()).isCloseTo(4.0, within(1e-9));
    assertThat(r.bytes()).isEqualTo(70);
    assertThat(r.bytesPerSecond()).isCloseTo(40.0, within(1e-9));
  }

  @Test
  void countsFailuresRetriesLateWorkersAndBytesAreSummed() {
    OpRecorder a = new OpRecorder(0);
    a.failure(0, 1, "IOException", "a-first");
    a.failure(2, 3, "IOException", "a-second");
    a.failure(4, 5, "returned false", "");
    a.retry("IOException", "a-retry");
    a.retry("IOException", "a-retry-2");
    a.success(6, 0, 10, 5);
    a.markLate();
    OpRecorder b = new OpRecorder(1);
    b.failure(0, 1, "AccessControlException", "denied");
    for (int i = 0; i < 3; i++) {
      b.failure(2, 3, "IOException", "b-" + i);
    }
    b.retry("IOException", "b-retry");
    b.retry("SocketTimeoutException", "slow");
    b.success(4, 0, 8, 7);
    OpRecorder c = new OpRecorder(2);
    c.markLate();

    PhaseResult r = PhaseResult.merge(OpType.MKDIRS, Arrays.asList(a, b, c), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.workers()).isEqualTo(3);
    assertThat(r.lateWorkers()).isEqualTo(2);
    assertThat(r.successes()).isEqualTo(2);
    assertThat(r.attempted()).isEqualTo(3 + 1 + 4 + 1);
    assertThat(r.failures().keySet())
        .containsExactly("AccessControlException", "IOException", "returned false");
    assertThat(r.failures().get("IOException").count()).isEqualTo(5);
    assertThat(r.failures().get("IOException").example()).isEqualTo("a-first");
    assertThat(r.failures().get("returned false").count()).isEqualTo(1);
    assertThat(r.failures().get("AccessControlException").count()).isEqualTo(1);
    assertThat(r.failures().get("AccessControlException").example()).isEqualTo("denied");
    assertThat(r.failed()).isEqualTo(7);
    assertThat(r.retries().get("IOException").count()).isEqualTo(3);
    assertThat(r.retries().get("IOException").example()).isEqualTo("a-retry");
    assertThat(r.retries().get("SocketTimeoutException").count()).isEqualTo(1);
    assertThat(r.retryCount()).isEqualTo(4);
    assertThat(r.bytes()).isEqualTo(12);

    // merging copies the counts: the recorders are left as they were
    assertThat(a.failures().get("IOException").count()).isEqualTo(2);
    assertThat(b.failures().get("IOException").count()).isEqualTo(3);
    assertThat(a.retries().get("IOException").count()).isEqualTo(2);
  }

  @Test
  void partsAreSummedOverSuccesses() {
    OpRecorder a = new OpRecorder(0);
    a.success(100, 130, 200, 0); // 30 + 70
    a.success(200, 0, 250, 0); // one part: 50
    a.failure(250, 400, "IOException", ""); // not counted in the parts
    OpRecorder b = new OpRecorder(1);
    b.success(0, 10, 11, 0); // 10 + 1
    PhaseResult r = PhaseResult.merge(OpType.CREATE_WRITE, Arrays.asList(a, b), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.firstPartNanos()).isEqualTo(30 + 50 + 10);
    assertThat(r.secondPartNanos()).isEqualTo(70 + 1);
  }

  @Test
  void mergedHistogramEqualsOneHistogramOfAllValues() {
    Random random = new Random(7);
    Histogram all = new Histogram(3);
    OpRecorder[] recorders = new OpRecorder[4];
    long t = 0;
    for (int w = 0; w < recorders.length; w++) {
      recorders[w] = new OpRecorder(w);
      for (int i = 0; i < 2_500; i++) {
        // latencies from 20 µs to ~2 s, heavy-tailed, with a different spread per worker
        long latency = 20_000L + (long) (Math.pow(random.nextDouble(), 4 + w) * 2e9);
        recorders[w].success(t, 0, t + latency, 0);
        all.recordValue(latency);
        t += 1000;
      }
    }
    PhaseResult r = PhaseResult.merge(OpType.OPEN_READ, Arrays.asList(recorders), 0,
        ClockAnchor.IDENTITY);
    Histogram merged = r.latency();
    assertThat(merged.getTotalCount()).isEqualTo(10_000).isEqualTo(all.getTotalCount());
    assertThat(merged.getMaxValue()).isEqualTo(all.getMaxValue());
    assertThat(merged.getMinValue()).isEqualTo(all.getMinValue());
    for (double p : new double[] {0, 10, 50, 90, 99, 99.9, 99.99, 100}) {
      assertThat(merged.getValueAtPercentile(p)).as("p%s", p)
          .isEqualTo(all.getValueAtPercentile(p));
      assertThat(r.latencyMillisAt(p)).isEqualTo(all.getValueAtPercentile(p) / 1e6);
    }
    assertThat(r.meanLatencyMillis()).isCloseTo(all.getMean() / 1e6, within(1e-9));
    assertThat(r.maxLatencyMillis()).isEqualTo(all.getMaxValue() / 1e6);
    assertThat(merged).isEqualTo(all);
  }

  @Test
  void failedOperationsAreNotInTheLatencyHistogram() {
    OpRecorder a = new OpRecorder(0);
    a.success(0, 0, 5_000_000, 0);
    a.failure(0, 900_000_000, "IOException", "");
    PhaseResult r = PhaseResult.merge(OpType.DELETE, Collections.singletonList(a), 0,
        ClockAnchor.IDENTITY);
    assertThat(r.latency().getTotalCount()).isEqualTo(1);
    assertThat(r.maxLatencyMillis()).isCloseTo(5.0, within(0.01));
  }

  @Test
  void nothingRunGivesZerosNotNaN() {
    PhaseResult none = PhaseResult.merge(OpType.RMDIR,
        Arrays.asList(new OpRecorder(0), new OpRecorder(1)), 0, ClockAnchor.IDENTITY);
    assertThat(none.workers()).isEqualTo(2);
    assertThat(none.attempted()).isZero();
    assertThat(none.windowNanos()).isZero();
    assertThat(none.tps()).isZero();
    assertThat(none.bytesPerSecond()).isZero();
    assertThat(none.meanLatencyMillis()).isZero();
    assertThat(none.latencyMillisAt(99)).isZero();
    assertThat(none.maxLatencyMillis()).isZero();
    assertThat(none.workerBusyNanos()).isZero();

    PhaseResult onlyFailures = PhaseResult.merge(OpType.RMDIR,
        Collections.singletonList(failing()), 0, ClockAnchor.IDENTITY);
    assertThat(onlyFailures.windowNanos()).isEqualTo(S);
    assertThat(onlyFailures.tps()).isZero();
    assertThat(onlyFailures.meanLatencyMillis()).isZero();
  }

  private static OpRecorder failing() {
    OpRecorder r = new OpRecorder(0);
    r.failure(S, 2 * S, "IOException", null);
    assertThat(r.failures().get("IOException").example()).isEmpty();
    return r;
  }

  @Test
  void constructorCopiesAndSealsItsMaps() {
    Map<String, FailureCount> failures = new HashMap<>();
    failures.put("IOException", new FailureCount(2, "x"));
    Map<String, FailureCount> retries = new HashMap<>();
    retries.put("IOException", new FailureCount(3, "y"));
    PhaseResult r = new PhaseResult(OpType.RENAME, 1, 10, 8, failures, retries, 0, 0, 0, 4 * S,
        4 * S,
        0, 0, 0, new Histogram(3), 0);
    failures.put("Other", new FailureCount(1, ""));
    retries.clear();
    assertThat(r.failures()).containsOnlyKeys("IOException");
    assertThat(r.failed()).isEqualTo(2);
    assertThat(r.retryCount()).isEqualTo(3);
    assertThat(r.tps()).isEqualTo(2.0);
    assertThatThrownBy(() -> r.failures().put("x", new FailureCount(1, "")))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void recorderBusyTime() {
    OpRecorder r = new OpRecorder(3);
    assertThat(r.worker()).isEqualTo(3);
    assertThat(r.busyNanos()).isZero();
    assertThat(r.firstStart()).isEqualTo(Long.MAX_VALUE);
    assertThat(r.lastEnd()).isEqualTo(Long.MIN_VALUE);
    r.success(500, 0, 700, 0);
    r.failure(100, 300, "IOException", "");
    assertThat(r.firstStart()).isEqualTo(100);
    assertThat(r.lastEnd()).isEqualTo(700);
    assertThat(r.busyNanos()).isEqualTo(600);
    assertThat(r.attempted()).isEqualTo(2);
    assertThat(r.late()).isFalse();
  }
}
