package io.metabench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.MetaBench;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * Runs MetaBench in this JVM through ToolRunner, exactly as {@code main} does but without
 * System.exit, capturing stdout, stderr, the exit code and the JSON result.
 */
public final class MetaBenchRun {
  public final int exitCode;
  public final String stdout;
  public final String stderr;
  private final File json;

  private MetaBenchRun(int exitCode, String stdout, String stderr, File json) {
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
    this.json = json;
  }

  /**
   * Starts MetaBench with {@code args} in a JVM of its own (this one's class path), without the
   * client warm-up (for tests of stopping and resuming, not of speed); its stdout and stderr go
   * to {@code scratch/child-out.txt} and {@code child-err.txt}.
   */
  public static Process startChild(File scratch, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(Arrays.asList(
        new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-cp", System.getProperty("java.class.path"), io.metabench.MetaBench.class.getName()));
    cmd.addAll(Arrays.asList(args));
    cmd.addAll(Arrays.asList("-clientWarmup", "0"));
    return new ProcessBuilder(cmd).redirectOutput(new File(scratch, "child-out.txt"))
        .redirectError(new File(scratch, "child-err.txt")).start();
  }

  /**
   * Runs with {@code args}; the JSON goes to a file in {@code scratch} (or where {@code -jsonOut}
   * says) and the NNBench block to {@code scratch/NNBench_results.log} unless the arguments say
   * otherwise (or name an {@code -outDir}, where a study writes its blocks by default). A
   * {@code report}, {@code compare}, {@code merge}, {@code profile} or {@code image} command line is passed
   * unchanged.
   */
  public static MetaBenchRun run(Configuration conf, File scratch, String... args)
      throws Exception {
    return run(conf, scratch, io.metabench.core.StopRequest.NEVER, args);
  }

  /** As {@link #run(Configuration, File, String...)}, stopping early when {@code stop} says. */
  public static MetaBenchRun run(Configuration conf, File scratch,
      io.metabench.core.StopRequest stop, String... args) throws Exception {
    File json = File.createTempFile("result-", ".json", scratch);
    json.delete();
    List<String> all = new ArrayList<>(Arrays.asList(args));
    boolean report = !all.isEmpty()
        && (all.get(0).equals("report") || all.get(0).equals("compare")
        || all.get(0).equals("merge") || all.get(0).equals("profile")
        || all.get(0).equals("image"));
    int given = all.indexOf("-jsonOut");
    if (given >= 0 && given + 1 < all.size()) {
      json = new File(all.get(given + 1));
    } else if (!report) {
      all.add("-jsonOut");
      all.add(json.getPath());
    }
    if (!report && !all.contains("-clientWarmup") && !all.contains("-help")) {
      // The suite's runs are about behaviour, not speed: the client warm-up (2 s a phase by
      // default) is turned off unless a test asks for it (ITClientWarmup does).
      all.add("-clientWarmup");
      all.add("0");
    }
    // A study's blocks go to its own -outDir unless -nnbenchLog is given: nothing to redirect.
    if (!report && !all.contains("-nnbenchLog") && !all.contains("-outDir")) {
      all.add("-nnbenchLog");
      all.add(new File(scratch, "NNBench_results.log").getPath());
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc;
    try (PrintStream o = new PrintStream(out, true, "UTF-8");
        PrintStream e = new PrintStream(err, true, "UTF-8")) {
      rc = ToolRunner.run(new Configuration(conf), new MetaBench(o, e, stop),
          all.toArray(new String[0]));
    }
    return new MetaBenchRun(rc, new String(out.toByteArray(), StandardCharsets.UTF_8),
        new String(err.toByteArray(), StandardCharsets.UTF_8), json);
  }

  /** The parsed JSON result; fails when the run wrote none. */
  public JsonNode json() throws IOException {
    if (!json.exists()) {
      throw new AssertionError("no JSON result was written; stderr: " + stderr);
    }
    return new ObjectMapper().readTree(new String(Files.readAllBytes(json.toPath()),
        StandardCharsets.UTF_8));
  }

  /** The per-second series CSV written beside the JSON file (the default -seriesOut). */
  public File seriesFile() {
    String name = json.getName();
    return new File(json.getParentFile(), (name.endsWith(".json")
        ? name.substring(0, name.length() - 5) : name) + ".series.csv");
  }

  /** Where the run's JSON result is (or would be). */
  public File jsonFile() {
    return json;
  }

  public boolean wroteJson() {
    return json.exists();
  }

  /** The JSON object of phase {@code operation}. */
  public JsonNode phase(String operation) throws IOException {
    for (JsonNode p : json().get("phases")) {
      if (p.get("operation").asText().equals(operation)) {
        return p;
      }
    }
    throw new AssertionError("no phase " + operation + " in " + json());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
  }
}
