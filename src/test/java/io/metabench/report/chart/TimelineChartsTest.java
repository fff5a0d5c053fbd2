package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

class TimelineChartsTest {
  @Test
  void aPhaseOfOneIntervalIsDrawnAsAPointAndALongerOneAsALine() {
    Map<String, List<double[]>> lines = new LinkedHashMap<>();
    lines.put("short", Collections.singletonList(new double[] {0, 120_000}));
    lines.put("long", Arrays.asList(new double[] {0, 10}, new double[] {1, 12},
        new double[] {2, 11}));
    XYChart c = TimelineCharts.chart("t", lines);
    XYSeries shortOne = c.getSeriesMap().get("short");
    XYSeries longOne = c.getSeriesMap().get("long");
    // Without a marker a one-point line draws nothing: the chart looked empty in a browser.
    assertThat(shortOne.getMarker()).isEqualTo(SeriesMarkers.CIRCLE);
    assertThat(longOne.getMarker()).isEqualTo(SeriesMarkers.NONE);
  }
}
