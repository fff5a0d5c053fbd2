package io.metabench.report;

import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A study's {@code latency.hlog}: every phase's per-second latency histograms as one
 * HdrHistogram interval log, each tagged {@code <target>-t<threads>-i<iteration>-<phase>}; times
 * are seconds since the study started and values nanoseconds (the log's max column divides them
 * by 10^6: milliseconds). Phases of MapReduce runs have no per-second series and no intervals
 * here.
 */
final class IntervalLogFormat implements ResultFormat<StudyResult> {
  @Override
  public void write(StudyResult result, Appendable out) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, false, "UTF-8")) {
      HistogramLogWriter log = begin(ps, "MetaBench study: per-second latency of successful "
          + "operations, in ns; tag = <target>-t<threads>-i<iteration>-<phase>",
          result.startedAtEpochMillis());
      for (StudyRun r : result.finishedRuns()) {
        for (PhaseResult p : r.result().phases()) {
          String tag = OutputPlan.runName(r) + "-" + p.name();
          for (IntervalSeries.Interval i : p.series().intervals()) {
            append(log, tag, i);
          }
        }
      }
    } catch (UnsupportedEncodingException e) {
      throw new AssertionError(e);
    }
    out.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
  }

  /**
   * A log on {@code out} with its header: {@code comment}, the format's version, and
   * {@code baseMillis} (epoch) as its base and start time, which its interval times count from.
   */
  static HistogramLogWriter begin(PrintStream out, String comment, long baseMillis) {
    HistogramLogWriter log = new HistogramLogWriter(out);
    log.outputComment(comment);
    log.outputLogFormatVersion();
    log.setBaseTime(baseMillis);
    log.outputBaseTime(baseMillis);
    log.outputStartTime(baseMillis);
    log.outputLegend();
    return log;
  }

  /** Interval {@code i}'s latencies as one line of {@code log}, tagged {@code tag}. */
  static void append(HistogramLogWriter log, String tag, IntervalSeries.Interval i) {
    // A copy: tagging the series' own histogram would change the result being written.
    Histogram h = i.latency().copy();
    h.setTag(tag);
    h.setStartTimeStamp(i.startEpochNanos() / 1_000_000);
    h.setEndTimeStamp(i.endEpochNanos() / 1_000_000);
    log.outputIntervalHistogram(h);
  }
}
