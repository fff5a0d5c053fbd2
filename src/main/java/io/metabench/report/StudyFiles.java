package io.metabench.report;

import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.StudyResult;
import io.metabench.report.chart.ChartFiles;
import io.metabench.report.chart.StudyCharts;
import io.metabench.config.BenchConfig;
import io.metabench.op.OpType;
import io.metabench.stats.RunInfo;
import io.metabench.stats.StudyRun;
import io.metabench.stats.StudySummary;
import java.util.LinkedHashMap;
import java.util.Map;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Puts a study's machine outputs into its result directory: {@code result.json} (everything;
 * at {@code -jsonOut} instead when that is given),
 * {@code runs.csv} and {@code summary.csv} (tidy tables), {@code latency.hlog} (every phase's
 * per-second histograms) and one HdrHistogram percentile distribution per run and phase under
 * {@code hgrm/}. Each file is written atomically.
 */
public final class StudyFiles {
  /** Milliseconds: HdrHistogram's tools print values divided by this (they are recorded in ns). */
  private static final double NANOS_PER_MILLI = 1e6;

  private StudyFiles() {
  }

  /** The result directory: the one given, or {@code <prefix>-<yyyyMMdd-HHmmss>}. */
  public static File outDir(String given, String prefix, long startedAtEpochMillis) {
    if (!given.isEmpty()) {
      return new File(given).getAbsoluteFile();
    }
    SimpleDateFormat f = new SimpleDateFormat("yyyyMMdd-HHmmss", Locale.ROOT);
    return new File(prefix + "-" + f.format(new Date(startedAtEpochMillis))).getAbsoluteFile();
  }

  /**
   * Writes every file of the study into {@code dir}; {@code plannedPhases} are the operations
   * each run was asked for (rows for runs that did not finish); {@code jsonOut} replaces
   * {@code dir/result.json} unless empty.
   *
   * @return the files written
   */
  public static List<File> write(StudyResult result, List<String> plannedPhases, File dir,
      String jsonOut) throws IOException {
    List<File> files = new ArrayList<>();
    File json = jsonOut.isEmpty() ? new File(dir, "result.json") : new File(jsonOut);
    files.add(ResultFiles.writeAtomically(json,
        w -> new StudyJsonFormat().write(result, w)));
    files.add(ResultFiles.writeAtomically(new File(dir, "runs.csv"),
        w -> new CsvFormat().writeRuns(result, plannedPhases, w)));
    files.add(ResultFiles.writeAtomically(new File(dir, "summary.csv"),
        w -> new CsvFormat().writeSummary(result.summary(), w)));
    files.add(ResultFiles.writeAtomically(new File(dir, "latency.hlog"),
        w -> w.write(intervalLog(result))));
    for (StudyRun r : result.finishedRuns()) {
      for (PhaseResult p : r.result().phases()) {
        files.add(ResultFiles.writeAtomically(new File(dir, "hgrm/" + runName(r) + "-"
            + p.name() + ".hgrm"), w -> w.write(percentileDistribution(p))));
      }
    }
    return files;
  }

  /**
   * Draws the study's charts into {@code dir/charts} (PNG and SVG) and writes the self-contained
   * {@code dir/report.html}; {@code chartThreads} is the latency charts' concurrency, 0 for the
   * highest.
   *
   * @return the files written
   * @throws IOException naming the cause when the charts cannot be drawn (say, no fonts); no
   *     report is written then
   */
  public static List<File> writeReports(StudySummary summary, int chartThreads,
      Map<String, String> metadata, File dir) throws IOException {
    List<File> files = new ArrayList<>();
    if (summary.rows().isEmpty()) {
      return files;
    }
    // A level whose runs all failed has no row: fall back to the highest rather than draw nothing.
    StudyCharts charts = summary.threadLevels().contains(chartThreads)
        ? new StudyCharts(chartThreads) : new StudyCharts();
    files.addAll(ChartFiles.write(charts.charts(summary), new File(dir, "charts")));
    files.add(ResultFiles.writeAtomically(new File(dir, "report.html"),
        w -> HtmlReport.write(summary, metadata, charts, w)));
    return files;
  }

  /** What the HTML report says about how a study ran: versions, machine, workload, plan. */
  public static Map<String, String> metadata(StudyResult result, BenchConfig config) {
    RunInfo jvm = RunInfo.ofThisJvm("", false, "", config.sharedClient(),
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

  /** {@code <target>-t<threads>-i<iteration>}: a run's part of its files' names. */
  public static String runName(StudyRun r) {
    return fileSafe(r.target()) + "-t" + r.threads() + "-i" + r.iteration();
  }

  /** A label as it may stand in a file name: other characters become {@code _}. */
  public static String fileSafe(String label) {
    return label.replaceAll("[^A-Za-z0-9_.+-]", "_");
  }

  /**
   * Every phase's per-second latency histograms as one HdrHistogram interval log, each tagged
   * {@code <target>-t<threads>-i<iteration>-<phase>}; times are seconds since the study started
   * and values nanoseconds (the log's max column divides them by 10^6: milliseconds). Phases of
   * MapReduce runs have no per-second series and no intervals here.
   */
  static String intervalLog(StudyResult result) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, false, "UTF-8")) {
      HistogramLogWriter log = new HistogramLogWriter(ps);
      log.outputComment("MetaBench study: per-second latency of successful operations, in ns; "
          + "tag = <target>-t<threads>-i<iteration>-<phase>");
      log.outputLogFormatVersion();
      log.setBaseTime(result.startedAtEpochMillis());
      log.outputBaseTime(result.startedAtEpochMillis());
      log.outputStartTime(result.startedAtEpochMillis());
      log.outputLegend();
      for (StudyRun r : result.finishedRuns()) {
        for (PhaseResult p : r.result().phases()) {
          String tag = runName(r) + "-" + p.name();
          for (IntervalSeries.Interval i : p.series().intervals()) {
            Histogram h = i.latency();
            h.setTag(tag);
            h.setStartTimeStamp(i.startEpochNanos() / 1_000_000);
            h.setEndTimeStamp(i.endEpochNanos() / 1_000_000);
            log.outputIntervalHistogram(h);
          }
        }
      }
    } catch (java.io.UnsupportedEncodingException e) {
      throw new AssertionError(e);
    }
    return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
  }

  /** HdrHistogram's percentile distribution of a phase's latencies, in milliseconds. */
  static String percentileDistribution(PhaseResult p) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, false, "UTF-8")) {
      p.latency().outputPercentileDistribution(ps, NANOS_PER_MILLI);
    } catch (java.io.UnsupportedEncodingException e) {
      throw new AssertionError(e);
    }
    return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
  }
}
