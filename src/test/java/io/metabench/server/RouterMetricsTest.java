package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.stats.ServerSamples;
import io.metabench.testing.RecordedJmx;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * A Router-based Federation router read from its recorded {@code /jmx} (served on loopback): it
 * is told from a NameNode by the status bean that names its RPC port, and its own figures (the
 * calls it proxied to NameNodes, their time, its failures) are read beside its RPC server's.
 */
class RouterMetricsTest {
  @Test
  void aRouterIsReadAsARouterWithItsProxiedCalls() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router")) {
      Configuration conf = new Configuration(false);
      conf.set("dfs.namenode.http-address", router.address());
      ServerProbe p = NameNodeMetrics.of("", URI.create("hdfs://127.0.0.1:42331"), conf);
      Map<String, Double> s = p.sample();
      assertThat(p.describe()).startsWith("Router http://" + router.address() + "/jmx, RPC port "
          + "42331, times ");
      assertThat(s.get("rpc.calls")).isEqualTo(300);
      assertThat(s.get("proxy.calls")).isEqualTo(302);
      assertThat(s.get("router.processingCalls")).isEqualTo(301);
      assertThat(s.get("proxy.ms")).isGreaterThan(0);
      assertThat(s.get("proxy.failures")).isZero();
      assertThat(s.get("method.GetFileInfo.calls")).isEqualTo(100);
      // Per nameservice: the router's NameserviceActivity beans (not the permit controller's).
      assertThat(s.get("proxy.ns.ns1.calls")).isEqualTo(300);
      assertThat(s.get("proxy.ns.ns0.calls")).isZero();
      assertThat(s).doesNotContainKey("proxy.ns.concurrent.calls");
    }
  }

  @Test
  void aRouterNameserviceIsReadRouterByRouter() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router")) {
      Configuration conf = new Configuration(false);
      conf.set("dfs.ha.namenodes.routers", "r1");
      conf.set("dfs.namenode.rpc-address.routers.r1", "127.0.0.1:42331");
      conf.set("dfs.namenode.http-address.routers.r1", router.address());
      ServerProbe p = NameNodeMetrics.of("", URI.create("hdfs://routers"), conf);
      Map<String, Double> s = p.sample();
      assertThat(ServerSamples.stateName(s.get("nn.r1.state"))).isEqualTo("router");
      assertThat(s.get("proxy.calls")).isEqualTo(302);
      assertThat(p.describe()).startsWith("Routers of routers (r1 router when reading began): "
          + "r1 http://" + router.address());
    }
  }

  @Test
  void aNameNodeIsNotARouter() throws IOException {
    try (RecordedJmx nn = RecordedJmx.serve("active")) {
      Configuration conf = new Configuration(false);
      conf.set("dfs.namenode.http-address", nn.address());
      ServerProbe p = NameNodeMetrics.of("", URI.create("hdfs://127.0.0.1:11900"), conf);
      assertThat(p.sample()).doesNotContainKey("proxy.calls");
      assertThat(p.describe()).startsWith("NameNode http://");
    }
  }
}
