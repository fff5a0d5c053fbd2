package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.core.Causes;
import io.metabench.core.NanoClock;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PhaseResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.ipc.RemoteException;
import org.junit.jupiter.api.Test;

class WorkerTest {
  private static final long T0 = 5_000;
  private static final long STEP = 1_000;

  /** A clock that advances STEP on every reading, and by hand when an operation "takes time". */
  static final class FakeClock implements NanoClock {
    private long now;
    private final long step;
    int readings;

    FakeClock(long start, long step) {
      this.now = start;
      this.step = step;
    }

    @Override
    public long nanoTime() {
      readings++;
      long t = now;
      now += step;
      return t;
    }

    void advance(long nanos) {
      now += nanos;
    }
  }

  private static OpContext context(FakeClock clock) {
    // The test operations never touch the file system or the paths.
    return new OpContext(null, null, clock, 0, (short) 1, 1048576, 4096, false, false);
  }

  private static OpRecorder run(MetaOp op, long items, int retries, FakeClock clock)
      throws InterruptedException {
    return new Worker(0, op, context(clock), items, retries, clock, null).call().recorder(0);
  }

  @Test
  void failuresAreCountedByCauseAndNoItemIsSkipped() throws InterruptedException {
    FakeClock clock = new FakeClock(T0, STEP);
    List<Long> seen = new ArrayList<>();
    MetaOp op = (ctx, index) -> {
      seen.add(index);
      long n = index + 1; // the n-th item
      if (n % 7 == 0) {
        throw new IOException("item " + index + " failed");
      }
      return n % 5 != 0;
    };
    OpRecorder r = run(op, 100, 0, clock);

    // 1..100: 14 multiples of 7; 20 multiples of 5, of which 35 and 70 are also multiples of 7
    assertThat(r.failures().keySet()).containsExactly("IOException", Worker.RETURNED_FALSE);
    assertThat(r.failures().get("IOException").count()).isEqualTo(14);
    assertThat(r.failures().get("IOException").example()).isEqualTo("item 6 failed");
    assertThat(r.failures().get("returned false").count()).isEqualTo(18);
    assertThat(r.failures().get("returned false").example()).isEmpty();
    assertThat(r.successes()).isEqualTo(68);
    assertThat(r.successes() + 14 + 18).isEqualTo(100);
    assertThat(r.attempted()).isEqualTo(100);
    assertThat(r.retries()).isEmpty();

    List<Long> expected = new ArrayList<>();
    for (long i = 0; i < 100; i++) {
      expected.add(i);
    }
    assertThat(seen).isEqualTo(expected);

    // two readings per item (start, end) and nothing else
    assertThat(clock.readings).isEqualTo(200);
    // every success lasted exactly one clock step
    assertThat(r.latency().getTotalCount()).isEqualTo(68);
    assertThat(r.latency().getMinValue()).isEqualTo(STEP);
    assertThat(r.latency().getMaxValue()).isEqualTo(STEP);
    // window: first reading to last reading, failures included (item 100 returned false)
    assertThat(r.firstStart()).isEqualTo(T0);
    assertThat(r.lastEnd()).isEqualTo(T0 + 199 * STEP);
    assertThat(r.busyNanos()).isEqualTo(199 * STEP);
    PhaseResult merged = PhaseResult.merge(OpType.RENAME, Collections.singletonList(r), 0,
        io.metabench.core.ClockAnchor.IDENTITY);
    assertThat(merged.windowNanos()).isEqualTo(199 * STEP);
    assertThat(merged.failed()).isEqualTo(32);
  }

  @Test
  void aRetriedSuccessCountsOneRetryAndOneSuccessTimedFromTheFirstAttempt()
      throws InterruptedException {
    FakeClock clock = new FakeClock(T0, STEP);
    Map<Long, Integer> attempts = new HashMap<>();
    MetaOp failsOnce = (ctx, index) -> {
      int attempt = attempts.merge(index, 1, Integer::sum);
      if (attempt == 1) {
        clock.advance(3_000);
        throw new IOException("transient " + index);
      }
      clock.advance(2_000);
      return true;
    };
    OpRecorder r = run(failsOnce, 1, 2, clock);
    assertThat(r.successes()).isEqualTo(1);
    assertThat(r.failures()).isEmpty();
    assertThat(r.retries()).containsOnlyKeys("IOException");
    assertThat(r.retries().get("IOException").count()).isEqualTo(1);
    assertThat(r.retries().get("IOException").example()).isEqualTo("transient 0");
    assertThat(attempts).containsEntry(0L, 2);
    // start reading, 3 µs failed attempt, 2 µs successful one, end reading: one part
    assertThat(r.firstPartNanos()).isEqualTo(STEP + 3_000 + 2_000);
    assertThat(r.secondPartNanos()).isZero();
    assertThat(r.latency().getTotalCount()).isEqualTo(1);
    assertEquivalent(r.latency().getMaxValue(), STEP + 3_000 + 2_000, r);

    attempts.clear();
    OpRecorder ten = run(failsOnce, 10, 2, new FakeClock(0, STEP));
    assertThat(ten.successes()).isEqualTo(10);
    assertThat(ten.retries().get("IOException").count()).isEqualTo(10);
    assertThat(ten.failures()).isEmpty();
    assertThat(attempts.values()).containsOnly(2);
  }

