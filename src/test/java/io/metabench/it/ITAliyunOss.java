package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.testing.MetaBenchRun;
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
 * Aliyun OSS through hadoop-aliyun, as far as it can be tested without an OSS endpoint (none is
 * reachable here and no OSS emulator exists; hadoop-aliyun cannot talk to an S3-compatible
 * server): the shipped template conf/templates/oss-site.xml makes {@code oss://} resolve to the
 * bundled connector, and a run against an endpoint that does not answer is refused in bounded
 * time with one line that names the endpoint.
 */
class ITAliyunOss {
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
}
