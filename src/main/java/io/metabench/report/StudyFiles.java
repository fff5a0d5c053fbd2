package io.metabench.report;

import io.metabench.config.BenchConfig;
import io.metabench.op.OpType;
import io.metabench.report.chart.ChartFiles;
import io.metabench.report.chart.StudyCharts;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import io.metabench.stats.study.StudySummary;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a study's files into its {@link OutputPlan} directory: the study JSON (at
 * {@code -jsonOut} instead when that is given), {@code runs.csv} and {@code summary.csv} (tidy
 * tables), {@code latency.hlog} (every phase's per-second histograms) and one HdrHistogram
 * percentile distribution per run and phase under {@code hgrm/}; and the charts and HTML report
 * of a summary (a study's, or the report command's). Each file is written atomically.
 * Stateless.
 */
public final class StudyFiles {
  private StudyFiles() {
  }

  /**
   * Writes every file of the study; {@code plannedPhases} are the operations each run was asked
   * for (rows for runs that did not finish).
   *
   * @return the files written
   */
  public static List<File> write(StudyResult result, List<String> plannedPhases,
      OutputPlan plan) throws IOException {
    List<File> files = new ArrayList<>();
    files.add(ResultFiles.write(plan.studyJson(),
        ResultFormatFactory.forStudy(ResultFormatType.STUDY_JSON, plannedPhases), result));
    files.add(ResultFiles.write(plan.runsCsv(),
        ResultFormatFactory.forStudy(ResultFormatType.RUNS_CSV, plannedPhases), result));
    files.add(ResultFiles.write(plan.summaryCsv(),
        ResultFormatFactory.forSummary(ResultFormatType.SUMMARY_CSV), result.summary()));
    files.add(ResultFiles.write(plan.intervalLog(),
        ResultFormatFactory.forStudy(ResultFormatType.INTERVAL_LOG, plannedPhases), result));
    ResultFormat<PhaseResult> hgrm = ResultFormatFactory.forPhase(ResultFormatType.PERCENTILES);
    for (StudyRun r : result.finishedRuns()) {
      for (PhaseResult p : r.result().phases()) {
        files.add(ResultFiles.write(plan.percentiles(r, p.name()), hgrm, p));
      }
    }
    return files;
  }

  /**
   * Draws the summary's charts into the plan's charts directory (PNG and SVG) and writes the
   * self-contained HTML report; {@code chartThreads} is the latency charts' concurrency, 0 for
   * the highest.
   *
   * @return the files written
   * @throws IOException naming the cause when the charts cannot be drawn (say, no fonts); no
   *     report is written then
   */
  public static List<File> writeReports(StudySummary summary, int chartThreads,
      Map<String, String> metadata, OutputPlan plan) throws IOException {
    List<File> files = new ArrayList<>();
    if (summary.rows().isEmpty()) {
      return files;
    }
    // A level whose runs all failed has no row: fall back to the highest rather than draw nothing.
    StudyCharts charts = summary.threadLevels().contains(chartThreads)
        ? new StudyCharts(chartThreads) : new StudyCharts();
    files.addAll(ChartFiles.write(charts.charts(summary), plan.chartsDir()));
    files.add(ResultFiles.write(plan.htmlReport(),
        ResultFormatFactory.forSummary(ResultFormatType.HTML, metadata, charts), summary));
    return files;
  }

  /** What the HTML report says about how a study ran: versions, machine, workload, plan. */
  public static Map<String, String> metadata(StudyResult result, BenchConfig config) {
    RunInfo jvm = RunInfo.ofThisJvm("", false, "", config.sharedClient(), null,
        result.startedAtEpochMillis());
    Map<String, String> m = new LinkedHashMap<>();
    m.put("MetaBench", jvm.toolVersion());
    m.put("Hadoop client", jvm.hadoopVersion());
    m.put("JVM", jvm.jvm());
    m.put("Host", host() + ", " + Runtime.getRuntime().availableProcessors() + " cores");
    m.put("Started", JsonFormat.iso(result.startedAtEpochMillis()));
    m.put("Operations", OpType.join(config.operations()));
    m.put("Items per worker", Long.toString(config.filesPerWorker()));
    m.put("Bytes per file", Long.toString(config.bytesToWrite()));
    m.put("Threads", result.threadLevels().toString()
        + (config.maps() > 0 ? " per map, " + config.maps() + " maps" : ""));
    m.put("Iterations", Integer.toString(result.iterations()));
    m.put("Clients", jvm.clientMode());
    return m;
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown host";
    }
  }

  /**
   * A label as it may stand in a file name; kept for the study runner, which names its series
   * files with it. {@link OutputPlan#fileSafe} is the rule.
   */
  public static String fileSafe(String label) {
    return OutputPlan.fileSafe(label);
  }
}