  @Test
  void anOperationThatKeepsFailingIsAttemptedOncePlusRetries() throws InterruptedException {
    FakeClock clock = new FakeClock(T0, STEP);
    List<Long> seen = new ArrayList<>();
    MetaOp alwaysFalse = (ctx, index) -> {
      seen.add(index);
      return false;
    };
    OpRecorder r = run(alwaysFalse, 4, 2, clock);
    assertThat(r.successes()).isZero();
    assertThat(r.failures().get("returned false").count()).isEqualTo(4);
    assertThat(r.retries().get("returned false").count()).isEqualTo(8);
    assertThat(r.attempted()).isEqualTo(4);
    assertThat(seen).containsExactly(0L, 0L, 0L, 1L, 1L, 1L, 2L, 2L, 2L, 3L, 3L, 3L);
    assertThat(r.latency().getTotalCount()).isZero();
    assertThat(r.busyNanos()).isEqualTo(7 * STEP);
  }

  @Test
  void theCauseOfTheLastAttemptIsTheFailure() throws InterruptedException {
    Map<Long, Integer> attempts = new HashMap<>();
    MetaOp op = (ctx, index) -> {
      if (attempts.merge(index, 1, Integer::sum) == 1) {
        throw new FileNotFoundException("gone");
      }
      return false;
    };
    OpRecorder r = run(op, 3, 1, new FakeClock(0, STEP));
    assertThat(r.retries()).containsOnlyKeys("FileNotFoundException");
    assertThat(r.retries().get("FileNotFoundException").count()).isEqualTo(3);
    assertThat(r.failures()).containsOnlyKeys("returned false");
    assertThat(r.failures().get("returned false").count()).isEqualTo(3);
  }

  @Test
  void runtimeExceptionsAreFailuresAndTheWorkerGoesOn() throws InterruptedException {
    List<Long> seen = new ArrayList<>();
    MetaOp op = (ctx, index) -> {
      seen.add(index);
      if (index == 1) {
        throw new IllegalStateException("bad state");
      }
      return true;
    };
    OpRecorder r = run(op, 3, 0, new FakeClock(0, STEP));
    assertThat(seen).containsExactly(0L, 1L, 2L);
    assertThat(r.successes()).isEqualTo(2);
    assertThat(r.failures().get("IllegalStateException").count()).isEqualTo(1);
    assertThat(r.failures().get("IllegalStateException").example()).isEqualTo("bad state");
  }

  @Test
  void splitAndBytesAreTakenFromTheSuccessfulAttemptOnly() throws InterruptedException {
    FakeClock clock = new FakeClock(T0, STEP);
    Map<Long, Integer> attempts = new HashMap<>();
    MetaOp op = (ctx, index) -> {
      int attempt = attempts.merge(index, 1, Integer::sum);
      if (index == 0) {
        // two parts: 300 ns, split, 700 ns
        clock.advance(300);
        ctx.split();
        ctx.addAmount(42);
        clock.advance(700);
        return true;
      }
      if (attempt == 1) {
        // a failed attempt that got as far as the split and some bytes
        ctx.split();
        ctx.addAmount(1000);
        throw new IOException("half way");
      }
      ctx.addAmount(8);
      return true; // no split this time: one part
    };
    OpRecorder r = run(op, 2, 1, clock);
    assertThat(r.successes()).isEqualTo(2);
    assertThat(r.bytes()).isEqualTo(42 + 8);
    // item 0: start at T0; split read at T0 + STEP + 300; end at T0 + 2 STEP + 1000
    //   first part STEP + 300, second part STEP + 700
    // item 1: start, split (STEP), end (STEP): all in the first part, 2 STEP
    assertThat(r.firstPartNanos()).isEqualTo((STEP + 300) + 2 * STEP);
    assertThat(r.secondPartNanos()).isEqualTo(STEP + 700);
    assertEquivalent(r.latency().getMaxValue(), 2 * STEP + 1000, r);
    assertThat(r.latency().getMinValue()).isEqualTo(2 * STEP);
  }

  /** HdrHistogram keeps 3 significant digits: above 2048 ns a value shares its bucket. */
  private static void assertEquivalent(long recorded, long expected, OpRecorder r) {
    assertThat(r.latency().valuesAreEquivalent(recorded, expected))
        .as("recorded %d is %d at the histogram's precision", recorded, expected).isTrue();
    assertThat(r.latency().valuesAreEquivalent(recorded, expected + 10)).isFalse();
  }

