package io.metabench.report;

import io.metabench.stats.PhaseResult;
import io.metabench.stats.StudyResult;
import io.metabench.stats.StudyRun;
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

/**
 * Puts a study's machine outputs into its result directory: {@code result.json} (everything;
 * at {@code -jsonOut} instead when that is given),
 * {@code runs.csv} and {@code summary.csv} (tidy tables), and one HdrHistogram percentile
 * distribution per run and phase under {@code hgrm/}. Each file is written atomically.
 */
public final class StudyFiles {
  /** Milliseconds: HdrHistogram's tools print values divided by this (they are recorded in ns). */
  private static final double NANOS_PER_MILLI = 1e6;

  private StudyFiles() {
  }

  /** The result directory: the one given, or {@code metabench-study-<yyyyMMdd-HHmmss>}. */
  public static File outDir(String given, long startedAtEpochMillis) {
    if (!given.isEmpty()) {
      return new File(given).getAbsoluteFile();
    }
    SimpleDateFormat f = new SimpleDateFormat("yyyyMMdd-HHmmss", Locale.ROOT);
    return new File("metabench-study-" + f.format(new Date(startedAtEpochMillis)))
        .getAbsoluteFile();
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
    for (StudyRun r : result.finishedRuns()) {
      for (PhaseResult p : r.result().phases()) {
        files.add(ResultFiles.writeAtomically(new File(dir, "hgrm/" + runName(r) + "-"
            + p.op().id() + ".hgrm"), w -> w.write(percentileDistribution(p))));
      }
    }
    return files;
  }

  /** {@code <target>-t<threads>-i<iteration>}: a run's part of its files' names. */
  public static String runName(StudyRun r) {
    return fileSafe(r.target()) + "-t" + r.threads() + "-i" + r.iteration();
  }

  static String fileSafe(String label) {
    return label.replaceAll("[^A-Za-z0-9_.+-]", "_");
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
