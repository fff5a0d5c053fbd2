package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.fs.EmbeddedHdfs;
import io.metabench.namespace.ImageWriter;
import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.PrefillSizes;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A namespace written offline into the embedded HDFS's fsimage (docs/namespaces.md#offline): a
 * real NameNode restarted on the image holds every drawn directory and file by name and nothing
 * more, keeps what it held before (a file with data, read back), and works on (creates with
 * data, at the same addresses); a run with -prefillOffline reports how it was made, checks it as
 * a made one, reads it, and removes it with -cleanup, a tree as well as a profile's namespace.
 */
class ITOfflineNamespace {
  @TempDir
  File scratch;

  @Test
  void aNamespaceWrittenIntoTheImageIsThereByNameBesideWhatWasThere() throws Exception {
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.start(new Configuration(), false, 0)) {
      Configuration client = new Configuration();
      EmbeddedHdfs.configureClient(client);
      hdfs.describeTo(client);
      String httpBefore = client.get("dfs.namenode.http-address");
      FileSystem fs = FileSystem.newInstance(hdfs.uri(), client);
      Path kept = new Path("/benchmarks/MetaBench/.metabench/kept");
      write(fs, kept, "held before");
      Path root = new Path("/benchmarks/MetaBench/prefill/map_0");
      ShapedTree tree = new ShapedTree(root, ShapeProfile.load("yahoo"), 0.01, 7,
          PrefillSizes.EMPTY_FILES);
      long[] added = new long[2];
      long restart = hdfs.restartOn(image -> {
        ImageWriter.Written w = ImageWriter.addTo(image, tree, (short) 1, 1 << 20);
        added[0] = w.directories;
        added[1] = w.files;
      });
      assertThat(restart).isPositive();
      // prefill and map_0 are new, and every directory of the drawing but its root (map_0).
      assertThat(added).containsExactly(tree.directories() + 2, tree.files());
      assertThat(Trees.list(fs, root)).isEqualTo(Trees.drawn(0.01, 7));
      assertThat(Trees.list(fs, new Path("/benchmarks/MetaBench")).keySet())
          .filteredOn(k -> !k.startsWith("prefill/")).containsExactlyInAnyOrder(".metabench",
              ".metabench/kept", "prefill");
      assertThat(read(fs, kept)).isEqualTo("held before");
      Path deep = tree.names().file(tree.files() - 1).getParent();
      write(fs, new Path(deep, "after"), "made after the restart");
      assertThat(read(fs, new Path(deep, "after"))).isEqualTo("made after the restart");
      assertThat(fs.mkdirs(new Path(root, "d_0/new"))).isTrue();
      Configuration after = new Configuration();
      hdfs.describeTo(after);
      assertThat(after.get("dfs.namenode.http-address")).isEqualTo(httpBefore);
      // A rewrite refused (the namespace is there already) leaves the NameNode serving as it was.
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> hdfs.restartOn(image ->
          ImageWriter.addTo(image, tree, (short) 1, 1 << 20)))
          .isInstanceOf(io.metabench.core.InvalidInputException.class)
          .hasMessageContaining("holds " + root + " already");
      assertThat(read(fs, kept)).isEqualTo("held before");
      assertThat(Trees.named(Trees.list(fs, root), "part-")).hasSize((int) tree.files());
      assertThat(read(fs, new Path(deep, "after"))).isEqualTo("made after the restart");
      fs.close();
    }
  }

  @Test
  void aRunWritesItsProfilesNamespaceOfflineChecksAndReadsIt() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-prefillProfile", "yahoo",
        "-prefillScale", "0.01", "-seed", "3", "-prefillOffline", "-operation", "stat",
        "-onPrefill", "uniform", "-threads", "2", "-numFiles", "300", "-quiet");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode prefill = r.json().get("prefill");
    assertThat(prefill.get("status").asText()).isEqualTo("offline");
    assertThat(prefill.get("filesCreated").asLong()).isEqualTo(Trees.named(Trees.drawn(0.01, 3),
        "part-").size());
    assertThat(prefill.get("offline").get("imageBytes").asLong()).isPositive();
    assertThat(prefill.get("offline").get("restartSeconds").asDouble()).isPositive();
    assertThat(prefill.get("namespace").get(0).get("withinBounds").asBoolean()).isTrue();
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(600);
    assertThat(r.phase("stat").get("failed").asLong()).isZero();
    assertThat(r.stdout).contains("written offline into the NameNode's image (", "directories of "
        + ShapeProfile.load("yahoo") + " at scale 0.01 under ");
    // The NameNode view was not lost to the restart.
    assertThat(r.json().get("server").toString()).doesNotContain("stopped reading");
  }

  @Test
  void aTreeWrittenOfflineIsRemovedByCleanupByName() throws Exception {
    long files = 500;
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-prefillFiles",
        Long.toString(files), "-prefillDepth", "2", "-prefillFanOut", "3", "-prefillOffline",
        "-operation", "stat", "-onPrefill", "zipf:1.1", "-threads", "2", "-numFiles", "100",
        "-cleanup", "-quiet");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("prefill").get("status").asText()).isEqualTo("offline");
    assertThat(r.json().get("prefill").get("filesCreated").asLong()).isEqualTo(files);
    assertThat(r.phase("stat").get("failed").asLong()).isZero();
    // The stat phase's own items are none: every file removed is the prefill's.
    assertThat(r.json().get("cleanup").get("filesRemoved").asLong()).isEqualTo(files);
  }

  @Test
  void aNamedFileSystemIsRefusedInOneLineAndNothingIsMade() throws Exception {
    File base = new File(scratch, "named");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-prefillOffline",
        "-prefillFiles", "100", "-operation", "stat", "-onPrefill", "uniform", "-baseDir",
        base.toURI().toString(), "-quiet");
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr).contains("-prefillOffline writes the prefill into the embedded HDFS's "
        + "image, but file:", "named names a file system: leave the file system out of "
        + "-baseDir, or drop -prefillOffline");
    assertThat(base).doesNotExist();
  }

  private static void write(FileSystem fs, Path p, String text) throws Exception {
    try (OutputStream out = fs.create(p, false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static String read(FileSystem fs, Path p) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (InputStream in = fs.open(p)) {
      IOUtils.copyBytes(in, out, 4096, false);
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }
}
