package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.S3Server;
import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The namespace facts through S3A ({@code s3a://}, hadoop-aws with the AWS SDK modules the
 * distribution bundles) against a real S3-compatible server: S3Proxy with its in-memory backend
 * on 127.0.0.1, started for this class (see {@link S3Server}). Every phase goes over HTTP as it
 * would to an object store; S3A emulates directories with marker objects and rename with copy and
 * delete.
 */
class ITS3A extends NamespaceFactsContract {
  private static S3Server server;
  private static FileSystem fs;

  @BeforeAll
  static void startServer() throws Exception {
    server = S3Server.start("metabench-it");
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static Configuration s3aConf() {
    Configuration conf = new Configuration();
    for (Map.Entry<String, String> e : server.s3aSettings().entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }

  /** S3A: markers for directories, copy and delete for rename, no permissions, times or append. */
  @Override
  boolean objectStore() {
    return true;
  }

  @Override
  Configuration conf() {
    return s3aConf();
  }

  @Override
  FileSystem fs() throws Exception {
    if (fs == null) {
      fs = FileSystem.newInstance(URI.create(server.uri("")), s3aConf());
    }
    return fs;
  }

  @Override
  String baseUri(String name) {
    return server.uri("it/" + name);
  }

  @Test
  void theRunGoesThroughS3aToTheServer() throws Exception {
    String base = baseUri("through-s3a");
    MetaBenchRun r = run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-bytesToWrite", "7", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("fileSystem").asText()).isEqualTo("s3a://metabench-it/");
    assertThat(r.json().get("embeddedHdfs").asBoolean()).isFalse();
    assertThat(fs()).isInstanceOf(S3AFileSystem.class);
    // The objects are on the server: a client of its own, made from the settings alone, sees
    // them under their keys.
    try (FileSystem other = FileSystem.newInstance(URI.create(server.uri("")), s3aConf())) {
      assertThat(other.getFileStatus(new Path(base + "/data/map_0/thread_1/file_2")).getLen())
          .isEqualTo(7);
    }
  }

  /**
   * conf/templates/s3a-site.xml, filled in as its comment says, is what a user's run starts from:
   * with the test server's address and keys (and the two settings a plain-http, path-style test
   * server needs on top) every phase succeeds.
   */
  @Test
  void theShippedTemplateFilledInRunsEveryFilePhase() throws Exception {
    File template = new File(System.getProperty("metabench.project.dir", "."),
        "conf/templates/s3a-site.xml");
    String filled = new String(Files.readAllBytes(template.toPath()), StandardCharsets.UTF_8)
        .replace("YOUR_ENDPOINT", server.endpoint()).replace("YOUR_REGION", "us-east-1")
        .replace("YOUR_ACCESS_KEY", S3Server.ACCESS_KEY)
        .replace("YOUR_SECRET_KEY", S3Server.SECRET_KEY);
    assertThat(filled).doesNotContain("<value>YOUR_");
    File confDir = new File(scratch, "s3a-conf");
    assertThat(confDir.mkdir()).isTrue();
    Files.write(new File(confDir, "core-site.xml").toPath(),
        filled.getBytes(StandardCharsets.UTF_8));
    String base = baseUri("from-template");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-confDir", confDir.getPath(),
        "-D", "fs.s3a.path.style.access=true", "-D", "fs.s3a.connection.ssl.enabled=false",
        "-D", "fs.s3a.connection.expect.continue=false",
        "-operation", "create_write,open_read,rename,delete", "-threads", "2", "-numFiles", "5",
        "-bytesToWrite", "100", "-readFileAfterOpen", "true", "-baseDir", base, "-cleanup");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("open_read").get("bytes").asLong()).isEqualTo(1000);
    assertThat(fs().exists(new Path(base))).isFalse();
  }

  @Test
  void anUnreachableEndpointIsBadInputWithinTheBound() throws Exception {
    Configuration conf = s3aConf();
    conf.set("fs.s3a.endpoint", "http://127.0.0.1:1");
    long start = System.nanoTime();
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write",
        "-numFiles", "1", "-baseDir", baseUri("unreachable"),
        "-D", "metabench.connect.timeout.seconds=20");
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim())
        .startsWith("metabench: cannot reach s3a://metabench-it/ (fs.s3a.endpoint = "
            + "http://127.0.0.1:1)")
        .doesNotContain("\n");
    assertThat(seconds).isLessThan(25);
    assertThat(r.wroteJson()).isFalse();
  }

  /**
   * The test server must not be reachable from the network: a connection to its port on any
   * other address of this host is refused.
   */
  @Test
  void theServerListensOnLoopbackOnly() throws Exception {
    java.net.InetAddress other = null;
    for (java.net.NetworkInterface nic
        : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
      for (java.net.InetAddress a : java.util.Collections.list(nic.getInetAddresses())) {
        if (!a.isLoopbackAddress() && a instanceof java.net.Inet4Address) {
          other = a;
        }
      }
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "no non-loopback address");
    try (java.net.Socket s = new java.net.Socket()) {
      java.net.InetSocketAddress target = new java.net.InetSocketAddress(other, server.port());
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.connect(target, 2000))
          .isInstanceOf(java.net.ConnectException.class);
    }
  }

  @Test
  void wrongCredentialsAreRefusedWithOneLineAndAStackTraceOnlyWhenVerbose() throws Exception {
    Configuration wrong = conf();
    wrong.set("fs.s3a.secret.key", "not-the-secret");
    String base = baseUri("wrong-keys");
    MetaBenchRun r = MetaBenchRun.run(wrong, scratch, "-operation", "create_write",
        "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim().split("\n")).hasSize(1);
    assertThat(r.stderr).startsWith("metabench: permission denied at " + base)
        .contains("check the credentials");
    assertThat(r.stdout).isEmpty();
    assertThat(fs().exists(new org.apache.hadoop.fs.Path(base))).isFalse();

    MetaBenchRun verbose = MetaBenchRun.run(wrong, scratch, "-operation", "create_write",
        "-baseDir", base, "-verbose");
    assertThat(verbose.exitCode).isEqualTo(2);
    assertThat(verbose.stderr).startsWith("metabench: permission denied at ")
        .contains("AccessDeniedException").contains("\tat org.apache.hadoop.fs.s3a.");
  }

  /**
   * Every result records the client settings that shaped it (issue: provenance), but never a
   * credential: the keys S3A signs with appear nowhere in what the run writes or prints.
   */
  @Test
  void provenanceRecordsTheSettingsButNeverTheKeys() throws Exception {
    MetaBenchRun r = run("-D", "fs.s3a.connection.maximum=77", "-operation",
        "create_write,delete", "-threads", "1", "-numFiles", "2", "-baseDir",
        baseUri("provenance"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode provenance = r.json().get("provenance");
    JsonNode settings = provenance.get("clientSettings");
    assertThat(settings.get("fs.s3a.connection.maximum").asText()).isEqualTo("77");
    assertThat(settings.get("fs.s3a.endpoint").asText()).isEqualTo(server.endpoint());
    assertThat(settings.get("fs.s3a.secret.key").asText()).isEqualTo("<redacted>");
    assertThat(settings.get("fs.s3a.access.key").asText()).isEqualTo("<redacted>");
    assertThat(provenance.get("host").get("cores").asInt()).isPositive();
    assertThat(provenance.get("buildCommit").asText()).isNotEmpty();
    String everything = new String(Files.readAllBytes(r.jsonFile().toPath()),
        StandardCharsets.UTF_8) + r.stdout + r.stderr;
    assertThat(everything).doesNotContain(S3Server.SECRET_KEY)
        .doesNotContain(S3Server.ACCESS_KEY);
  }

  /**
   * S3A's own request counts (per client, summed over the workers' clients): a rename of one
   * small object is 3 HEAD + 1 LIST + 1 COPY + 1 DELETE, as docs/fs/s3a.md counted by hand.
   */
  @Test
  void storeCallsAreS3aRequestsByVerb() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,rename,delete", "-threads", "2",
        "-numFiles", "4", "-bytesToWrite", "10", "-baseDir", baseUri("store-calls"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode rename = r.phase("rename").get("storeCalls");
    assertThat(rename.get("sources").asText()).contains("S3AFileSystem");
    assertThat(rename.get("total").asLong()).isEqualTo(48);
    assertThat(rename.get("byType").get("object_metadata_request").asLong()).isEqualTo(24);
    assertThat(rename.get("byType").get("object_copy_requests").asLong()).isEqualTo(8);
    assertThat(rename.get("byType").get("object_delete_request").asLong()).isEqualTo(8);
    assertThat(rename.get("byType").get("object_list_request").asLong()).isEqualTo(8);
    assertThat(r.stdout).contains("store calls, rename: 6.00 requests/op");
  }
}
