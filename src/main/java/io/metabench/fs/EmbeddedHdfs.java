package io.metabench.fs;

import io.metabench.compat.NameNodeRpcs;
import io.metabench.compat.NeedsProbe;
import io.metabench.config.UserSettings;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in this process (one NameNode, one DataNode: Hadoop's MiniDFSCluster) in a temporary
 * folder, bound to 127.0.0.1, for runs that name no file system. It is removed on {@link #close}.
 *
 * <p>Loaded only when needed: the thin jar runs without the HDFS server classes, and
 * {@link TargetResolver} reports their absence as bad input.
 */
@NeedsProbe("MiniDFSCluster (hadoop-hdfs tests): TargetResolver checks for it before starting one")
public final class EmbeddedHdfs implements Closeable {
  /**
   * The client waits this long before asking the NameNode again whether a written block is
   * complete. The default (400 ms) made 2,000 one-byte creates on one DataNode take 453 s here,
   * because the DataNode's block report has usually not arrived at the first ask; 10 ms keeps the
   * embedded NameNode from looking 100 times slower than it is. See docs/metrics.md.
   */
  static final String LOCATE_FOLLOWING_BLOCK_DELAY =
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";
  static final long EMBEDDED_LOCATE_FOLLOWING_BLOCK_DELAY_MS = 10;

  private final MiniDFSCluster cluster;
  private final File dir;
  private final AuditRecorder recorder;

  private EmbeddedHdfs(MiniDFSCluster cluster, File dir, AuditRecorder recorder) {
    this.cluster = cluster;
    this.dir = dir;
    this.recorder = recorder;
  }

  /** Starts the cluster; settings already in {@code conf} (from -D) win over the defaults here. */
  public static EmbeddedHdfs start(Configuration userConf) throws IOException {
    File dir = Files.createTempDirectory("metabench-hdfs-").toFile();
    Configuration conf = new Configuration(userConf);
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    UserSettings.setUnlessUserSet(conf, "dfs.namenode.rpc-bind-host", "127.0.0.1");
    UserSettings.setUnlessUserSet(conf, "dfs.namenode.servicerpc-bind-host", "127.0.0.1");
    UserSettings.setUnlessUserSet(conf, "dfs.namenode.http-bind-host", "127.0.0.1");
    UserSettings.setUnlessUserSet(conf, "dfs.namenode.https-bind-host", "127.0.0.1");
    UserSettings.setUnlessUserSet(conf, "dfs.namenode.http-address", "127.0.0.1:0");
    // The NameNode's RPC times in microseconds, so its view of sub-millisecond calls is not 0.
    UserSettings.setUnlessUserSet(conf, "rpc.metrics.timeunit", "MICROSECONDS");
    UserSettings.setUnlessUserSet(conf, LOCATE_FOLLOWING_BLOCK_DELAY,
        Long.toString(EMBEDDED_LOCATE_FOLLOWING_BLOCK_DELAY_MS));
    // A benchmark namespace needs no trash, web UI security, or permission checks.
    UserSettings.setUnlessUserSet(conf, "dfs.permissions.enabled", "false");
    // Hadoop keeps one RPC engine per protocol per JVM, and the NameNode, made first, would set
    // it: the counting one serves both (it hands the server's to Hadoop's own).
    NameNodeRpcs.countIn(conf);
    String record = conf.getTrimmed(io.metabench.config.ConfigKeys.RECORD_AUDIT_LOG, "");
    AuditRecorder recorder = record.isEmpty() ? null : AuditRecorder.to(new File(record));
    try {
      MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir)
          .numDataNodes(1)
          .format(true)
          .build();
      cluster.waitActive();
      return new EmbeddedHdfs(cluster, dir, recorder);
    } catch (IOException | RuntimeException e) {
      if (recorder != null) {
        recorder.close();
      }
      FileUtil.fullyDelete(dir);
      throw e;
    }
  }

  /** The client-side settings a client of the embedded cluster should use, unless set by the user. */
  public static void configureClient(Configuration clientConf) {
    UserSettings.setUnlessUserSet(clientConf, LOCATE_FOLLOWING_BLOCK_DELAY,
        Long.toString(EMBEDDED_LOCATE_FOLLOWING_BLOCK_DELAY_MS));
  }

  /** Whether measured operations are running ({@link AuditRecorder#measuring}); no-op unrecorded. */
  void measuring(boolean on) {
    if (recorder != null) {
      recorder.measuring(on);
    }
  }

  /** The NameNode's HTTP address, {@code host:port}, where its /jmx is served. */
  public String httpAddress() {
    java.net.InetSocketAddress a = cluster.getNameNode().getHttpAddress();
    return a.getHostString() + ":" + a.getPort();
  }

  public URI uri() {
    return cluster.getURI();
  }

  @Override
  public void close() {
    try {
      cluster.shutdown();
    } finally {
      if (recorder != null) {
        recorder.close();
      }
      FileUtil.fullyDelete(dir);
    }
  }
}
