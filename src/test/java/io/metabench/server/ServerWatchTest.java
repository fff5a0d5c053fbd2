package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.stats.ServerSamples;
import io.metabench.testing.LogCapture;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The watch's own rules, with a scripted probe standing for a server's metrics (the real
 * NameNode's are in ITNameNodeView): it fails soft with one warning, and its end waits for the
 * server's next refresh so the last phase's calls are counted.
 */
class ServerWatchTest {
  /** A calls counter that moves every {@code every} readings; failing at {@code failAt}. */
  private static final class Scripted implements ServerProbe {
    final AtomicInteger readings = new AtomicInteger();
    final int every;
    final int failAt;

    Scripted(int every, int failAt) {
      this.every = every;
      this.failAt = failAt;
    }

    @Override
    public String describe() {
      return "scripted server";
    }

    @Override
    public Map<String, Double> sample() throws IOException {
      int n = readings.incrementAndGet();
      if (n == failAt) {
        throw new IOException("connection refused\nsecond line");
      }
      return Collections.singletonMap("rpc.calls", (double) (n / every));
    }
  }

  @Test
  void aFailedReadingStopsTheWatchWithOneWarningAndSaysWhy() throws Exception {
    Scripted probe = new Scripted(1, 2);
    ServerSamples s;
    try (LogCapture log = new LogCapture("io.metabench.server")) {
      ServerWatch w = ServerWatch.start(probe);
      Thread.sleep(2500);
      w.close();
      s = w.samples();
      assertThat(log.text().split("could not read scripted server", -1)).hasSize(2);
    }
    assertThat(s.samples()).hasSize(1);
    assertThat(s.problem()).isEqualTo("stopped reading after 1 samples: connection refused");
    assertThat(probe.readings.get()).isEqualTo(2);
  }

  @Test
  void closingWaitsForTheServersNextRefresh() {
    // The counter moves every 4th reading: the end keeps reading until it has seen it move.
    Scripted probe = new Scripted(4, -1);
    ServerWatch w = ServerWatch.start(probe);
    w.close();
    ServerSamples s = w.samples();
    int n = s.samples().size();
    assertThat(s.samples().get(n - 1).values().get("rpc.calls"))
        .isNotEqualTo(s.samples().get(n - 2).values().get("rpc.calls"));
    assertThat(s.problem()).isEmpty();
    assertThat(s.source()).isEqualTo("scripted server");
  }

  /**
   * With HA, the end waits for the NameNode serving the clients, not for a standby whose counter
   * moves at every reading.
   */
  @Test
  void withHaClosingWaitsForTheServingNameNodesRefresh() {
    AtomicInteger readings = new AtomicInteger();
    ServerProbe ha = new ServerProbe() {
      @Override
      public String describe() {
        return "scripted nameservice";
      }

      @Override
      public Map<String, Double> sample() {
        int n = readings.incrementAndGet();
        Map<String, Double> v = new java.util.TreeMap<>();
        v.put("nn.nn1.state", ServerSamples.stateCode("standby"));
        v.put("nn.nn1.calls", (double) n);
        v.put("nn.nn2.state", ServerSamples.stateCode("active"));
        v.put("nn.nn2.calls", (double) (n / 4));
        v.put("rpc.calls", n + (double) (n / 4));
        return v;
      }
    };
    ServerWatch w = ServerWatch.start(ha);
    w.close();
    java.util.List<ServerSamples.Sample> s = w.samples().samples();
    int n = s.size();
    assertThat(s.get(n - 1).values().get("nn.nn2.calls"))
        .isNotEqualTo(s.get(n - 2).values().get("nn.nn2.calls"));
  }

  /**
   * The end waits on the servers taking clients' calls: active and observer NameNodes, and the
   * routers of a router nameservice (whose own counter was left out, so a run through routers
   * with no NameNode behind them read waited out its whole final wait).
   */
  @Test
  void theEndWaitsOnActiveObserverAndRouterCallsNotAStandbys() {
    Map<String, Double> v = new java.util.TreeMap<>();
    v.put("nn.nn1.state", ServerSamples.stateCode("standby"));
    v.put("nn.nn1.calls", 1000.0);
    v.put("nn.nn2.state", ServerSamples.stateCode("active"));
    v.put("nn.nn2.calls", 20.0);
    v.put("nn.nn3.state", ServerSamples.stateCode("observer"));
    v.put("nn.nn3.calls", 300.0);
    v.put("rpc.calls", 1320.0);
    assertThat(ServerWatch.servingCalls(v)).isEqualTo(320.0);
    Map<String, Double> routers = new java.util.TreeMap<>();
    routers.put("nn.r1.state", ServerSamples.stateCode("router"));
    routers.put("nn.r1.calls", 4000.0);
    routers.put("rpc.calls", 4000.0);
    assertThat(ServerWatch.servingCalls(routers)).isEqualTo(4000.0);
    assertThat(ServerWatch.servingCalls(java.util.Collections.singletonMap("rpc.calls", 7.0)))
        .isEqualTo(7.0);
  }

  @Test
  void nothingToReadIsNone() {
    ServerWatch w = ServerWatch.start((ServerProbe) null);
    w.close();
    assertThat(w.samples()).isSameAs(ServerSamples.NONE);
  }
}
