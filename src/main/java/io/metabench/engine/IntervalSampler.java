package io.metabench.engine;

import io.metabench.core.ClockAnchor;
import io.metabench.core.NanoClock;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.IntervalSink;
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

  private final List<List<OpRecorder>> groups;
  private final List<String> labels;
  private final NanoClock clock;
  private final ClockAnchor anchor;
  private final Progress progress;
  private final String label;
  private final List<List<IntervalSeries.Interval>> groupIntervals = new ArrayList<>();
  private final long expected;
  private double offered;
  private final List<String> operations = new ArrayList<>();
  private final Histogram workerOk = new Histogram(3);
  private final Histogram workerFailed = new Histogram(3);
  private ScheduledExecutorService timer;
  private long startNanos;
  private long lastNanos;
  private long done;
  private long failed;
  private IntervalSink seriesFile;
  private boolean seriesBroken;
  private long warmupNanos;
  /** Given the series so far after each interval; null: none (no copies are made then). */
  private java.util.function.Consumer<List<IntervalSeries>> afterEach;

  /**
   * A sampler of several results at once (a mix's operations): a series per group of recorders,
   * written under that group's label, and one progress line ({@code label}) over them all.
   */
  IntervalSampler(List<List<OpRecorder>> groups, List<String> labels, NanoClock clock,
      ClockAnchor anchor, Progress progress, String label, long expected) {
    this.groups = groups;
    this.labels = labels;
    this.clock = clock;
    this.anchor = anchor;
    this.progress = progress;
    this.label = label;
    this.expected = expected;
    for (int g = 0; g < groups.size(); g++) {
      groupIntervals.add(new ArrayList<>());
    }
  }

  /**
   * Tells the progress what {@code phase} offers (its rate; 0: closed loop) and the operation
   * of each group.
   */
  IntervalSampler of(Phase phase) {
    this.offered = phase.processRate();
    for (io.metabench.op.OpType op : phase.results()) {
      operations.add(op.id());
    }
    return this;
  }

  /** Also writes each interval to {@code file} as it is taken (null: nowhere). */
  IntervalSampler writingTo(IntervalSink file) {
    this.seriesFile = file;
    return this;
  }

  /**
   * Starts the series and the progress after the phase's {@code -warmup} ({@code nanos} after
   * {@link #start}): the warm-up's operations are recorded apart, so seconds of it would show
   * nothing completed, a false stall.
   */
  IntervalSampler afterWarmup(long nanos) {
    this.warmupNanos = nanos;
    return this;
  }

  /**
   * Gives {@code c} each group's series so far after each interval the timer takes (not after
   * the last one, which {@link #finishAll} takes); on the timer's thread.
   */
  IntervalSampler afterEachInterval(java.util.function.Consumer<List<IntervalSeries>> c) {
    this.afterEach = c;
    return this;
  }

  synchronized void start() {
    startNanos = clock.nanoTime() + warmupNanos;
    lastNanos = startNanos;
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-sampler");
      t.setDaemon(true);
      return t;
    });
    java.util.function.Consumer<List<IntervalSeries>> each = afterEach;
    timer.scheduleAtFixedRate(each == null ? this::sample : () -> each.accept(sampleSoFar()),
        warmupNanos + INTERVAL_NANOS, INTERVAL_NANOS, TimeUnit.NANOSECONDS);
  }

  /** Stops the timer, takes the last interval and returns each group's series, in order. */
  List<IntervalSeries> finishAll() throws InterruptedException {
    if (timer != null) {
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    sample();
    progress.phaseEnded();
    synchronized (this) {
      List<IntervalSeries> all = new ArrayList<>();
      for (List<IntervalSeries.Interval> intervals : groupIntervals) {
        all.add(new IntervalSeries(intervals));
      }
      return all;
    }
  }

  /** {@link #sample}, then each group's series so far. */
  private synchronized List<IntervalSeries> sampleSoFar() {
    sample();
    List<IntervalSeries> all = new ArrayList<>();
    for (List<IntervalSeries.Interval> intervals : groupIntervals) {
      all.add(new IntervalSeries(new ArrayList<>(intervals)));
    }
    return all;
  }

  /** One interval: everything the workers recorded since the previous one. */
  synchronized void sample() {
    long now = clock.nanoTime();
    if (now - startNanos < 0) {
      // Still in the warm-up (the phase ended in it): no measured operation can have happened.
      return;
    }
    long okNow = 0;
    long failedNow = 0;
    Histogram all = new Histogram(3);
    for (int g = 0; g < groups.size(); g++) {
      Histogram ok = new Histogram(3);
      long failedInGroup = 0;
      java.util.Map<String, Long> causes = new java.util.TreeMap<>();
      for (OpRecorder r : groups.get(g)) {
        r.sampleInto(workerOk, workerFailed);
        r.takeFailuresInto(causes);
        ok.add(workerOk);
        failedInGroup += workerFailed.getTotalCount();
      }
      IntervalSeries.Interval interval = new IntervalSeries.Interval(
          anchor.epochNanos(lastNanos), anchor.epochNanos(now), ok, failedInGroup);
      groupIntervals.get(g).add(interval);
      write(labels.get(g), interval);
      // The histogram in hand, not the interval's compressed copy: nothing decoded twice.
      progress.interval(label, g < operations.size() ? operations.get(g) : labels.get(g), ok,
          causes);
      okNow += ok.getTotalCount();
      failedNow += failedInGroup;
      all.add(ok);
    }
    done += okNow + failedNow;
    failed += failedNow;
    double seconds = (now - lastNanos) / 1e9;
    progress.update(new Progress.Snapshot(label, (now - startNanos) / 1e9, done, expected,
        seconds <= 0 ? 0 : okNow / seconds,
        okNow == 0 ? Double.NaN : all.getValueAtPercentile(99) / 1e6, failed, offered));
    lastNanos = now;
  }

  private void write(String groupLabel, IntervalSeries.Interval interval) {
    if (seriesFile != null && !seriesBroken) {
      try {
        seriesFile.interval(groupLabel, interval, anchor.epochNanos(startNanos));
      } catch (IOException e) {
        // The run goes on: its results do not depend on this file.
        seriesBroken = true;
        LOG.warn("the per-second series file could not be written: {}", e.toString());
      }
    }
  }
}
