package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44: a namespace of known shape made on Hadoop's own test cluster, saved by its NameNode
 * (saveNamespace), and its fsimage profiled without a NameNode: every count exact, no name in
 * the profile; and files that are no fsimage refused in one line with nothing written.
 */
class ITNamespaceProfile {
  private static MiniHdfs hdfs;
  private static File image;
  @TempDir
  File scratch;

  /**
   * {@code /README}, {@code /data/dt=2024-01-0N/{part-00000..3, _SUCCESS}} (N = 1..3; parts of
   * 0, 10, 100 and 1,000 bytes), {@code /user/alice/f0.csv..f6.csv} (1 byte), {@code /user/bob},
   * {@code /tmp/123}: 9 directories, 24 files, 8 of them empty.
   */
  @BeforeAll
  static void saveAKnownNamespace() throws Exception {
    hdfs = MiniHdfs.start();
    FileSystem fs = hdfs.fs();
    write(fs, "/README", 0);
    for (int day = 1; day <= 3; day++) {
      String dir = "/data/dt=2024-01-0" + day;
      for (int p = 0; p < 4; p++) {
        write(fs, dir + "/part-0000" + p, p == 0 ? 0 : (int) Math.pow(10, p));
      }
      write(fs, dir + "/_SUCCESS", 0);
    }
    for (int f = 0; f < 7; f++) {
      write(fs, "/user/alice/f" + f + ".csv", 1);
    }
    fs.mkdirs(new Path("/user/bob"));
    write(fs, "/tmp/123", 0);
    DistributedFileSystem dfs = (DistributedFileSystem) fs;
    dfs.setSafeMode(SafeModeAction.SAFEMODE_ENTER);
    dfs.saveNamespace();
    dfs.setSafeMode(SafeModeAction.SAFEMODE_LEAVE);
    File current = new File(hdfs.cluster().getNameDirs(0).iterator().next().getPath(),
        "current");
    image = Arrays.stream(current.listFiles((d, n) -> n.matches("fsimage_\\d+")))
        .max(Comparator.comparing(File::getName)).orElseThrow(IllegalStateException::new);
  }

  @AfterAll
  static void stop() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  private static void write(FileSystem fs, String path, int bytes) throws Exception {
    try (OutputStream out = fs.create(new Path(path), (short) 1)) {
      out.write(new byte[bytes]);
    }
  }

