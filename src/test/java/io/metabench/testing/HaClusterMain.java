package io.metabench.testing;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.qjournal.MiniQJMHACluster;
import org.apache.hadoop.hdfs.server.namenode.ha.HATestUtil;

/**
 * The main class of the child JVM {@link HaCluster} starts: Hadoop's own HA test cluster (two
 * NameNodes on shared edits, one DataNode, on 127.0.0.1) with the second NameNode active, on the
 * test's class path, whose NameNodes refresh their metrics at the period the class path's
 * {@code hadoop-metrics2-namenode.properties} gives.
 *
 * <p>Lifecycle: prints {@code PID n}, {@code NS name} (the nameservice), {@code CONF dir} (a
 * client configuration directory, as a cluster's {@code HADOOP_CONF_DIR}), then {@code
 * SERVING}; runs until its standard input ends or its time limit passes, then stops the cluster
 * and exits.
 */
public final class HaClusterMain {
  private HaClusterMain() {
  }

  /**
   * Arguments: the time limit in seconds, a working directory, and optionally {@code qjm}: the
   * NameNodes then share their edits through three JournalNodes (Hadoop's
   * {@code MiniQJMHACluster}), as a production HA pair does, and the first is active.
   */
  public static void main(String[] args) throws Exception {
    long seconds = Long.parseLong(args[0]);
    File dir = new File(args[1]);
    boolean journalNodes = args.length > 2 && "qjm".equals(args[2]);
    ChildServer.printPid();
    Configuration conf = MiniHdfs.clusterConf(new Configuration(), new File(dir, "data"));
    conf.setInt("dfs.ha.tail-edits.period", 1);
    MiniQJMHACluster qjm = null;
    MiniDFSCluster cluster;
    if (journalNodes) {
      MiniQJMHACluster.Builder builder = new MiniQJMHACluster.Builder(conf).setNumNameNodes(2);
      builder.getDfsBuilder().numDataNodes(1);
      qjm = builder.build();
      cluster = qjm.getDfsCluster();
    } else {
      cluster = new MiniDFSCluster.Builder(conf, new File(dir, "data"))
          .nnTopology(MiniDFSNNTopology.simpleHATopology()).numDataNodes(1).build();
    }
    try {
      cluster.waitActive();
      cluster.transitionToActive(journalNodes ? 0 : 1);
      Configuration client = new Configuration(false);
      String ns = HATestUtil.getLogicalHostname(cluster);
      HATestUtil.setFailoverConfigurations(cluster, client, ns);
      MiniHdfs.withHttpAddresses(cluster, client, ns);
      File confDir = new File(dir, "conf");
      confDir.mkdirs();
      try (OutputStream out = new FileOutputStream(new File(confDir, "hdfs-site.xml"))) {
        client.writeXml(out);
      }
      System.out.println("NS " + ns);
      System.out.println("CONF " + confDir.getAbsolutePath());
      ChildServer.serveUntilEndOfInput(seconds);
    } finally {
      try {
        if (qjm != null) {
          qjm.shutdown();
        } else {
          cluster.shutdown();
        }
      } finally {
        System.exit(0);
      }
    }
  }
}
