package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.JuiceFsVolume;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The namespace facts on a real JuiceFS volume through {@code jfs://} and JuiceFS's own Hadoop
 * SDK ({@code io.juicefs:juicefs-hadoop}, its Go client in a native library), loaded from its jar
 * as a user adds it. The volume (SQLite metadata, {@code file} storage) is made as
 * {@code juicefs format} makes it (see {@link JuiceFsVolume}); every phase is a metadata
 * transaction in SQLite and, for data, objects under the bucket directory, as on a deployment
 * with another metadata engine and object store.
 */
class ITJuiceFs extends NamespaceFactsContract {
  private static File dir;
  private static JuiceFsVolume volume;
  private static ClassLoader client;
  private static FileSystem fs;

  @BeforeAll
  static void formatVolume() throws Exception {
    dir = Files.createTempDirectory("metabench-juicefs-").toFile();
    volume = JuiceFsVolume.format(dir, "mbv");
    client = JuiceFsVolume.clientLoader();
  }

  @AfterAll
  static void removeVolume() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (dir != null) {
      FileUtil.fullyDelete(dir);
    }
  }

  @Override
  Configuration conf() {
    Configuration conf = new Configuration();
    conf.setClassLoader(client);
    for (Map.Entry<String, String> e : volume.clientSettings().entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }

  @Override
  FileSystem fs() throws Exception {
    if (fs == null) {
      fs = FileSystem.newInstance(URI.create(volume.uri("")), conf());
    }
    return fs;
  }

  @Override
  String baseUri(String name) {
    return volume.uri("it/" + name);
  }

  /**
   * The SDK appends, but does not declare the capability ({@code fs.capability.paths.append}):
   * MetaBench refuses the phase rather than guess.
   */
  @Override
  boolean supportsAppend() {
    return false;
  }

  private static long objects() throws java.io.IOException {
    File chunks = new File(volume.data(), "chunks");
    if (!chunks.exists()) {
      return 0;
    }
    try (java.util.stream.Stream<java.nio.file.Path> all = Files.walk(chunks.toPath())) {
      return all.filter(Files::isRegularFile).count();
    }
  }

  @Test
  void theRunGoesThroughTheSdkIntoTheVolumesMetadataAndBucket() throws Exception {
    String base = baseUri("through-sdk");
    long objectsBefore = objects();
    MetaBenchRun r = run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-bytesToWrite", "7", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("fileSystem").asText()).isEqualTo("jfs://mbv/");
    assertThat(fs().getClass().getName()).isEqualTo("io.juicefs.JuiceFileSystem");
    // The SDK made the tables a session needs, as after a real format: all fourteen exist.
    List<String> tables = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + volume.meta());
        ResultSet rs = c.createStatement().executeQuery(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'jfs_%'")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    assertThat(tables).containsExactlyInAnyOrder("jfs_setting", "jfs_counter", "jfs_edge",
        "jfs_node", "jfs_symlink", "jfs_xattr", "jfs_chunk", "jfs_chunk_ref", "jfs_delslices",
        "jfs_session2", "jfs_sustained", "jfs_delfile", "jfs_flock", "jfs_plock");
    // The bytes are objects in the bucket (one per file, and MetaBench's own layout record),
    // and a client of its own reads them back.
    assertThat(objects() - objectsBefore).isGreaterThanOrEqualTo(6);
    try (FileSystem other = FileSystem.newInstance(URI.create(volume.uri("")), conf())) {
      Path f = new Path(base + "/data/map_0/thread_1/file_2");
      assertThat(other.getFileStatus(f).getLen()).isEqualTo(7);
    }
  }
}
