package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An HA nameservice (Hadoop's own MiniDFSCluster HA topology: two NameNodes on shared edits, one
 * DataNode, in this JVM on 127.0.0.1), reached by its logical URI as a client of the cluster
 * reaches it. The NameNode view reads every NameNode of the nameservice, counts each phase's calls
 * on the NameNode that served them, and names a failover during a phase.
 */
class ITHdfsHa {
  private static MiniDFSCluster cluster;
  private static File dir;
  @TempDir
  File scratch;

  @BeforeAll
  static void start() throws Exception {
    dir = Files.createTempDirectory("it-hdfs-ha-").toFile();
    Configuration conf = io.metabench.testing.MiniHdfs.clusterConf(new Configuration(), dir);
    conf.setInt("dfs.ha.tail-edits.period", 1);
    cluster = new MiniDFSCluster.Builder(conf, dir)
        .nnTopology(MiniDFSNNTopology.simpleHATopology()).numDataNodes(1).build();
    cluster.waitActive();
    // The second NameNode named is the active one: a view of the first would read a standby.
    cluster.transitionToActive(1);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown();
    }
    FileUtil.fullyDelete(dir);
  }

  /**
   * A client configuration as a cluster's hdfs-site.xml gives one: the nameservice, its
   * NameNodes' RPC and HTTP addresses, and the failover proxy provider.
   */
  private static Configuration client() {
    Configuration conf = new Configuration(cluster.getConfiguration(1));
    String ns = HATestUtil.getLogicalHostname(cluster);
    HATestUtil.setFailoverConfigurations(cluster, conf, ns);
    io.metabench.testing.MiniHdfs.withHttpAddresses(cluster, conf, ns);
    return conf;
  }

  /** The calls the view counted for {@code phase}, per NameNode id. */
  private static java.util.Map<String, Long> served(MetaBenchRun r, String phase)
      throws java.io.IOException {
    java.util.Map<String, Long> calls = new java.util.TreeMap<>();
    for (com.fasterxml.jackson.databind.JsonNode p : r.json().path("server").path("phases")) {
      if (p.path("operation").asText().equals(phase)) {
        for (com.fasterxml.jackson.databind.JsonNode nn : p.path("nameNodes")) {
          calls.put(nn.path("id").asText(), nn.path("calls").asLong());
        }
      }
    }
    return calls;
  }

  @Test
  void theViewReadsEveryNameNodeAndCountsThePhaseOnTheActiveOne() throws Exception {
    String ns = HATestUtil.getLogicalHostname(cluster);
    MetaBenchRun r = MetaBenchRun.run(client(), scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "200", "-baseDir", "hdfs://" + ns + "/ha",
        "-D", "metabench.namenode.jmx=");
    System.out.println("=== ITHdfsHa: nn2 active\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(400);
    Configuration c = client();
    String[] ids = c.getTrimmedStrings("dfs.ha.namenodes." + ns);
    String active = ids[0];
    String standby = ids[1];
    if (c.get("dfs.namenode.rpc-address." + ns + "." + ids[0]).endsWith(":"
        + cluster.getNameNodePort(0))) {
      active = ids[1];
      standby = ids[0];
    }
    String port = cluster.getNameNode(1).getHttpAddress().getPort() + "/jmx";
    assertThat(r.stdout).containsPattern("NameNode view: NameNodes of " + ns + " \\(("
        + standby + " standby, " + active + " active|" + active + " active, " + standby
        + " standby) when reading began\\): .*" + active + " http://[^ ]+:" + port
        + ", RPC port " + cluster.getNameNodePort(1))
        .containsPattern("NameNodes, stat: calls served( \\([^)]*\\))?: " + active
            + " active [0-9]+, " + standby + " standby [0-9]+")
        .doesNotContain("stopped reading");
    // The active NameNode served at least the phase's operations; the standby next to none.
    java.util.Map<String, Long> served = served(r, "stat");
    assertThat(served.get(active)).as(served.toString()).isGreaterThanOrEqualTo(400);
    assertThat(served.get(standby)).as(served.toString()).isLessThan(40);
    assertThat(r.json().path("server").toString()).contains("GetFileInfo");
  }

  /**
   * A failover during the run: the view goes on reading both NameNodes, names the failover in
   * the phase and counts the calls each NameNode served on either side of it.
   */
  @Test
  void aFailoverDuringAPhaseIsNamedAndBothSidesAreCounted() throws Exception {
    String ns = HATestUtil.getLogicalHostname(cluster);
    Configuration conf = client();
    java.util.concurrent.ExecutorService run =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<MetaBenchRun> r = run.submit(() -> MetaBenchRun.run(conf,
          scratch, "-operation", "create_write,stat", "-threads", "2", "-numberOfFiles", "50",
          "-duration", "8", "-baseDir", "hdfs://" + ns + "/failover", "-D",
          "metabench.namenode.jmx="));
      Thread.sleep(5000);
      cluster.transitionToStandby(1);
      cluster.transitionToActive(0);
      MetaBenchRun done = r.get(5, java.util.concurrent.TimeUnit.MINUTES);
      System.out.println("=== ITHdfsHa: failover during the run\n" + done.stdout);
      assertThat(done.stdout).doesNotContain("stopped reading")
          .containsPattern("NameNodes, stat: calls served( \\([^)]*\\))?: nn[12] (standby→active|"
              + "active→standby) [0-9]+, nn[12] (standby→active|active→standby) [0-9]+; a "
              + "failover: nn[12] became active between [0-9.]+ s and [0-9.]+ s into the phase");
      // Where the clients stalled across it, the stall names it as its cause.
      if (done.stdout.contains("stat: nothing completed")) {
        assertThat(done.stdout).containsPattern("stat: nothing completed from [0-9.]+ s to "
            + "[0-9.]+ s into the phase \\([0-9]+ ok, 0 failed\\): a failover: nn[12] became "
            + "active");
      }
      // Every operation succeeded across the failover; the calls the new standby sent back,
      // which the clients retried on the new active NameNode, are counted apart from failures.
      assertThat(done.phase("stat").get("failed").asLong()).isZero();
      com.fasterxml.jackson.databind.JsonNode calls = done.phase("stat").get("storeCalls")
          .get("byType");
      assertThat(calls.path("rpc.GetFileInfo.standby").asLong()).as(calls.toString())
          .isPositive();
      assertThat(calls.path("rpc.GetFileInfo.failures").asLong()).as(calls.toString()).isZero();
      assertThat(done.stdout).containsPattern("store calls, stat: [0-9.]+ NameNode RPCs/op "
          + "\\(GetFileInfo [0-9.]+, GetFileInfo.standby 0.0[0-9]\\)");
      // Both NameNodes served the phase's calls: the first until the failover, then the other.
      assertThat(done.stdout).containsPattern("store calls, stat: .*; served by [^ ]+:[0-9]+ "
          + "[01]\\.[0-9]+, [^ ]+:[0-9]+ [01]\\.[0-9]+");
    } finally {
      run.shutdownNow();
      // Back to the state the other test expects.
      if (cluster.getNameNode(0).isActiveState()) {
        cluster.transitionToStandby(0);
        cluster.transitionToActive(1);
      }
    }
  }

  /** A logical URI the client configuration does not describe: one line, exit 2, nothing made. */
  @Test
  void aNameserviceTheConfigurationLacksIsRefusedNamingTheKeys() throws Exception {
    Configuration conf = new Configuration();
    conf.set("dfs.ha.namenodes.nsx", "nn1,nn2");
    conf.set("dfs.namenode.rpc-address.nsx.nn1", "127.0.0.1:" + cluster.getNameNodePort(1));
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write",
        "-numberOfFiles", "5", "-baseDir", "hdfs://nsx/refused", "-outDir",
        new File(scratch, "out").getPath());
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr).contains("metabench: the nameservice nsx of hdfs://nsx/ lacks "
        + "dfs.namenode.rpc-address.nsx.nn2, dfs.client.failover.proxy.provider.nsx");
    assertThat(new File(scratch, "out")).doesNotExist();
  }

  /**
   * A -maps job (the local job runner) across a failover: the maps go on through it, every
   * operation of every map is counted, and the driver's view names the failover in the phase.
   */
  @Test
  void aJobsMapsGoOnThroughAFailoverAndTheDriverNamesIt() throws Exception {
    String ns = HATestUtil.getLogicalHostname(cluster);
    Configuration conf = client();
    conf.set("mapreduce.framework.name", "local");
    java.util.concurrent.ExecutorService run =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<MetaBenchRun> r = run.submit(() -> MetaBenchRun.run(conf,
          scratch, "-maps", "2", "-operation", "create_write,stat", "-threads", "2",
          "-numberOfFiles", "50", "-duration", "10", "-baseDir", "hdfs://" + ns + "/maps",
          "-D", "metabench.namenode.jmx="));
      // The job starts in a few seconds and its stat phase runs 10 s: this lands inside it.
      Thread.sleep(9000);
      int active = cluster.getNameNode(0).isActiveState() ? 0 : 1;
      cluster.transitionToStandby(active);
      cluster.transitionToActive(1 - active);
      MetaBenchRun done = r.get(5, java.util.concurrent.TimeUnit.MINUTES);
      System.out.println("=== ITHdfsHa: -maps across a failover\n" + done.stdout);
      assertThat(done.exitCode).as(done.toString()).isZero();
      com.fasterxml.jackson.databind.JsonNode stat = done.phase("stat");
      assertThat(stat.get("failed").asLong()).isZero();
      assertThat(stat.get("successful").asLong()).isEqualTo(stat.get("attempted").asLong())
          .isPositive();
      assertThat(done.json().get("maps").get("reported").asInt()).isEqualTo(2);
      assertThat(done.stdout).contains("MapReduce job: 2 maps requested, 2 reported, missing: "
          + "none").containsPattern("NameNodes, stat: calls served[^\\n]*; a failover: nn[12] "
          + "became active between");
    } finally {
      run.shutdownNow();
      if (cluster.getNameNode(0).isActiveState()) {
        cluster.transitionToStandby(0);
        cluster.transitionToActive(1);
      }
    }
  }
}
