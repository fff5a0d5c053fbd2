package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A phase's slice of the server's samples, and the figures and reading made of it: a scripted
 * NameNode that refreshes its figures once a second, sampled once a second, with a client warm-up
 * whose calls are slow (5 ms) before the phase and the phase's own fast ones (0.4 ms).
 */
class ServerSamplesTest {
  private static final long MS = 1_000_000L;
  private static final long T0 = 1_700_000_000_000L;

  /** Cumulative figures of the scripted NameNode, one refresh at a time. */
  private static final class Script {
    final List<ServerSamples.Sample> samples = new ArrayList<>();
    double creates;
    double calls = 10;
    double gc;

    /** A sample at T0 + {@code at} ms after a refresh of {@code n} creates and completes. */
    Script refresh(long at, double n, double createMs, double queueMs) {
      creates += n;
      calls += 2 * n + 1;
      gc += 10;
      Map<String, Double> v = new HashMap<>();
      v.put("rpc.calls", calls);
      v.put("rpc.queueCalls", calls);
      v.put("rpc.queueMs", queueMs);
      v.put("rpc.lockWaitCalls", calls);
      v.put("rpc.lockWaitMs", 0.01);
      v.put("rpc.processingMs", createMs);
      v.put("rpc.callQueueLength", n > 800 ? 7.0 : 0.0);
      v.put("jvm.gcMs", gc);
      v.put("method.Create.calls", creates);
      v.put("method.Create.ms", createMs);
      v.put("method.Complete.calls", creates);
      v.put("method.Complete.ms", createMs / 2);
      v.put("method.SendHeartbeat.calls", calls - 2 * creates);
      samples.add(new ServerSamples.Sample(T0 + at, v));
      return this;
    }

    ServerSamples samples() {
      return new ServerSamples("NameNode test", "", samples);
    }
  }

  /** Warm-up until 1.5 s, then the phase from 1.5 s to 6.5 s, then the next phase's calls. */
  private static ServerSamples namenode() {
    return new Script().refresh(0, 0, 0, 0).refresh(1000, 5000, 5.0, 2.0)
        .refresh(2000, 700, 3.0, 1.0).refresh(3000, 1000, 0.4, 0.05)
        .refresh(4000, 1000, 0.4, 0.05).refresh(5000, 1000, 0.4, 0.05)
        .refresh(6000, 1000, 0.4, 0.05).refresh(7000, 500, 2.0, 1.0)
        .refresh(8000, 0, 2.0, 1.0).samples();
  }

