package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.report.chart.ChartRenderer;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A study as one self-contained HTML5 page: it loads nothing (no scripts, style sheets, fonts or
 * images from anywhere), so it opens the same on an air-gapped cluster, attached to a mail, or in
 * ten years.
 *
 * <p>Contents, in order: a title naming the targets; the caller's metadata as a definition list;
 * the targets with their file system URIs; per operation a table with a row per thread level and,
 * per target, mean TPS, ± its standard deviation, the ratio of its mean TPS to the first target's,
 * p99 latency in ms and failed operations, the knee marked; the charts the {@link ChartRenderer}
 * draws, inlined as {@code <svg>}; and every row of the summary as JSON in
 * {@code <script type="application/json" id="metabench-data">}.
 *
 * <p>Every string from the data or the metadata is HTML-escaped; numbers are formatted with
 * {@link Locale#ROOT}. Lines end with {@code \n} on every platform.
 */
public final class HtmlReport {
  /** The id of the element holding the data as JSON. */
  public static final String DATA_ID = "metabench-data";

  public static final String CSS = String.join("\n",
      "body{font-family:system-ui,-apple-system,\"Segoe UI\",\"DejaVu Sans\",sans-serif;"
          + "margin:2em auto;max-width:1100px;padding:0 1em;color:#111;line-height:1.4}",
      "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}",
      "dl.meta{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}",
      "dl.meta dt{font-weight:bold}dl.meta dd{margin:0;font-family:monospace;"
          + "overflow-wrap:anywhere}",
      "table{border-collapse:collapse;margin:.5em 0 1.5em;font-variant-numeric:tabular-nums}",
      "th,td{border:1px solid #bbb;padding:.25em .6em}thead th{background:#eee}",
      "td.num{text-align:right;white-space:nowrap}",
      "td.knee{background:#fff3c4;font-weight:bold}",
      "span.knee{font-size:.75em;font-weight:normal;border:1px solid #b58900;"
          + "border-radius:3px;padding:0 .25em;margin-left:.4em}",
      "td.fail{color:#b00020;font-weight:bold}td.missing{color:#777;font-style:italic;"
          + "text-align:center}",
      "figure{margin:1em 0 2em}figure svg{max-width:100%;height:auto}",
      "figcaption{color:#555;font-size:.9em}",
      "p.note{color:#555;font-size:.9em}",
      // A table wider than the page (many targets, compare's twelve columns) scrolls in place
      // instead of running off the page's right edge.
      "div.wide{overflow-x:auto}");

  private HtmlReport() {}

  /**
   * {@link ResultFormatType#HTML}: the report with fixed metadata and charts, as a format. The
   * charts are drawn before anything is written, so a failure to draw them writes nothing.
   */
  static final class Format implements ResultFormat<StudySummary> {
    private final Map<String, String> metadata;
    private final ChartRenderer charts;

    Format(Map<String, String> metadata, ChartRenderer charts) {
      this.metadata = new LinkedHashMap<>(metadata);
      this.charts = charts;
    }

    @Override
    public void write(StudySummary summary, Appendable out) throws IOException {
      HtmlReport.write(summary, metadata, charts, out);
    }
  }

  /**
   * Writes the report of {@code summary} to {@code out} (which the caller opens with UTF-8, and
   * closes).
   *
   * @param metadata key/value pairs shown under the title in their iteration order, e.g. MetaBench
   *     version, date, command line, machine; values may be empty
   * @param charts draws the charts; use {@code s -> Collections.emptyList()} for a report without
   *     them. Its IOException propagates: no report is better than one silently missing its
   *     charts.
   */
  public static void write(StudySummary summary, Map<String, String> metadata,
      ChartRenderer charts, Appendable out) throws IOException {
    List<ChartRenderer.Figure> figures = charts.render(summary);
    List<String> targets = summary.targets();
    String title = "MetaBench study: " + (targets.isEmpty() ? "no results"
        : String.join(" vs ", targets));

    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.append("<title>" + esc(title) + "</title>\n");
    out.append("<style>\n" + CSS + "\n</style>\n</head>\n<body>\n");
    out.append("<h1>" + esc(title) + "</h1>\n");

    if (!metadata.isEmpty()) {
      out.append("<dl class=\"meta\">\n");
      for (Map.Entry<String, String> e : metadata.entrySet()) {
        out.append("<dt>" + esc(e.getKey()) + "</dt><dd>" + esc(nonNull(e.getValue()))
            + "</dd>\n");
      }
      out.append("</dl>\n");
    }

    writeTargets(summary, out);
    out.append("<h2>Results by operation</h2>\n");
    out.append(String.format(Locale.ROOT, "<p class=\"note\">TPS: mean over the iterations, ± the "
        + "sample standard deviation; ratio: mean TPS over %s's at the same threads; p99 in ms "
        + "over every successful operation; failed: operations that failed after all attempts. "
        + "<span class=\"knee\">knee</span> marks each target's knee: the lowest thread level "
        + "whose mean TPS reaches %.0f%% of its highest.</p>\n",
        targets.isEmpty() ? "the first target" : esc(targets.get(0)),
        StudySummary.KNEE_FRACTION * 100));
    for (String phase : summary.phases()) {
      writePhase(summary, phase, out);
    }

    if (!figures.isEmpty()) {
      out.append("<h2>Charts</h2>\n");
      for (int i = 0; i < figures.size(); i++) {
        ChartRenderer.Figure f = figures.get(i);
        out.append("<figure>\n" + scopeIds(f.svg(), "c" + (i + 1) + "-") + "\n<figcaption>"
            + esc(f.title()) + "</figcaption>\n</figure>\n");
      }
    }

    out.append("<script type=\"application/json\" id=\"" + DATA_ID + "\">\n");
    writeData(summary, metadata, out);
    out.append("</script>\n</body>\n</html>\n");
  }

  /**
   * Writes the report of {@code summary} to {@code file} in UTF-8, replacing it. The charts are
   * drawn first: when they cannot be, the IOException leaves {@code file} untouched.
   */
  public static void write(StudySummary summary, Map<String, String> metadata,
      ChartRenderer charts, Path file) throws IOException {
    StringWriter page = new StringWriter(1 << 20);
    write(summary, metadata, charts, page);
    Files.write(file, page.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static void writeTargets(StudySummary summary, Appendable out) throws IOException {
    if (summary.targets().isEmpty()) {
      return;
    }
    // The URI of a target's first row: one label names one file system within a study.
    Map<String, String> uris = new LinkedHashMap<>();
    for (SummaryRow r : summary.rows()) {
      uris.putIfAbsent(r.target(), r.fsUri());
    }
    out.append("<h2>Targets</h2>\n<table class=\"targets\">\n<thead><tr><th>target</th>"
        + "<th>file system</th><th></th></tr></thead>\n<tbody>\n");
    for (int i = 0; i < summary.targets().size(); i++) {
      String t = summary.targets().get(i);
      out.append("<tr><td>" + esc(t) + "</td><td>" + esc(uris.get(t)) + "</td><td>"
          + (i == 0 ? "baseline for ratios" : "") + "</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
  }

  private static void writePhase(StudySummary summary, String phase, Appendable out)
      throws IOException {
    List<String> targets = summary.targets();
    String base = targets.get(0);
    out.append("<h3 id=\"op-" + esc(phase) + "\">" + esc(phase) + "</h3>\n");
    out.append("<div class=\"wide\"><table class=\"phase\">\n<thead>\n"
        + "<tr><th rowspan=\"2\">threads</th>");
    for (String t : targets) {
      out.append("<th colspan=\"5\">" + esc(t) + "</th>");
    }
    out.append("</tr>\n<tr>");
    for (int i = 0; i < targets.size(); i++) {
      out.append("<th>TPS</th><th>± stddev</th><th>vs " + esc(base)
          + "</th><th>p99 ms</th><th>failed</th>");
    }
    out.append("</tr>\n</thead>\n<tbody>\n");
    for (int threads : summary.threadLevels()) {
      SummaryRow baseRow = summary.row(base, phase, threads);
      out.append("<tr><th>" + threads + "</th>");
      for (String t : targets) {
        SummaryRow r = summary.row(t, phase, threads);
        if (r == null) {
          out.append("<td colspan=\"5\" class=\"missing\">not run</td>");
          continue;
        }
        out.append(r.knee()
            ? "<td class=\"num knee\">" + fixed(r.tpsMean(), 1)
                + "<span class=\"knee\">knee</span></td>"
            : "<td class=\"num\">" + fixed(r.tpsMean(), 1) + "</td>");
        out.append("<td class=\"num\">"
            + (Double.isFinite(r.tpsStdDev()) ? "± " + fixed(r.tpsStdDev(), 1) : "-") + "</td>");
        out.append("<td class=\"num\">" + ratio(r, baseRow) + "</td>");
        out.append("<td class=\"num\">" + fixed(r.latency().p99Ms(), 3) + "</td>");
        out.append("<td class=\"num" + (r.failed() > 0 ? " fail" : "") + "\">" + r.failed()
            + "</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table></div>\n");
  }

  /** This row's mean TPS over the baseline's at the same threads, e.g. "0.73x"; "-" if none. */
  static String ratio(SummaryRow r, SummaryRow base) {
    return StudyTextFormat.ratio(r, base);
  }

  /** The summary as JSON for scripts; escaped so that it cannot end its script element. */
  private static void writeData(StudySummary summary, Map<String, String> metadata,
      Appendable out) throws IOException {
    JsonGenerator json = JsonOutput.generator(out, true);
    json.writeStartObject();
    json.writeObjectFieldStart("metadata");
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      json.writeStringField(e.getKey(), nonNull(e.getValue()));
    }
    json.writeEndObject();
    json.writeArrayFieldStart("targets");
    for (String t : summary.targets()) {
      json.writeString(t);
    }
    json.writeEndArray();
    json.writeArrayFieldStart("phases");
    for (String p : summary.phases()) {
      json.writeString(p);
    }
    json.writeEndArray();
    json.writeArrayFieldStart("threads");
    for (int n : summary.threadLevels()) {
      json.writeNumber(n);
    }
    json.writeEndArray();
    json.writeArrayFieldStart("summary");
    for (SummaryRow r : summary.rows()) {
      StudyJsonFormat.writeSummaryRow(json, r);
    }
    json.writeEndArray();
    json.writeEndObject();
    JsonOutput.finish(json);
  }

  private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");
  private static final Pattern REF = Pattern.compile("(url\\(#|href=\"#)([^)\"]*)");

  /**
   * Prefixes the ids an SVG defines, and its references to them, with {@code prefix}: ids are
   * global in an HTML page, and two charts whose clip paths shared an id would clip each other.
   */
  public static String scopeIds(String svg, String prefix) {
    String s = replaceAll(ID.matcher(svg), m -> "id=\"" + prefix + m.group(1) + "\"");
    return replaceAll(REF.matcher(s), m -> m.group(1) + prefix + m.group(2));
  }

  private static String replaceAll(Matcher m, java.util.function.Function<Matcher, String> f) {
    StringBuffer sb = new StringBuffer();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(f.apply(m)));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** Escapes text for HTML element content and quoted attribute values. */
  public static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&':
          b.append("&amp;");
          break;
        case '<':
          b.append("&lt;");
          break;
        case '>':
          b.append("&gt;");
          break;
        case '"':
          b.append("&quot;");
          break;
        case '\'':
          b.append("&#39;");
          break;
        default:
          b.append(c);
      }
    }
    return b.toString();
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "-");
  }
}
