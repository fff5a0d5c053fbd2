package io.metabench.testing;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * The main class of the child JVM {@link OldHdfs} starts: an HDFS of an older Hadoop line (its
 * own MiniDFSCluster: one NameNode, one DataNode, every address on 127.0.0.1) on that line's
 * class path. Compiled against Hadoop 3.4, it uses only what MiniDFSCluster has had since 2.x.
 *
 * <p>Lifecycle: prints {@code PID n}, {@code URI hdfs://127.0.0.1:PORT}, {@code HTTP PORT} (the
 * NameNode's web port), {@code VERSION v}, then {@code SERVING}; runs until its standard input
 * ends or {@code seconds} pass, then stops the cluster and exits.
 */
public final class OldHdfsMain {
  private OldHdfsMain() {
  }

  /** Arguments: the time limit in seconds, the data directory, the NameNode's web port (0: any). */
  public static void main(String[] args) throws Exception {
    long seconds = Long.parseLong(args[0]);
    ChildServer.printPid();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(args[1]).getAbsolutePath());
    for (String key : new String[] {"dfs.datanode.address", "dfs.datanode.http.address",
        "dfs.datanode.ipc.address"}) {
      conf.set(key, "127.0.0.1:0");
    }
    conf.setLong("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
    // The builder sets the NameNode's web address itself, from its own port setting.
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1)
        .nameNodeHttpPort(Integer.parseInt(args[2])).build();
    try {
      cluster.waitActive();
      System.out.println("URI hdfs://127.0.0.1:" + cluster.getNameNodePort());
      System.out.println("HTTP " + cluster.getNameNode().getHttpAddress().getPort());
      System.out.println("VERSION " + org.apache.hadoop.util.VersionInfo.getVersion());
      System.out.println("SERVING");
      System.out.flush();
      ChildServer.waitForEndOfInput(seconds);
    } finally {
      try {
        cluster.shutdown();
      } finally {
        // The DataNode of 2.x leaves non-daemon threads: the JVM would outlive its cluster.
        System.exit(0);
      }
    }
  }
}
