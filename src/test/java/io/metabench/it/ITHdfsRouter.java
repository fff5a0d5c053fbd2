package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.federation.MiniRouterDFSCluster.NamenodeContext;
import org.apache.hadoop.hdfs.server.federation.MiniRouterDFSCluster.RouterContext;
import org.apache.hadoop.hdfs.server.federation.RouterConfigBuilder;
import org.apache.hadoop.hdfs.server.federation.StateStoreDFSCluster;
import org.apache.hadoop.hdfs.server.federation.resolver.MountTableResolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Router-based Federation, set up as Hadoop's own tests set it up ({@code StateStoreDFSCluster},
 * a {@code MiniRouterDFSCluster} whose routers keep their NameNode registrations and mount table
 * in a State Store, as production routers do: two nameservices, ns0 and ns1, a NameNode and a
 * DataNode each, a router in front of them with the test mount table: /ns0 and /ns1 lead to
 * /target-ns0 and /target-ns1 of each), everything on 127.0.0.1 in this JVM. A run through the
 * router reads the router's own figures and the NameNodes its State Store lists behind it; a
 * study with a target through the router and one straight to ns1's NameNode sets them side by
 * side.
 */
class ITHdfsRouter {
  private static StateStoreDFSCluster cluster;
  private static RouterContext router;
  /** Hadoop's default for {@code dfs.federation.router.http-address}. */
  private static final int ROUTER_DEFAULT_WEB_PORT = 50071;
  private static boolean onDefaultWebPort;
  @TempDir
  File scratch;

