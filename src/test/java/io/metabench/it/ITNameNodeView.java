package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.config.ConfigKeys;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The NameNode's own view beside the client's, on a real HDFS (MiniDFSCluster; its metrics
 * refresh every second through the project's hadoop-metrics2-namenode.properties): the client's
 * call counts match the NameNode's per-method counters, the /jmx view of each phase is present
 * and plausible, a NameNode stalled on its namespace lock shows as server-side time, and an
 * unreachable /jmx costs one warning, not the run.
 */
@Isolated
class ITNameNodeView {
  private static MiniHdfs hdfs;

  @TempDir
  File scratch;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = MiniHdfs.start();
    // Every window below assumes the NameNode refreshes its /jmx figures every second (a local
    // job earlier in this JVM once left it at Hadoop's 10 s): a call shows within 3 s.
    long before = nameNodeCallsNow("GetFileInfo");
    hdfs.fs().getFileStatus(new org.apache.hadoop.fs.Path("/"));
    long seen = before;
    for (int i = 0; i < 30 && seen == before; i++) {
      Thread.sleep(100);
      seen = nameNodeCallsNow("GetFileInfo");
    }
    assertThat(seen).as("the NameNode's GetFileInfo calls 3 s after one (metrics refresh)")
        .isGreaterThan(before);
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  private static String jmx() {
    java.net.InetSocketAddress a = hdfs.cluster().getNameNode().getHttpAddress();
    return "metabench.namenode.jmx=http://" + a.getHostString() + ":" + a.getPort() + "/jmx";
  }

  /**
   * The NameNode's own count of {@code method} calls, from its metrics bean in this JVM, once
   * it has settled (its figures refresh every second here: two readings 1.5 s apart agree).
   */
  private static long nameNodeCalls(String method) throws Exception {
    long last = -1;
    for (int i = 0; i < 20; i++) {
      long now = nameNodeCallsNow(method);
      if (now == last) {
        return now;
      }
      last = now;
      Thread.sleep(1500);
    }
    throw new AssertionError(method + " calls did not settle");
  }

  /** The NameNode's count of {@code method} calls as its metrics bean shows it now. */
  private static long nameNodeCallsNow(String method) throws Exception {
    javax.management.ObjectName bean = new javax.management.ObjectName(
        "Hadoop:service=NameNode,name=RpcDetailedActivityForPort"
            + hdfs.cluster().getNameNodePort());
    javax.management.MBeanServer server = java.lang.management.ManagementFactory
        .getPlatformMBeanServer();
    try {
      return ((Number) server.getAttribute(bean, method + "NumOps")).longValue();
    } catch (javax.management.AttributeNotFoundException notYetCalled) {
      return 0;
    }
  }

  private MetaBenchRun run(String base, String... more) throws Exception {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("-D", jmx(),
        "-threads", "2", "-baseDir", hdfs.uri() + base));
    args.addAll(java.util.Arrays.asList(more));
    return MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        args.toArray(new String[0]));
  }

  private static JsonNode serverPhase(JsonNode result, String op) {
    for (JsonNode p : result.get("server").get("phases")) {
      if (p.get("operation").asText().equals(op)) {
        return p;
      }
    }
    throw new AssertionError("no server view of " + op + " in " + result.get("server"));
  }

  @Test
  void theClientsCallCountsAreTheNameNodesOwn() throws Exception {
    String[][] phases = {{"create_write", "op_create", "Create"}, {"open_read", "op_open",
        "GetBlockLocations"}, {"stat", "op_get_file_status", "GetFileInfo"}, {"rename",
        "op_rename", "Rename"}, {"delete", "op_delete", "Delete"}, {"mkdirs", "op_mkdirs",
        "Mkdirs"}};
    // One run of every phase: the NameNode's counts are read once settled before and after it
    // (a settled snapshot holds every count, the bean refreshing them together).
    // No client warm-up: its calls are the NameNode's too, and this test counts calls alone;
    // no server view (its end-of-run wait for a refresh): this test reads the NameNode itself.
    java.util.Map<String, Long> before = settledCalls(phases);
    MetaBenchRun r = run("/calls", "-operation",
        "create_write,open_read,stat,rename,delete,mkdirs", "-numberOfFiles", "150",
        "-clientWarmup", "0", "-D", ConfigKeys.NAMENODE_JMX + "=off");
    assertThat(r.exitCode).as(r.toString()).isZero();
    java.util.Map<String, Long> after = settledCalls(phases);
    java.util.Map<String, Long> client = new java.util.HashMap<>();
    for (String[] p : phases) {
      JsonNode byType = r.phase(p[0]).get("storeCalls").get("byType");
      assertThat(byType.get(p[1]).asLong()).as(p[0]).isEqualTo(300);
      byType.fields().forEachRemaining(e -> client.merge(e.getKey(), e.getValue().asLong(),
          Long::sum));
    }
    for (String[] p : phases) {
      long server = after.get(p[2]) - before.get(p[2]);
      // The run's own bookkeeping beside the phases: its state file (a create) and the checks
      // before each phase (a few getFileInfo calls), never more than a handful.
      assertThat(server - client.getOrDefault(p[1], 0L)).as(p[2] + ": NameNode " + server
          + ", client " + client).isBetween(0L, 8L);
    }
    // With data, each create also allocates one block: the NameNode's AddBlock calls.
    String[][] data = {{"create_write", "op_create", "Create"}, {null, null, "AddBlock"}};
    before = settledCalls(data);
    MetaBenchRun written = run("/data", "-operation", "create_write", "-numberOfFiles", "10",
        "-bytesToWrite", "1024", "-clientWarmup", "0", "-D", ConfigKeys.NAMENODE_JMX + "=off");
    assertThat(written.exitCode).as(written.toString()).isZero();
    after = settledCalls(data);
    long creates = written.phase("create_write").get("storeCalls").get("byType").get("op_create")
        .asLong();
    assertThat(creates).isEqualTo(20);
    assertThat(after.get("Create") - before.get("Create") - creates).isBetween(0L, 8L);
    assertThat(after.get("AddBlock") - before.get("AddBlock") - creates).isBetween(0L, 8L);
  }

  /** The NameNode's counts of each phase's method ({@code [2]}), once settled. */
  private static java.util.Map<String, Long> settledCalls(String[][] phases) throws Exception {
    java.util.Map<String, Long> counts = new java.util.HashMap<>();
    nameNodeCalls(phases[0][2]);
    for (String[] p : phases) {
      counts.put(p[2], nameNodeCallsNow(p[2]));
    }
    return counts;
  }

  @Test
  void eachPhaseHasTheNameNodesViewBesideTheClients() throws Exception {
    // Long enough to hold two of the NameNode's refreshes (its /jmx changes about every 2 s):
    // 2 x 13,000 creates, and stat for 7 s.
    MetaBenchRun r = run("/view", "-operation", "create_write,stat", "-numberOfFiles", "13000",
        "-duration", "7");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode server = r.json().get("server");
    assertThat(server.get("source").asText()).contains("RPC port "
        + hdfs.cluster().getNameNodePort()).contains("times in microseconds");
    assertThat(server.get("problem").asText()).isEmpty();
    String[][] own = {{"create_write", "Create"}, {"stat", "GetFileInfo"}};
    for (String[] o : own) {
      JsonNode v = serverPhase(r.json(), o[0]);
      long ops = r.phase(o[0]).get("successful").asLong();
      assertThat(v.get("samples").asInt()).as(o[0]).isGreaterThanOrEqualTo(2);
      assertThat(v.get("decomposed").asBoolean()).as(v.toString()).isTrue();
      // Only calls made inside the phase: some of its own, never more than it made.
      assertThat(v.get("methods").get(o[1]).get("calls").asLong()).as(o[0])
          .isBetween(1L, ops);
      assertThat(v.get("queueMs").asDouble()).as(o[0]).isGreaterThanOrEqualTo(0);
      assertThat(v.get("processingMs").asDouble()).as(o[0]).isGreaterThan(0).isLessThan(1000);
      assertThat(v.get("reading").asText()).contains("client mean").contains(o[1] + " 1.00");
    }
    assertThat(r.stdout).containsPattern("NameNode, stat: .*client mean [0-9.]+ ms = NameNode "
        + "queue [0-9.]+ \\+ lock wait [0-9.]+ \\+ processing [0-9.]+ \\(1\\.00 calls/op: "
        + "GetFileInfo 1\\.00\\)");
    assertThat(r.stdout).containsPattern("NameNode, create_write: .*\\(2\\.00 calls/op: "
        + "Complete 1\\.00, Create 1\\.00\\)");

    // The report draws the NameNode's times over each phase beside its TPS over time.
    File report = new File(scratch, "report");
    MetaBenchRun redrawn = MetaBenchRun.run(new Configuration(), scratch, "report", "-outDir",
        report.getPath(), r.jsonFile().getPath());
    assertThat(redrawn.exitCode).as(redrawn.toString()).isZero();
    assertThat(new String(java.nio.file.Files.readAllBytes(new File(report, "report.html")
        .toPath()), java.nio.charset.StandardCharsets.UTF_8))
        .contains("stat: NameNode time per call at 2 threads");
  }

  @Test
  void aJobsDriverReadsTheNameNodeForAllItsMaps() throws Exception {
    Configuration local = new Configuration();
    local.set("mapreduce.framework.name", "local");
    // Settled: the NameNode is quiet, so no earlier test's calls can fall into the job's window.
    long before = nameNodeCalls("Create");
    MetaBenchRun r = MetaBenchRun.run(local, scratch, "-D", jmx(), "-maps", "2", "-threads", "2",
        "-numberOfFiles", "8000", "-operation", "create_write", "-baseDir", hdfs.uri() + "/job");
    assertThat(r.exitCode).as(r.toString()).isZero();
    long job = nameNodeCalls("Create") - before;
    // The local job runner's maps share their JVM's RPC counts: counted once, not twice (plus
    // what a map that finished first makes while the other still measures: its barrier and
    // result files).
    assertThat(r.phase("create_write").get("storeCalls").get("byType").get("rpc.Create")
        .asLong()).isBetween(32000L, 32010L);
    JsonNode v = serverPhase(r.json(), "create_write");
    // Both maps' creates, in one view, from the refreshes inside the phase: some of the job's,
    // never more than the NameNode saw over the job, at the client's 1.00 Create per create.
    assertThat(v.get("decomposed").asBoolean()).as(v.toString()).isTrue();
    assertThat(v.get("methods").get("Create").get("calls").asLong())
        .as("NameNode saw %d creates over the job; view %s", job, v).isBetween(1L, job);
    assertThat(v.get("perOperation").get("ownMethods").get("Create").asDouble())
        .isCloseTo(1.0, org.assertj.core.api.Assertions.within(0.01));
  }

  @Test
  void aNameNodeStalledOnItsLockShowsAsServerSideTime() throws Exception {
    MetaBenchRun setup = run("/stall", "-operation", "create_write", "-numberOfFiles", "200");
    assertThat(setup.exitCode).as(setup.toString()).isZero();
    FSNamesystem ns = hdfs.cluster().getNamesystem();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    long before = nameNodeCallsNow("GetFileInfo");
    // No client warm-up: it runs until its rate settles, so a stall timed from the start would
    // fall in it, outside the phase. Stalled 2 s after the phase's stats are under way: the
    // NameNode's metrics stand still while its lock is held, so the refresh that counts the
    // stalled calls spans the stall, and the refresh before it must be inside the phase too.
    Future<MetaBenchRun> stat = pool.submit(() -> run("/stall", "-operation", "stat",
        "-duration", "10", "-clientWarmup", "0"));
    for (int i = 0; i < 100 && nameNodeCallsNow("GetFileInfo") - before < 2000; i++) {
      Thread.sleep(50);
    }
    Thread.sleep(2000);
    ns.writeLock();
    try {
      Thread.sleep(2500);
    } finally {
      ns.writeUnlock();
    }
    MetaBenchRun r = stat.get();
    pool.shutdown();
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode v = serverPhase(r.json(), "stat");
    // Both workers' calls were held behind the lock for 2.5 s: at least 4 s of the NameNode's
    // processing time in the phase was waiting for the lock (unstalled, the whole phase's
    // GetFileInfo calls take well under 1 s of it).
    long calls = v.get("rpcCalls").asLong();
    assertThat(calls * v.get("processingMs").asDouble()).as(v.toString()).isGreaterThan(4000);
    assertThat(calls * v.get("lockWaitMs").asDouble()).as(v.toString()).isGreaterThan(4000);
    assertThat(r.phase("stat").get("latencyMs").get("max").asDouble()).isGreaterThan(1000);
  }

  @Test
  void anUnreachableJmxCostsOneWarningNotTheRun() throws Exception {
    MetaBenchRun r;
    try (io.metabench.testing.LogCapture log = new io.metabench.testing.LogCapture()) {
      r = MetaBenchRun.run(new Configuration(), scratch, "-D",
          "metabench.namenode.jmx=http://127.0.0.1:1/jmx", "-threads", "2", "-baseDir",
          hdfs.uri() + "/unreachable", "-operation", "create_write", "-numberOfFiles", "50");
      assertThat(log.text().split("could not read NameNode http://127.0.0.1:1/jmx", -1))
          .as(log.text()).hasSize(2);
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode server = r.json().get("server");
    assertThat(server.get("problem").asText()).startsWith("stopped reading after 0 samples: ");
    assertThat(server.get("phases")).isEmpty();
    assertThat(r.stdout).contains("NameNode view: NameNode http://127.0.0.1:1/jmx");

    MetaBenchRun off = MetaBenchRun.run(new Configuration(), scratch, "-D",
        "metabench.namenode.jmx=off", "-threads", "2", "-baseDir", hdfs.uri() + "/off",
        "-operation", "create_write", "-numberOfFiles", "50");
    assertThat(off.exitCode).as(off.toString()).isZero();
    assertThat(off.json().has("server")).isFalse();
  }

  /**
   * A base directory on ViewFs: the items land on the mounted HDFS, and the view reads the
   * NameNode the base directory's mount point leads to.
   */
  @Test
  void onViewFsTheViewReadsTheNameNodeBehindTheMountOfTheBaseDirectory() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.viewfs.mounttable.cluster.link./bench", hdfs.uri() + "/mounted/bench");
    conf.set("fs.viewfs.mounttable.cluster.link./tmp", "file:///tmp");
    // As a cluster's hdfs-site.xml names it.
    conf.set("dfs.namenode.http-address", "127.0.0.1:"
        + hdfs.cluster().getNameNode().getHttpAddress().getPort());
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "100", "-baseDir", "viewfs://cluster/bench/run",
        "-D", "metabench.namenode.jmx=");
    System.out.println("=== ITNameNodeView: ViewFs\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(200);
    // The items are on the mounted HDFS, under the mount's target path.
    assertThat(hdfs.fs().exists(new org.apache.hadoop.fs.Path("/mounted/bench/run/data/map_0/thread_1/file_99")))
        .isTrue();
    assertThat(r.stdout).containsPattern("NameNode view: NameNode http://[^ ]+/jmx, RPC port "
        + hdfs.uri().getPort() + ".*the mount of viewfs://cluster/bench/run \\(" + hdfs.uri()
        + "/mounted/bench\\), [0-9]+ samples").doesNotContain("stopped reading");
  }

  /**
   * A {@code -maps} job on ViewFs: every map's items land on the mounted HDFS, under the mount's
   * target path, and nothing elsewhere.
   */
  @Test
  void aJobOnViewFsPutsEveryMapsItemsOnTheMountOfTheBaseDirectory() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.viewfs.mounttable.cluster.link./bench", hdfs.uri() + "/mounted/bench");
    conf.set("fs.viewfs.mounttable.cluster.link./tmp", "file:///tmp");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "2", "-threads", "2",
        "-numberOfFiles", "50", "-operation", "create_write,stat", "-baseDir",
        "viewfs://cluster/bench/job", "-D", "metabench.namenode.jmx=off");
    System.out.println("=== ITNameNodeView: -maps on ViewFs\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("create_write").get("successful").asLong()).isEqualTo(200);
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(200);
    for (int map = 0; map < 2; map++) {
      assertThat(hdfs.fs().exists(new org.apache.hadoop.fs.Path("/mounted/bench/job/data/map_"
          + map + "/thread_1/file_49"))).as("map %d", map).isTrue();
    }
    assertThat(hdfs.fs().exists(new org.apache.hadoop.fs.Path("/bench"))).isFalse();
  }
}
