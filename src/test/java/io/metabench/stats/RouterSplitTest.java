package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A phase through a router, its latency split by the router's figures: a scripted router whose
 * RPC server refreshes its figures once a second and whose proxy counters move as calls happen,
 * 1,000 stats a second, each one call to the router and one proxied call to a NameNode.
 */
class RouterSplitTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long MS = 1_000_000L;

  private static ServerSamples router(double proxyMs, double clientRpcQueueMs) {
    return router(proxyMs, clientRpcQueueMs, false);
  }

  /** With {@code behind}: the NameNodes behind the router read too, 0.1 ms of each proxied call. */
  private static ServerSamples router(double proxyMs, double clientRpcQueueMs, boolean behind) {
    List<ServerSamples.Sample> samples = new ArrayList<>();
    for (int s = 0; s <= 8; s++) {
      Map<String, Double> v = new TreeMap<>();
      v.put("rpc.calls", 1000.0 * s + 1);
      v.put("rpc.queueCalls", 1000.0 * s + 1);
      v.put("rpc.queueMs", clientRpcQueueMs);
      v.put("rpc.processingMs", 0.05);
      v.put("method.GetFileInfo.calls", 1000.0 * s);
      v.put("method.GetFileInfo.ms", 0.05);
      // Live counters: half a second ahead of the RPC server's refreshed ones.
      v.put("proxy.calls", 1000.0 * s + 500);
      v.put("proxy.ms", proxyMs);
      v.put("router.processingCalls", 1000.0 * s + 500);
      v.put("router.processingMs", 0.02);
      v.put("proxy.failures", s >= 4 ? 3.0 : 0.0);
      v.put("proxy.retries", 0.0);
      v.put("proxy.ns.ns1.calls", 1000.0 * s + 500);
      v.put("proxy.ns.ns0.calls", 7.0);
      if (behind) {
        // Their RPC servers refresh at their own times; their averages hold still.
        v.put("behind.rpc.calls", 1000.0 * s + 200);
        v.put("behind.rpc.processingMs", 0.06);
        v.put("behind.rpc.queueCalls", 1000.0 * s + 200);
        v.put("behind.rpc.queueMs", 0.03);
        v.put("behind.rpc.lockWaitCalls", 1000.0 * s + 200);
        v.put("behind.rpc.lockWaitMs", 0.01);
      }
      samples.add(new ServerSamples.Sample(T0 + s * 1000L, v));
    }
    return new ServerSamples("Router http://r:50071/jmx, RPC port 8888", "", samples);
  }

  private static PhaseResult stat(double clientMs) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(Math.round(clientMs * MS), 5000);
    PhaseResult p = new PhaseResult(OpType.STAT, 2, 5000, 5000, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, (T0 + 1500) * MS, (T0 + 6500) * MS, 4000 * MS, 0, 0, 0, h,
        T0 + 1500);
    Map<String, Long> calls = new TreeMap<>();
    calls.put("rpc.GetFileInfo", 5000L);
    return p.withStoreCalls(StoreCalls.of(calls, "test"));
  }

  @Test
  void theClientsLatencyIsSplitIntoRouterNameNodesAndTheRest() {
    RouterSplit r = router(0.6, 0.01).during(stat(1.0)).router();
    assertThat(r.proxiedPerOp()).isCloseTo(1.0, within(1e-9));
    assertThat(r.queueMs()).isCloseTo(0.01, within(1e-9));
    assertThat(r.routerMs()).isCloseTo(0.02, within(1e-9));
    assertThat(r.nameNodesMs()).isCloseTo(0.6, within(1e-9));
    // The histogram keeps the client's 1 ms to within 0.001 ms.
    assertThat(r.restMs()).isCloseTo(0.37, within(1e-3));
    assertThat(r.failed()).isEqualTo(3);
    // ns0 had none in the phase.
    assertThat(r.perNameservice()).containsOnlyKeys("ns1");
    assertThat(r.reading()).isEqualTo("client mean 1.000 ms = router queue 0.010 + router 0.020 + "
        + "NameNodes 0.600 (1.00 proxied calls/op: ns1 1.00; 0.600 ms each) + rest 0.370 (client, "
        + "network); "
        + "proxied calls failed 3, retried 0");
  }

  @Test
  void theNameNodesBehindTheRouterSplitEachProxiedCall() {
    RouterSplit r = router(0.6, 0.01, true).during(stat(1.0)).router();
    assertThat(r.nameNodeQueueMs()).isCloseTo(0.03, within(1e-9));
    assertThat(r.nameNodeLockWaitMs()).isCloseTo(0.01, within(1e-9));
    assertThat(r.nameNodeProcessingMs()).isCloseTo(0.06, within(1e-9));
    assertThat(r.reading()).contains("NameNodes 0.600 (1.00 proxied calls/op: ns1 1.00; 0.600 ms "
        + "each = NameNode queue 0.030 + lock wait 0.010 + processing 0.060 + router-NameNode "
        + "rest 0.500) + rest 0.370");
    // Without them, no such split.
    RouterSplit alone = router(0.6, 0.01).during(stat(1.0)).router();
    assertThat(alone.nameNodeProcessingMs()).isNaN();
    assertThat(alone.reading()).contains("0.600 ms each) + rest");
  }

  @Test
  void aSplitLargerThanTheClientsMeanIsNoSplit() {
    RouterSplit r = router(2.0, 0.01).during(stat(1.0)).router();
    assertThat(r.restMs()).isNegative();
    assertThat(r.reading()).startsWith("no split: the router's and NameNodes' time per operation "
        + "(2.030 ms) exceeds the client's mean (1.000 ms)");
  }

  @Test
  void aNameNodeHasNoRouterSplit() {
    List<ServerSamples.Sample> samples = new ArrayList<>();
    for (int s = 0; s <= 8; s++) {
      samples.add(new ServerSamples.Sample(T0 + s * 1000L,
          Collections.singletonMap("rpc.calls", 1000.0 * s)));
    }
    assertThat(new ServerSamples("NameNode", "", samples).during(stat(1.0)).router()).isNull();
  }
}