  /**
   * The same namespace listed through the file system's API (a URI instead of an image): the
   * same profile as its fsimage's, field by field, but for its source.
   */
  @Test
  void aListingProfilesTheNamespaceAsItsImageDoes() throws Exception {
    File fromImage = new File(scratch, "image");
    File fromListing = new File(scratch, "listing");
    assertThat(MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
        fromImage.getPath(), image.getPath()).exitCode).isZero();
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "profile", "-threads", "3",
        "-outDir", fromListing.getPath(), hdfs.uri() + "/");
    System.out.println("=== ITNamespaceProfile: the same namespace listed\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("listing " + hdfs.uri() + "/: 24 files in 9 directories, mean "
        + "depth 2.5, largest directory 7 entries, 33.3 % of files empty")
        .contains("listed in ").contains("by 3 workers");
    com.fasterxml.jackson.databind.node.ObjectNode a = (com.fasterxml.jackson.databind.node
        .ObjectNode) new ObjectMapper().readTree(new File(fromImage, "profile.json"));
    com.fasterxml.jackson.databind.node.ObjectNode b = (com.fasterxml.jackson.databind.node
        .ObjectNode) new ObjectMapper().readTree(new File(fromListing, "profile.json"));
    assertThat(b.path("source").path("kind").asText()).isEqualTo("listing");
    a.remove("source");
    b.remove("source");
    assertThat(b).isEqualTo(a);
    // A URI that is no directory: one line, exit 2, nothing written.
    File none = new File(scratch, "none");
    MetaBenchRun bad = MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
        none.getPath(), hdfs.uri() + "/README");
    assertThat(bad.exitCode).isEqualTo(2);
    assertThat(bad.stderr.trim()).isEqualTo("metabench: profile: " + hdfs.uri() + "/README is not "
        + "a directory: give the directory tree to profile, such as hdfs://nn:8020/ or "
        + "s3a://bucket/warehouse");
    assertThat(none).doesNotExist();
  }

  @Test
  void theProfileOfASavedNamespaceIsExact() throws Exception {
    File out = new File(scratch, "profile");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
        out.getPath(), image.getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    System.out.println("=== ITNamespaceProfile: the profile of a saved namespace\n" + r.stdout
        + new String(Files.readAllBytes(new File(out, "profile.json").toPath()),
            StandardCharsets.UTF_8));
    assertThat(r.stdout).contains("fsimage " + image + ": 24 files in 9 directories, mean depth "
        + "2.5, largest directory 7 entries, 33.3 % of files empty");
    File json = new File(out, "profile.json");
    JsonNode p = new ObjectMapper().readTree(json);
    assertThat(p.get("inodes").asLong()).isEqualTo(33);
    assertThat(p.get("files").asLong()).isEqualTo(24);
    assertThat(p.get("directories").asLong()).isEqualTo(9);
    assertThat(p.get("filesInNoDirectory").asLong()).isZero();
    long[][] byDepth = {{1, 0}, {3, 1}, {5, 1}, {0, 22}};
    assertThat(p.get("byDepth")).hasSize(4);
    for (int d = 0; d < 4; d++) {
      JsonNode row = p.get("byDepth").get(d);
      assertThat(row.get("directories").asLong()).as("directories at depth " + d)
          .isEqualTo(byDepth[d][0]);
      assertThat(row.get("files").asLong()).as("files at depth " + d).isEqualTo(byDepth[d][1]);
    }
    assertThat(p.get("maxDepth").asInt()).isEqualTo(3);
    assertThat(p.get("meanDepth").asDouble()).isEqualTo(2.485); // 82 / 33
    assertThat(p.get("meanFileDepth").asDouble()).isEqualTo(2.875); // 69 / 24
    // alice's 7, each day's 5, the root's 4 (data, user, tmp, README), data's and user's ...
    JsonNode largest = p.get("largestDirectories");
    assertThat(largest.get(0).get("entries").asInt()).isEqualTo(7);
    assertThat(largest.get(0).get("depth").asInt()).isEqualTo(2);
    assertThat(largest.get(1).get("entries").asInt()).isEqualTo(5);
    assertThat(p.get("entriesPerDirectory").get("max").asLong()).isEqualTo(7);
    assertThat(p.get("fileSizes").get("emptyShare").asDouble()).isEqualTo(0.33333);
    assertThat(p.get("fileSizes").get("max").asLong()).isBetween(1000L, 1010L);
    assertThat(p.get("replication").get("1").asLong()).isEqualTo(24);
    JsonNode names = p.get("names");
    assertThat(names.get("fileClasses").get("part-N").asLong()).isEqualTo(12);
    assertThat(names.get("fileClasses").get("hidden").asLong()).isEqualTo(3);
    assertThat(names.get("fileClasses").get("name.ext").asLong()).isEqualTo(7);
    assertThat(names.get("fileClasses").get("numeric").asLong()).isEqualTo(1);
    assertThat(names.get("fileClasses").get("other").asLong()).isEqualTo(1);
    assertThat(names.get("directoryClasses").get("key=value").asLong()).isEqualTo(3);
    assertThat(names.get("directoryClasses").get("other").asLong()).isEqualTo(5);
    JsonNode subtrees = p.get("topLevelSubtrees");
    assertThat(subtrees).hasSize(3);
    assertThat(subtrees.get(0).get("directories").asLong()).isEqualTo(4);
    assertThat(subtrees.get(0).get("files").asLong()).isEqualTo(15);
    assertThat(subtrees.get(0).get("inodeShare").asDouble()).isEqualTo(0.57576);
    assertThat(subtrees.get(1).get("files").asLong()).isEqualTo(7);
    // Path-free: no name the namespace holds appears anywhere in the profile.
    String text = new String(Files.readAllBytes(json.toPath()), StandardCharsets.UTF_8);
    for (String name : new String[] {"README", "alice", "bob", "dt=", "part-0", "_SUCCESS",
        "f0.csv", "data\"", "user"}) {
      assertThat(text).as(name).doesNotContain(name);
    }
  }

  @Test
  void aFileThatIsNoFsimageIsRefusedInOneLineWithNothingWritten() throws Exception {
    File text = new File(scratch, "fsimage_notes.txt");
    Files.write(text.toPath(), "not an image\n".getBytes(StandardCharsets.UTF_8));
    byte[] whole = Files.readAllBytes(image.toPath());
    File truncated = new File(scratch, "fsimage_0000000000000000001");
    Files.write(truncated.toPath(), Arrays.copyOf(whole, whole.length / 2));
    File missing = new File(scratch, "nothing-here");
    String[][] cases = {
        {text.getPath(), text + " is not an fsimage (it does not begin with HDFSIMG1)"},
        {truncated.getPath(), truncated + " is a damaged or truncated fsimage"},
        {missing.getPath(), missing + " does not exist or is not a file"}};
    for (String[] c : cases) {
      File out = new File(scratch, "out-" + new File(c[0]).getName());
      MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
          out.getPath(), c[0]);
      assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
      assertThat(r.stderr.trim()).doesNotContain("\n").startsWith("metabench: " + c[1]);
      assertThat(out).doesNotExist();
    }
    // A directory that cannot be written is refused before the image is read: with an image
    // that is not one, the refusal is the directory's.
    File occupied = new File(scratch, "occupied");
    Files.write(occupied.toPath(), "x".getBytes(StandardCharsets.UTF_8));
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "profile", "-outDir",
        occupied.getPath(), text.getPath());
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim()).doesNotContain("\n")
        .startsWith("metabench: -outDir " + occupied + " is not a directory");
  }
}
