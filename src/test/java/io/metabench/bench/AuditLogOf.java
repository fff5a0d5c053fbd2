package io.metabench.bench;

import io.metabench.MetaBench;
import io.metabench.testing.AuditCapture;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;

/**
 * Writes a real HDFS audit log: runs MetaBench with the given arguments against an in-process
 * HDFS (MiniDFSCluster, 127.0.0.1) whose NameNode's own audit logger is captured, and writes the
 * lines it logged to a file, as hdfs-audit.log holds them. For bench/replay-generated.sh; not a
 * test.
 *
 * <pre>
 * AuditLogOf OUT_FILE METABENCH_ARGS...   (-baseDir is added: hdfs://.../generated)
 * </pre>
 */
public final class AuditLogOf {
  private AuditLogOf() {}

  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    File dir = Files.createTempDirectory("audit-log-of-").toFile();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
    conf.setBoolean("dfs.namenode.audit.log.async", false);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(1).build();
    try (AuditCapture audit = AuditCapture.start()) {
      cluster.waitActive();
      List<String> mb = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
      mb.addAll(Arrays.asList("-baseDir", cluster.getURI() + "/generated", "-nnbenchLog", "",
          "-quiet"));
      int rc = ToolRunner.run(new Configuration(), new MetaBench(), mb.toArray(new String[0]));
      List<String> lines = audit.lines();
      Files.write(out.toPath(), lines, StandardCharsets.UTF_8);
      System.err.println("MetaBench exited " + rc + "; " + lines.size() + " audit lines in " + out);
    } finally {
      cluster.shutdown();
      FileUtil.fullyDelete(dir);
    }
  }
}