  /** create_write of 5000 files over [from, to] ms, {@code clientMs} each on the client. */
  private static PhaseResult createWrite(long from, long to, double clientMs, String... counts) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(Math.round(clientMs * MS), 5000);
    PhaseResult p = new PhaseResult(OpType.CREATE_WRITE, 2, 5000, 5000, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, (T0 + from) * MS, (T0 + to) * MS, 4000 * MS, 0, 0, 0, h,
        T0 + from);
    Map<String, Long> calls = new TreeMap<>();
    for (int i = 0; i < counts.length; i += 2) {
      calls.put(counts[i], Long.parseLong(counts[i + 1]));
    }
    return calls.isEmpty() ? p : p.withStoreCalls(StoreCalls.of(calls, "test"));
  }

  @Test
  void aPhasesFiguresComeOnlyFromTheRefreshesInsideIt() {
    ServerPhaseView v = namenode().during(createWrite(1500, 6500, 1.0, "rpc.Create", "5000",
        "rpc.Complete", "5000", "op_create", "5000"));
    // Refreshes inside: those seen at 3 s to 6 s (each after a sample at or after 1.5 s, and at
    // or before 6.5 s); the one seen at 2 s may hold the warm-up's last calls, the one at 7 s
    // the next phase's first.
    assertThat(v.samples()).isEqualTo(4);
    assertThat(v.seconds()).isEqualTo(3.0);
    assertThat(v.methods().get("Create").calls()).isEqualTo(3000);
    assertThat(v.methods().get("Create").meanMs()).isCloseTo(0.4, within(1e-9));
    assertThat(v.processingMs()).isCloseTo(0.4, within(1e-9));
    assertThat(v.queueMs()).isCloseTo(0.05, within(1e-9));
    assertThat(v.callQueueMax()).isEqualTo(7.0);
    assertThat(v.gcMs()).isEqualTo(30.0);
    // Calls per operation are the client's own RPC counts.
    assertThat(v.ownPerOperation()).containsOnlyKeys("Complete", "Create");
    assertThat(v.ownCallsPerOp()).isEqualTo(2.0);
    // processing = 1 x 0.4 + 1 x 0.2; queue = 2 x 0.05; lock wait = 2 x 0.01.
    assertThat(v.processingPerOpMs()).isCloseTo(0.6, within(1e-9));
    assertThat(v.decomposed()).isTrue();
    assertThat(v.reading("NameNode")).isEqualTo("client mean 1.000 ms = NameNode queue 0.100 + "
        + "lock wait 0.020 + processing 0.600 (2.00 calls/op: Complete 1.00, Create 1.00) + rest "
        + "0.280 (client, network)");
    // The timeline still shows the neighbourhood: from the sample before the phase on.
    assertThat(v.window().get(0).epochMillis()).isEqualTo(T0 + 1000);
  }

  @Test
  void aPhaseShorterThanTwoRefreshesHasNoDecompositionAndSaysWhatToChange() {
    ServerPhaseView v = namenode().during(createWrite(1500, 2900, 1.0, "rpc.Create", "5000"));
    assertThat(v.samples()).isZero();
    assertThat(v.decomposed()).isFalse();
    assertThat(v.reading("NameNode")).isEqualTo("no decomposition: the phase (1.4 s) held fewer "
        + "than two of the NameNode's refreshes of its figures (one every 1 s): lengthen it to at "
        + "least 4 s (-duration, or more files per worker), or shorten the NameNode's metrics "
        + "period");
  }

  @Test
  void aServerPartLargerThanTheClientsMeanIsNoDecomposition() {
    ServerPhaseView v = namenode().during(createWrite(1500, 6500, 0.3, "rpc.Create", "5000",
        "rpc.Complete", "5000"));
    assertThat(v.decomposed()).isFalse();
    assertThat(v.reading("NameNode")).isEqualTo("no decomposition: the NameNode's time per "
        + "operation (0.720 ms) exceeds the client's mean (0.300 ms): other clients' calls weigh "
        + "in its averages");
  }

  @Test
  void withoutRpcCountsTheServersCallsInsideAreSharedOverTheOperationsOfThatSpan() {
    // FileSystem calls only: op_create stands for Create, Complete and AddBlock; the span of
    // 3 s holds 3 / 5 of the 5000 operations.
    ServerPhaseView v = namenode().during(createWrite(1500, 6500, 1.0, "op_create", "5000"));
    assertThat(v.ownPerOperation()).containsOnlyKeys("Complete", "Create");
    assertThat(v.ownCallsPerOp()).isCloseTo(2.0, within(1e-9));
    // Without any client counts: the methods called at least 0.1 times per operation.
    ServerPhaseView often = namenode().during(createWrite(1500, 6500, 1.0));
    assertThat(often.ownPerOperation()).containsOnlyKeys("Complete", "Create");
  }

  /**
   * A mix as a whole has no client counts by operation: its rarer operations' methods are its
   * own from 0.5 % of its operations, where a phase's are from 10 %.
   */
  @Test
  void aMixsRareOperationsMethodsAreItsOwn() {
    for (OpType op : new OpType[] {OpType.MIX, OpType.STAT}) {
      // 100,000 operations over 5 s, 3,000 creates among the 60,000 inside the 3 s seen: 5 %.
      Histogram h = new Histogram(3);
      h.recordValueWithCount(Math.round(1.0 * MS), 100_000);
      PhaseResult p = new PhaseResult(op, 2, 100_000, 100_000, Collections.emptyMap(),
          Collections.emptyMap(), 0, 0, (T0 + 1500) * MS, (T0 + 6500) * MS, 4000 * MS, 0, 0, 0,
          h, T0 + 1500);
      ServerPhaseView v = namenode().during(p);
      if (op == OpType.MIX) {
        assertThat(v.ownPerOperation()).containsOnlyKeys("Complete", "Create");
        assertThat(v.ownCallsPerOp()).isCloseTo(0.1, within(1e-9));
      } else {
        assertThat(v.ownPerOperation()).isEmpty();
      }
    }
  }

  @Test
  void aPhaseOutsideTheSamplesHasNoView() {
    assertThat(new Script().refresh(2000, 0, 0, 0).refresh(3000, 0, 0, 0).samples()
        .during(createWrite(1500, 3500, 1.0))).isNull();
    assertThat(ServerSamples.NONE.during(createWrite(1500, 3500, 1.0))).isNull();
    assertThat(ServerSamples.NONE.present()).isFalse();
  }
}