  @BeforeAll
  static void start() throws Exception {
    // The router's own default web port, as a production router serves on, where it is free
    // here: a run that names the router by its RPC address alone then finds its figures there.
    // One router serves on it (the cluster starts one per nameservice, then keeps one).
    onDefaultWebPort = isFree(ROUTER_DEFAULT_WEB_PORT);
    if (!onDefaultWebPort) {
      System.out.println("=== ITHdfsRouter: 127.0.0.1:" + ROUTER_DEFAULT_WEB_PORT + " is in use "
          + "here, so the router serves on another port and the runs name it (DefaultWebPortsTest "
          + "checks the guess of the router's default port)");
    }
    cluster = new StateStoreDFSCluster(false, 2) {
      @Override
      public Configuration generateRouterConfiguration(String nsId, String nnId) {
        Configuration c = super.generateRouterConfiguration(nsId, nnId);
        c.set("dfs.federation.router.http-address", "127.0.0.1:"
            + (onDefaultWebPort && nsId.equals("ns0") ? ROUTER_DEFAULT_WEB_PORT : 0));
        return c;
      }
    };
    cluster.setNumDatanodesPerNameservice(1);
    cluster.startCluster();
    Configuration routerConf = new RouterConfigBuilder().stateStore().metrics().rpc().http()
        .build();
    for (String key : new String[] {"dfs.federation.router.rpc-address",
        "dfs.federation.router.https-address",
        "dfs.federation.router.admin-address"}) {
      routerConf.set(key, "127.0.0.1:0");
    }

    routerConf.set("dfs.federation.router.rpc-bind-host", "127.0.0.1");
    routerConf.set("dfs.federation.router.http-bind-host", "127.0.0.1");
    routerConf.set("dfs.federation.router.admin-bind-host", "127.0.0.1");
    cluster.addRouterOverrides(routerConf);
    cluster.startRouters();
    cluster.registerNamenodes();
    cluster.waitNamenodeRegistration();
    // One router, as each router host runs one: its beans are then the only router beans here.
    List<RouterContext> routers = cluster.getRouters();
    router = routers.get(0);
    for (RouterContext r : routers) {
      router = r.getNameserviceId().equals("ns0") ? r : router;
    }
    for (RouterContext other : routers) {
      if (other != router) {
        cluster.stopRouter(other);
      }
    }
    cluster.createTestMountTable(router.getRouter().getStateStore());
    // The router resolves paths with its cached mount table: load it now, or /ns1 resolves to
    // the root's nameservice until its next refresh.
    MountTableResolver mounts = (MountTableResolver) router.getRouter().getSubclusterResolver();
    mounts.loadCache(true);
    System.out.println("=== ITHdfsRouter: /ns1 resolves to "
        + mounts.getDestinationForPath("/ns1/x").getDefaultLocation());
    System.out.println("=== ITHdfsRouter: router RPC " + router.getRouter().getRpcServerAddress()
        + ", HTTP " + router.getRouter().getHttpServerAddress());
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  private static String routerUri() {
    return "hdfs://127.0.0.1:" + router.getRouter().getRpcServerAddress().getPort();
  }

  private static boolean isFree(int port) {
    try (java.net.ServerSocket s = new java.net.ServerSocket(port, 1,
        java.net.InetAddress.getByName("127.0.0.1"))) {
      return true;
    } catch (java.io.IOException inUse) {
      return false;
    }
  }

  private static String routerJmx() {
    return "http://127.0.0.1:" + router.getRouter().getHttpServerAddress().getPort() + "/jmx";
  }

  /**
   * Named by its RPC address alone, as users name a router, with Hadoop's default ports: the
   * view finds its web pages on the router's default port (50071) where the router could serve
   * there, and is given the address where it could not.
   */
  @Test
  void aRunThroughTheRouterReadsTheRoutersOwnFigures() throws Exception {
    // 8 s of stat: two of the NameNodes' own refreshes inside it, which their split behind the
    // router needs (5 s held only one in one run of three, 2026-11-27).
    List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("-operation",
        "create_write,stat", "-threads", "2", "-numberOfFiles", "100", "-duration", "8",
        "-baseDir", routerUri() + "/ns1/through-router"));
    if (!onDefaultWebPort) {
      args.addAll(java.util.Arrays.asList("-D", "metabench.namenode.jmx=" + routerJmx()));
    }
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, args.toArray(new String[0]));
    System.out.println("=== ITHdfsRouter: through the router\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    // The files are on ns1, under the mount's target.
    NamenodeContext ns1 = cluster.getNamenode("ns1", null);
    assertThat(ns1.getFileSystem().exists(new org.apache.hadoop.fs.Path(
        "/target-ns1/through-router"))).isTrue();
    assertThat(r.stdout).contains("Router view: Router " + routerJmx() + ", RPC port "
        + router.getRouter().getRpcServerAddress().getPort());
    if (onDefaultWebPort) {
      assertThat(r.stdout).contains("a router's default port (http://127.0.0.1:9870/jmx refused)");
    }
    JsonNode stat = null;
    for (JsonNode p : r.json().path("server").path("phases")) {
      if (p.path("operation").asText().equals("stat")) {
        stat = p;
      }
    }
    assertThat(stat).as(r.stdout).isNotNull();
    // The router's split of the client's latency: its queue, its own time, the NameNodes' (the
    // calls it proxied), the rest; every stat proxied once or more, none failed.
    JsonNode split = stat.path("router");
    assertThat(split.isObject()).as(stat.toString()).isTrue();
    assertThat(split.path("proxiedCallsPerOp").asDouble()).as(split.toString())
        .isBetween(0.9, 1.5);
    assertThat(split.path("nameNodesMs").asDouble()).isPositive();
    assertThat(split.path("restMs").asDouble()).isNotNegative();
    assertThat(split.path("proxyFailures").asLong()).isZero();
    assertThat(r.stdout).containsPattern("Router, stat: client mean [0-9.]+ ms = router queue "
        + "[0-9.]+ \\+ router [0-9.]+ \\+ NameNodes [0-9.]+ \\([0-9.]+ proxied calls/op(: ns1 "
        + "[0-9.]+)?; [0-9.]+ ms each = NameNode queue [0-9.]+ \\+ lock wait [0-9.]+ \\+ "
        + "processing [0-9.]+ \\+ router-NameNode rest [0-9.]+\\) \\+ rest [0-9.]+ \\(client, "
        + "network\\); proxied calls failed 0, retried 0");
    // The NameNodes behind it, as its State Store lists them: ns1 served the phase's calls.
    assertThat(r.stdout).contains("the NameNodes behind it, as its State Store lists them: "
        + "NameNodes of its federation (ns0 active, ns1 active when reading began)");
    // Read (a number, not null), though whole milliseconds round a stat's processing to 0 here.
    assertThat(split.path("nameNodeProcessingMsPerProxiedCall").isNumber()).as(split.toString())
        .isTrue();
    // The test cluster's NameNodes refresh their figures less often than the router: their calls
    // are counted around the phase, to their last refresh; ns1 served them, ns0 next to none.
    long[] calls = new long[2];
    for (JsonNode nn : stat.path("nameNodes")) {
      calls[nn.path("id").asText().equals("ns1") ? 1 : 0] += nn.path("calls").asLong();
    }
    assertThat(calls[1]).as(stat.path("nameNodes").toString()).isPositive()
        .isGreaterThan(10 * calls[0]);
    assertThat(r.stdout).containsPattern("NameNodes behind the router, stat: calls served( \\("
        + "around the phase: it held fewer than two refreshes\\))?: ns1 active [0-9]+, ns0 active "
        + "[0-9]+");
  }

