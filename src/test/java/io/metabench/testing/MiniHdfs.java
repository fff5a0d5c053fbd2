package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** A real HDFS for tests: one NameNode and (by default) one DataNode in this JVM, on 127.0.0.1. */
public final class MiniHdfs implements Closeable {
  private static final String RETRY_DELAY =
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";

  private final MiniDFSCluster cluster;
  private final File dir;
  private final FileSystem fs;

  private MiniHdfs(MiniDFSCluster cluster, File dir) throws IOException {
    this.cluster = cluster;
    this.dir = dir;
    this.fs = cluster.getFileSystem();
  }

  public static MiniHdfs start() throws IOException {
    return start(new Configuration());
  }

  public static MiniHdfs start(Configuration base) throws IOException {
    return start(base, 1);
  }

  /**
   * {@code base} as every test cluster of Hadoop's (this one, the HA and observer topologies) is
   * configured: its directories under {@code dir}, RPC times in microseconds and the client
   * protocol's RPCs counted, as on the embedded HDFS.
   */
  public static Configuration clusterConf(Configuration base, File dir) {
    Configuration conf = new Configuration(base);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    // Sub-millisecond calls are then not 0.
    conf.set("rpc.metrics.timeunit", "MICROSECONDS");
    // So this JVM's one client protocol engine is the counting one.
    io.metabench.compat.NameNodeRpcs.countIn(conf);
    return conf;
  }

  /**
   * Adds each NameNode's HTTP address ({@code dfs.namenode.http-address.<ns>.<id>}) of {@code
   * cluster} to a client configuration that names their RPC addresses, as a cluster's
   * hdfs-site.xml does (Hadoop's test utilities set only the RPC ones).
   */
  public static Configuration withHttpAddresses(MiniDFSCluster cluster, Configuration conf,
      String ns) {
    for (String id : conf.getTrimmedStrings("dfs.ha.namenodes." + ns)) {
      String rpc = conf.get("dfs.namenode.rpc-address." + ns + "." + id);
      for (int n = 0; n < cluster.getNumNameNodes(); n++) {
        if (rpc.endsWith(":" + cluster.getNameNodePort(n))) {
          conf.set("dfs.namenode.http-address." + ns + "." + id,
              "127.0.0.1:" + cluster.getNameNode(n).getHttpAddress().getPort());
        }
      }
    }
    return conf;
  }

  /** A cluster of {@code dataNodes} DataNodes. */
  public static MiniHdfs start(Configuration base, int dataNodes) throws IOException {
    File dir = Files.createTempDirectory("it-hdfs-").toFile();
    Configuration conf = clusterConf(base, dir);
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.setLong(RETRY_DELAY, 10);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(dataNodes)
        .build();
    cluster.waitActive();
    return new MiniHdfs(cluster, dir);
  }

  /**
   * A client configuration for these clusters: a create with data asks again whether its block
   * was reported after 10 ms, not Hadoop's 400 (the one DataNode in this JVM reports it a few
   * milliseconds late; docs/metrics.md, "create_write with data on HDFS"), as the cluster's own
   * client here does, so that phases with data take seconds, not minutes.
   */
  public static Configuration clientConf(Configuration base) {
    Configuration conf = new Configuration(base);
    conf.setLong(RETRY_DELAY, 10);
    return conf;
  }

  public URI uri() {
    return cluster.getURI();
  }

  public FileSystem fs() {
    return fs;
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  @Override
  public void close() {
    cluster.shutdown();
    FileUtil.fullyDelete(dir);
  }

  /**
   * A MiniHdfs the tests of one class share: started before the first, closed after the last.
   * Register it on a static field with {@code @RegisterExtension}.
   */
  public static final class PerClass implements org.junit.jupiter.api.extension.BeforeAllCallback,
      org.junit.jupiter.api.extension.AfterAllCallback {
    private MiniHdfs hdfs;

    @Override
    public void beforeAll(org.junit.jupiter.api.extension.ExtensionContext context)
        throws IOException {
      hdfs = start();
    }

    @Override
    public void afterAll(org.junit.jupiter.api.extension.ExtensionContext context) {
      if (hdfs != null) {
        hdfs.close();
      }
    }

    public URI uri() {
      return hdfs.uri();
    }

    public FileSystem fs() {
      return hdfs.fs();
    }

    public MiniDFSCluster cluster() {
      return hdfs.cluster();
    }
  }
}
