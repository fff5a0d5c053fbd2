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

/** A phase's slice of the server's samples, and the figures and reading made of it. */
class ServerSamplesTest {
  private static final long MS = 1_000_000L;
  private static final long T0 = 1_700_000_000_000L;

  /** A sample at T0 + {@code at} ms: calls, averages (ms), and Create's calls and mean. */
  private static ServerSamples.Sample sample(long at, double calls, double queueMs,
      double processingMs, Double creates, double createMs) {
    Map<String, Double> v = new HashMap<>();
    v.put("rpc.calls", calls);
    v.put("rpc.queueCalls", calls);
    v.put("rpc.queueMs", queueMs);
    v.put("rpc.processingMs", processingMs);
    v.put("rpc.callQueueLength", calls > 1000 ? 7.0 : 0.0);
    v.put("jvm.gcMs", at / 100.0);
    if (creates != null) {
      v.put("method.Create.calls", creates);
      v.put("method.Create.ms", createMs);
      v.put("method.Complete.calls", creates);
      v.put("method.Complete.ms", createMs / 2);
      v.put("method.SendHeartbeat.calls", 1.0 + at / 3000);
    }
    return new ServerSamples.Sample(T0 + at, v);
  }

  /** create_write of 1000 files, 1 ms each on the client, from T0+1.5 s to T0+3.5 s. */
  private static PhaseResult createWrite(boolean countedCalls) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(MS, 1000);
    PhaseResult p = new PhaseResult(OpType.CREATE_WRITE, 2, 1000, 1000, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, (T0 + 1500) * MS, (T0 + 3500) * MS, 4000 * MS, 0, 0, 0, h,
        T0 + 1500);
    if (countedCalls) {
      Map<String, Long> calls = new TreeMap<>();
      calls.put("op_create", 1000L);
      p = p.withStoreCalls(StoreCalls.of(calls, "DFSOpsCountStatistics"));
    }
    return p;
  }

  private static ServerSamples samples(boolean refreshAfterEnd) {
    List<ServerSamples.Sample> s = new ArrayList<>();
    // Refreshes every 2 s: at 0 (nothing yet), at 2 s (600 creates, 0.5 ms processing), at 4 s
    // (400 more, 1.5 ms); 1 s and 3 s repeat the figures before them.
    s.add(sample(0, 10, 0.1, 0.2, null, 0));
    s.add(sample(1000, 10, 0.1, 0.2, null, 0));
    s.add(sample(2000, 1210, 0.2, 0.5, 600.0, 0.4));
    s.add(sample(3000, 1210, 0.2, 0.5, 600.0, 0.4));
    s.add(sample(4000, refreshAfterEnd ? 2010 : 1210, 0.4, 1.5, refreshAfterEnd ? 1000.0 : 600.0,
        1.0));
    if (refreshAfterEnd) {
      s.add(sample(5000, 2010, 0.4, 1.5, 1000.0, 1.0));
      s.add(sample(6000, 2020, 0.1, 0.1, 1000.0, 1.0));
    }
    return new ServerSamples("NameNode test", "", s);
  }

  @Test
  void aPhasesFiguresComeFromTheRefreshesInItsWindowWeightedByTheirCalls() {
    ServerPhaseView v = samples(true).during(createWrite(true));
    // From the last sample before the start (1 s) to the first refresh seen after the end at
    // 3.5 s: 6 s, the first change between two samples both taken after it (the change at 4 s
    // may have happened before the end).
    assertThat(v.window().get(0).epochMillis()).isEqualTo(T0 + 1000);
    assertThat(v.window().get(v.window().size() - 1).epochMillis()).isEqualTo(T0 + 6000);
    assertThat(v.refreshedAfter()).isTrue();
    assertThat(v.rpcCalls()).isEqualTo(2010);
    // Processing: (1200 x 0.5 + 800 x 1.5 + 10 x 0.1) / 2010.
    assertThat(v.processingMs()).isCloseTo((1200 * 0.5 + 800 * 1.5 + 10 * 0.1) / 2010,
        within(1e-9));
    // Create was not listed before its first call: it stood at 0.
    assertThat(v.methods().get("Create").calls()).isEqualTo(1000);
    assertThat(v.methods().get("Create").meanMs()).isCloseTo((600 * 0.4 + 400 * 1.0) / 1000,
        within(1e-9));
    assertThat(v.methods().keySet()).startsWith("Complete", "Create");
    // Own methods from op_create: Create and Complete, not the DataNode's heartbeats.
    assertThat(v.ownCallsPerOp()).isEqualTo(2.0);
    assertThat(v.processingPerOpMs()).isCloseTo((1000 * 0.64 + 1000 * 0.32) / 1000.0,
        within(1e-9));
    assertThat(v.callQueueMax()).isEqualTo(7.0);
    assertThat(v.gcMs()).isEqualTo(50.0);
    assertThat(v.coverage()).isCloseTo(0.4, within(1e-9));
    assertThat(v.approximate()).isTrue();
    assertThat(v.reading("NameNode")).isEqualTo("~ (the phase is 40% of the samples' window) "
        + "client mean 1.000 ms = NameNode queue " + String.format(java.util.Locale.ROOT, "%.3f",
        2 * v.queueMs()) + " + lock wait - + processing 0.960 (2.00 calls/op: Complete, Create) "
        + "+ rest "
        + String.format(java.util.Locale.ROOT, "%.3f", 1.0 - 2 * v.queueMs() - 0.96)
        + " (client, network)");
  }

  @Test
  void withoutARefreshAfterTheEndTheViewSaysItMayMissTheLastCalls() {
    ServerPhaseView v = samples(false).during(createWrite(true));
    assertThat(v.refreshedAfter()).isFalse();
    assertThat(v.reading("NameNode")).startsWith("~ (no refresh of the server's figures after "
        + "the phase) ");
  }

  @Test
  void withoutCountedCallsTheOwnMethodsAreTheOftenCalledOnes() {
    ServerPhaseView v = samples(true).during(createWrite(false));
    assertThat(v.ownCallsPerOp()).isEqualTo(2.0);
    assertThat(v.reading("NameNode")).contains("(2.00 calls/op: Complete, Create)");
  }

  @Test
  void aPhaseOutsideTheSamplesHasNoView() {
    List<ServerSamples.Sample> late = new ArrayList<>();
    late.add(sample(2000, 10, 0, 0, null, 0));
    late.add(sample(3000, 10, 0, 0, null, 0));
    assertThat(new ServerSamples("x", "", late).during(createWrite(true))).isNull();
    assertThat(ServerSamples.NONE.during(createWrite(true))).isNull();
    assertThat(ServerSamples.NONE.present()).isFalse();
  }
}
