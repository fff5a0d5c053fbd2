package io.metabench.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -dryRun} says what would run and touches nothing; a run names its workload. */
class DryRunTest {
  @TempDir
  File scratch;

  @Test
  void aDryRunOfAWorkloadSaysWhatItWouldRunAndTouchesNothing() throws Exception {
    File base = new File(scratch, "base");
    File json = new File(scratch, "r.json");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-workload",
        "nnbench-classic", "-threads", "4", "-baseDir", base.toURI().toString(), "-dryRun",
        "-jsonOut", json.getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).startsWith("Dry run: nothing is run, touched or written.\n"
        + "workload: nnbench-classic\n"
        + "phases: create_write, then open_read, then rename, then delete, then cleanup\n"
        + "each phase: 4 workers x 1000 items\n")
        .contains("options in effect: -operation create_write,open_read,rename,delete "
            + "-numberOfFiles 1000 -threads 4 -bytesToWrite 0 -replicationFactorPerFile 1 ");
    assertThat(base).doesNotExist();
    assertThat(json).doesNotExist();
    assertThat(scratch.list()).isEmpty();
  }

  @Test
  void aDryRunChecksItsInputAsARunDoes() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "stat",
        "-warmup", "3", "-dryRun");
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stdout).doesNotContain("Dry run");
  }

  @Test
  void aRunNamesItsWorkloadInItsHeaderAndParameters() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-workload",
        "nnbench-classic", "-numberOfFiles", "3", "-baseDir",
        new File(scratch, "b").toURI().toString());
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout.split("\n")[0]).endsWith(", workload nnbench-classic");
    assertThat(r.json().get("parameters").get("workload").asText()).isEqualTo("nnbench-classic");
  }
}
