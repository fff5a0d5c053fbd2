package io.metabench.report;

import io.metabench.stats.PhaseResult;
import java.io.IOException;

/**
 * A phase's {@code .hgrm} file: HdrHistogram's percentile distribution of its latencies, in
 * milliseconds, as HdrHistogram's own tools print and plot it.
 */
final class PercentilesFormat implements ResultFormat<PhaseResult> {
  @Override
  public void write(PhaseResult phase, Appendable out) throws IOException {
    out.append(Histograms.percentileDistribution(phase.latency()));
  }
}
