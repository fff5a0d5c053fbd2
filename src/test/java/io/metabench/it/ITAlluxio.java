package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.AlluxioServer;
import io.metabench.testing.ListeningSockets;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The namespace facts on a real Alluxio 2.9 cluster (one master, one worker, in a child JVM on
 * 127.0.0.1, see {@link AlluxioServer}) through {@code alluxio://} and Alluxio's own Hadoop client,
 * {@code alluxio.hadoop.FileSystem}, loaded from its shaded jar as a user adds it. Every phase is
 * a gRPC call to the master (and, for data, to the worker), as on a cluster.
 */
class ITAlluxio extends NamespaceFactsContract {
  private static AlluxioServer server;
  private static ClassLoader client;
  private static FileSystem fs;

  @BeforeAll
  static void startCluster() throws Exception {
    server = AlluxioServer.start(1800);
    client = AlluxioServer.clientLoader();
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (server != null) {
      String pid = server.pid();
      server.close();
      assertThat(new File("/proc/" + pid)).as("the cluster's JVM has exited").doesNotExist();
    }
  }

  @Override
  Configuration conf() {
    Configuration conf = new Configuration();
    conf.setClassLoader(client);
    for (Map.Entry<String, String> e : server.clientSettings().entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }

  @Override
  FileSystem fs() throws Exception {
    if (fs == null) {
      fs = FileSystem.newInstance(URI.create(server.uri("")), conf());
    }
    return fs;
  }

  @Override
  String baseUri(String name) {
    return server.uri("it/" + name);
  }

  /** Alluxio's Hadoop client does not append (Alluxio files are written once). */
  @Override
  boolean supportsAppend() {
    return false;
  }

  /**
   * Alluxio's Hadoop client does not override setTimes, so Hadoop's default, which does nothing,
   * runs.
   */
  @Override
  boolean appliesTimes() {
    return false;
  }

  @Test
  void theClusterListensOnLoopbackOnly() throws Exception {
    java.util.List<ListeningSockets.InetAddressAndPort> sockets =
        ListeningSockets.of(server.pid());
    assertThat(sockets).as(server.output()).isNotEmpty();
    assertThat(sockets).allMatch(s -> s.address.isLoopbackAddress(), "on loopback");
  }

  @Test
  void theRunGoesThroughAlluxiosClientToTheMaster() throws Exception {
    String base = baseUri("through-alluxio");
    MetaBenchRun r = run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-bytesToWrite", "7", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("fileSystem").asText()).isEqualTo(server.uri(""));
    assertThat(fs().getClass().getName()).isEqualTo("alluxio.hadoop.FileSystem");
    // A client of its own sees the files in the master's namespace, with their bytes.
    try (FileSystem other = FileSystem.newInstance(URI.create(server.uri("")), conf())) {
      assertThat(other.getFileStatus(new Path(base + "/data/map_0/thread_1/file_2")).getLen())
          .isEqualTo(7);
    }
  }

  /**
   * What docs/fs/alluxio.md tells a user to do: conf/templates/alluxio-site.xml filled in, the
   * client jar added with META_BENCH_CLASSPATH, scripts/meta-bench.sh (the distribution) run.
   */
  @Test
  void theTemplateAndTheAddedClientJarRunEveryPhaseThroughTheDistribution() throws Exception {
    File project = new File(System.getProperty("metabench.project.dir", "."));
    String master = URI.create(server.uri("")).getAuthority();
    String filled = new String(Files.readAllBytes(new File(project,
        "conf/templates/alluxio-site.xml").toPath()), StandardCharsets.UTF_8)
        .replace("YOUR_MASTER", master.substring(0, master.indexOf(':')))
        .replace("<value>19998</value>", "<value>" + master.substring(master.indexOf(':') + 1)
            + "</value>");
    assertThat(filled).doesNotContain("<value>YOUR_");
    File confDir = new File(scratch, "alluxio-conf");
    assertThat(confDir.mkdir()).isTrue();
    Files.write(new File(confDir, "core-site.xml").toPath(),
        filled.getBytes(StandardCharsets.UTF_8));
    ScriptRun r = ScriptRun.exec(scratch, scratch, Collections.singletonMap("META_BENCH_CLASSPATH",
        System.getProperty(AlluxioServer.CLIENT_JAR_PROPERTY)), 3,
        new File(project, "scripts/meta-bench.sh").getPath(), "-confDir", confDir.getPath(),
        "-operation", "create_write,open_read,stat,rename,delete", "-threads", "2", "-numFiles",
        "5", "-bytesToWrite", "10", "-baseDir", "alluxio:///it/from-template", "-cleanup",
        // the route is under test, not the figures: no client warm-up (up to 30 s a phase);
        // and a bound, should the master stop answering (docs/fs/alluxio.md)
        "-clientWarmup", "0", "-opTimeout", "60s");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String phase : new String[] {"create_write", "open_read", "stat", "rename", "delete"}) {
      assertThat(r.stdout).as(r.toString()).containsPattern("(?m)^" + phase + " +2 +10 +0 ");
    }
    assertThat(fs().exists(new Path(baseUri("from-template")))).isFalse();
  }
}
