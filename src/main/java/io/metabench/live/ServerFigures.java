package io.metabench.live;

import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import java.util.TreeMap;

/**
 * The NameNode view's latest reading, live (docs/watching.md#the-namenode-view-live): each figure
 * MetaBench reads from the NameNode's (router's) JMX while it runs, as it names it in the result
 * (docs/metrics.md, "The NameNode's view": {@code rpc.queueMs}, {@code rpc.calls},
 * {@code method.getFileInfo.calls}, ...), one gauge {@code metabench_server_figure} labelled by
 * run and figure. Counters stay counters in value (PromQL's {@code rate()} reads them); times are
 * milliseconds, as the NameNode's averages over its last refresh period.
 *
 * <p>Thread-safe: read by a scrape or push while the watch's thread sets it.
 */
final class ServerFigures {
  private final String run;
  private Map<String, Double> latest = new TreeMap<>();

  ServerFigures(String run) {
    this.run = run;
  }

  /** The reading {@code values} (by figure), replacing the last one. */
  synchronized void read(Map<String, Double> values) {
    latest = new TreeMap<>(values);
  }

  /** The gauge of the latest reading; no data point before the first, or for a NaN. */
  synchronized GaugeSnapshot snapshot() {
    GaugeSnapshot.Builder g = GaugeSnapshot.builder().name("metabench_server_figure").help(
        "The NameNode view's latest reading of each figure (docs/metrics.md, The NameNode's "
        + "view): counters as read, times in ms");
    latest.forEach((figure, v) -> {
      if (!Double.isNaN(v)) {
        g.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
            .labels(Labels.of("run", run, "figure", figure)).value(v).build());
      }
    });
    return g.build();
  }
}
