package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class JsonFormatTest {

  private static String render(RunResult r) throws Exception {
    return ReportFixture.write(new JsonFormat(), r);
  }

  private static JsonNode parse(String json) throws Exception {
    return new ObjectMapper().readTree(json);
  }

  @Test
  void matchesTheGoldenFileInEveryLocale() throws Exception {
    RunResult r = ReportFixture.result();
    for (Locale locale : ReportFixture.LOCALES) {
      String out = ReportFixture.withDefaults(locale, () -> render(r));
      ReportFixture.assertGolden("result.json", out, JsonFormatTest::maskHistograms);
    }
  }

  /**
   * The histogram's bytes come from java.util.zip's Deflater, whose output may differ between zlib
   * builds (zlib-ng, for one) while meaning the same; the golden file keeps real values, the
   * comparison leaves them out, and {@link #latencyHistogramDecodesToTheInputHistogram} checks
   * what they hold.
   */
  static String maskHistograms(String json) {
    return json.replaceAll("(\"latencyHistogram\": \")[A-Za-z0-9+/=]+\"", "$1...\"");
  }

  @Test
  void isValidJsonWithTheRunsFigures() throws Exception {
    RunResult r = ReportFixture.result();
    JsonNode root = parse(render(r));
    assertThat(root.get("schemaVersion").asInt()).isEqualTo(RunResult.SCHEMA_VERSION);
    assertThat(root.get("tool").asText()).isEqualTo("MetaBench");
    assertThat(root.get("toolVersion").asText()).isEqualTo("0.1.0-test");
    assertThat(root.get("hadoopVersion").asText()).isEqualTo("3.4.3");
    assertThat(root.get("startedAt").asText()).isEqualTo("2023-11-14T22:13:20.123Z");
    assertThat(root.get("fileSystem").asText()).isEqualTo("hdfs://nn.example:8020");
    assertThat(root.get("embeddedHdfs").isBoolean()).isTrue();
    assertThat(root.get("clientMode").asText()).isEqualTo("per-worker");
    assertThat(root.get("exitCode").asInt()).isEqualTo(1);

    // every parameter, numbers and booleans typed as such
    JsonNode params = root.get("parameters");
    Map<String, Object> expected = r.config().parameters();
    assertThat(params.size()).isEqualTo(expected.size());
    Iterator<String> names = params.fieldNames();
    for (String name : expected.keySet()) {
      assertThat(names.next()).isEqualTo(name);
    }
    assertThat(params.get("numberOfFiles").isIntegralNumber()).isTrue();
    assertThat(params.get("numberOfFiles").asLong()).isEqualTo(250);
    assertThat(params.get("readFileAfterOpen").isBoolean()).isTrue();
    assertThat(params.get("readFileAfterOpen").asBoolean()).isTrue();
    assertThat(params.get("operation").asText()).isEqualTo("create_write,open_read,rename");

    JsonNode phases = root.get("phases");
    assertThat(phases.size()).isEqualTo(3);
    JsonNode cw = phases.get(0);
    assertThat(cw.get("operation").asText()).isEqualTo("create_write");
    assertThat(cw.get("startedAt").asText()).isEqualTo("2023-11-14T22:13:21.234Z");
    assertThat(cw.get("successful").asLong()).isEqualTo(1000);
    assertThat(cw.get("elapsedSeconds").asDouble()).isEqualTo(2.5);
    assertThat(cw.get("tps").asDouble()).isEqualTo(400.0);
    assertThat(cw.get("bytesPerSecond").asDouble()).isEqualTo(409_600.0);
    assertThat(cw.get("partsMs").get("firstTotal").asDouble()).isEqualTo(1500.0);
    assertThat(cw.get("partsMs").get("secondTotal").asDouble()).isEqualTo(600.0);
    assertThat(cw.get("workerBusyMs").asDouble()).isEqualTo(9600.0);
    // p50 is in the 1 ms bucket, p90 in the 2 ms one, max is the 250 ms operation
    assertThat(cw.get("latencyMs").get("p50").asDouble()).isBetween(1.0, 1.001);
    assertThat(cw.get("latencyMs").get("p90").asDouble()).isBetween(2.0, 2.002);
    assertThat(cw.get("latencyMs").get("max").asDouble()).isBetween(250.0, 250.25);

    JsonNode or = phases.get(1);
    assertThat(or.get("failed").asLong()).isEqualTo(10);
    assertThat(or.get("retries").asLong()).isEqualTo(12);
    assertThat(or.get("lateWorkers").asInt()).isEqualTo(1);
    assertThat(or.get("failures").get("FileNotFoundException").get("count").asLong())
        .isEqualTo(7);
    // quotes, backslash, newline and tab survive the escaping
    assertThat(or.get("failures").get("IOException").get("example").asText())
        .isEqualTo("Connection reset by peer\nat \"dn-3\" \\ port\t9866");
    assertThat(or.get("retriesByCause").get("IOException").get("count").asLong()).isEqualTo(12);

    JsonNode rn = phases.get(2);
    assertThat(rn.get("successful").asLong()).isZero();
    assertThat(rn.get("tps").asDouble()).isZero();
    assertThat(rn.get("latencyMs").get("mean").isNumber()).isTrue();
    assertThat(rn.get("failures").get("returned false").get("count").asLong()).isEqualTo(1000);

    assertThat(root.get("cleanupFailures").get("AccessControlException").get("count").asLong())
        .isEqualTo(2);
  }

  @Test
  void latencyHistogramDecodesToTheInputHistogram() throws Exception {
    RunResult r = ReportFixture.result();
    JsonNode phases = parse(render(r)).get("phases");
    for (int i = 0; i < r.phases().size(); i++) {
      PhaseResult p = r.phases().get(i);
      byte[] bytes = Base64.getDecoder().decode(phases.get(i).get("latencyHistogram").asText());
      Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      assertThat(decoded.getTotalCount()).as(p.op().id()).isEqualTo(p.latency().getTotalCount());
      assertThat(decoded.getMaxValue()).as(p.op().id()).isEqualTo(p.latency().getMaxValue());
      assertThat(decoded.getValueAtPercentile(99)).isEqualTo(p.latency().getValueAtPercentile(99));
      assertThat(decoded).isEqualTo(p.latency());
    }
    assertThat(r.phases().get(0).latency().getTotalCount()).isEqualTo(1000);
    assertThat(r.phases().get(2).latency().getTotalCount()).isZero();
  }

  @Test
  void nonFiniteNumbersBecomeNullAndTheLayoutIsKept() throws Exception {
    StringBuilder sb = new StringBuilder();
    JsonGenerator w = JsonOutput.generator(sb, false);
    w.writeStartObject();
    JsonOutput.number(w, "nan", Double.NaN, 3);
    JsonOutput.number(w, "inf", Double.POSITIVE_INFINITY, 3);
    JsonOutput.number(w, "x", 1.5, 2);
    w.writeStringField("ctl", "\u0001\u001b\b\f");
    w.writeArrayFieldStart("empty");
    w.writeEndArray();
    w.writeObjectFieldStart("none");
    w.writeEndObject();
    w.writeArrayFieldStart("list");
    w.writeNumber(1);
    w.writeString("<a&b>");
    w.writeEndArray();
    w.writeEndObject();
    JsonOutput.finish(w);
    assertThat(sb.toString()).isEqualTo("{\n"
        + "  \"nan\": null,\n"
        + "  \"inf\": null,\n"
        + "  \"x\": 1.50,\n"
        + "  \"ctl\": \"\\u0001\\u001b\\u0008\\u000c\",\n"
        + "  \"empty\": [],\n"
        + "  \"none\": {},\n"
        + "  \"list\": [\n"
        + "    1,\n"
        + "    \"<a&b>\"\n"
        + "  ]\n"
        + "}\n");
    JsonNode n = parse(sb.toString());
    assertThat(n.get("nan").isNull()).isTrue();
    assertThat(n.get("inf").isNull()).isTrue();
    assertThat(n.get("x").asText()).isEqualTo("1.5");
    assertThat(n.get("ctl").asText()).isEqualTo("\u0001\u001b\b\f");
    assertThat(n.get("empty").size()).isZero();
  }

  @Test
  void htmlSafeJsonCannotCloseAScriptElement() throws Exception {
    StringBuilder sb = new StringBuilder();
    JsonGenerator w = JsonOutput.generator(sb, true);
    w.writeStartObject();
    w.writeStringField("s", "</script><!-- & -->");
    w.writeEndObject();
    JsonOutput.finish(w);
    assertThat(sb.toString()).doesNotContain("<").doesNotContain(">").doesNotContain("&")
        .contains("\\u003c/script\\u003e");
    assertThat(parse(sb.toString()).get("s").asText()).isEqualTo("</script><!-- & -->");
  }
}
