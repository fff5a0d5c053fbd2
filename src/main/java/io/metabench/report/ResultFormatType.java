package io.metabench.report;

import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudySummary;

/**
 * Every format MetaBench writes results in (docs/output-formats.md), each for one kind of
 * results: {@link ResultFormatFactory} makes the writer, {@link OutputPlan} names the file.
 */
public enum ResultFormatType {
  /** The table a person reads on stdout. */
  TEXT(Input.RUN),
  /** The run's JSON file: every figure, parameter and latency histogram. */
  JSON(Input.RUN),
  /** Hadoop NNBench's block, appended to {@code NNBench_results.log}. */
  NNBENCH(Input.RUN),
  /** The per-second series CSV (written live by {@link SeriesFile} while a run goes). */
  SERIES(Input.RUN),
  /** The study's summary on stdout: tables, runs that did not finish, the verdict. */
  STUDY_TEXT(Input.STUDY),
  /** The study's {@code result.json}. */
  STUDY_JSON(Input.STUDY),
  /** The study's {@code runs.csv}: one row per run and phase. */
  RUNS_CSV(Input.STUDY),
  /** The study's {@code latency.hlog}: every phase's per-second histograms (HdrHistogram log). */
  INTERVAL_LOG(Input.STUDY),
  /** The side-by-side and detail tables of a summary (the report command's stdout). */
  SUMMARY_TEXT(Input.SUMMARY),
  /** {@code summary.csv}: one row per target, operation and concurrency. */
  SUMMARY_CSV(Input.SUMMARY),
  /** The self-contained {@code report.html}. */
  HTML(Input.SUMMARY),
  /** A phase's {@code .hgrm}: HdrHistogram's percentile distribution, in milliseconds. */
  PERCENTILES(Input.PHASE),
  /** A capacity search's answer and steps as text. */
  CAPACITY_TEXT(Input.CAPACITY),
  /** A capacity search and every step's run as JSON. */
  CAPACITY_JSON(Input.CAPACITY),
  /** One CSV row a capacity search's step. */
  CAPACITY_CSV(Input.CAPACITY),
  /** A capacity search as one self-contained HTML page with its charts. */
  CAPACITY_HTML(Input.CAPACITY),
  /** Capacity searches of several targets side by side, as text. */
  CAPACITY_STUDY_TEXT(Input.CAPACITY_STUDY),
  /** Capacity searches of several targets side by side, as JSON. */
  CAPACITY_STUDY_JSON(Input.CAPACITY_STUDY);

  /** The kind of results a format writes. */
  public enum Input {
    RUN(RunResult.class), STUDY(StudyResult.class), SUMMARY(StudySummary.class),
    PHASE(PhaseResult.class), CAPACITY(io.metabench.stats.capacity.CapacityResult.class),
    CAPACITY_STUDY(io.metabench.stats.capacity.CapacityStudy.class);

    private final Class<?> type;

    Input(Class<?> type) {
      this.type = type;
    }

    /** The class of the results, the {@code T} of {@code ResultFormat<T>}. */
    public Class<?> type() {
      return type;
    }
  }

  private final Input input;

  ResultFormatType(Input input) {
    this.input = input;
  }

  public Input input() {
    return input;
  }
}
