package io.metabench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.core.InvalidInputException;
import io.metabench.report.Histograms;
import io.metabench.report.ResultReader;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one side of a comparison from a run's JSON file, a study's result.json, or a study's
 * directory (its result.json). Stateless.
 */
public final class SideReader {
  /**
   * The parameters that say how a run was split or where it ran, not what it measured: never
   * compared (two runs of the same work use different base directories and start times).
   */
  private static final Set<String> SPLIT = new HashSet<>(
      Arrays.asList("threads", "iterations", "baseDir", "startTime"));

  private SideReader() {
  }

  /**
   * Reads {@code given}.
   *
   * @throws InvalidInputException when it is missing or not a MetaBench result
   */
  public static Side read(File given) throws IOException {
    if (given.isDirectory() && !new File(given, "result.json").isFile()) {
      throw new InvalidInputException("compare: " + given + " holds no result.json; give a "
          + "run's JSON file, a study's result.json or a study directory");
    }
    File file = given.isDirectory() ? new File(given, "result.json") : given;
    Side side = new Side(given.getPath());
    ResultReader.runs(file, "compare", (target, fs, threads, run) ->
        addRun(side, file, target, fs, threads, run));
    if (side.rows.isEmpty()) {
      throw new InvalidInputException("compare: " + file + " holds no finished phase; there is "
          + "nothing to compare");
    }
    return side;
  }

  /** What an embedded HDFS is called in place of its URI, whose port changes every run. */
  static final String EMBEDDED = "the embedded HDFS";

  private static final java.util.regex.Pattern EPHEMERAL_PORT =
      java.util.regex.Pattern.compile("(localhost|127\\.0\\.0\\.1):\\d+");

  private static void addRun(Side side, File file, String target, String uri, int threads,
      JsonNode run) {
    String fs = run.path("embeddedHdfs").asBoolean() ? EMBEDDED : uri;
    for (String fact : new String[] {"toolVersion", "hadoopVersion", "jvm", "clientMode",
        "localClient"}) {
      if (run.has(fact)) {
        side.fact(fact, run.path(fact).asText());
      }
    }
    side.fact("fileSystem " + target, fs);
    JsonNode provenance = run.path("provenance");
    if (!provenance.isMissingNode()) {
      side.fact("buildCommit", provenance.path("buildCommit").asText());
      side.fact("host cores", provenance.path("host").path("cores").asText());
      side.fact("host os", provenance.path("host").path("os").asText());
      Iterator<Map.Entry<String, JsonNode>> settings = provenance.path("clientSettings").fields();
      while (settings.hasNext()) {
        Map.Entry<String, JsonNode> e = settings.next();
        String value = e.getValue().asText();
        // The embedded HDFS sets its own addresses, on ports that change every run.
        side.fact("client setting " + e.getKey(), fs.equals(EMBEDDED)
            ? EPHEMERAL_PORT.matcher(value).replaceAll("$1:<port>") : value);
      }
    }
    Iterator<Map.Entry<String, JsonNode>> params = run.path("parameters").fields();
    while (params.hasNext()) {
      Map.Entry<String, JsonNode> p = params.next();
      if (!SPLIT.contains(p.getKey())) {
        side.fact(p.getKey(), p.getValue().asText(p.getValue().toString()));
      }
    }
    for (JsonNode p : run.path("phases")) {
      Side.Row row = side.row(target, fs, p.path("operation").asText(), threads);
      row.iterationTps.add(ResultReader.tps(p));
      row.successes += p.path("successful").asLong();
      row.failed += p.path("failed").asLong();
      try {
        row.latency.add(Histograms.decode(p.path("latencyHistogram").asText()));
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException("compare: a latencyHistogram in " + file + " cannot be "
            + "decoded (" + e.getMessage() + "); the file is damaged");
      }
      List<Double> seconds = new ArrayList<>();
      for (JsonNode s : p.path("perSecond")) {
        // Only whole seconds: a phase's cut-short first and last intervals are no samples.
        if (Math.abs(s.path("seconds").asDouble() - 1.0) < 0.0015) {
          seconds.add((double) s.path("successful").asLong());
        }
      }
      row.secondTps.add(seconds);
      row.timeline.add(ResultReader.timeline(p.path("perSecond")));
    }
  }
}