  @Test
  void noItemsNoOperations() throws InterruptedException {
    FakeClock clock = new FakeClock(T0, STEP);
    OpRecorder r = run((ctx, index) -> {
      throw new AssertionError("must not run");
    }, 0, 3, clock);
    assertThat(r.attempted()).isZero();
    assertThat(clock.readings).isZero();
  }

  @Test
  void theWorkerIndexIsRecorded() throws InterruptedException {
    FakeClock clock = new FakeClock(0, STEP);
    OpRecorder r = new Worker(7, (ctx, i) -> true, context(clock), 1, 0, clock, null).call()
        .recorder(0);
    assertThat(r.worker()).isEqualTo(7);
  }

  @Test
  void aWorkerPastTheStartTimeIsLate() throws InterruptedException {
    FakeClock clock = new FakeClock(0, STEP);
    OpRecorder onTime = new Worker(0, (ctx, i) -> true, context(clock), 2, 0, clock,
        new StartGate(1, false, null)).call().recorder(0);
    assertThat(onTime.late()).isFalse();
    assertThat(onTime.successes()).isEqualTo(2);
    // a phase whose start had passed: the worker is late, and still does all its work
    OpRecorder late = new Worker(0, (ctx, i) -> true, context(clock), 2, 0, clock,
        new StartGate(1, true, null)).call().recorder(0);
    assertThat(late.late()).isTrue();
    assertThat(late.successes()).isEqualTo(2);
  }

  @Test
  void causeOfARemoteExceptionIsTheServersClass() {
    assertThat(Causes.of(new RemoteException(
        "org.apache.hadoop.security.AccessControlException", "Permission denied")))
        .isEqualTo("AccessControlException");
    assertThat(Causes.of(new RemoteException(
        "org.apache.hadoop.hdfs.protocol.NSQuotaExceededException", "quota")))
        .isEqualTo("NSQuotaExceededException");
    assertThat(Causes.of(new RemoteException("Unqualified", "x"))).isEqualTo("Unqualified");
    assertThat(Causes.of(new FileNotFoundException("x")))
        .isEqualTo("FileNotFoundException");
    assertThat(Causes.of(new IOException("x"))).isEqualTo("IOException");
  }

  @Test
  void aRemoteExceptionIsRecordedUnderTheServersClass() throws InterruptedException {
    MetaOp op = (ctx, index) -> {
      throw new RemoteException("org.apache.hadoop.hdfs.server.namenode.SafeModeException",
          "Name node is in safe mode.");
    };
    OpRecorder r = run(op, 2, 0, new FakeClock(0, STEP));
    assertThat(r.failures()).containsOnlyKeys("SafeModeException");
    assertThat(r.failures().get("SafeModeException").count()).isEqualTo(2);
    assertThat(r.failures().get("SafeModeException").example())
        .isEqualTo("Name node is in safe mode.");
  }

  /**
   * The runner hands every worker a warm-up recorder; without -warmup nothing may go there, also
   * when the monotonic clock reads negative (System.nanoTime's origin is arbitrary).
   */
  @Test
  void withoutAWarmUpEveryOperationIsMeasuredWhateverTheClockReads() throws InterruptedException {
    FakeClock clock = new FakeClock(-1_000_000_000L, STEP);
    Worker.Recorded recorded = new Worker(0, (ctx, i) -> true, context(clock), 5, 0, clock, null)
        .pacedBy(Pacing.CLOSED_LOOP).call();
    assertThat(recorded.recorder(0).successes()).isEqualTo(5);
    assertThat(recorded.warmup(0).attempted()).isZero();
  }

  /**
   * A fixed-rate worker waiting for its next operation's due time when the phase is stopped (an
   * early end) ends there: the operation not yet due is not run (its latency from when due would
   * be negative, which a histogram refuses).
   */
  @Test
  void aStopWhileWaitingForTheNextDueTimeRunsNothingMore() throws Exception {
    io.metabench.core.StopRequest stop = new io.metabench.core.StopRequest();
    java.util.concurrent.atomic.AtomicInteger ran = new java.util.concurrent.atomic.AtomicInteger();
    FakeClock unused = new FakeClock(0, 1);
    Worker w = new Worker(new SequentialSource((ctx, i) -> {
      ran.incrementAndGet();
      return true;
    }, context(unused), 10, false, Visibility.UNTRACKED), 0, io.metabench.core.NanoClock.SYSTEM,
        null, new OpRecorder[] {new OpRecorder(0)}, new OpRecorder[] {new OpRecorder(0)}, stop)
        .pacedBy(Pacing.of(0, 0, 1, 0, 1));
    Thread stopper = new Thread(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      stop.request("ended early");
    });
    stopper.start();
    long began = System.nanoTime();
    Worker.Recorded r = w.call();
    stopper.join();
    // The first operation (due at once) ran; the second, due after 1 s, did not.
    assertThat(ran.get()).isEqualTo(1);
    assertThat(r.recorder(0).successes()).isEqualTo(1);
    assertThat(System.nanoTime() - began).isLessThan(900_000_000L);
  }
}
