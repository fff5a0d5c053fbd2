package io.metabench.report.chart;

import java.util.Objects;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One chart of a study, built but not drawn: {@link ChartFiles} draws it as PNG or SVG.
 *
 * <p>Not thread-safe: draw one chart from one thread at a time.
 */
public final class StudyChart {
  private final String name;
  private final String title;
  private final Chart<?, ?> chart;

  StudyChart(String name, String title, Chart<?, ?> chart) {
    this.name = Objects.requireNonNull(name);
    this.title = Objects.requireNonNull(title);
    this.chart = Objects.requireNonNull(chart);
  }

  /**
   * The base of its file names, without extension, unique within one study's charts and made of
   * {@code [A-Za-z0-9._-]} only, e.g. {@code tps-vs-threads-create_write}.
   */
  public String name() {
    return name;
  }

  /** The title drawn at its top, e.g. {@code create_write: mean TPS vs threads}. */
  public String title() {
    return title;
  }

  /** The XChart chart; package-private so that XChart stays out of the public API. */
  Chart<?, ?> chart() {
    return chart;
  }
}
