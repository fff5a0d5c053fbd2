package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The namespace facts on the local file system (file://) through MetaBench's POSIX client, which
 * can append (Hadoop's checksummed LocalFileSystem cannot: {@link ITLocalFileSystemHadoopClient}).
 */
class ITLocalFileSystem extends NamespaceFactsContract {
  @TempDir
  File root;

  @Override
  Configuration conf() {
    return new Configuration();
  }

  @Override
  FileSystem fs() throws Exception {
    return FileSystem.getLocal(new Configuration());
  }

  @Override
  String baseUri(String name) {
    return new File(root, name).toURI().toString();
  }

  /** Hadoop's local client counts no calls by kind: the result says so, and prints no zeros. */
  @Test
  void theLocalClientCountsNoStoreCallsAndTheResultSaysSo() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,delete", "-threads", "1", "-numFiles", "3",
        "-baseDir", baseUri("store-calls"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("create_write").get("storeCalls").get("available").asBoolean()).isFalse();
    assertThat(r.phase("create_write").get("storeCalls").has("total")).isFalse();
    assertThat(r.stdout).contains("  store calls: file:/// counts none (its client exposes no "
        + "statistics)").doesNotContain("calls/op");
  }
}
