package io.metabench.stats;

import java.io.IOException;

/**
 * Where a run's per-second intervals go as they are taken (the series file), so the engine need
 * not know the file's format.
 *
 * <p>Called by one sampler thread at a time.
 */
public interface IntervalSink {
  /**
   * One interval of the series named {@code phase}, which began at {@code originNanos} (epoch
   * nanoseconds).
   */
  void interval(String phase, IntervalSeries.Interval interval, long originNanos)
      throws IOException;
}
