package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.report.HtmlReport;
import io.metabench.report.SummaryFixture;
import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The HTML report with the real charts: self-contained, one inline {@code <svg>} per chart. With
 * {@code -Dmetabench.charts.dir=/some/dir} the page is also written there as report.html.
 */
class HtmlReportChartsTest {

  @Test
  void theReportInlinesEveryChartAndLoadsNothing() throws Exception {
    StringWriter out = new StringWriter();
    HtmlReport.write(SummaryFixture.summary(), SummaryFixture.metadata(), new StudyCharts(), out);
    String html = out.toString();
    String keep = System.getProperty("metabench.charts.dir");
    if (keep != null) {
      Files.createDirectories(new File(keep).toPath());
      Files.write(new File(keep, "report.html").toPath(), html.getBytes(StandardCharsets.UTF_8));
    }

    int charts = new StudyCharts().charts(SummaryFixture.summary()).size();
    assertThat(charts).isEqualTo(5);
    assertThat(count(html, "<svg")).isEqualTo(charts);
    assertThat(count(html, "<figure>")).isEqualTo(charts);
    assertThat(html).doesNotContain("<?xml").doesNotContain("<!DOCTYPE svg");

    // Every URL is an XML namespace name, which nothing fetches.
    List<String> urls = new ArrayList<>();
    Matcher m = Pattern.compile("https?://").matcher(html);
    while (m.find()) {
      String before = html.substring(Math.max(0, m.start() - 40), m.start());
      if (!before.matches("(?s).*\\sxmlns(:[A-Za-z]+)?=\"")) {
        urls.add(html.substring(Math.max(0, m.start() - 40), Math.min(html.length(),
            m.end() + 40)));
      }
    }
    assertThat(urls).isEmpty();
    assertThat(html).containsPattern("<svg[^>]* xmlns=\"http://www.w3.org/2000/svg\"");
    // nothing else that could load: no scripts with a source, no style sheets, no images
    assertThat(html).doesNotContain("src=").doesNotContain("<link").doesNotContain("@import")
        .doesNotContain("<image");
    // each chart's ids are its own
    assertThat(html).contains("id=\"c1-").contains("id=\"c5-");
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
