package io.metabench.stats;

import io.metabench.core.ClockAnchor;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records one worker's outcomes for one phase: a latency histogram of successful operations (in
 * nanoseconds), failures by cause, retries by cause, bytes moved, and the window from the first
 * operation's start to the last one's end.
 *
 * <p>Single writer: owned by one worker thread, with no locks or shared counters, and read only
 * after the worker has finished (the executor's hand-over makes the writes visible) — except the
 * interval recorders, which a sampler thread may read at any time through {@link #sampleInto}
 * (HdrHistogram's {@code SingleWriterRecorder}: wait-free for the worker), and the failures by
 * cause not yet taken ({@link #takeFailuresInto}), under their own lock, which only a failure
 * takes on the worker's side.
 */
public final class OpRecorder {
  private final int worker;
  // Auto-resizing, 3 significant digits: memory follows the largest latency, not the op count.
  private final Histogram latency = new Histogram(3);
  // What a sampler has not taken yet: successes' latencies and failures' durations. Packed: a
  // second's histogram holds few distinct values, and four full ones per worker (each recorder
  // keeps two) would cost about 1 MB a worker once latencies reach milliseconds.
  private final SingleWriterRecorder okInterval = new SingleWriterRecorder(3, true);
  private final SingleWriterRecorder failedInterval = new SingleWriterRecorder(3, true);
  // Scheduled phases only (-rate, a replay): each success's time from its actual start (latency
  // runs from when it was due), and the most an operation started after it was due.
  private Histogram serviceTime;
  private long maxLateNanos;
  private final Map<String, FailureCount> failures = new TreeMap<>();
  private final Map<String, FailureCount> retries = new TreeMap<>();
  // Failures by cause a sampler has not taken yet (guarded by itself).
  private final Map<String, Long> failuresNotTaken = new TreeMap<>();
  private long attempted;
  private long successes;
  private long bytes;
  private long firstPartNanos;
  private long secondPartNanos;
  private long firstStart = Long.MAX_VALUE;
  private long lastEnd = Long.MIN_VALUE;
  private boolean late;

  public OpRecorder(int worker) {
    this.worker = worker;
  }

  /**
   * A successful operation that started at {@code start} and ended at {@code end}; {@code split}
   * is the boundary between its two reported parts, or 0 when it has one part.
   */
  public void success(long start, long split, long end, long bytesMoved) {
    long elapsed = end - start;
    latency.recordValue(elapsed);
    okInterval.recordValue(elapsed);
    successes++;
    bytes += bytesMoved;
    if (split != 0) {
      firstPartNanos += split - start;
      secondPartNanos += end - split;
    } else {
      firstPartNanos += elapsed;
    }
    window(start, end);
  }

  /**
   * In a fixed-rate phase, the service time of the success just recorded: from its actual start
   * to its end, where {@link #success}'s start was when it was due.
   */
  public void serviceTime(long nanos) {
    if (serviceTime == null) {
      serviceTime = new Histogram(3);
    }
    serviceTime.recordValue(nanos);
  }

  /**
   * In a scheduled phase, that an operation (succeeded or failed) started {@code nanos} after it
   * was due; the most is kept.
   */
  public void startedLate(long nanos) {
    if (nanos > maxLateNanos) {
      maxLateNanos = nanos;
    }
  }

  /** Service times of a fixed-rate phase's successes; null in a closed-loop phase. */
  public Histogram serviceTime() {
    return serviceTime;
  }

  /** An operation that failed after all its attempts. */
  public void failure(long start, long end, String cause, String message) {
    count(failures, cause, message);
    synchronized (failuresNotTaken) {
      failuresNotTaken.merge(cause, 1L, Long::sum);
    }
    failedInterval.recordValue(Math.max(0, end - start));
    window(start, end);
  }

  /**
   * Moves what was recorded since the last call into the given histograms (replacing their
   * contents): the latencies of successful operations, and the durations of failed ones.
   * Thread-safe against the worker; one sampler at a time.
   */
  public void sampleInto(Histogram ok, Histogram failed) {
    okInterval.getIntervalHistogramInto(ok);
    failedInterval.getIntervalHistogramInto(failed);
  }

  /**
   * Adds the failures by cause recorded since the last call to {@code into}. Thread-safe against
   * the worker; one sampler at a time.
   */
  public void takeFailuresInto(Map<String, Long> into) {
    synchronized (failuresNotTaken) {
      failuresNotTaken.forEach((cause, n) -> into.merge(cause, n, Long::sum));
      failuresNotTaken.clear();
    }
  }

  /** A failed attempt that is followed by another attempt of the same operation. */
  public void retry(String cause, String message) {
    count(retries, cause, message);
  }

  /** Marks the worker as having reached the start barrier after the requested start time. */
  public void markLate() {
    late = true;
  }

  private void window(long start, long end) {
    attempted++;
    if (start < firstStart) {
      firstStart = start;
    }
    if (end > lastEnd) {
      lastEnd = end;
    }
  }

  private static void count(Map<String, FailureCount> byCause, String cause, String message) {
    FailureCount c = byCause.get(cause);
    if (c == null) {
      byCause.put(cause, new FailureCount(1, message == null ? "" : message));
    } else {
      c.add(1);
    }
  }

  public int worker() {
    return worker;
  }

  public Histogram latency() {
    return latency;
  }

  public Map<String, FailureCount> failures() {
    return failures;
  }

  public Map<String, FailureCount> retries() {
    return retries;
  }

  public long attempted() {
    return attempted;
  }

  public long successes() {
    return successes;
  }

  public long bytes() {
    return bytes;
  }

  public long firstPartNanos() {
    return firstPartNanos;
  }

  public long secondPartNanos() {
    return secondPartNanos;
  }

  /** Start of the first operation, or {@code Long.MAX_VALUE} when none ran. */
  public long firstStart() {
    return firstStart;
  }

  /** End of the last operation, or {@code Long.MIN_VALUE} when none ran. */
  public long lastEnd() {
    return lastEnd;
  }

  public boolean late() {
    return late;
  }

  /**
   * This worker's outcome as a phase result of one worker. The phase's start is the wall-clock
   * time of its first operation, or {@code fallbackStartEpochMillis} when it ran none. The
   * histogram is shared, not copied: the recorder must not record after this.
   */
  public PhaseResult toResult(io.metabench.op.OpType op, long fallbackStartEpochMillis,
      ClockAnchor anchor) {
    boolean ran = attempted > 0;
    long start = ran ? anchor.epochNanos(firstStart) : 0;
    long end = ran ? anchor.epochNanos(lastEnd) : 0;
    return new PhaseResult(op, 1, attempted, successes, failures, retries, late ? 1 : 0, 0, start,
        end, busyNanos(), bytes, firstPartNanos, secondPartNanos, latency,
        ran ? start / 1_000_000 : fallbackStartEpochMillis).withPacing(0, serviceTime, maxLateNanos);
  }

  /** Time from this worker's first operation start to its last operation end; 0 when none ran. */
  public long busyNanos() {
    return attempted == 0 ? 0 : lastEnd - firstStart;
  }
}
