package io.metabench.compare;

import io.metabench.report.HtmlReport;
import io.metabench.report.ResultFormat;
import io.metabench.report.chart.ChartFiles;
import io.metabench.report.chart.StudyChart;
import io.metabench.report.chart.TimelineCharts;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * compare.html: for each candidate, the baseline and the candidate side by side (TPS, interval,
 * verdict, latency percentiles) and, per phase and concurrency, both runs' TPS over time on one
 * chart. One self-contained file (charts inlined as SVG). Stateless apart from whether it draws
 * charts (golden-file tests leave them out).
 */
public final class CompareHtml implements ResultFormat<List<Comparison>> {
  private final boolean charts;

  /** With charts. */
  public CompareHtml() {
    this(true);
  }

  /** With charts or without (for tests of the page around them). */
  public CompareHtml(boolean charts) {
    this.charts = charts;
  }

  @Override
  public void write(List<Comparison> comparisons, Appendable out) throws IOException {
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<title>MetaBench compare</title>\n<style>\n" + HtmlReport.CSS
        + "\ntd.slower{color:#b00020;font-weight:bold}td.faster{color:#1b7f1b;"
        + "font-weight:bold}\n</style>\n</head>\n<body>\n<h1>MetaBench compare</h1>\n");
    int figure = 0;
    for (Comparison c : comparisons) {
      out.append("<h2>" + esc(c.candidate()) + " against " + esc(c.baseline()) + "</h2>\n");
      out.append("<p><strong>" + esc(CompareTextFormat.summary(c)) + "</strong></p>\n");
      out.append("<p class=\"note\">ratio: candidate TPS over baseline TPS (geometric means "
          + "over iterations); interval at " + CompareTextFormat.percent(c.confidence())
          + " confidence from the iterations, or from the runs' whole seconds when either side "
          + "ran once; a row is faster or slower only when its interval excludes 1 and the "
          + "ratio is beyond " + CompareTextFormat.percent(c.threshold()) + ". Latency ratios "
          + "compare percentiles of the merged histograms; the distributions differ when "
          + "the Kolmogorov-Smirnov test rejects equality and a percentile moved beyond the "
          + "threshold. Formulas: docs/compare.md.</p>\n");
      for (String w : c.warnings()) {
        out.append("<p class=\"note\">warning: " + esc(w) + "</p>\n");
      }
      writeTable(c, out);
      if (charts) {
        for (Comparison.Row r : c.rows()) {
          Map<String, List<double[]>> lines = new LinkedHashMap<>();
          lines.put("baseline (" + r.baseline.target() + ")", r.baseline.timeline());
          lines.put("candidate (" + r.candidate.target() + ")", r.candidate.timeline());
          String title = String.format(Locale.ROOT, "%s at %d threads: TPS over time",
              r.baseline.phase(), r.baseline.threads());
          StudyChart chart = TimelineCharts.tpsOverTime("timeline", title, lines);
          if (chart != null) {
            figure++;
            out.append("<figure>\n" + HtmlReport.scopeIds(ChartFiles.inlineSvg(chart), "c"
                + figure + "-") + "\n<figcaption>" + esc(title) + " (first iteration of each)"
                + "</figcaption>\n</figure>\n");
          }
        }
      }
    }
    out.append("</body>\n</html>\n");
  }

  private static void writeTable(Comparison c, Appendable out) throws IOException {
    out.append("<div class=\"wide\"><table>\n<thead><tr><th>phase</th><th>threads</th>"
        + "<th>baseline TPS</th>"
        + "<th>candidate TPS</th><th>ratio</th><th>interval</th><th>basis</th><th>verdict</th>"
        + "<th>p50 base / cand. ms</th><th>p99 base / cand. ms</th>"
        + "<th>p99.9 base / cand. ms</th><th>latency</th></tr></thead>\n<tbody>\n");
    for (Comparison.Row r : c.rows()) {
      String verdictClass = r.verdict == Comparison.Verdict.SLOWER ? " slower"
          : r.verdict == Comparison.Verdict.FASTER ? " faster" : "";
      out.append("<tr><td>" + esc(r.baseline.phase()) + "</td>"
          + num(Integer.toString(r.baseline.threads()))
          + num(fmt("%.1f", r.baseline.tpsMean())) + num(fmt("%.1f", r.candidate.tpsMean()))
          + num(Double.isNaN(r.tps.ratio) ? "-" : fmt("%.3f", r.tps.ratio))
          + num(Double.isNaN(r.tps.low) ? "-" : fmt("[%.3f, %.3f]", r.tps.low, r.tps.high))
          + "<td>" + esc(r.basis.id()) + "</td><td class=\"verdict" + verdictClass + "\">"
          + esc(r.verdict.text()) + "</td>");
      for (double p : Comparison.PERCENTILES) {
        out.append(num(ms(r.baseline, p) + " / " + ms(r.candidate, p)));
      }
      out.append("<td>" + (r.latencyDiffers ? "differs" : "no significant change")
          + fmt(" (KS D=%.3f)", r.ks.d) + "</td></tr>\n");
    }
    out.append("</tbody>\n</table></div>\n");
  }

  private static String ms(Side.Row r, double percentile) {
    return r.latency().getTotalCount() == 0 ? "-"
        : fmt("%.3f", r.latency().getValueAtPercentile(percentile) / 1e6);
  }

  private static String num(String s) {
    return "<td class=\"num\">" + esc(s) + "</td>";
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }

  private static String esc(String s) {
    return HtmlReport.esc(s);
  }
}
