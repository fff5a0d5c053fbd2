package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.report.chart.ChartRenderer;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report around the charts, with a fixed {@link ChartRenderer}. The page is compared with
 * src/test/resources/golden/report.html in every locale of {@link ReportFixture#LOCALES} (German
 * decimal commas, Arabic-Indic and Thai digits among them). To regenerate the golden file after an
 * intended change, run
 *
 * <pre>
 * mvn -o -q test -Dtest=HtmlReportTest -Dmetabench.golden.update=true
 * </pre>
 *
 * and review the diff. The report with the real charts is checked in
 * {@code io.metabench.report.chart.HtmlReportChartsTest}.
 */
class HtmlReportTest {

  /** Two fixed "charts"; the second's clip path shares its id with the first's. */
  static final ChartRenderer FAKE_CHARTS = summary -> Arrays.asList(
      new ChartRenderer.Figure("create_write: mean TPS vs threads",
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"50\">"
              + "<defs><clipPath id=\"clip1\"><rect width=\"80\" height=\"50\"/></clipPath>"
              + "</defs><rect clip-path=\"url(#clip1)\" width=\"80\" height=\"50\"/></svg>"),
      new ChartRenderer.Figure("latency of " + SummaryFixture.ODD,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"80\" height=\"50\">"
              + "<defs><clipPath id=\"clip1\"><rect width=\"40\" height=\"50\"/></clipPath>"
              + "</defs><rect clip-path=\"url(#clip1)\" width=\"80\" height=\"50\"/></svg>"));

  static String html(StudySummary s, Map<String, String> metadata, ChartRenderer charts)
      throws IOException {
    StringWriter out = new StringWriter();
    HtmlReport.write(s, metadata, charts, out);
    return out.toString();
  }

  private static String fixtureHtml() throws IOException {
    return html(SummaryFixture.summary(), SummaryFixture.metadata(), FAKE_CHARTS);
  }

  @Test
  void matchesTheGoldenFileInEveryLocale() throws Exception {
    for (Locale locale : ReportFixture.LOCALES) {
      String out = ReportFixture.withDefaults(locale, HtmlReportTest::fixtureHtml);
      ReportFixture.assertGolden("report.html", out);
    }
  }

  @Test
  void everyStringFromTheDataIsEscaped() throws Exception {
    String out = fixtureHtml();
    assertThat(out).doesNotContain("a<b").doesNotContain("&\"c")
        .doesNotContain("x=1&y=2");
    assertThat(out).contains("<th colspan=\"5\">a&lt;b&amp;&quot;c&quot;</th>")
        .contains("<title>MetaBench study: embedded-hdfs vs a&lt;b&amp;&quot;c&quot;</title>")
        .contains("<td>file:///tmp/metabench?x=1&amp;y=2</td>")
        .contains("<dd>meta-bench.sh study -target &#39;a&lt;b&amp;&quot;c&quot;=file:///tmp/"
            + "metabench?x=1&amp;y=2&#39; -threads 1,4,16</dd>")
        .contains("<figcaption>latency of a&lt;b&amp;&quot;c&quot;</figcaption>");
  }

  @Test
  void tablesShowTpsStddevRatioP99AndFailuresPerTarget() throws Exception {
    String out = fixtureHtml();
    // create_write at 1 thread: baseline 100 TPS, ODD 73 TPS: 0.73x
    assertThat(row(out, "create_write", 1)).isEqualTo("<tr><th>1</th>"
        + "<td class=\"num\">100.0</td><td class=\"num\">± 5.0</td>"
        + "<td class=\"num\">1.00x</td><td class=\"num\">28.500</td><td class=\"num\">0</td>"
        + "<td class=\"num\">73.0</td><td class=\"num\">± 1.5</td>"
        + "<td class=\"num\">0.73x</td><td class=\"num\">39.000</td><td class=\"num\">0</td>"
        + "</tr>");
    // failures stand out; the all-failed row has no latency, shown as "-", not 0
    assertThat(row(out, "create_write", 16)).contains("<td class=\"num fail\">2</td>");
    assertThat(row(out, "open_read", 4)).contains("<td class=\"num\">0.0</td>"
        + "<td class=\"num\">± 0.0</td><td class=\"num\">0.00x</td><td class=\"num\">-</td>"
        + "<td class=\"num fail\">1200</td>");
    // a combination that did not run
    assertThat(row(out, "open_read", 16))
        .endsWith("<td colspan=\"5\" class=\"missing\">not run</td></tr>");
  }

  @Test
  void eachTargetsKneeIsMarkedInItsRow() throws Exception {
    String out = fixtureHtml();
    String knee = "<span class=\"knee\">knee</span></td>";
    assertThat(row(out, "create_write", 4)).contains("<td class=\"num knee\">350.3" + knee)
        .containsOnlyOnce(knee);
    assertThat(row(out, "create_write", 16)).contains("<td class=\"num knee\">410.0" + knee)
        .containsOnlyOnce(knee);
    assertThat(row(out, "create_write", 1)).doesNotContain("knee");
    assertThat(row(out, "open_read", 1)).contains("<td class=\"num knee\">800.0" + knee);
    assertThat(row(out, "open_read", 16)).contains("<td class=\"num knee\">1800.0" + knee);
  }

