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

  /**
   * A run of a fast operation that gives no count is sized: it runs long enough to show a steady
   * rate. (Its creates are sized, not judged: a 3 s warm-up leaves this disk's creates still
   * speeding up, which their note says; and a local disk deletes 40 to 90 times faster than it
   * creates here, so with creates held to 5 times -sizeFor a delete phase would be short.)
   */
  @Test
  void aRunOfAFastOperationThatGivesNoCountIsSizedToShowASteadyRate() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,stat", "-threads", "1", "-clientWarmup",
        "3", "-baseDir", baseUri("sized"));
    ITNoOpFileSystem.assertSizedAndSteady(r, 1, "stat");
    assertThat(r.phase("create_write").get("successful").asLong())
        .isEqualTo(r.json().get("parameters").get("numberOfFiles").asLong());
  }

  /** A run that goes on with what an earlier run made keeps that run's count: it is not sized. */
  @Test
  void aRunOnWhatAnEarlierRunMadeKeepsItsCountAndIsNotSized() throws Exception {
    String base = baseUri("goes-on");
    MetaBenchRun create = run("-operation", "create_write", "-threads", "1", "-numFiles", "5",
        "-baseDir", base);
    assertThat(create.exitCode).as(create.toString()).isZero();
    MetaBenchRun stat = run("-operation", "stat", "-clientWarmup", "1", "-baseDir", base);
    assertThat(stat.exitCode).as(stat.toString()).isZero();
    assertThat(stat.json().get("parameters").get("numberOfFiles").asLong()).isEqualTo(5);
    assertThat(stat.json().get("parameters").get("sizeForMs").asLong()).isZero();
    assertThat(stat.phase("stat").get("successful").asLong()).isEqualTo(5);
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
