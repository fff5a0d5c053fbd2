package io.metabench.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS (one NameNode, one DataNode: Hadoop's MiniDFSCluster) in its own JVM, for
 * bench/compare-nnbench.sh, which runs several benchmark tools against the same server.
 *
 * <pre>
 * StandaloneHdfs [-port P] [-maxLifetime SECONDS] [-D key=value ...]
 * </pre>
 *
 * <p>It listens on 127.0.0.1 only (RPC on {@code -port}, 0 for any free port; HTTP on any free
 * port), prints one line {@code READY <uri> <port> <jmx-url>} on stdout when it serves (a
 * line {@code stall <ms>} on stdin then holds the namesystem's write lock that long), and stops,
 * deleting
 * its directory, when its stdin reaches end of file, when it is sent SIGTERM/SIGINT, or after
 * {@code -maxLifetime} seconds (default 3600), whichever comes first. {@code -D} settings are
 * applied over its defaults.
 */
public final class StandaloneHdfs {
  private StandaloneHdfs() {}

  public static void main(String[] args) throws Exception {
    int port = 0;
    long maxLifetimeSeconds = 3600;
    Configuration conf = new Configuration();
    // Defaults first; -D below overrides any of them.
    conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.servicerpc-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.lifeline.rpc-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.http-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.https-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.set("dfs.namenode.https-address", "127.0.0.1:0");
    conf.set("dfs.datanode.address", "127.0.0.1:0");
    conf.set("dfs.datanode.http.address", "127.0.0.1:0");
    conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
    conf.set("dfs.permissions.enabled", "false");
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-port") && i + 1 < args.length) {
        port = Integer.parseInt(args[++i]);
      } else if (a.equals("-maxLifetime") && i + 1 < args.length) {
        maxLifetimeSeconds = Long.parseLong(args[++i]);
      } else if (a.equals("-D") && i + 1 < args.length) {
        setKeyValue(conf, args[++i]);
      } else if (a.startsWith("-D") && a.length() > 2) {
        setKeyValue(conf, a.substring(2));
      } else {
        System.err.println("usage: StandaloneHdfs [-port P] [-maxLifetime SECONDS] [-D key=value ...]"
            + "; unexpected argument '" + a + "'");
        System.exit(2);
      }
    }

    File dir = Files.createTempDirectory("metabench-standalone-hdfs-").toFile();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    // The web servers' scratch directories go with the rest, so a killed JVM leaves one directory.
    conf.set("hadoop.http.temp.dir", new File(dir, "http").getAbsolutePath());
    MiniDFSCluster cluster;
    try {
      cluster = new MiniDFSCluster.Builder(conf, dir)
          .numDataNodes(1)
          .nameNodePort(port)
          // Keep the DataNode addresses set above (127.0.0.1:0) instead of the builder's own.
          .checkDataNodeAddrConfig(true)
          .format(true)
          .build();
      cluster.waitActive();
    } catch (IOException | RuntimeException e) {
      FileUtil.fullyDelete(dir);
      System.err.println("StandaloneHdfs: could not start: " + e);
      e.printStackTrace();
      System.exit(1);
      return;
    }

    final Object lock = new Object();
    final boolean[] stopped = {false};
    Runnable stop = () -> {
      synchronized (lock) {
        if (stopped[0]) {
          return;
        }
        stopped[0] = true;
      }
      try {
        cluster.shutdown();
      } catch (RuntimeException e) {
        // On SIGTERM the JVM is already shutting down and the cluster cannot remove its own hooks.
        System.err.println("StandaloneHdfs: during shutdown: " + e);
      } finally {
        FileUtil.fullyDelete(dir);
      }
    };
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "standalone-hdfs-shutdown"));

    int rpcPort = cluster.getNameNodePort();
    java.net.InetSocketAddress http = cluster.getNameNode().getHttpAddress();
    System.out.println("READY " + cluster.getURI() + " " + rpcPort + " http://"
        + http.getHostString() + ":" + http.getPort() + "/jmx");
    System.out.flush();

    // Stops when stdin ends (the script that started it closed its end or died) or at the limit.
    final CountDownLatch done = new CountDownLatch(1);
    Thread stdinWatch = new Thread(() -> {
      try {
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
            System.in, java.nio.charset.StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          // "stall <ms>": hold the namespace's write lock that long, as a NameNode stalled by a
          // long operation or a GC would (bench/namenode-stall.sh); anything else is ignored.
          String[] words = line.trim().split("\\s+");
          if (words.length == 2 && words[0].equals("stall")) {
            long millis = Long.parseLong(words[1]);
            System.err.println("StandaloneHdfs: holding the namesystem write lock " + millis
                + " ms");
            cluster.getNamesystem().writeLock();
            try {
              Thread.sleep(millis);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            } finally {
              cluster.getNamesystem().writeUnlock();
            }
          }
        }
      } catch (IOException e) {
        // A broken stdin counts as closed.
      }
      System.err.println("StandaloneHdfs: stdin closed, stopping");
      done.countDown();
    }, "standalone-hdfs-stdin");
    stdinWatch.setDaemon(true);
    stdinWatch.start();

    if (!done.await(maxLifetimeSeconds, TimeUnit.SECONDS)) {
      System.err.println("StandaloneHdfs: maximum lifetime of " + maxLifetimeSeconds
          + " s reached, stopping");
    }
    stop.run();
    System.exit(0);
  }

  private static void setKeyValue(Configuration conf, String kv) {
    int eq = kv.indexOf('=');
    if (eq <= 0) {
      System.err.println("StandaloneHdfs: -D " + kv + " is not key=value");
      System.exit(2);
    }
    conf.set(kv.substring(0, eq), kv.substring(eq + 1));
  }
}
