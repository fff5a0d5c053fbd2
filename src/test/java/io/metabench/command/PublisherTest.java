package io.metabench.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.report.ReportFixture;
import org.junit.jupiter.api.Test;

class PublisherTest {
  @Test
  void theLastLineSaysWhereTheWallTimeWent() {
    // Three phases measured 2.5 + 1.25 + 0.5 s; create_write's client warm-up took 2.004 s.
    assertThat(Publisher.took(ReportFixture.result(), 10.0)).isEqualTo("took 10.0 s: 4.3 s "
        + "measured (3 phases), 2.0 s client warm-up (20 %), 3.7 s the rest (start-up, checks, "
        + "cleanup, writing results)");
  }

  @Test
  void aReplaysMeasuredTimeIsItsSpanNotItsPhasesWindows() {
    // Its phases run side by side at the log's pace: 27 s of replay, one warm-up before it.
    io.metabench.stats.RunResult replay = ReportFixture.result().withReplay(
        io.metabench.stats.ReplaySummary.ofPart(new io.metabench.stats.ReplayPart(3,
            27_000_000_000L)));
    assertThat(Publisher.took(replay, 30.0)).isEqualTo("took 30.0 s: 27.0 s measured (the "
        + "replay), 2.0 s client warm-up (7 %), 1.0 s the rest (start-up, checks, cleanup, "
        + "writing results)");
  }
}
