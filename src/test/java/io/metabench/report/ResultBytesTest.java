package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.metabench.stats.PortableResult;
import io.metabench.stats.Provenance;
import io.metabench.stats.RunResult;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run JSON's {@code resultBytes} hold the whole result: decoded, it writes the very same JSON
 * (every count, histogram, series, failure, setting and the provenance), which is what lets
 * {@code merge} combine processes exactly.
 */
class ResultBytesTest {
  @Test
  void theJsonsResultBytesDecodeToAResultThatWritesTheSameJson() throws Exception {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "40");
    settings.put("fs.s3a.secret.key", "<redacted>");
    RunResult original = ReportFixture.result().withProvenance(new Provenance("0.1.0-test",
        "abc123", "host-a", 8, 16L << 30, "Linux 6.1 amd64", Arrays.asList("-Xmx2g"), settings));
    String json = ReportFixture.write(new JsonFormat(), original);
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(json);
    RunResult decoded = PortableResult.fromBase64(root.get("resultBytes").asText());

    JsonNode again = new ObjectMapper().readTree(ReportFixture.write(new JsonFormat(), decoded));
    assertThat(again).isEqualTo(root);
    assertThat(decoded.config()).isEqualTo(original.config());
    assertThat(decoded.provenance().clientSettings()).isEqualTo(settings);
  }

  @Test
  void aStudysRunsCarryNoResultBytes() throws Exception {
    StringBuilder sb = new StringBuilder();
    com.fasterxml.jackson.core.JsonGenerator w = JsonOutput.generator(sb, false);
    JsonFormat.writeRun(w, ReportFixture.result());
    JsonOutput.finish(w);
    assertThat(new ObjectMapper().readTree(sb.toString()).has("resultBytes")).isFalse();
  }
}
