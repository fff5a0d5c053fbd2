package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.Trees;
import java.io.File;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 2: a namespace written into a cluster's NameNode image ({@code metabench image}),
 * on Hadoop's own test cluster: while its NameNode runs the command refuses (nothing written);
 * with edits after the newest image that change the namespace it refuses; saved and stopped, the
 * image gets the namespace in both of the NameNode's name directories, the one before kept; the
 * NameNode restarted on it holds the user's own directory and the namespace exactly as the
 * options draw it; the first run with the same options records and checks it and reads it, a
 * run with other options is refused, and {@code -cleanup} removes it and nothing of the user's.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ITImageForNameNode {
  private static final double SCALE = 0.01;
  private static final long SEED = 3;
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  private List<String> image(String... more) {
    List<String> args = new ArrayList<>(java.util.Arrays.asList("image", "-prefillProfile",
        "yahoo", "-prefillScale", Double.toString(SCALE), "-seed", Long.toString(SEED),
        "-baseDir", "/bench", "-nameDir", nameDirs()));
    args.addAll(java.util.Arrays.asList(more));
    return args;
  }

  private static String nameDirs() {
    List<String> dirs = new ArrayList<>();
    for (URI u : hdfs.cluster().getNameDirs(0)) {
      dirs.add(new File(u).getPath());
    }
    return String.join(",", dirs);
  }

  private MetaBenchRun run(List<String> args) throws Exception {
    return MetaBenchRun.run(new Configuration(), scratch, args.toArray(new String[0]));
  }

  @Test
  @Order(1)
  void aRunningNameNodeOrEditsAfterTheImageAreRefused() throws Exception {
    // The user's own directory, which everything after must leave as it is.
    hdfs.fs().mkdirs(new Path("/users/own"));
    MetaBenchRun running = run(image());
    assertThat(running.exitCode).as(running.toString()).isEqualTo(2);
    assertThat(running.stderr).contains("is running (its in_use.lock is held)",
        "hdfs dfsadmin -saveNamespace");
    // Stopped without a save: the mkdirs after the newest image are in its edits.
    hdfs.cluster().shutdownNameNode(0);
    MetaBenchRun unsaved = run(image());
    assertThat(unsaved.exitCode).as(unsaved.toString()).isEqualTo(2);
    assertThat(unsaved.stderr).contains("changes the namespace after the newest image (OP_MKDIR");
    assertThat(new File(new File(hdfs.cluster().getNameDirs(0).iterator().next()),
        "current").list()).noneMatch(n -> n.contains("metabench"));
    hdfs.cluster().restartNameNode(0, true);
  }

  @Test
  @Order(2)
  void theImageGetsTheNamespaceTheRestartedNameNodeServesIt() throws Exception {
    hdfs.cluster().getNameNodeRpc().setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_ENTER,
        false);
    hdfs.cluster().getNameNodeRpc().saveNamespace(0, 0);
    hdfs.cluster().shutdownNameNode(0);
    MetaBenchRun written = run(image());
    assertThat(written.exitCode).as(written.toString()).isZero();
    assertThat(written.stdout).contains("of -prefillProfile yahoo (sha256 ", "-prefillScale "
        + "0.01 -seed 3", "the image as it was is kept as ", "Start the NameNode: a run with "
        + "-baseDir hdfs://<namenode>/bench and the same prefill options (", "-seed 3",
        "-prefillScale 0.01", "-prefillProfile yahoo");
    // The image as it was kept beside the first directory's current/; every directory holds
    // the new one (the same MD5).
    List<URI> dirs = new ArrayList<>(hdfs.cluster().getNameDirs(0));
    assertThat(dirs).hasSize(2);
    assertThat(new File(dirs.get(0)).list()).anyMatch(n -> n.startsWith(
        "metabench-before-fsimage_"));
    java.util.Set<String> md5s = new java.util.HashSet<>();
    for (URI d : dirs) {
      // The newest: txids are zero-padded, so the last name sorted.
      java.util.TreeSet<String> images = new java.util.TreeSet<>();
      for (String n : new File(new File(d), "current").list()) {
        if (n.matches("fsimage_\\d+\\.md5")) {
          images.add(n);
        }
      }
      md5s.add(new String(java.nio.file.Files.readAllBytes(new File(new File(new File(d),
          "current"), images.last()).toPath()), java.nio.charset.StandardCharsets.UTF_8)
          .split(" ")[0]);
    }
    assertThat(md5s).hasSize(1);
    hdfs.cluster().restartNameNode(0, true);
    FileSystem fs = hdfs.cluster().getFileSystem();
    assertThat(fs.exists(new Path("/users/own"))).isTrue();
    Map<String, String> expected = Trees.drawn(SCALE, SEED);
    assertThat(Trees.list(fs, new Path("/bench/prefill/map_0"))).isEqualTo(expected);

    String base = hdfs.uri() + "/bench";
    MetaBenchRun other = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        "-prefillProfile", "yahoo", "-prefillScale", "0.02", "-seed", Long.toString(SEED),
        "-operation", "stat", "-onPrefill", "uniform", "-baseDir", base);
    assertThat(other.exitCode).as(other.toString()).isEqualTo(2);
    assertThat(other.stderr).contains("written into the NameNode's image by metabench image "
        + "with other options");

    MetaBenchRun read = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        "-prefillProfile", "yahoo", "-prefillScale", Double.toString(SCALE), "-seed",
        Long.toString(SEED), "-operation", "stat", "-onPrefill", "uniform", "-threads", "2",
        "-numFiles", "200", "-clientWarmup", "0", "-baseDir", base);
    assertThat(read.exitCode).as(read.toString()).isZero();
    JsonNode p = read.json().get("prefill");
    assertThat(p.get("status").asText()).isEqualTo("offline");
    assertThat(p.get("namespace").get(0).get("files").asLong())
        .isEqualTo(expected.values().stream().filter("0"::equals).count());
    assertThat(read.phase("stat").get("successful").asLong()).isEqualTo(400);
    assertThat(read.phase("stat").get("failed").asLong()).isZero();

    MetaBenchRun cleanup = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        "-cleanup", "-baseDir", base);
    assertThat(cleanup.exitCode).as(cleanup.toString()).isZero();
    assertThat(fs.exists(new Path("/bench"))).isFalse();
    assertThat(fs.exists(new Path("/users/own"))).isTrue();
  }
}
