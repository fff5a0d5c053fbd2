package io.metabench.bench;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Hadoop's NNThroughputBenchmark with its NameNode in this JVM (no RPC between the benchmark's
 * threads and the NameNode), for bench/compare-nnbench.sh: the ceiling a client benchmark that goes
 * through RPC can be held against.
 *
 * <pre>
 * ThroughputCeiling [-D key=value ...] -op create|open|rename|delete [NNThroughputBenchmark options]
 * </pre>
 *
 * <p>Everything after the {@code -D} settings goes to NNThroughputBenchmark unchanged (see its usage,
 * e.g. {@code -op create -threads 2 -files 20000 -close}). The NameNode is formatted fresh in a
 * temporary directory that is deleted afterwards; it listens on 127.0.0.1 only. Its results go to
 * the log (logger {@code org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark}, INFO):
 * {@code --- <op> stats ---}, {@code # operations:}, {@code Elapsed Time:}, {@code Ops per sec:}.
 * Exits 0 after the benchmark (the NameNode leaves non-daemon threads behind), 1 on an exception.
 */
public final class ThroughputCeiling {
  private ThroughputCeiling() {}

  public static void main(String[] args) throws Exception {
    Configuration conf = new Configuration();
    int first = 0;
    while (first < args.length && args[first].startsWith("-D")) {
      String kv;
      if (args[first].equals("-D") && first + 1 < args.length) {
        kv = args[first + 1];
        first += 2;
      } else {
        kv = args[first].substring(2);
        first += 1;
      }
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        System.err.println("ThroughputCeiling: -D " + kv + " is not key=value");
        System.exit(2);
      }
      conf.set(kv.substring(0, eq), kv.substring(eq + 1));
    }
    String[] benchArgs = new String[args.length - first];
    System.arraycopy(args, first, benchArgs, 0, benchArgs.length);

    File dir = Files.createTempDirectory("metabench-nnthroughput-").toFile();
    // Also when the JVM is stopped (SIGTERM, e.g. by timeout), which skips the finally below.
    Runtime.getRuntime().addShutdownHook(
        new Thread(() -> FileUtil.fullyDelete(dir), "nnthroughput-cleanup"));
    int rc = 0;
    try {
      conf.set("hadoop.tmp.dir", dir.getAbsolutePath());
      conf.set("hadoop.http.temp.dir", new File(dir, "http").getAbsolutePath());
      conf.set("dfs.namenode.name.dir", new File(dir, "name").toURI().toString());
      conf.set("dfs.namenode.edits.dir", new File(dir, "name").toURI().toString());
      // NNThroughputBenchmark sets dfs.namenode.http-address to 0.0.0.0:0; the bind hosts win.
      conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
      conf.set("dfs.namenode.servicerpc-bind-host", "127.0.0.1");
      conf.set("dfs.namenode.lifeline.rpc-bind-host", "127.0.0.1");
      conf.set("dfs.namenode.http-bind-host", "127.0.0.1");
      conf.set("dfs.namenode.https-bind-host", "127.0.0.1");
      conf.set("dfs.permissions.enabled", "false");
      DefaultMetricsSystem.setMiniClusterMode(true);
      DFSTestUtil.formatNameNode(conf);
      NNThroughputBenchmark.runBenchmark(conf, benchArgs);
    } catch (Throwable t) {
      System.err.println("ThroughputCeiling: " + t);
      t.printStackTrace();
      rc = 1;
    } finally {
      FileUtil.fullyDelete(dir);
    }
    System.exit(rc);
  }
}
