package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.core.ClockAnchor;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.OpRecorder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class IntervalSamplerTest {
  private static final long MS = 1_000_000L;
  private final AtomicLong now = new AtomicLong(1_000 * MS);
  private final List<Progress.Snapshot> seen = new ArrayList<>();
  /** Each interval's failures by cause, as the live figures get them. */
  private final List<java.util.Map<String, Long>> causes = new ArrayList<>();
  private final Progress recording = new Progress() {
    @Override
    public void update(Snapshot s) {
      seen.add(s);
    }

    @Override
    public void interval(String phase, String operation, org.HdrHistogram.Histogram latency,
        java.util.Map<String, Long> failed) {
      causes.add(new java.util.TreeMap<>(failed));
    }

    @Override
    public void phaseEnded() {
    }
  };

  @Test
  void everyOperationLandsInExactlyOneInterval() throws Exception {
    OpRecorder w0 = new OpRecorder(0);
    OpRecorder w1 = new OpRecorder(1);
    IntervalSampler sampler = new IntervalSampler(Collections.singletonList(Arrays.asList(w0, w1)),
        Collections.singletonList("create_write"), now::get,
        ClockAnchor.IDENTITY, recording, "create_write", 10);
    sampler.start();
    w0.success(0, 0, 2 * MS, 0);
    w0.success(0, 0, 4 * MS, 0);
    w1.success(0, 0, 1 * MS, 0);
    w1.failure(0, 3 * MS, "IOException", "x");
    now.addAndGet(500 * MS);
    sampler.sample();
    w1.success(0, 0, 8 * MS, 0);
    w0.failure(0, 1 * MS, "IOException", "y");
    w0.failure(0, 1 * MS, "FileNotFoundException", "z");
    w1.failure(0, 1 * MS, "FileNotFoundException", "z");
    now.addAndGet(250 * MS);
    IntervalSeries series = sampler.finishAll().get(0);

    assertThat(series.intervals()).hasSize(2);
    IntervalSeries.Interval first = series.intervals().get(0);
    assertThat(first.successes()).isEqualTo(3);
    assertThat(first.failed()).isEqualTo(1);
    assertThat(first.latency().getMaxValue()).isBetween(4 * MS, 4 * MS + 4 * MS / 1000);
    assertThat(first.endEpochNanos() - first.startEpochNanos()).isEqualTo(500 * MS);
    IntervalSeries.Interval second = series.intervals().get(1);
    assertThat(second.successes()).isEqualTo(1);
    assertThat(second.failed()).isEqualTo(3);
    // Each interval's failures by cause, once each, summed over the workers.
    assertThat(causes).hasSize(2);
    assertThat(causes.get(0)).containsExactly(
        org.assertj.core.api.Assertions.entry("IOException", 1L));
    assertThat(causes.get(1)).containsExactly(
        org.assertj.core.api.Assertions.entry("FileNotFoundException", 2L),
        org.assertj.core.api.Assertions.entry("IOException", 1L));
    assertThat(second.startEpochNanos()).isEqualTo(first.endEpochNanos());

    // the phase's totals are untouched by sampling
    assertThat(w0.latency().getTotalCount() + w1.latency().getTotalCount()).isEqualTo(4);

    Progress.Snapshot last = seen.get(seen.size() - 1);
    assertThat(last.done).isEqualTo(8);
    assertThat(last.failed).isEqualTo(4);
    assertThat(last.elapsedSeconds).isEqualTo(0.75);
    // one success in the last 0.25 s
    assertThat(last.intervalTps).isEqualTo(4.0);
    // 2 left at 8 per 0.75 s
    assertThat(last.etaSeconds()).isEqualTo(0.1875);
  }

  @Test
  void eachResultOfAMixGetsItsOwnSeriesAndProgressCountsThemAll() throws Exception {
    OpRecorder stat0 = new OpRecorder(0);
    OpRecorder stat1 = new OpRecorder(1);
    OpRecorder read0 = new OpRecorder(0);
    IntervalSampler sampler = new IntervalSampler(
        Arrays.asList(Arrays.asList(stat0, stat1), Collections.singletonList(read0)),
        Arrays.asList("mix:stat", "mix:open_read"), now::get, ClockAnchor.IDENTITY, recording,
        "mix", -1);
    sampler.start();
    stat0.success(0, 0, MS, 0);
    stat1.success(0, 0, MS, 0);
    read0.failure(0, MS, "IOException", "x");
    now.addAndGet(1000 * MS);
    sampler.sample();
    read0.success(0, 0, MS, 0);
    now.addAndGet(1000 * MS);
    List<IntervalSeries> series = sampler.finishAll();

    assertThat(series).hasSize(2);
    assertThat(series.get(0).intervals()).extracting(IntervalSeries.Interval::successes)
        .containsExactly(2L, 0L);
    assertThat(series.get(1).intervals()).extracting(IntervalSeries.Interval::successes)
        .containsExactly(0L, 1L);
    assertThat(series.get(1).intervals().get(0).failed()).isEqualTo(1);
    Progress.Snapshot last = seen.get(seen.size() - 1);
    assertThat(last.done).isEqualTo(4);
    assertThat(last.failed).isEqualTo(1);
  }

  @Test
  void theWarmUpsSecondsAreNotInTheSeriesSoTheyCannotReadAsAStall() throws Exception {
    OpRecorder w0 = new OpRecorder(0);
    IntervalSampler sampler = new IntervalSampler(Collections.singletonList(
        Collections.singletonList(w0)), Collections.singletonList("stat"), now::get,
        ClockAnchor.IDENTITY, recording, "stat", -1).afterWarmup(3000 * MS);
    long began = now.get();
    sampler.start();
    // Three seconds of warm-up: its operations go elsewhere, and a sample taken then adds
    // nothing.
    now.addAndGet(1000 * MS);
    sampler.sample();
    now.addAndGet(2500 * MS);
    w0.success(0, 0, MS, 0);
    sampler.sample();
    now.addAndGet(1000 * MS);
    w0.success(0, 0, MS, 0);
    IntervalSeries series = sampler.finishAll().get(0);

    assertThat(series.intervals()).extracting(IntervalSeries.Interval::successes)
        .containsExactly(1L, 1L);
    assertThat(series.intervals().get(0).startEpochNanos()).isEqualTo(began + 3000 * MS);
    assertThat(seen).hasSize(2);
    assertThat(seen.get(0).elapsedSeconds).isEqualTo(0.5);
  }

  @Test
  void aPlainStreamGetsALineEveryTenSecondsAndATerminalOneRewrittenLine() {
    Progress.Snapshot at3 = new Progress.Snapshot("open_read", 3, 300, 1000, 100, 2.5, 0, 0);
    Progress.Snapshot at10 = new Progress.Snapshot("open_read", 10, 900, 1000, 90, 2.5, 1, 0);
    Progress.Snapshot at11 = new Progress.Snapshot("open_read", 11, 990, 1000, 90, Double.NaN, 1, 0);
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    Progress p = Progress.to(new PrintStream(plain, true), false);
    p.update(at3);
    p.update(at10);
    p.update(at11);
    p.phaseEnded();
    assertThat(plain.toString()).isEqualTo("open_read    10s 900/1000 ops (90%)  90.0 ops/s  "
        + "p99 2.500 ms  failed 1  ETA 1s" + System.lineSeparator());

    ByteArrayOutputStream tty = new ByteArrayOutputStream();
    Progress t = Progress.to(new PrintStream(tty, true), true);
    t.update(at3);
    t.update(at11);
    t.phaseEnded();
    assertThat(tty.toString()).startsWith("\ropen_read     3s 300/1000 ops (30%)")
        .contains("\ropen_read    11s 990/1000 ops (99%)  90.0 ops/s  p99 -  failed 1  ETA 0s")
        .endsWith("\u001b[K" + System.lineSeparator());
  }
}
