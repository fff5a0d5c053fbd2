package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.S3Server;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The object-store connectors as the standalone distribution ships them: its lib/ carries S3A and
 * Hadoop's OSS connector without the AWS SDK's bundle jar, and scripts/meta-bench.sh, on that
 * lib/ alone, runs every phase through s3a:// against a real S3 server.
 */
class ITDistributionConnectors {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final File DIST = new File(System.getProperty("metabench.dist.dir", ""));

  @TempDir
  File work;

  @Test
  void libCarriesS3aAndOssButNotTheAwsSdkBundle() {
    List<String> jars = Arrays.asList(new File(DIST, "lib").list());
    for (String prefix : new String[] {"hadoop-aws-", "hadoop-aliyun-", "aliyun-sdk-oss-", "s3-2.",
        "s3-transfer-manager-", "sts-", "apache-client-", "netty-nio-client-"}) {
      assertThat(jars).as(prefix).anyMatch(j -> j.startsWith(prefix));
    }
    // The SDK's everything-jar (641 MB) and the JaCoCo agent aliyun-java-sdk-core declares.
    assertThat(jars).noneMatch(j -> j.startsWith("bundle-")).noneMatch(j -> j.contains("jacoco"));
    long bytes = 0;
    for (File f : new File(DIST, "lib").listFiles()) {
      bytes += f.length();
    }
    assertThat(bytes).as("lib/ size").isLessThan(150L * 1024 * 1024);
    for (String t : new String[] {"s3a", "oss", "juicefs", "alluxio", "curvine", "jindo",
        "glusterfs"}) {
      assertThat(new File(DIST, "conf/templates/" + t + "-site.xml")).isFile();
    }
    assertThat(new File(DIST, "docs/filesystems.md")).isFile();
  }

  /** Without a client warm-up: S3A's takes a minute here and is ITS3A's to test, not this one's. */
  @Test
  void theScriptRunsEveryPhaseThroughS3aOnTheDistributionsLib() throws Exception {
    try (S3Server server = S3Server.start("dist-bucket")) {
      File conf = new File(work, "s3a-conf");
      assertThat(conf.mkdir()).isTrue();
      server.writeSiteXml(new File(conf, "core-site.xml"));
      Process p = new ProcessBuilder(new File(PROJECT, "scripts/meta-bench.sh").getPath(),
          "-confDir", conf.getPath(), "-operation", "all", "-threads", "2", "-numFiles", "5",
          "-baseDir", server.uri("dist"), "-cleanup", "-clientWarmup", "0")
          .directory(work).redirectOutput(new File(work, "out.txt"))
          .redirectError(new File(work, "err.txt")).start();
      if (!p.waitFor(3, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new AssertionError("timed out");
      }
      String out = read(new File(work, "out.txt"));
      String all = "exit " + p.exitValue() + "\n" + out + "\n" + read(new File(work, "err.txt"));
      assertThat(p.exitValue()).as(all).isZero();
      assertThat(out).contains("on s3a://dist-bucket/");
      for (String phase : new String[] {"create_write", "open_read", "rename", "delete", "mkdirs",
          "rmdir"}) {
        assertThat(out).as(all).containsPattern("(?m)^" + phase + " +2 +10 +0 ");
      }
    }
  }

  private static String read(File f) throws IOException {
    return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
  }
}
