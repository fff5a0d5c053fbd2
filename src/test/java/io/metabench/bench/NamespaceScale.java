package io.metabench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.MetaBench;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.util.ToolRunner;

/**
 * Does throughput hold as the namespace grows? One HDFS (MiniDFSCluster, in this JVM, on
 * 127.0.0.1) is grown by MetaBench's prefill to each size in turn, and at each size the same
 * phases are measured in a base directory of their own; at the end the traversals time the whole
 * tree. For bench/namespace-scale.sh, which prints the figures; not a test.
 *
 * <pre>
 * NamespaceScale SIZES THREADS FILES_PER_WORKER PREFILL_THREADS OUT_DIR
 *   e.g. 0,1000000,3000000 8 2000 8 target/namespace-scale
 * </pre>
 */
public final class NamespaceScale {
  private NamespaceScale() {}

  public static void main(String[] args) throws Exception {
    String[] sizes = args[0].split(",");
    String threads = args[1];
    String files = args[2];
    String prefillThreads = args[3];
    File out = new File(args[4]);
    out.mkdirs();
    File dir = Files.createTempDirectory(
        new File(System.getProperty("java.io.tmpdir")).toPath(), "namespace-scale-").toFile();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(1).build();
    List<String> rows = new ArrayList<>();
    try {
      cluster.waitActive();
      String uri = cluster.getURI().toString();
      // Unrecorded rounds first (-Dwarmup.rounds, default 1): the JIT and the connections
      // warmed up, the first size is measured as the later ones are.
      for (int round = 0; round < Integer.getInteger("warmup.rounds", 1); round++) {
        run(conf, "-operation", "create_write,open_read,stat,delete", "-threads", threads,
            "-numberOfFiles", files, "-baseDir", uri + "/scale/warmup-" + round, "-jsonOut",
            new File(out, "warmup-" + round + ".json").getPath(), "-nnbenchLog", "", "-quiet");
      }
      long grown = 0;
      for (String s : sizes) {
        long size = Long.parseLong(s.trim());
        if (size > grown) {
          // Each step adds its files in a prefill tree of its own: together they are the
          // namespace the phases then run in.
          File json = new File(out, "prefill-" + size + ".json");
          run(conf, "-prefillFiles", Long.toString(size - grown), "-prefillThreads",
              prefillThreads, "-baseDir", uri + "/scale/prefill-" + size, "-jsonOut",
              json.getPath(), "-nnbenchLog", "", "-quiet");
          JsonNode p = new ObjectMapper().readTree(json).get("prefill");
          rows.add(String.format(Locale.ROOT, "prefill to %,d: %,d files in %.1f s = %.0f files/s",
              size, p.get("filesCreated").asLong(), p.get("elapsedSeconds").asDouble(),
              p.get("filesPerSecond").asDouble()));
          grown = size;
        }
        File json = new File(out, "phases-at-" + size + ".json");
        run(conf, "-operation", "create_write,open_read,stat,delete", "-threads", threads,
            "-numberOfFiles", files, "-baseDir", uri + "/scale/measure-" + size, "-jsonOut",
            json.getPath(), "-nnbenchLog", "", "-quiet");
        for (JsonNode p : new ObjectMapper().readTree(json).get("phases")) {
          rows.add(String.format(Locale.ROOT, "namespace %,11d  %-12s %10.1f TPS  p50 %8.3f ms"
              + "  p99 %8.3f ms  failed %d", size, p.get("operation").asText(),
              p.get("tps").asDouble(), p.get("latencyMs").get("p50").asDouble(),
              p.get("latencyMs").get("p99").asDouble(), p.get("failed").asLong()));
        }
      }
      // The first prefill step's tree alone (e.g. exactly 1M files), then the whole namespace.
      List<String> subtrees = new ArrayList<>();
      if (sizes.length > 1) {
        subtrees.add("/scale/prefill-" + sizes[1].trim());
      }
      subtrees.add("/scale");
      for (String subtree : subtrees) {
        for (String t : new String[] {"1", threads}) {
          File json = new File(out, "traverse" + subtree.replace('/', '-') + "-t" + t + ".json");
          run(conf, "-operation", "ls_r,count,du", "-threads", t, "-subtree", subtree,
              "-baseDir", uri + "/scale/traverse-t" + t, "-jsonOut", json.getPath(),
              "-nnbenchLog", "", "-quiet");
          for (JsonNode p : new ObjectMapper().readTree(json).get("phases")) {
            rows.add(String.format(Locale.ROOT, "%-6s of %s, threads %2s: %,d entries in %.2f s "
                + "= %,.0f entries/s (%,d calls, failed %d)", p.get("operation").asText(),
                subtree, t, p.get("entries").asLong(), p.get("elapsedSeconds").asDouble(),
                p.get("entriesPerSecond").asDouble(), p.get("successful").asLong(),
                p.get("failed").asLong()));
          }
        }
      }
    } finally {
      cluster.shutdown();
      FileUtil.fullyDelete(dir);
    }
    for (String r : rows) {
      System.out.println(r);
    }
  }

  private static void run(Configuration conf, String... args) throws Exception {
    int rc = ToolRunner.run(new Configuration(conf), new MetaBench(), args);
    if (rc != 0) {
      throw new IllegalStateException("MetaBench exited " + rc + " for " + String.join(" ", args));
    }
  }
}
