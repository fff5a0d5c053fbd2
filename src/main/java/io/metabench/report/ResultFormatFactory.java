package io.metabench.report;

import io.metabench.report.chart.ChartRenderer;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudySummary;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

/**
 * Makes the writer of a {@link ResultFormatType}, one factory method per kind of results so the
 * compiler checks that a format is given what it writes. Formats that need settings take them
 * here; the others ignore them.
 */
public final class ResultFormatFactory {
  private ResultFormatFactory() {
  }

  /**
   * A format of a run. NNBench's "Date &amp; time" is the moment this is called, in the machine's
   * time zone, as NNBench prints it.
   *
   * @throws IllegalArgumentException when {@code type} does not write runs
   */
  public static ResultFormat<RunResult> forRun(ResultFormatType type) {
    check(type, ResultFormatType.Input.RUN);
    switch (type) {
      case TEXT:
        return new TextFormat();
      case JSON:
        return new JsonFormat();
      case NNBENCH:
        return new NNBenchFormat(TimeZone.getDefault(), System.currentTimeMillis());
      case SERIES:
        return new SeriesFormat();
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * A format of a study; {@code plannedPhases} are the operations each run was asked for (the
   * runs CSV has rows for those of runs that did not finish).
   *
   * @throws IllegalArgumentException when {@code type} does not write studies
   */
  public static ResultFormat<StudyResult> forStudy(ResultFormatType type,
      List<String> plannedPhases) {
    check(type, ResultFormatType.Input.STUDY);
    switch (type) {
      case STUDY_TEXT:
        return new StudyTextFormat();
      case STUDY_JSON:
        return new StudyJsonFormat();
      case RUNS_CSV:
        return new CsvFormat.Runs(plannedPhases);
      case INTERVAL_LOG:
        return new IntervalLogFormat();
      default:
        throw new AssertionError(type);
    }
  }

  /** As {@link #forSummary(ResultFormatType, Map, ChartRenderer)} with no metadata or charts. */
  public static ResultFormat<StudySummary> forSummary(ResultFormatType type) {
    return forSummary(type, Collections.<String, String>emptyMap(),
        s -> Collections.<ChartRenderer.Figure>emptyList());
  }

  /**
   * A format of a study's summary; the HTML report shows {@code metadata} under its title and
   * the figures {@code charts} draws.
   *
   * @throws IllegalArgumentException when {@code type} does not write summaries
   */
  public static ResultFormat<StudySummary> forSummary(ResultFormatType type,
      Map<String, String> metadata, ChartRenderer charts) {
    check(type, ResultFormatType.Input.SUMMARY);
    switch (type) {
      case SUMMARY_TEXT:
        return new StudyTextFormat.Tables();
      case SUMMARY_CSV:
        return new CsvFormat.Summary();
      case HTML:
        return new HtmlReport.Format(metadata, charts);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * A format of one phase.
   *
   * @throws IllegalArgumentException when {@code type} does not write phases
   */
  public static ResultFormat<PhaseResult> forPhase(ResultFormatType type) {
    check(type, ResultFormatType.Input.PHASE);
    return new PercentilesFormat();
  }

  /**
   * A format of a capacity search's result.
   *
   * @throws IllegalArgumentException when {@code type} does not write capacity results
   */
  public static ResultFormat<io.metabench.stats.capacity.CapacityResult> forCapacity(
      ResultFormatType type) {
    check(type, ResultFormatType.Input.CAPACITY);
    switch (type) {
      case CAPACITY_TEXT:
        return new CapacityFormat.Text();
      case CAPACITY_JSON:
        return new CapacityFormat.Json();
      case CAPACITY_CSV:
        return new CapacityFormat.Csv();
      case CAPACITY_HTML:
        return new CapacityHtml();
      default:
        throw new AssertionError(type);
    }
  }

  /** A format of capacity searches side by side ({@link ResultFormatType.Input#CAPACITY_STUDY}). */
  public static ResultFormat<io.metabench.stats.capacity.CapacityStudy> forCapacityStudy(
      ResultFormatType type) {
    check(type, ResultFormatType.Input.CAPACITY_STUDY);
    switch (type) {
      case CAPACITY_STUDY_TEXT:
        return new CapacityStudyFormat.Text();
      case CAPACITY_STUDY_JSON:
        return new CapacityStudyFormat.Json();
      default:
        throw new AssertionError(type);
    }
  }

  private static void check(ResultFormatType type, ResultFormatType.Input input) {
    if (type.input() != input) {
      throw new IllegalArgumentException(type + " writes " + type.input().name().toLowerCase(
          java.util.Locale.ROOT) + " results, not " + input.name().toLowerCase(
          java.util.Locale.ROOT) + " results");
    }
  }
}
