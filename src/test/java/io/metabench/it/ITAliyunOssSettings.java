package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.S3Server;
import io.metabench.testing.oss.OssServer;
import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.hadoop.fs.aliyun.oss.AliyunOSSFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aliyun OSS's settings and bad input: the shipped template conf/templates/oss-site.xml makes
 * {@code oss://} resolve to the bundled connector (hadoop-aliyun registers no scheme), and a run
 * against an endpoint that does not answer is refused in bounded time with one line that names
 * the endpoint. The runs themselves are {@link ITAliyunOss}'s.
 */
class ITAliyunOssSettings {
  private static final File TEMPLATE = new File(
      System.getProperty("metabench.project.dir", "."), "conf/templates/oss-site.xml");

  @TempDir
  File scratch;

  private static String template() throws Exception {
    return new String(Files.readAllBytes(TEMPLATE.toPath()), StandardCharsets.UTF_8);
  }

  private static Configuration withTemplate() {
    Configuration conf = new Configuration();
    conf.addResource(new Path(TEMPLATE.toURI()));
    return conf;
  }

  @Test
  void theOssSchemeNeedsTheTemplatesImplSetting() {
    // hadoop-aliyun registers no scheme: without fs.oss.impl, oss:// is unknown to Hadoop.
    assertThatThrownBy(() -> FileSystem.getFileSystemClass("oss", new Configuration()))
        .isInstanceOf(UnsupportedFileSystemException.class);
  }

  @Test
  void theTemplateResolvesOssToTheBundledConnectorWhichStartsWithItsSettings() throws Exception {
    Configuration conf = withTemplate();
    assertThat(FileSystem.getFileSystemClass("oss", conf)).isEqualTo(AliyunOSSFileSystem.class);
    assertThat(conf.get("fs.oss.endpoint")).isEqualTo("YOUR_ENDPOINT");
    // Initialising the client sends nothing (the template sets no bucket ACL), so any valid
    // endpoint name will do, and the placeholder credentials too; a missing credential setting
    // would fail here.
    conf.set("fs.oss.endpoint", "oss-cn-hangzhou-internal.aliyuncs.com");
    try (FileSystem fs = FileSystem.newInstance(URI.create("oss://metabench-test/"), conf)) {
      assertThat(fs).isInstanceOf(AliyunOSSFileSystem.class);
      assertThat(fs.getUri()).isEqualTo(URI.create("oss://metabench-test"));
    }
  }

  @Test
  void anUnfilledTemplateIsRefusedNamingThePlaceholder() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-conf", TEMPLATE.getPath(),
        "-operation", "create_write", "-numFiles", "1", "-baseDir", "oss://metabench-test/bench");
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim()).doesNotContain("\n")
        .startsWith("metabench: cannot reach oss://metabench-test/ "
            + "(fs.oss.endpoint = YOUR_ENDPOINT): IllegalArgumentException");
  }

  @Test
  void aBadEndpointIsRefusedWithinTheBoundInOneLineNamingIt() throws Exception {
    String filled = template().replace("YOUR_ENDPOINT", "http://127.0.0.1:1")
        .replace("YOUR_ACCESS_KEY_ID", "test-id").replace("YOUR_ACCESS_KEY_SECRET", "test-secret")
        .replaceFirst("(<name>fs\\.oss\\.connection\\.secure\\.enabled</name>\\s*<value>)true",
            "$1false");
    File confDir = new File(scratch, "oss-conf");
    assertThat(confDir.mkdir()).isTrue();
    Files.write(new File(confDir, "core-site.xml").toPath(),
        filled.getBytes(StandardCharsets.UTF_8));

    long start = System.nanoTime();
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-confDir",
        confDir.getPath(), "-operation", "create_write", "-numFiles", "1",
        "-baseDir", "oss://metabench-test/bench", "-D", "metabench.connect.timeout.seconds=8");
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim()).doesNotContain("\n")
        .startsWith("metabench: cannot reach oss://metabench-test/ "
            + "(fs.oss.endpoint = http://127.0.0.1:1)");
    assertThat(seconds).isLessThan(8 + 5);
    assertThat(r.stdout).isEmpty();
    assertThat(r.wroteJson()).isFalse();
  }

  /** A web server on loopback that answers every request with {@code status} and a page. */
  private static String web(int status) throws java.io.IOException {
    com.sun.net.httpserver.HttpServer http = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    http.createContext("/", x -> {
      byte[] page = "<html><body>It works!</body></html>".getBytes(StandardCharsets.UTF_8);
      x.getResponseHeaders().set("Content-Type", "text/html");
      x.getResponseHeaders().set("Server", "Apache/2.4.57 (Debian)");
      x.sendResponseHeaders(status, "HEAD".equals(x.getRequestMethod()) ? -1 : page.length);
      if (!"HEAD".equals(x.getRequestMethod())) {
        x.getResponseBody().write(page);
      }
      x.close();
    });
    http.start();
    return "127.0.0.1:" + http.getAddress().getPort();
  }

  /** What a run against {@code endpoint} with {@code secret} says, in one line. */
  private MetaBenchRun badRun(String endpoint, String bucket, String secret) throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.oss.impl", AliyunOSSFileSystem.class.getName());
    conf.set("fs.oss.endpoint", endpoint);
    conf.set("fs.oss.accessKeyId", OssServer.ACCESS_KEY_ID);
    conf.set("fs.oss.accessKeySecret", secret);
    conf.set("fs.oss.connection.secure.enabled", "false");
    conf.set("fs.oss.attempts.maximum", "1");
    return MetaBenchRun.run(conf, scratch, "-operation", "create_write", "-numFiles", "1",
        "-baseDir", "oss://" + bucket + "/bench", "-D", "metabench.connect.timeout.seconds=8");
  }

  /**
   * Each bad setting is named in one line, exit code 2, nothing made: credentials OSS refuses, a
   * bucket it does not have (both against the OSS test server), and an endpoint that is not OSS
   * at all: an S3 server (S3Proxy), a web server that answers 404, one that answers 200 to
   * everything (hadoop-aliyun then fails on a page with no object headers).
   */
  @Test
  void wrongCredentialsABucketThatDoesNotExistAndAServerThatIsNotOssAreEachNamed()
      throws Exception {
    try (OssServer oss = OssServer.start("metabench-bad");
        S3Server s3 = S3Server.start("metabench-bad")) {
      String secret = OssServer.ACCESS_KEY_SECRET;
      assertOneLine(badRun(oss.endpoint(), "metabench-bad", "not-the-secret"),
          "metabench: OSS refused the credentials at oss://metabench-bad/ (fs.oss.endpoint = "
              + oss.endpoint() + ") (SignatureDoesNotMatch: ",
          "check fs.oss.accessKeyId and fs.oss.accessKeySecret (nothing was changed)");
      assertOneLine(badRun(oss.endpoint(), "metabench-none", secret),
          "metabench: no bucket metabench-none at oss://metabench-none/",
          "(NoSuchBucket: The specified bucket does not exist.): create it, or name an existing "
              + "bucket in -baseDir");
      String s3Endpoint = s3.endpoint().replace("http://", "");
      assertOneLine(badRun(s3Endpoint, "metabench-bad", secret),
          "metabench: oss://metabench-bad/ (fs.oss.endpoint = " + s3Endpoint + ") does not "
              + "answer as OSS (its answer to GET / was HTTP 403 without x-oss-request-id)",
          "check fs.oss.endpoint");
      for (int status : new int[] {404, 200}) {
        assertOneLine(badRun(web(status), "metabench-bad", secret), "metabench: oss://",
            "does not answer as OSS (its answer to GET / was HTTP " + status + " without "
                + "x-oss-request-id, from Server: Apache/2.4.57 (Debian)): check fs.oss.endpoint");
      }
      assertThat(oss.keys("metabench-bad")).isEmpty();
    }
  }

  private static void assertOneLine(MetaBenchRun r, String start, String part) throws Exception {
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim()).doesNotContain("\n").startsWith(start).contains(part);
    assertThat(r.stdout).isEmpty();
    assertThat(r.wroteJson()).isFalse();
  }
}