  @Test
  void chartsAreInlinedWithTheirIdsMadeUniqueInThePage() throws Exception {
    String out = fixtureHtml();
    assertThat(count(out, "<svg")).isEqualTo(2);
    assertThat(out).contains("<clipPath id=\"c1-clip1\">").contains("url(#c1-clip1)")
        .contains("<clipPath id=\"c2-clip1\">").contains("url(#c2-clip1)")
        .doesNotContain("id=\"clip1\"");
  }

  @Test
  void theDataIsInlineJsonWithTheStudyFilesSummaryRowsAndNullForNaN() throws Exception {
    String out = fixtureHtml();
    Matcher m = Pattern.compile("<script type=\"application/json\" id=\"metabench-data\">"
        + "(.*?)</script>", Pattern.DOTALL).matcher(out);
    assertThat(m.find()).isTrue();
    String json = m.group(1);
    assertThat(json).doesNotContain("<").doesNotContain(">").doesNotContain("&");
    JsonNode data = new ObjectMapper().readTree(json);
    assertThat(data.get("metadata").get("command").asText())
        .isEqualTo(SummaryFixture.metadata().get("command"));
    assertThat(data.get("targets").get(1).asText()).isEqualTo(SummaryFixture.ODD);
    assertThat(data.get("threads").toString()).isEqualTo("[1,4,16]");
    JsonNode rows = data.get("summary");
    assertThat(rows).hasSize(SummaryFixture.rows().size());
    // One writer for a summary row: the page's rows are the study file's, field for field.
    StringWriter file = new StringWriter();
    JsonGenerator g = JsonOutput.generator(file, false);
    g.writeStartArray();
    for (SummaryRow r : SummaryFixture.rows()) {
      StudyJsonFormat.writeSummaryRow(g, r);
    }
    g.writeEndArray();
    JsonOutput.finish(g);
    assertThat(rows).isEqualTo(new ObjectMapper().readTree(file.toString()));
    JsonNode first = rows.get(0);
    assertThat(first.get("tpsMean").asDouble()).isEqualTo(100.0);
    assertThat(first.get("latencyMs").get("p99").asDouble()).isEqualTo(28.5);
    assertThat(first.get("successful").asLong()).isEqualTo(3000);
    JsonNode failed = rows.get(10); // ODD open_read at 4: every operation failed
    assertThat(failed.get("operation").asText()).isEqualTo("open_read");
    assertThat(failed.get("threads").asInt()).isEqualTo(4);
    assertThat(failed.get("failed").asLong()).isEqualTo(1200);
    for (String ms : Arrays.asList("mean", "p50", "p90", "p99", "p999", "max")) {
      assertThat(failed.get("latencyMs").get(ms).isNull()).as(ms).isTrue();
    }
    assertThat(rows.get(1).get("knee").asBoolean()).isTrue();
  }

  @Test
  void aJsonStringCannotCloseTheScriptElement() throws Exception {
    StudySummary s = SummaryFixture.of(SummaryFixture.row("</script><script>alert(1)</script>",
        "file:///", "mkdirs", 1, 1.0, 0.0, 0, SummaryFixture.lat(1), false));
    String out = html(s, Collections.singletonMap("<!--", "-->"), sum -> Collections.emptyList());
    assertThat(count(out, "</script>")).isEqualTo(1);
    assertThat(out).doesNotContain("<!--").doesNotContain("<h2>Charts</h2>");
  }

  @Test
  void aRendererThatCannotDrawStopsTheReport(@TempDir Path tmp) throws Exception {
    ChartRenderer broken = s -> {
      throw new IOException("charts could not be drawn: no fonts");
    };
    StringWriter out = new StringWriter();
    assertThatThrownBy(() -> HtmlReport.write(SummaryFixture.summary(), SummaryFixture.metadata(),
        broken, out)).isInstanceOf(IOException.class).hasMessageContaining("no fonts");
    assertThat(out.toString()).isEmpty();
    Path file = tmp.resolve("report.html");
    assertThatThrownBy(() -> HtmlReport.write(SummaryFixture.summary(), SummaryFixture.metadata(),
        broken, file)).isInstanceOf(IOException.class);
    assertThat(file).doesNotExist();
  }

  @Test
  void aFileIsWrittenInUtf8(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("report.html");
    HtmlReport.write(SummaryFixture.summary(), SummaryFixture.metadata(), FAKE_CHARTS, file);
    assertThat(new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
        .isEqualTo(fixtureHtml()).contains("± 5.0");
  }

  /** The table row of {@code phase} at {@code threads}. */
  private static String row(String html, String phase, int threads) {
    int table = html.indexOf("<h3 id=\"op-" + phase + "\">");
    assertThat(table).as("table of %s", phase).isNotNegative();
    int end = html.indexOf("</table>", table);
    for (String line : html.substring(table, end).split("\n")) {
      if (line.startsWith("<tr><th>" + threads + "</th>")) {
        return line;
      }
    }
    throw new AssertionError("no row at " + threads + " threads for " + phase);
  }

  static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
