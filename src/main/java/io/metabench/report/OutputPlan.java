package io.metabench.report;

import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import io.metabench.stats.study.StudyRun;
import java.io.File;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * Where every output file goes: the one place that names files (docs/output-formats.md).
 *
 * <p>Everything MetaBench writes by default goes under one directory of the working directory,
 * {@link #RESULTS} ({@code metabench-results/}), one directory per run, study or report, named so
 * runs can be told apart: {@code <yyyyMMdd-HHmmss>-<operations>-<target>} ({@code -2},
 * {@code -3} ... added when that exists: a default name never replaces a result). A single run
 * (or replay) writes there its JSON ({@code result.json}) and per-second series
 * ({@code series.csv}); with {@code -jsonOut FILE} the JSON goes to that file instead and the
 * series beside it ({@code <name>.series.csv}), and {@code -seriesOut} names the series file. A
 * study or a report writes into {@code -outDir}, which must be new or empty unless
 * {@code -overwrite}. NNBench's block is appended to {@code -nnbenchLog}
 * ({@code NNBench_results.log} in the working directory, where NNBench writes it; a study's go to
 * its own directory unless {@code -nnbenchLog} is given). No directory or file is made before
 * something is written into it, so a run that measures nothing leaves nothing.
 *
 * <p>The static methods are stateless; instances are immutable. Thread-safe.
 */
public final class OutputPlan {
  /** The directory of the working directory every default result directory goes in. */
  public static final String RESULTS = "metabench-results";

  private static final String STAMP = "yyyyMMdd-HHmmss";

  /** At most this many operations are named in a directory's name; more are counted. */
  private static final int NAMED_OPERATIONS = 3;

  private final File dir;
  private final String jsonOut;
  private final String seriesOut;

  private OutputPlan(File dir, String jsonOut, String seriesOut) {
    this.dir = dir;
    this.jsonOut = jsonOut;
    this.seriesOut = seriesOut;
  }

  // ---------------------------------------------------------------------- a single run's files

  /**
   * Refuses, before anything runs, a {@code -jsonOut} that exists unless {@code -overwrite}: a
   * result is never replaced by accident.
   *
   * @throws InvalidInputException naming the fix
   */
  public static void checkJsonOut(BenchConfig config) {
    if (!config.jsonOut().isEmpty() && new File(config.jsonOut()).exists()
        && !config.overwrite()) {
      throw new InvalidInputException("-jsonOut " + config.jsonOut()
          + " already exists; give a new file name, or add -overwrite to replace it");
    }
  }

  /**
   * The files of a single run (or replay) of {@code config} that did {@code what} (e.g.
   * {@link #what(BenchConfig)}, or {@code replay}) on the target labelled {@code targetLabel},
   * starting at {@code nowEpochMillis}: {@link #runJson} and
   * {@link #runSeries}, in a directory of its own under {@link #RESULTS} unless {@code -jsonOut}
   * names the JSON file. Nothing is created until written.
   */
  public static OutputPlan forRun(BenchConfig config, String what, String targetLabel,
      long nowEpochMillis) {
    if (!config.jsonOut().isEmpty()) {
      File json = new File(config.jsonOut()).getAbsoluteFile();
      return new OutputPlan(json.getParentFile(), json.getPath(), config.seriesOut());
    }
    return new OutputPlan(newResultDir(nowEpochMillis, what, targetLabel), "",
        config.seriesOut());
  }

  /** The run's JSON file: {@code -jsonOut}, or {@code result.json} in the run's directory. */
  public File runJson() {
    return jsonOut.isEmpty() ? new File(dir, "result.json") : new File(jsonOut);
  }

  /**
   * The run's per-second series: {@code -seriesOut}, beside {@code -jsonOut} as
   * {@code <name>.series.csv}, or {@code series.csv} in the run's directory.
   */
  public File runSeries() {
    if (!seriesOut.isEmpty()) {
      return new File(seriesOut);
    }
    if (jsonOut.isEmpty()) {
      return new File(dir, "series.csv");
    }
    return new File((jsonOut.endsWith(".json") ? jsonOut.substring(0, jsonOut.length() - 5)
        : jsonOut) + ".series.csv");
  }

  /** The file NNBench's block is appended to, absolute; null when {@code -nnbenchLog ""}. */
  public static File nnbenchLog(BenchConfig config) {
    return config.nnbenchLog().isEmpty() ? null
        : new File(config.nnbenchLog()).getAbsoluteFile();
  }

  /**
   * What a directory's name says a run did: its operations joined by {@code +} ({@code all} for
   * every NNBench phase; the first three and how many more past three), or {@code prefill} /
   * {@code cleanup} for a run of only those.
   */
  public static String what(BenchConfig config) {
    List<OpType> ops = config.operations();
    if (ops.isEmpty()) {
      return config.prefill().asked() ? "prefill" : "cleanup";
    }
    if (ops.equals(OpType.ALL)) {
      return "all";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < ops.size() && i < NAMED_OPERATIONS; i++) {
      b.append(i == 0 ? "" : "+").append(ops.get(i).id());
    }
    if (ops.size() > NAMED_OPERATIONS) {
      b.append("+").append(ops.size() - NAMED_OPERATIONS).append("more");
    }
    return b.toString();
  }

  /** A new directory's path under {@link #RESULTS}: {@code <time>-<what>-<target>[-n]}. */
  private static File newResultDir(long nowEpochMillis, String what, String target) {
    String stem = stamp(nowEpochMillis) + "-" + fileSafe(what)
        + (target.isEmpty() ? "" : "-" + fileSafe(target));
    File dir = new File(RESULTS, stem).getAbsoluteFile();
    for (int n = 2; dir.exists(); n++) {
      dir = new File(RESULTS, stem + "-" + n).getAbsoluteFile();
    }
    return dir;
  }

  // ------------------------------------------------------------- a study's or report's directory

  /**
   * The directory of a study's or a report's files: {@code given}, or a new directory under
   * {@link #RESULTS} named {@code <yyyyMMdd-HHmmss>-<what>} ({@code what}: e.g.
   * {@code study-create_write+open_read-hdfs}); absolute.
   *
   * @throws InvalidInputException when it is not a directory, or holds anything already and
   *     {@code overwrite} is false (with it, files of the same names are replaced)
   */
  public static OutputPlan inDirectory(String given, String what, long nowEpochMillis,
      boolean overwrite, String jsonOut) {
    File dir = given.isEmpty() ? newResultDir(nowEpochMillis, what, "")
        : new File(given).getAbsoluteFile();
    String[] existing = dir.list();
    if (dir.exists() && existing == null) {
      throw new InvalidInputException("-outDir " + dir + " is not a directory; give a new "
          + "directory");
    }
    if (existing != null && existing.length > 0 && !overwrite) {
      throw new InvalidInputException("-outDir " + dir + " already exists and is not an empty "
          + "directory; give a new directory, or add -overwrite to replace its files");
    }
    return new OutputPlan(dir, jsonOut, "");
  }

  /** The directory itself. */
  public File dir() {
    return dir;
  }

  /**
   * The study's NNBench blocks: {@code -nnbenchLog} when {@code given}, else
   * {@code NNBench_results.log} in the study's directory; null when {@code -nnbenchLog ""}.
   */
  public File studyNNBenchLog(BenchConfig config, boolean given) {
    if (config.nnbenchLog().isEmpty()) {
      return null;
    }
    return given ? nnbenchLog(config) : new File(dir, "NNBench_results.log");
  }

  /** The study's JSON: {@code result.json}, or {@code -jsonOut} when that was given. */
  public File studyJson() {
    return jsonOut.isEmpty() ? new File(dir, "result.json") : new File(jsonOut);
  }

  /** Every run's table, as a single run prints it, appended as each run ends. */
  public File runsText() {
    return new File(dir, "runs.txt");
  }

  public File runsCsv() {
    return new File(dir, "runs.csv");
  }

  public File summaryCsv() {
    return new File(dir, "summary.csv");
  }

  public File intervalLog() {
    return new File(dir, "latency.hlog");
  }

  /** A phase's percentile distribution: {@code hgrm/<target>-t<threads>-i<n>-<phase>.hgrm}. */
  public File percentiles(StudyRun run, String phase) {
    return new File(dir, "hgrm/" + runName(run) + "-" + phase + ".hgrm");
  }

  /** Where the charts go (PNG and SVG; {@code report.chart.ChartFiles} names them). */
  public File chartsDir() {
    return new File(dir, "charts");
  }

  public File htmlReport() {
    return new File(dir, "report.html");
  }

  /**
   * Where each run's per-second series goes; the study runner names them
   * {@code <target>-t<threads>-i<n>.csv}.
   */
  public File seriesDir() {
    return new File(dir, "series");
  }

  /** {@code <target>-t<threads>-i<iteration>}: a run's part of its files' names. */
  public static String runName(StudyRun r) {
    return fileSafe(r.target()) + "-t" + r.threads() + "-i" + r.iteration();
  }

  /** A label as it may stand in a file name: other characters become {@code _}. */
  public static String fileSafe(String label) {
    return label.replaceAll("[^A-Za-z0-9_.+-]", "_");
  }

  private static String stamp(long epochMillis) {
    return new SimpleDateFormat(STAMP, Locale.ROOT).format(new Date(epochMillis));
  }
}
