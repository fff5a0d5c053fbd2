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
  /** The recorded router (client RPC port 42331), read as a client of {@code conf} would. */
  private static ServerProbe routerAt(RecordedJmx router, Configuration conf) {
    conf.set("dfs.namenode.http-address", router.address());
    return NameNodeMetrics.of("", URI.create("hdfs://127.0.0.1:42331"), conf);
  }

  @Test
  void aRouterIsReadAsARouterWithItsProxiedCalls() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router")) {
      ServerProbe p = routerAt(router, new Configuration(false));
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

  /** A router whose State Store lists ns0 and ns1, each served by a recorded NameNode. */
  @Test
  void theNameNodesARoutersStateStoreListsAreReadBehindIt() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router-federated");
        RecordedJmx ns0 = RecordedJmx.serve("active");
        RecordedJmx ns1 = RecordedJmx.serve("active")) {
      String[][] recorded = {{"localhost:45689", "127.0.0.1:11900"},
          {"localhost:36583", ns0.address()}, {"localhost:37767", "127.0.0.1:11900"},
          {"localhost:37779", ns1.address()}};
      for (String[] r : recorded) {
        router.replace("FederationState", "Namenodes", r[0], r[1]);
      }
      ServerProbe p = routerAt(router, new Configuration(false));
      Map<String, Double> first = p.sample();
      assertThat(ServerSamples.stateName(first.get("nn.ns0.state"))).isEqualTo("active");
      assertThat(ServerSamples.stateName(first.get("nn.ns1.state"))).isEqualTo("active");
      // The router's own figures stay its own; the NameNodes' combined ones are apart.
      assertThat(first.get("rpc.calls")).isEqualTo(300);
      assertThat(first.get("behind.rpc.calls")).isEqualTo(2 * first.get("nn.ns1.calls"));
      assertThat(first.get("behind.rpc.processingMs")).isPositive();
      ns1.add("RpcActivityForPort11900", "RpcProcessingTimeNumOps", 50);
      Map<String, Double> second = p.sample();
      assertThat(second.get("nn.ns1.calls") - first.get("nn.ns1.calls")).isEqualTo(50);
      assertThat(second.get("nn.ns0.calls")).isEqualTo(first.get("nn.ns0.calls"));
      assertThat(p.describe()).contains("; the NameNodes behind it, as its State Store lists "
          + "them: NameNodes of its federation (ns0 active, ns1 active when reading began): ns0 "
          + "http://" + ns0.address() + "/jmx, RPC port 11900");
    }
  }

  /** Without a State Store: the nameservices it proxies to, as the client configuration names them. */
  @Test
  void withoutAStateStoreTheClientConfigurationNamesTheNameNodesBehind() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router");
        RecordedJmx ns1 = RecordedJmx.serve("active")) {
      Configuration conf = new Configuration(false);
      conf.set("dfs.namenode.rpc-address.ns1", "127.0.0.1:11900");
      conf.set("dfs.namenode.http-address.ns1", ns1.address());
      ServerProbe p = routerAt(router, conf);
      Map<String, Double> s = p.sample();
      assertThat(ServerSamples.stateName(s.get("nn.ns1.state"))).isEqualTo("active");
      assertThat(s).doesNotContainKey("nn.ns0.state");
      assertThat(p.describe()).contains("the NameNodes behind it, as the client configuration "
          + "names them (not ns0: it names none)");
    }
  }

  @Test
  void whereNothingNamesTheNameNodesBehindTheDescriptionSaysWhatToGive() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router")) {
      ServerProbe p = routerAt(router, new Configuration(false));
      Map<String, Double> s = p.sample();
      assertThat(s).containsKey("proxy.calls").doesNotContainKey("nn.ns1.state")
          .doesNotContainKey("behind.rpc.calls");
      assertThat(p.describe()).contains("the NameNodes behind it are not read: it lists none (it "
          + "has no State Store) and the client configuration names none of the nameservices it "
          + "proxies to (ns0, ns1): give their dfs.namenode.rpc-address.<ns>");
    }
  }

  /** A NameNode behind that cannot be read costs a warning, not the router's figures. */
  @Test
  void aNameNodeBehindThatCannotBeReadLeavesTheRoutersFigures() throws IOException {
    try (RecordedJmx router = RecordedJmx.serve("router-federated")) {
      java.net.ServerSocket closed = new java.net.ServerSocket(0, 1,
          java.net.InetAddress.getLoopbackAddress());
      int port = closed.getLocalPort();
      closed.close();
      for (String web : new String[] {"localhost:36583", "localhost:37779"}) {
        router.replace("FederationState", "Namenodes", web, "127.0.0.1:" + port);
      }
      ServerProbe p = routerAt(router, new Configuration(false));
      Map<String, Double> s = p.sample();
      assertThat(s.get("proxy.calls")).isEqualTo(302);
      assertThat(s).doesNotContainKey("behind.rpc.calls");
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
