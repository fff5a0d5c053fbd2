package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;
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
  private static final long SECOND = 1_000_000_000L;

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

  /**
   * The series of several processes (map tasks) over one timeline: each process's interval goes
   * to the wall-clock second its midpoint falls in, and the seconds from the first to the last
   * are summed (a second no process had an interval in is an empty one, so a stall of every
   * process shows). Counts are kept exactly: the combined series holds every operation once.
   * The first interval starts at the processes' earliest start, the last ends at their latest
   * end (docs/metrics.md#combining-processes).
   */
  public static IntervalSeries combine(List<IntervalSeries> parts) {
    TreeMap<Long, List<Interval>> bySecond = new TreeMap<>();
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (IntervalSeries s : parts) {
      for (Interval i : s.intervals) {
        long mid = i.startEpochNanos + (i.endEpochNanos - i.startEpochNanos) / 2;
        bySecond.computeIfAbsent(Math.floorDiv(mid, SECOND), k -> new ArrayList<>()).add(i);
        first = Math.min(first, i.startEpochNanos);
        last = Math.max(last, i.endEpochNanos);
      }
    }
    if (bySecond.isEmpty()) {
      return EMPTY;
    }
    List<Interval> combined = new ArrayList<>();
    for (long sec = bySecond.firstKey(); sec <= bySecond.lastKey(); sec++) {
      Histogram latency = new Histogram(3);
      long failed = 0;
      for (Interval i : bySecond.getOrDefault(sec, Collections.<Interval>emptyList())) {
        latency.add(i.latency());
        failed += i.failed;
      }
      combined.add(new Interval(sec == bySecond.firstKey() ? first : sec * SECOND,
          sec == bySecond.lastKey() ? last : (sec + 1) * SECOND, latency, failed));
    }
    return new IntervalSeries(combined);
  }

  /**
   * (seconds from the first interval's start, TPS) for each interval of non-zero length: what
   * the TPS-over-time charts draw.
   */
  public List<double[]> timeline() {
    List<double[]> out = new ArrayList<>();
    long origin = intervals.isEmpty() ? 0 : intervals.get(0).startEpochNanos;
    for (Interval i : intervals) {
      double seconds = (i.endEpochNanos - i.startEpochNanos) / 1e9;
      if (seconds > 0) {
        out.add(new double[] {(i.startEpochNanos - origin) / 1e9, i.successes / seconds});
      }
    }
    return out;
  }

  /** Successful plus failed operations over every interval. */
  public long operations() {
    long n = 0;
    for (Interval i : intervals) {
      n += i.successes + i.failed;
    }
    return n;
  }

  /** One interval of the series. Immutable. */
  public static final class Interval {
    private final long startEpochNanos;
    private final long endEpochNanos;
    private final long successes;
    private final long failed;
    private final byte[] compressedLatency;

    public Interval(long startEpochNanos, long endEpochNanos, Histogram latency, long failed) {
      this(startEpochNanos, endEpochNanos, ResultCodec.histogramBytes(latency,
          Deflater.BEST_SPEED), latency.getTotalCount(), failed);
    }

    /** An interval as {@link ResultCodec} stored it: its histogram still compressed. */
    Interval(long startEpochNanos, long endEpochNanos, byte[] compressedLatency, long failed) {
      this(startEpochNanos, endEpochNanos, compressedLatency,
          ResultCodec.histogramOf(compressedLatency).getTotalCount(), failed);
    }

    private Interval(long startEpochNanos, long endEpochNanos, byte[] compressedLatency,
        long successes, long failed) {
      this.startEpochNanos = startEpochNanos;
      this.endEpochNanos = endEpochNanos;
      this.compressedLatency = compressedLatency;
      this.successes = successes;
      this.failed = failed;
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
      return ResultCodec.histogramOf(compressedLatency);
    }

    /** The latency histogram in its stored form; do not modify. */
    byte[] compressedLatency() {
      return compressedLatency;
    }
  }
}
