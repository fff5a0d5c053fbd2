package io.metabench.live;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An operation's latencies so far as a Prometheus histogram: classic buckets (the
 * {@link #BOUNDS_SECONDS}, 10 µs to 10 s in steps of 1, 2 and 5, then +Inf), with their count and
 * sum. (No native buckets: serving them takes the client library's protobuf exposition, 800
 * classes every {@code hadoop jar} run would unpack, for a Prometheus feature that 2.42 still
 * keeps behind a flag and that replaces the classic buckets where it is on.) Fed the engine's
 * per-second HdrHistograms (nanoseconds, 3 significant digits), never the operations
 * themselves: the workers record as they always do,
 * and this costs one pass over each second's recorded values. A value is placed by its
 * HdrHistogram bucket's least value, so a bucket's edge is exact to 0.1 %.
 *
 * <p>Not thread-safe: its owner ({@link LiveFigures}) guards it.
 */
final class LatencyBuckets {
  /** The classic buckets' upper bounds, in seconds; +Inf follows. */
  static final double[] BOUNDS_SECONDS = {1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3,
      1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5, 1, 2, 5, 10, Double.POSITIVE_INFINITY};

  private final long[] classic = new long[BOUNDS_SECONDS.length];
  private long count;
  private double sumSeconds;

  /** Adds every value {@code h} (nanoseconds) holds. */
  void add(Histogram h) {
    if (h.getTotalCount() == 0) {
      return;
    }
    for (HistogramIterationValue v : h.recordedValues()) {
      long n = v.getCountAtValueIteratedTo();
      // Placed by the least value of its HdrHistogram bucket, so a value at a bound (a store of
      // exactly 2 ms) is counted at or under it, as Prometheus' "le" says; summed by its middle.
      double seconds = h.lowestEquivalentValue(v.getValueIteratedTo()) / 1e9;
      classic[classicIndex(seconds)] += n;
      count += n;
      sumSeconds += h.medianEquivalentValue(v.getValueIteratedTo()) / 1e9 * n;
    }
  }

  /** The classic bucket {@code seconds} falls in: the first whose bound it does not exceed. */
  static int classicIndex(double seconds) {
    int i = Arrays.binarySearch(BOUNDS_SECONDS, seconds);
    return i >= 0 ? i : -i - 1;
  }

  long count() {
    return count;
  }

  double sumSeconds() {
    return sumSeconds;
  }

  /** Each classic bucket's own count (not cumulative), by {@link #BOUNDS_SECONDS}. */
  long[] classicCounts() {
    return classic.clone();
  }
}
