package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.fs.EmbeddedHdfs;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With no file system named, MetaBench runs on an HDFS it starts in-process and stops after. */
class ITEmbeddedHdfs {
  private static final String DELAY_KEY =
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";

  @TempDir
  File scratch;

  @Test
  void everyPhaseRunsOnTheEmbeddedHdfs() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "all",
        "-threads", "2", "-numFiles", "20", "-bytesToWrite", "10", "-readFileAfterOpen");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode json = r.json();
    assertThat(json.get("embeddedHdfs").asBoolean()).isTrue();
    assertThat(json.get("fileSystem").asText()).startsWith("hdfs://");
    assertThat(json.get("phases")).hasSize(6);
    for (JsonNode phase : json.get("phases")) {
      assertThat(phase.get("successful").asLong()).as(phase.toString()).isEqualTo(40);
      assertThat(phase.get("tps").asDouble()).isPositive();
    }
    assertThat(r.stdout).contains("(embedded HDFS)");
    // The embedded NameNode's view, found without being named: its own HTTP address, its RPC
    // times in microseconds (read from its /conf).
    JsonNode server = json.get("server");
    assertThat(server.get("source").asText()).as(server.toString())
        .matches("NameNode http://(localhost|127\\.0\\.0\\.1):\\d+/jmx, RPC port \\d+, times in "
            + "microseconds, shown in ms");
    assertThat(server.get("problem").asText()).as(server.toString()).isEmpty();
    assertThat(server.get("samples").asInt()).isPositive();
  }

  @Test
  void aPhaseThatNeedsAnEarlierOneSaysTheEmbeddedHdfsLastsOneRun() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "open_read");
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("run create_write first").contains("lasts one run");
  }

  @Test
  void theEmbeddedClientDoesNotWaitHadoopsDefault400MsPerBlockCompletion() {
    Configuration conf = new Configuration();
    EmbeddedHdfs.configureClient(conf);
    assertThat(conf.getLong(DELAY_KEY, -1)).isEqualTo(10);

    Configuration user = new Configuration();
    user.setLong(DELAY_KEY, 400);
    EmbeddedHdfs.configureClient(user);
    assertThat(user.getLong(DELAY_KEY, -1)).isEqualTo(400);
  }

  /**
   * -embeddedHa -failoverAfter: the embedded HDFS is an HA nameservice, the active NameNode fails
   * over to the other 3 s after the first measured phase began (in stat, after a short
   * create_write), every operation is counted, and the
   * NameNode view names the failover.
   */
  @Test
  void anEmbeddedHaNameserviceFailsOverWhenAskedAndTheViewNamesIt() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-embeddedHa",
        "-failoverAfter", "3", "-operation", "create_write,stat", "-numberOfFiles", "50",
        "-threads", "2", "-duration", "7", "-D", "metabench.namenode.jmx=");
    System.out.println("=== ITEmbeddedHdfs: -embeddedHa -failoverAfter 3\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("MetaBench 0.1.0").contains("on hdfs://embedded-ha (embedded HDFS)")
        .containsPattern("NameNodes, stat: calls served[^\\n]*; a failover: nn2 became active "
            + "between [0-9.]+ s and [0-9.]+ s into the phase")
        .contains("NameNode view: NameNodes of embedded-ha (nn1 active, nn2 standby when "
            + "reading began)");
    assertThat(r.phase("stat").get("failed").asLong()).isZero();
    assertThat(r.json().path("parameters").path("embeddedHa").asBoolean()).isTrue();
    assertThat(r.json().path("parameters").path("failoverAfterMs").asLong()).isEqualTo(3000);
  }
}
