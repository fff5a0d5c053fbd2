package io.metabench.fs;

import io.metabench.compat.NameNodeRpcs;
import io.metabench.compat.NeedsProbe;
import io.metabench.config.UserSettings;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in this process (one NameNode, one DataNode: Hadoop's MiniDFSCluster; with
 * {@code -embeddedHa} two NameNodes of an HA nameservice) in a temporary folder, bound to
 * 127.0.0.1, for runs that name no file system. It is removed on {@link #close}.
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

  /** The nameservice of an HA embedded HDFS, as its clients name it. */
  static final String NAMESERVICE = "embedded-ha";
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(
      EmbeddedHdfs.class);

  private final MiniDFSCluster cluster;
  private final File dir;
  private final AuditRecorder recorder;
  private final boolean ha;
  private final long failoverAfterMillis;
  private boolean failoverArmed;
  private volatile boolean restarting;

  private EmbeddedHdfs(MiniDFSCluster cluster, File dir, AuditRecorder recorder, boolean ha,
      long failoverAfterMillis) {
    this.cluster = cluster;
    this.dir = dir;
    this.recorder = recorder;
    this.ha = ha;
    this.failoverAfterMillis = failoverAfterMillis;
  }

  /**
   * Starts the cluster; settings already in {@code conf} (from -D) win over the defaults here.
   * With {@code ha}, two NameNodes on shared edits (Hadoop's HA test topology), the first
   * active; with {@code failoverAfterMillis} above 0, the active one fails over to the other that
   * long after the first measured phase begins.
   */
  public static EmbeddedHdfs start(Configuration userConf, boolean ha, long failoverAfterMillis)
      throws IOException {
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
      MiniDFSCluster.Builder builder = new MiniDFSCluster.Builder(conf, dir)
          .numDataNodes(1)
          .format(true);
      if (ha) {
        builder.nnTopology(org.apache.hadoop.hdfs.MiniDFSNNTopology.simpleHATopology());
      }
      MiniDFSCluster cluster = builder.build();
      cluster.waitActive();
      if (ha) {
        cluster.transitionToActive(0);
      }
      return new EmbeddedHdfs(cluster, dir, recorder, ha, failoverAfterMillis);
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

  /**
   * Where this cluster is, for its clients and the NameNode view: the NameNode's web address,
   * unless set by the user; with HA, the nameservice as a cluster's hdfs-site.xml describes one
   * (its NameNodes' RPC and HTTP addresses and the failover proxy provider).
   */
  public void describeTo(Configuration clientConf) {
    UserSettings.setUnlessUserSet(clientConf, "dfs.namenode.http-address", httpAddress(0));
    if (!ha) {
      return;
    }
    clientConf.set("dfs.nameservices", NAMESERVICE);
    clientConf.set("dfs.ha.namenodes." + NAMESERVICE, "nn1,nn2");
    for (int i = 0; i < 2; i++) {
      String suffix = NAMESERVICE + ".nn" + (i + 1);
      clientConf.set("dfs.namenode.rpc-address." + suffix, "127.0.0.1:"
          + cluster.getNameNodePort(i));
      clientConf.set("dfs.namenode.http-address." + suffix, httpAddress(i));
    }
    clientConf.set("dfs.client.failover.proxy.provider." + NAMESERVICE,
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
  }

  /**
   * Whether measured operations are running ({@link AuditRecorder#measuring}); the first time
   * they do, a failover asked for is set off.
   */
  void measuring(boolean on) {
    if (recorder != null) {
      recorder.measuring(on);
    }
    synchronized (this) {
      if (!on || failoverAfterMillis <= 0 || failoverArmed) {
        return;
      }
      failoverArmed = true;
    }
    Thread t = new Thread(() -> {
      try {
        Thread.sleep(failoverAfterMillis);
        int active = cluster.getNameNode(0).isActiveState() ? 0 : 1;
        cluster.transitionToStandby(active);
        cluster.transitionToActive(1 - active);
        LOG.info("-failoverAfter: the embedded HDFS failed over from nn{} to nn{}", active + 1,
            2 - active);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IOException | RuntimeException e) {
        LOG.warn("-failoverAfter: the embedded HDFS could not fail over: {}", e.toString());
      }
    }, "metabench-embedded-failover");
    t.setDaemon(true);
    t.start();
  }

  /** Rewrites a NameNode's image file in place (and its {@code .md5}). */
  public interface ImageRewrite {
    void rewrite(File image) throws IOException;
  }

  /**
   * Saves the namespace (in safe mode), has {@code rewrite} rewrite the image saved while the
   * NameNode is down, puts the result in every name directory, and restarts the NameNode on it,
   * out of safe mode (docs/namespaces.md#offline). Clients reconnect at the same addresses. When
   * {@code rewrite} fails, the NameNode is restarted on the image as it saved it, and the
   * failure is thrown.
   *
   * @return the nanoseconds the restart took, until the NameNode left safe mode
   */
  public long restartOn(ImageRewrite rewrite) throws IOException {
    if (ha) {
      throw new IllegalStateException("an HA embedded HDFS is not restarted on an image");
    }
    restarting = true;
    try {
      return restart(rewrite);
    } finally {
      restarting = false;
    }
  }

  /** Whether {@link #restartOn} is under way. */
  boolean restarting() {
    return restarting;
  }

  private long restart(ImageRewrite rewrite) throws IOException {
    cluster.getNameNodeRpc().setSafeMode(
        org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction.SAFEMODE_ENTER, false);
    cluster.getNameNodeRpc().saveNamespace(0, 0);
    File image = cluster.getNameNode().getFSImage().getStorage().getHighestFsImageName();
    cluster.shutdownNameNode(0);
    try {
      rewrite.rewrite(image);
    } catch (IOException | RuntimeException e) {
      // The image is untouched (a rewrite replaces it only once whole): the NameNode comes back
      // on it as it was, so a refused rewrite leaves the run's file system serving.
      cluster.restartNameNode(0, true);
      throw e;
    }
    File md5 = new File(image.getPath() + ".md5");
    for (URI nameDir : cluster.getNameDirs(0)) {
      File copy = new File(new File(new File(nameDir), "current"), image.getName());
      if (!copy.equals(image)) {
        Files.copy(image.toPath(), copy.toPath(), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(md5.toPath(), new File(copy.getPath() + ".md5").toPath(),
            StandardCopyOption.REPLACE_EXISTING);
      }
    }
    long start = System.nanoTime();
    // Waits for the DataNode and for safe mode to end (the blocks of the files that were there,
    // MetaBench's own records, reported again); the ports are the ones before.
    cluster.restartNameNode(0, true);
    return System.nanoTime() - start;
  }

  /** NameNode {@code i}'s HTTP address, {@code host:port}, where its /jmx is served. */
  private String httpAddress(int i) {
    java.net.InetSocketAddress a = cluster.getNameNode(i).getHttpAddress();
    return a.getHostString() + ":" + a.getPort();
  }

  /** {@code hdfs://127.0.0.1:<port>}, or with HA the nameservice, {@code hdfs://embedded-ha}. */
  public URI uri() {
    return ha ? URI.create("hdfs://" + NAMESERVICE) : cluster.getURI();
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
