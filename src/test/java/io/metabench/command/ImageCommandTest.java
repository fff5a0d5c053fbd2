package io.metabench.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code metabench image}'s refusals, each one line and exit 2 with nothing written: no name
 * directory, no prefill, an option of a run, sized files, a directory that is no NameNode's.
 */
class ImageCommandTest {
  @TempDir
  File dir;
  @TempDir
  File scratch;

  private String refusal(String... args) throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new org.apache.hadoop.conf.Configuration(), scratch, args);
    assertThat(r.exitCode).as(r.stderr).isEqualTo(2);
    assertThat(dir.list()).as("nothing written").isEmpty();
    String said = r.stderr.trim();
    assertThat(said.split("\n")).as(said).hasSize(1);
    return said;
  }

  @Test
  void badInputIsRefusedInOneLine() throws Exception {
    String d = dir.getPath();
    assertThat(refusal("image", "-prefillProfile", "yahoo", "-prefillScale", "0.01"))
        .contains("image needs -nameDir, the stopped NameNode's dfs.namenode.name.dir");
    assertThat(refusal("image", "-nameDir", d)).contains("image writes a prefill: give "
        + "-prefillProfile and -prefillScale (or -prefillFiles)");
    assertThat(refusal("image", "-nameDir", d, "-prefillFiles", "100", "-operation", "stat"))
        .contains("takes its options only: drop -operation");
    assertThat(refusal("image", "-nameDir", d, "-prefillFiles", "100", "-prefillSizes",
        "0:50,4k:50")).contains("image writes empty files (no DataNode holds a block of them): "
        + "drop -prefillSizes");
    assertThat(refusal("image", "-nameDir", d, "-prefillFiles", "100"))
        .contains(d + " is no NameNode name directory (no current/VERSION)");
  }
}
