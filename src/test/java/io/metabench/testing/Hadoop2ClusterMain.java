package io.metabench.testing;

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * The main class of the child JVM {@link Hadoop2Cluster} starts: Hadoop 2.10's own test clusters
 * on that line's class path: an HDFS (MiniDFSCluster: one NameNode, one DataNode, on 127.0.0.1)
 * and, when asked, YARN with MapReduce (MiniMRYarnCluster: a ResourceManager and a NodeManager
 * whose containers are JVMs of their own). Compiled against Hadoop 3.4, it uses only what both
 * lines' test clusters have.
 *
 * <p>Lifecycle: prints {@code PID n}, {@code URI hdfs://127.0.0.1:PORT}, {@code HTTP PORT} (the
 * NameNode's web port), {@code VERSION v}, {@code CONF dir} (a client configuration directory,
 * as a cluster's {@code HADOOP_CONF_DIR}), then {@code SERVING}; runs until its standard input
 * ends or its time limit passes, then stops the clusters and exits.
 */
public final class Hadoop2ClusterMain {
  private Hadoop2ClusterMain() {
  }

  /**
   * Arguments: the time limit in seconds, a working directory, the NameNode's web port (0: any),
   * {@code yarn} or {@code hdfs}, and for YARN the JVM options of its containers.
   */
  public static void main(String[] args) throws Exception {
    long seconds = Long.parseLong(args[0]);
    File dir = new File(args[1]);
    boolean withYarn = "yarn".equals(args[3]);
    ChildServer.printPid();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir, "data").getAbsolutePath());
    for (String key : new String[] {"dfs.datanode.address", "dfs.datanode.http.address",
        "dfs.datanode.ipc.address"}) {
      conf.set(key, "127.0.0.1:0");
    }
    conf.setLong("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
    // The builder sets the NameNode's web address itself, from its own port setting.
    MiniDFSCluster hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1)
        .nameNodeHttpPort(Integer.parseInt(args[2])).build();
    MiniMRYarnCluster yarn = null;
    try {
      hdfs.waitActive();
      Configuration client = new Configuration(hdfs.getConfiguration(0));
      client.set("fs.defaultFS", hdfs.getURI().toString());
      if (withYarn) {
        yarn = startYarn(client, args[4]);
        client = yarn.getConfig();
      }
      File confDir = new File(dir, "conf");
      confDir.mkdirs();
      // One file each, as a cluster's HADOOP_CONF_DIR has them: a client loads mapred-site.xml
      // after mapred-default.xml, so the framework name must be there, not only in core-site.
      for (String name : new String[] {"core-site.xml", "hdfs-site.xml", "mapred-site.xml",
          "yarn-site.xml"}) {
        try (OutputStream out = new FileOutputStream(new File(confDir, name))) {
          client.writeXml(out);
        }
      }
      System.out.println("URI hdfs://127.0.0.1:" + hdfs.getNameNodePort());
      System.out.println("HTTP " + hdfs.getNameNode().getHttpAddress().getPort());
      System.out.println("VERSION " + org.apache.hadoop.util.VersionInfo.getVersion());
      System.out.println("CONF " + confDir.getAbsolutePath());
      ChildServer.serveUntilEndOfInput(seconds);
    } finally {
      try {
        if (yarn != null) {
          yarn.stop();
        }
        hdfs.shutdown();
      } finally {
        // The DataNode of 2.x leaves non-daemon threads: the JVM would outlive its cluster.
        System.exit(0);
      }
    }
  }

  private static MiniMRYarnCluster startYarn(Configuration conf, String containerOpts) {
    conf.set("yarn.app.mapreduce.am.staging-dir", "/apps_staging_dir");
    conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    conf.setInt("yarn.scheduler.minimum-allocation-mb", 128);
    conf.setInt("yarn.nodemanager.resource.memory-mb", 3072);
    conf.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
    conf.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage",
        99.9f);
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.setInt("mapreduce.map.memory.mb", 384);
    String opts = "-Xmx256m " + containerOpts;
    conf.set("yarn.app.mapreduce.am.command-opts", opts);
    conf.set("mapreduce.map.java.opts", opts);
    conf.set("mapreduce.reduce.java.opts", opts);
    // The MapReduce framework the containers run is this JVM's, as a cluster's
    // share/hadoop/mapreduce is its own.
    conf.set("mapreduce.application.classpath",
        System.getProperty("java.class.path").replace(File.pathSeparatorChar, ','));
    for (String key : new String[] {"yarn.resourcemanager.bind-host",
        "yarn.nodemanager.bind-host", "yarn.timeline-service.bind-host",
        "mapreduce.jobhistory.bind-host"}) {
      conf.set(key, "127.0.0.1");
    }
    MiniMRYarnCluster yarn = new MiniMRYarnCluster("metabench-hadoop2", 1);
    yarn.init(conf);
    yarn.start();
    return yarn;
  }
}
