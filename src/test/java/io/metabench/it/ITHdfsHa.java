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
 * reaches it. The NameNode view reads the NameNode that is active when the run begins, not the
 * first one named, and stops, saying so, when a failover makes it standby.
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
    for (String id : conf.getTrimmedStrings("dfs.ha.namenodes." + ns)) {
      String rpc = conf.get("dfs.namenode.rpc-address." + ns + "." + id);
      for (int n = 0; n < 2; n++) {
        if (rpc.endsWith(":" + cluster.getNameNodePort(n))) {
          conf.set("dfs.namenode.http-address." + ns + "." + id,
              "127.0.0.1:" + cluster.getNameNode(n).getHttpAddress().getPort());
        }
      }
    }
    return conf;
  }

  @Test
  void theViewReadsTheActiveNameNodeOfTheNameservice() throws Exception {
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
    assertThat(r.stdout).containsPattern("NameNode view: NameNode " + active + " of " + ns
        + " http://[^ ]+:" + port + ", RPC port " + cluster.getNameNodePort(1))
        .containsPattern("the active NameNode of " + ns + " \\((" + standby + " standby, "
            + active + " active|" + active + " active, " + standby + " standby)\\)")
        .doesNotContain("stopped reading");
    // The calls it saw are the run's: the active NameNode served them.
    assertThat(r.json().path("server").toString()).contains("GetFileInfo");
  }

  /** A failover during the run: the view stops at once rather than read the new standby. */
  @Test
  void aFailoverDuringTheRunStopsTheViewSayingWhy() throws Exception {
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
      assertThat(done.stdout).containsPattern("stopped reading after [0-9]+ samples: NameNode "
          + "nn[12] of " + ns + " is no longer active \\(standby\\): a failover during the run");
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
}
