package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * noop:// (the do-nothing file system for measuring MetaBench's own cost) is found by its scheme
 * alone and carries every phase through the whole harness.
 */
class ITNoOpFileSystem {
  @TempDir
  File scratch;

  @Test
  void everyPhaseRunsOnNoopWithoutConfiguration() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "all",
        "-threads", "3", "-numFiles", "5000", "-filesPerDir", "1000", "-bytesToWrite", "100",
        "-readFileAfterOpen", "-baseDir", "noop:///harness");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("phases")).hasSize(6);
    for (JsonNode phase : r.json().get("phases")) {
      assertThat(phase.get("successful").asLong()).as(phase.toString()).isEqualTo(15_000);
    }
    assertThat(r.phase("create_write").get("bytes").asLong()).isEqualTo(1_500_000);
    // Nothing is stored, so every file reads as empty.
    assertThat(r.phase("open_read").get("bytes").asLong()).isZero();
  }
}
