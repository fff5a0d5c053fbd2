package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.metabench.testing.Hadoop2Cluster;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
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
 * A new client against an old NameNode: the standalone distribution (Hadoop 3.4 inside) measures
 * a Hadoop 2.10 HDFS (its own NameNode and DataNode, in a JVM of their own) through every phase
 * kind, and reads that NameNode's view: on Hadoop 2's default web port, 50070, when the client's
 * configuration names none (a 3.x client's default is 9870).
 */
class ITOldNameNode {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int HADOOP2_HTTP_PORT = 50070;

  private static Hadoop2Cluster hdfs;

  @TempDir
  File work;
  @TempDir
  File captures;

  @BeforeAll
  static void start() throws Exception {
    hdfs = Hadoop2Cluster.start(HADOOP2_HTTP_PORT, null, 900);
  }

  @AfterAll
  static void stop() throws Exception {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void everyPhaseRunsAndTheViewFindsTheNameNodeOnItsOwnDefaultPort() throws Exception {
    assertThat(hdfs.version()).isEqualTo("2.10.2");
    ScriptRun r = script("-operation", "create_write,open_read,stat,exists,list,chmod,set_times,"
        + "append,rename,delete,mkdirs,rmdir", "-threads", "2", "-numberOfFiles", "100",
        "-baseDir", hdfs.uri() + "/sequential", "-jsonOut", "sequential.json");
    assertThat(r.exitCode).as(r + "\n--- the 2.10 HDFS\n" + hdfs.output()).isZero();
    JsonNode json = JSON.readTree(new File(work, "sequential.json"));
    for (JsonNode p : json.get("phases")) {
      assertThat(p.get("successful").asLong()).as(p.get("operation").asText()).isEqualTo(200);
    }
    // No address in the client's configuration: 9870 refuses, 50070 serves.
    assertThat(r.stdout).contains("NameNode view: NameNode http://127.0.0.1:50070/jmx")
        .contains("the other Hadoop line's default port (http://127.0.0.1:9870/jmx refused)")
        .contains("the NameNode has no rpc.metrics.timeunit")
        // Its refreshes are read (phases this short hold fewer than two of them).
        .containsPattern("NameNode: no decomposition for create_write \\([0-9.]+ s\\), .*: "
            + "each held fewer than two of the NameNode's refreshes of its figures \\(one every "
            + "[0-9]+ s\\)")
        .contains("store calls, create_write: 2.00 NameNode RPCs/op (Complete 1.00, Create 1.00)")
        .contains("store calls, rename: 1.00 NameNode RPCs/op (Rename 1.00)");
    assertThat(r.stdout + r.stderr).doesNotContain("could not be read");
  }

  @Test
  void prefillTraversalsAndAMixRunWithTheViewAtAGivenAddress() throws Exception {
    ScriptRun r = script("-D", "dfs.namenode.http-address=127.0.0.1:" + hdfs.httpPort(),
        "-operation", "create_write,ls_r,count,du,mix", "-mix", "stat:70,open_read:30",
        "-threads", "2", "-numberOfFiles", "50", "-prefillFiles", "20", "-prefillDepth", "1",
        "-prefillFanOut", "2", "-baseDir", hdfs.uri() + "/kinds", "-jsonOut", "kinds.json",
        "-cleanup");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode json = JSON.readTree(new File(work, "kinds.json"));
    assertThat(json.get("prefill").get("filesCreated").asInt()).isEqualTo(20);
    assertThat(json.get("mixTotal").get("successful").asLong()).isEqualTo(100);
    assertThat(r.stdout).contains("NameNode view: NameNode http://127.0.0.1:" + hdfs.httpPort())
        .doesNotContain("other Hadoop line's default port");
  }

  /**
   * Issue 44's profile of a Hadoop 2 image: the 2.10 NameNode saves its namespace (a small
   * table of partitions beside what the other tests made), and its fsimage, read without a
   * NameNode by this line's classes, profiles as a listing of the same namespace does.
   */
  @Test
  void itsFsimageProfilesAsItsListingDoes() throws Exception {
    Configuration conf = new Configuration();
    try (FileSystem fs = FileSystem.newInstance(URI.create(hdfs.uri()), conf)) {
      for (int p = 0; p < 3; p++) {
        for (int f = 0; f < 2; f++) {
          try (OutputStream out = fs.create(new Path("/shape/t/dt=" + p + "/part-0000" + f))) {
            out.write(new byte[f * 100]);
          }
        }
      }
      fs.mkdirs(new Path("/shape/empty"));
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      dfs.setSafeMode(SafeModeAction.SAFEMODE_ENTER);
      dfs.saveNamespace();
      dfs.setSafeMode(SafeModeAction.SAFEMODE_LEAVE);
    }
    File image;
    try (Stream<java.nio.file.Path> all = Files.walk(hdfs.dir().toPath())) {
      image = all.filter(p -> p.getFileName().toString().matches("fsimage_\\d+"))
          .max(Comparator.comparing(p -> p.getFileName().toString()))
          .orElseThrow(IllegalStateException::new).toFile();
    }
    File fromImage = new File(work, "image");
    File fromListing = new File(work, "listing");
    MetaBenchRun read = MetaBenchRun.run(new Configuration(), work, "profile", "-outDir",
        fromImage.getPath(), image.getPath());
    assertThat(read.exitCode).as(read.toString()).isZero();
    MetaBenchRun listed = MetaBenchRun.run(new Configuration(), work, "profile", "-outDir",
        fromListing.getPath(), hdfs.uri() + "/");
    assertThat(listed.exitCode).as(listed.toString()).isZero();
    ObjectNode a = (ObjectNode) JSON.readTree(new File(fromImage, "profile.json"));
    ObjectNode b = (ObjectNode) JSON.readTree(new File(fromListing, "profile.json"));
    // Hadoop 2's layout version (3.0's is -64), read by the 3.4 classes.
    assertThat(a.path("source").path("layoutVersion").asInt()).isBetween(-63, -60);
    assertThat(a.path("files").asLong()).isGreaterThanOrEqualTo(6);
    assertThat(a.path("names").path("directoryClasses").path("key=value").asLong())
        .isGreaterThanOrEqualTo(3);
    a.remove("source");
    b.remove("source");
    assertThat(b).isEqualTo(a);
  }

  private ScriptRun script(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(PROJECT, "scripts/meta-bench.sh").getPath());
    cmd.addAll(Arrays.asList(args));
    cmd.addAll(Arrays.asList("-clientWarmup", "1", "-nnbenchLog", ""));
    return ScriptRun.exec(work, captures, null, 5, cmd.toArray(new String[0]));
  }
}
