package io.metabench.report;

import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.stats.StudyRun;
import java.io.File;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;

/**
 * Where every output file goes: the one place that names files (docs/output-formats.md).
 *
 * <p>A single run writes {@code -jsonOut}, or {@code metabench-<yyyyMMdd-HHmmss>.json} in the
 * working directory ({@code -2}, {@code -3} ... added when that exists: a default name never
 * replaces a result); the per-second series at {@code -seriesOut}, or beside the JSON file as
 * {@code <name>.series.csv}; and appends NNBench's block to {@code -nnbenchLog}
 * ({@code NNBench_results.log} by default, none when empty). A study or a report writes into one
 * directory ({@code -outDir}, or {@code metabench-study-<time>} / {@code metabench-report-<time>}),
 * which must be new or empty unless {@code -overwrite}; an instance of this class names the files
 * in it.
 *
 * <p>The static methods are stateless; instances are immutable. Thread-safe.
 */
public final class OutputPlan {
  private static final String STAMP = "yyyyMMdd-HHmmss";

  private final File dir;
  private final String jsonOut;

  private OutputPlan(File dir, String jsonOut) {
    this.dir = dir;
    this.jsonOut = jsonOut;
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

  /** The JSON file of a run that started at {@code startedAtEpochMillis}. */
  public static File jsonFile(BenchConfig config, long startedAtEpochMillis) {
    if (!config.jsonOut().isEmpty()) {
      return new File(config.jsonOut());
    }
    String stem = "metabench-" + stamp(startedAtEpochMillis);
    File file = new File(stem + ".json");
    for (int n = 2; file.exists(); n++) {
      file = new File(stem + "-" + n + ".json");
    }
    return file;
  }

  /** The per-second series of a run starting now ({@code nowEpochMillis}). */
  public static File seriesFile(BenchConfig config, long nowEpochMillis) {
    if (!config.seriesOut().isEmpty()) {
      return new File(config.seriesOut());
    }
    String json = jsonFile(config, nowEpochMillis).getPath();
    return new File((json.endsWith(".json") ? json.substring(0, json.length() - 5) : json)
        + ".series.csv");
  }

  /** The file NNBench's block is appended to, absolute; null when {@code -nnbenchLog ""}. */
  public static File nnbenchLog(BenchConfig config) {
    return config.nnbenchLog().isEmpty() ? null
        : new File(config.nnbenchLog()).getAbsoluteFile();
  }

  // ------------------------------------------------------------- a study's or report's directory

  /**
   * The directory of a study's or a report's files: {@code given}, or
   * {@code <prefix>-<yyyyMMdd-HHmmss>} in the working directory; absolute.
   *
   * @throws InvalidInputException when it is not a directory, or holds anything already and
   *     {@code overwrite} is false (with it, files of the same names are replaced)
   */
  public static OutputPlan inDirectory(String given, String prefix, long nowEpochMillis,
      boolean overwrite, String jsonOut) {
    File dir = given.isEmpty()
        ? new File(prefix + "-" + stamp(nowEpochMillis)).getAbsoluteFile()
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
    return new OutputPlan(dir, jsonOut);
  }

  /** The directory itself. */
  public File dir() {
    return dir;
  }

  /** The study's JSON: {@code result.json}, or {@code -jsonOut} when that was given. */
  public File studyJson() {
    return jsonOut.isEmpty() ? new File(dir, "result.json") : new File(jsonOut);
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
