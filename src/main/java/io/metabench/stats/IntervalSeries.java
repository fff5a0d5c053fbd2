package io.metabench.stats;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * A phase's per-second series: for each interval, its wall-clock bounds, successful and failed
 * operations that ended in it, and the latency histogram of its successful operations (kept
 * compressed: a few hundred bytes a second instead of the histogram's tens of kilobytes). Every
 * operation of the phase lands in exactly one interval.
 *
 * <p>Immutable.
 */
public final class IntervalSeries {
  public static final IntervalSeries EMPTY =
      new IntervalSeries(Collections.<Interval>emptyList());

  private final List<Interval> intervals;

  public IntervalSeries(List<Interval> intervals) {
    this.intervals = Collections.unmodifiableList(new ArrayList<>(intervals));
  }

  public List<Interval> intervals() {
    return intervals;
  }

  public boolean isEmpty() {
    return intervals.isEmpty();
  }

  /** One interval of the series. Immutable. */
  public static final class Interval {
    private final long startEpochNanos;
    private final long endEpochNanos;
    private final long successes;
    private final long failed;
    private final byte[] compressedLatency;

    public Interval(long startEpochNanos, long endEpochNanos, Histogram latency, long failed) {
      this.startEpochNanos = startEpochNanos;
      this.endEpochNanos = endEpochNanos;
      this.successes = latency.getTotalCount();
      this.failed = failed;
      ByteBuffer buffer = ByteBuffer.allocate(latency.getNeededByteBufferCapacity());
      int length = latency.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
      this.compressedLatency = new byte[length];
      buffer.rewind();
      buffer.get(compressedLatency);
    }

    public long startEpochNanos() {
      return startEpochNanos;
    }

    public long endEpochNanos() {
      return endEpochNanos;
    }

    /** Successful operations that ended in this interval. */
    public long successes() {
      return successes;
    }

    /** Failed operations that ended in this interval. */
    public long failed() {
      return failed;
    }

    /** A new histogram of this interval's successful operations' latencies, in nanoseconds. */
    public Histogram latency() {
      try {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressedLatency), 0);
      } catch (DataFormatException e) {
        throw new IllegalStateException("an interval histogram MetaBench encoded is corrupt", e);
      }
    }
  }
}
