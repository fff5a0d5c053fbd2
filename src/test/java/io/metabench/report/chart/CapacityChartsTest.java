package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.report.CapacityFixture;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The hockey stick of a search of one operation: percentiles by offered rate, bound, answer. */
class CapacityChartsTest {
  @Test
  void eachPercentileIsDrawnByRateWithTheBoundAcrossAndTheRateHeldMarked() throws Exception {
    List<StudyChart> charts = CapacityCharts.charts(CapacityFixture.result());
    assertThat(charts).hasSize(1);
    StudyChart c = charts.get(0);
    assertThat(c.name()).isEqualTo("capacity-create_write");
    XYChart xy = (XYChart) c.chart();
    assertThat(xy.getSeriesMap().keySet()).containsExactly("p50", "p99", "p99.9",
        "bound p99 <= 50 ms", "held 400 ops/s");
    XYSeries p99 = xy.getSeriesMap().get("p99");
    // The probe has no offered rate: only the two judged steps, by rate.
    assertThat(p99.getXData()).containsExactly(400.0, 800.0);
    assertThat(p99.getYData()[0]).isBetween(5.0, 5.01);
    assertThat(xy.getSeriesMap().get("bound p99 <= 50 ms").getYData()).containsExactly(50.0,
        50.0);
    assertThat(xy.getSeriesMap().get("held 400 ops/s").getXData()).containsExactly(400.0, 400.0);
    assertThat(xy.getStyler().isYAxisLogarithmic()).isTrue();
    assertThat(new String(ChartFiles.svg(c), StandardCharsets.UTF_8)).contains("<svg");
  }
}
