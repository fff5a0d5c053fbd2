package io.metabench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.core.InvalidInputException;
import io.metabench.stats.study.StudySummary;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Reads saved JSON results back into a study summary, for the {@code report} command: a study's
 * {@code result.json}, or a single run's JSON file (a study of one run). Several files are
 * summarised together, so studies run separately (say on two clusters) can be compared; a target
 * label already taken by an earlier file gets a suffix ({@code hdfs-2}) rather than merging two
 * file systems' figures.
 *
 * <p>Read with Jackson (relocated inside the thin jar, so a cluster's Jackson does not matter).
 * Not thread-safe.
 */
public final class ResultReader {
  private final StudySummary.Builder summary = new StudySummary.Builder();
  private final Set<String> labelsOfEarlierFiles = new HashSet<>();
  private final Map<String, String> sources = new LinkedHashMap<>();

  /**
   * Adds every run of {@code file}.
   *
   * @throws InvalidInputException when the file is missing or is not a MetaBench result
   */
  public ResultReader add(File file) throws IOException {
    Map<String, String> renamed = new LinkedHashMap<>();
    runs(file, "report", (target, fs, threads, run) ->
        addRun(file, label(target, renamed), fs, threads, run));
    labelsOfEarlierFiles.addAll(renamed.values());
    return this;
  }

  /** One run of a result file, as {@link #runs} hands it over. */
  public interface RunVisitor {
    /**
     * @param target the run's target label (a study's, or derived from a single run's URI)
     * @param run the run's JSON object (schema of a single run's file)
     */
    void run(String target, String fsUri, int threads, JsonNode run);
  }

  /**
   * Reads {@code file}, a study's result.json or a single run's JSON file, and hands each
   * finished run to {@code visitor} in file order; {@code command} names the command in
   * messages.
   *
   * @throws InvalidInputException when the file is missing or is not a MetaBench result
   */
  public static void runs(File file, String command, RunVisitor visitor) throws IOException {
    if (!file.isFile()) {
      throw new InvalidInputException(command + ": " + file + (file.exists() ? " is not a file"
          : " does not exist") + "; give the result.json of a study or a run's JSON file");
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file);
    } catch (IOException e) {
      throw new InvalidInputException(command + ": " + file + " is not JSON ("
          + e.getMessage().split("\n")[0] + "); give a MetaBench result file");
    }
    if (root.has("studySchemaVersion")) {
      for (JsonNode run : root.path("runs")) {
        if (run.has("result")) {
          visitor.run(run.path("target").asText(), run.path("fileSystem").asText(),
              run.path("threads").asInt(), run.path("result"));
        }
      }
    } else if (root.has("schemaVersion") && root.has("phases")) {
      String fs = root.path("fileSystem").asText();
      String derived = root.path("embeddedHdfs").asBoolean() ? "embedded-hdfs"
          : URI.create(fs).getScheme();
      visitor.run(derived, fs, root.path("parameters").path("threads").asInt(), root);
    } else {
      throw new InvalidInputException(command + ": " + file + " is not a MetaBench result (no "
          + "studySchemaVersion or schemaVersion field)");
    }
  }

  /**
   * A phase's TPS exactly as {@code PhaseResult} computes it, from the exact window (files
   * written before windowNanos existed fall back to the rounded tps field).
   */
  public static double tps(JsonNode phase) {
    long ok = phase.path("successful").asLong();
    long window = phase.path("windowNanos").asLong(-1);
    return window > 0 ? ok * 1e9 / window : window == 0 ? 0.0 : phase.path("tps").asDouble();
  }

  /** The label for {@code given} in the file being read: unique across files, same within one. */
  private String label(String given, Map<String, String> renamed) {
    String label = renamed.get(given);
    if (label == null) {
      label = given;
      for (int n = 2; labelsOfEarlierFiles.contains(label); n++) {
        label = given + "-" + n;
      }
      renamed.put(given, label);
    }
    return label;
  }

  /** The steadiness verdicts a study counts against a row. */
  private static final java.util.List<String> FLAGGED = java.util.Arrays.asList(
      io.metabench.stats.Steadiness.Verdict.UNSTEADY.id(),
      io.metabench.stats.Steadiness.Verdict.TOO_SHORT.id());

  private void addRun(File file, String target, String fs, int threads, JsonNode run) {
    sources.put(target, file.getPath());
    for (JsonNode p : run.path("phases")) {
      summary.add(target, fs, p.path("operation").asText(), threads, tps(p),
          p.path("successful").asLong(), p.path("failed").asLong(),
          histogram(file, p.path("latencyHistogram").asText()),
          !FLAGGED.contains(p.path("steadiness").path("verdict").asText()),
          timeline(p.path("perSecond")), serverTimeline(run, p.path("operation").asText()),
          p.path("clientLoad").path("clientBound").asBoolean(false));
    }
  }

  /** A phase's server times over time from the run's {@code server.phases[].timeline}. */
  private static List<double[]> serverTimeline(JsonNode run, String operation) {
    List<double[]> out = new java.util.ArrayList<>();
    for (JsonNode s : run.path("server").path("phases")) {
      if (s.path("operation").asText().equals(operation)) {
        for (JsonNode point : s.path("timeline")) {
          out.add(new double[] {point.path(0).asDouble(), point.path(1).asDouble(Double.NaN),
              point.path(2).asDouble(Double.NaN)});
        }
      }
    }
    return out;
  }

  /**
   * A phase's TPS over time from its JSON {@code perSecond} array: (seconds from the phase's
   * start, TPS) per interval of non-zero length, as {@code IntervalSeries.timeline()} gives it.
   */
  public static List<double[]> timeline(JsonNode perSecond) {
    List<double[]> out = new java.util.ArrayList<>();
    for (JsonNode s : perSecond) {
      double seconds = s.path("seconds").asDouble();
      if (seconds > 0) {
        out.add(new double[] {s.path("fromSeconds").asDouble(),
            s.path("successful").asLong() / seconds});
      }
    }
    return out;
  }

  private static Histogram histogram(File file, String base64) {
    try {
      return Histograms.decode(base64);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("report: a latencyHistogram in " + file + " cannot be "
          + "decoded (" + e.getMessage() + "); the file is damaged");
    }
  }

  public StudySummary summary() {
    return summary.build();
  }

  /** Which file each target's figures came from, in the order read. */
  public Map<String, String> sources() {
    return sources;
  }

  /** Reads every file. */
  public static ResultReader of(List<File> files) throws IOException {
    ResultReader r = new ResultReader();
    for (File f : files) {
      r.add(f);
    }
    return r;
  }
}
