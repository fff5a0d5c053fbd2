package io.metabench.report.chart;

import io.metabench.stats.study.StudySummary;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Draws a study's charts as SVG for {@code report.HtmlReport} to inline. The production renderer is
 * {@code io.metabench.report.chart.StudyCharts}; tests pass a fixed one so the HTML around the
 * charts can be compared with a golden file.
 */
public interface ChartRenderer {

  /**
   * The charts of {@code summary}, in the order the report shows them; empty when there is
   * nothing to draw.
   *
   * @throws IOException when charts cannot be drawn; the report is then not written, rather than
   *     written without its charts
   */
  List<Figure> render(StudySummary summary) throws IOException;

  /** One chart: a caption and an {@code <svg>} element with neither XML prolog nor doctype. */
  final class Figure {
    private final String title;
    private final String svg;

    public Figure(String title, String svg) {
      this.title = Objects.requireNonNull(title);
      this.svg = Objects.requireNonNull(svg);
    }

    /** Plain text; the report escapes it. */
    public String title() {
      return title;
    }

    /** SVG markup, inlined as is: it must start with {@code <svg}. */
    public String svg() {
      return svg;
    }
  }
}
