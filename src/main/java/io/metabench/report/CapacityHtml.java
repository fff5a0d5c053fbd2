package io.metabench.report;

import io.metabench.config.LatencyBounds;
import io.metabench.core.Version;
import io.metabench.report.chart.CapacityCharts;
import io.metabench.report.chart.ChartFiles;
import io.metabench.report.chart.StudyChart;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ResultFormatType#CAPACITY_HTML}: a capacity search as one self-contained page, loading
 * nothing, as a study's report is ({@link HtmlReport}): the answer; what was searched; the
 * "hockey stick" charts ({@link CapacityCharts}), inlined as {@code <svg>}; the steps' table, as
 * the text output has it; and the search as JSON (without each step's whole run, which
 * {@code result.json} has) in {@code <script type="application/json" id="metabench-data">}. The
 * charts are drawn before anything is written, so a chart that cannot be drawn writes nothing.
 *
 * <p>Stateless.
 */
final class CapacityHtml implements ResultFormat<CapacityResult> {
  private static final String[] HEAD = {"step", "offered/s", "achieved/s", "p50 ms", "p99 ms",
      "p99.9 ms", "store p99 ms", "failed", "outcome"};

  @Override
  public void write(CapacityResult r, Appendable out) throws IOException {
    List<StudyChart> charts = CapacityCharts.charts(r);
    List<String> svgs = new ArrayList<>();
    for (StudyChart c : charts) {
      svgs.add(ChartFiles.inlineSvg(c));
    }
    String title = "MetaBench capacity: " + r.plan().subject() + " on " + r.target();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.append("<title>" + HtmlReport.esc(title) + "</title>\n");
    out.append("<style>\n" + HtmlReport.CSS + "\np.answer{font-size:1.2em;font-weight:bold}\n"
        + "</style>\n</head>\n<body>\n");
    out.append("<h1>" + HtmlReport.esc(title) + "</h1>\n");
    out.append("<p class=\"answer\">" + HtmlReport.esc(r.answer()) + "</p>\n");
    out.append("<dl class=\"meta\">\n");
    for (Map.Entry<String, String> e : metadata(r).entrySet()) {
      out.append("<dt>" + HtmlReport.esc(e.getKey()) + "</dt><dd>"
          + HtmlReport.esc(e.getValue()) + "</dd>\n");
    }
    out.append("</dl>\n");
    if (!charts.isEmpty()) {
      out.append("<h2>Latency against offered load</h2>\n<p class=\"note\">Each step's "
          + "percentiles of latency from when each operation was due, at the rate it offered; "
          + "dashed: the bounds, and the rate held.</p>\n");
      for (int i = 0; i < charts.size(); i++) {
        out.append("<figure>\n" + HtmlReport.scopeIds(svgs.get(i), "c" + (i + 1) + "-")
            + "\n<figcaption>" + HtmlReport.esc(charts.get(i).title())
            + "</figcaption>\n</figure>\n");
      }
    }
    out.append("<h2>Steps</h2>\n<div class=\"wide\"><table>\n<thead><tr>");
    for (String h : HEAD) {
      out.append("<th>" + HtmlReport.esc(h) + "</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (CapacityStep s : r.steps()) {
      List<String> cells = CapacityFormat.cells(s);
      out.append("<tr>");
      for (int i = 0; i < cells.size(); i++) {
        boolean text = i == 0 || i == cells.size() - 1;
        out.append(text ? "<td>" : "<td class=\"num\">").append(HtmlReport.esc(cells.get(i)))
            .append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table></div>\n");
    StringBuilder json = new StringBuilder();
    new CapacityFormat.Json(false).write(r, json);
    // "<" appears in JSON only inside strings, where \u003c means the same: no "</script>" or
    // "<!--" can end or bend the script element.
    out.append("<script type=\"application/json\" id=\"" + HtmlReport.DATA_ID + "\">\n")
        .append(json.toString().replace("<", "\\u003c"))
        .append("</script>\n</body>\n</html>\n");
  }

  private static Map<String, String> metadata(CapacityResult r) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("MetaBench", Version.get());
    m.put("target", r.target());
    m.put("searched", r.plan().subject());
    m.put("workers", Integer.toString(r.threads()));
    m.put("bounds", r.plan().bounds().describe());
    m.put("each step", r.plan().stepDescribed());
    m.put("precision", percent(r.plan().precision()));
    m.put("failures that break a step", percent(r.plan().failureShare()));
    return m;
  }

  /** {@code 2.5 %} for 0.025: rounded to a millionth, so that no binary fraction shows. */
  private static String percent(double fraction) {
    return LatencyBounds.number(Math.round(fraction * 1e8) / 1e6) + " %";
  }
}