  /**
   * {@code -target direct=... -target router=...}: the same nameservice straight and through the
   * router (a router nameservice in the client configuration, as clients of routers name them),
   * side by side in one study, each with its own server's view.
   */
  @Test
  void aStudyPutsTheRouterAndTheNameNodeSideBySide() throws Exception {
    NamenodeContext ns1 = cluster.getNamenode("ns1", null);
    Configuration conf = new Configuration();
    conf.set("dfs.nameservices", "routers");
    conf.set("dfs.ha.namenodes.routers", "r1");
    conf.set("dfs.namenode.rpc-address.routers.r1", "127.0.0.1:"
        + router.getRouter().getRpcServerAddress().getPort());
    conf.set("dfs.namenode.http-address.routers.r1", "127.0.0.1:"
        + router.getRouter().getHttpServerAddress().getPort());
    conf.set("dfs.client.failover.proxy.provider.routers",
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    // ns1's NameNode's web address, as its own cluster's hdfs-site.xml gives it.
    conf.set("dfs.namenode.http-address", "127.0.0.1:"
        + ns1.getNamenode().getHttpAddress().getPort());
    String direct = "hdfs://127.0.0.1:" + ns1.getNamenode().getNameNodeAddress().getPort()
        + "/target-ns1/direct";
    File out = new File(scratch, "study");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "100", "-duration", "4", "-target", "direct=" + direct,
        "-target", "router=hdfs://routers/ns1/via-router", "-outDir", out.getPath(), "-jsonOut",
        new File(scratch, "study.json").getPath());
    System.out.println("=== ITHdfsRouter: study\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("Study: 2 targets x 1 concurrency").containsPattern(
        "(?m)^threads +direct +router$");
    JsonNode runs = r.json().path("runs");
    assertThat(runs).hasSize(2);
    String[] sources = new String[2];
    for (int i = 0; i < 2; i++) {
      sources[i] = runs.get(i).path("result").path("server").path("source").asText();
    }
    assertThat(sources[0]).as(runs.get(0).path("target").asText()).startsWith("NameNode http://");
    assertThat(sources[1]).as(runs.get(1).path("target").asText())
        .startsWith("Routers of routers (r1 router when reading began): r1 http://");
  }

  /**
   * ViewFs over the two nameservices of this federated cluster (not through the router): a base
   * directory under the mount of ns1 puts the items, the marker and the cleanup on ns1 alone, and
   * the view reads ns1's NameNode (found by the RPC address the configuration names for ns1).
   */
  @Test
  void onViewFsOverTwoNameservicesEverythingStaysOnTheMountOfTheBaseDirectory() throws Exception {
    Configuration conf = new Configuration();
    conf.set("dfs.nameservices", "ns0,ns1");
    org.apache.hadoop.fs.FileSystem[] fs = new org.apache.hadoop.fs.FileSystem[2];
    int ns1Rpc = 0;
    for (int i = 0; i < 2; i++) {
      org.apache.hadoop.hdfs.server.namenode.NameNode nn =
          cluster.getNamenode("ns" + i, null).getNamenode();
      String rpc = "127.0.0.1:" + nn.getNameNodeAddress().getPort();
      conf.set("dfs.namenode.rpc-address.ns" + i, rpc);
      conf.set("dfs.namenode.http-address.ns" + i, "127.0.0.1:" + nn.getHttpAddress().getPort());
      conf.set("fs.viewfs.mounttable.fed.link./m" + i, "hdfs://" + rpc + "/mounted-" + i);
      fs[i] = cluster.getNamenode("ns" + i, null).getFileSystem();
      ns1Rpc = nn.getNameNodeAddress().getPort();
    }
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "50", "-baseDir", "viewfs://fed/m1/run", "-D",
        "metabench.namenode.jmx=");
    System.out.println("=== ITHdfsRouter: ViewFs over ns0 and ns1\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path("/mounted-1/run");
    assertThat(fs[1].exists(new org.apache.hadoop.fs.Path(base, "data/map_0/thread_1/file_49")))
        .isTrue();
    assertThat(fs[1].exists(new org.apache.hadoop.fs.Path(base, ".metabench"))).isTrue();
    assertThat(fs[0].exists(new org.apache.hadoop.fs.Path("/mounted-0"))).isFalse();
    assertThat(r.stdout).containsPattern("NameNode view: NameNode http://127.0.0.1:"
        + cluster.getNamenode("ns1", null).getNamenode().getHttpAddress().getPort() + "/jmx, "
        + "RPC port " + ns1Rpc + ".*the mount of viewfs://fed/m1/run").doesNotContain(
        "stopped reading");
    // The rest of the work and the cleanup, on the same mount.
    MetaBenchRun rest = MetaBenchRun.run(conf, scratch, "-operation", "delete", "-threads", "2",
        "-numberOfFiles", "50", "-cleanup", "-baseDir", "viewfs://fed/m1/run");
    assertThat(rest.exitCode).as(rest.toString()).isZero();
    assertThat(rest.phase("delete").get("successful").asLong()).isEqualTo(100);
    assertThat(fs[1].exists(base)).isFalse();
    assertThat(fs[0].exists(new org.apache.hadoop.fs.Path("/mounted-0"))).isFalse();
  }
}
