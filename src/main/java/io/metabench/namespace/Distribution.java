package io.metabench.namespace;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One distribution of a namespace profile (entries per directory, file sizes, name lengths,
 * ages): every value recorded into an HdrHistogram of two significant digits (each value kept
 * within 1 %, in memory that does not grow with the count), written as its count, mean,
 * quantiles and the histogram itself ({@code [value, count]} pairs), from which a synthesis can
 * draw. Not thread-safe.
 */
final class Distribution {
  private final Histogram histogram = new Histogram(2);

  void record(long value) {
    histogram.recordValue(Math.max(0, value));
  }

  void record(long value, long count) {
    if (count > 0) {
      histogram.recordValueWithCount(Math.max(0, value), count);
    }
  }

  long count() {
    return histogram.getTotalCount();
  }

  double mean() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getMean();
  }

  long quantile(double percentile) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile);
  }

  long max() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getMaxValue();
  }

  /** The share of values at most {@code value}. */
  double shareAtMost(long value) {
    long n = histogram.getTotalCount();
    return n == 0 ? 0 : (double) histogram.getCountBetweenValues(0, value) / n;
  }

  /** {@code {count, mean, p50, p90, p99, p99.9, max, histogram}}. */
  ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("count", count());
    o.put("mean", Math.round(mean() * 1000) / 1000.0);
    o.put("p50", quantile(50));
    o.put("p90", quantile(90));
    o.put("p99", quantile(99));
    o.put("p99.9", quantile(99.9));
    o.put("max", max());
    ArrayNode pairs = o.putArray("histogram");
    for (HistogramIterationValue v : histogram.recordedValues()) {
      pairs.addArray().add(histogram.highestEquivalentValue(v.getValueIteratedTo()))
          .add(v.getCountAtValueIteratedTo());
    }
    return o;
  }
}
