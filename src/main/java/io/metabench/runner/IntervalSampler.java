package io.metabench.runner;

import io.metabench.report.SeriesFile;
import io.metabench.core.ClockAnchor;
import io.metabench.stats.IntervalSeries;
import io.metabench.core.NanoClock;
import io.metabench.stats.OpRecorder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Takes, once a second, what every worker of a phase recorded since the last time, and makes the
 * phase's per-second series and its live progress from it. The workers are not slowed: each
 * records into its own {@code SingleWriterRecorder}, which this thread flips.
 *
 * <p>Lifecycle: {@link #start} before the workers start, {@link #finish} after they all ended;
 * the last interval then takes whatever remains, so every operation lands in exactly one
 * interval. Sampling methods are synchronized: the timer thread and {@link #finish} never
 * overlap.
 */
final class IntervalSampler {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(IntervalSampler.class);
  static final long INTERVAL_NANOS = 1_000_000_000L;

  private final List<OpRecorder> recorders;
  private final NanoClock clock;
  private final ClockAnchor anchor;
  private final Progress progress;
  private final String label;
  private final long expected;
  private final List<IntervalSeries.Interval> intervals = new ArrayList<>();
  private final Histogram workerOk = new Histogram(3);
  private final Histogram workerFailed = new Histogram(3);
  private ScheduledExecutorService timer;
  private long startNanos;
  private long lastNanos;
  private long done;
  private long failed;
  private SeriesFile seriesFile;
  private boolean seriesBroken;

  IntervalSampler(List<OpRecorder> recorders, NanoClock clock, ClockAnchor anchor,
      Progress progress, String label, long expected) {
    this.recorders = recorders;
    this.clock = clock;
    this.anchor = anchor;
    this.progress = progress;
    this.label = label;
    this.expected = expected;
  }

  /** Also writes each interval to {@code file} as it is taken (null: nowhere). */
  IntervalSampler writingTo(SeriesFile file) {
    this.seriesFile = file;
    return this;
  }

  synchronized void start() {
    startNanos = clock.nanoTime();
    lastNanos = startNanos;
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-sampler");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(this::sample, INTERVAL_NANOS, INTERVAL_NANOS,
        TimeUnit.NANOSECONDS);
  }

  /** Stops the timer, takes the last interval and returns the series. */
  IntervalSeries finish() throws InterruptedException {
    if (timer != null) {
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    sample();
    progress.phaseEnded();
    synchronized (this) {
      return new IntervalSeries(intervals);
    }
  }

  /** One interval: everything the workers recorded since the previous one. */
  synchronized void sample() {
    long now = clock.nanoTime();
    Histogram ok = new Histogram(3);
    long failedNow = 0;
    for (OpRecorder r : recorders) {
      r.sampleInto(workerOk, workerFailed);
      ok.add(workerOk);
      failedNow += workerFailed.getTotalCount();
    }
    IntervalSeries.Interval interval = new IntervalSeries.Interval(anchor.epochNanos(lastNanos),
        anchor.epochNanos(now), ok, failedNow);
    intervals.add(interval);
    if (seriesFile != null && !seriesBroken) {
      try {
        seriesFile.interval(label, interval, anchor.epochNanos(startNanos));
      } catch (IOException e) {
        // The run goes on: its results do not depend on this file.
        seriesBroken = true;
        LOG.warn("the per-second series file could not be written: {}", e.toString());
      }
    }
    done += ok.getTotalCount() + failedNow;
    failed += failedNow;
    double seconds = (now - lastNanos) / 1e9;
    progress.update(new Progress.Snapshot(label, (now - startNanos) / 1e9, done, expected,
        seconds <= 0 ? 0 : ok.getTotalCount() / seconds,
        ok.getTotalCount() == 0 ? Double.NaN : ok.getValueAtPercentile(99) / 1e6, failed));
    lastNanos = now;
  }
}
