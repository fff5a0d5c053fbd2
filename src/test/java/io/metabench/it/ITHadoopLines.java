package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.HadoopLines;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The thin jar on each older Hadoop line's own client class path (2.10.2, 3.1.4, 3.2.4, 3.3.6;
 * 3.4 is the build's), run as {@code hadoop jar} runs it: every phase kind and every command on
 * {@code file://}, the phases against a real HDFS over RPC, and a {@code -maps 2} job on the
 * local job runner. Each run must exit 0 with the counts asked for and no linkage error, and say
 * what its line lacks.
 */
class ITHadoopLines {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** What each line lacks, as the result's hadoopClientLacks starts each entry. */
  private static final Map<String, List<String>> LACKS = new LinkedHashMap<>();

  static {
    LACKS.put("2.10.2", Arrays.asList("path capabilities (3.2.2", "IOStatistics (3.3.1"));
    LACKS.put("3.1.4", Arrays.asList("path capabilities (3.2.2", "IOStatistics (3.3.1"));
    LACKS.put("3.2.4", Arrays.asList("IOStatistics (3.3.1"));
    LACKS.put("3.3.6", Arrays.<String>asList());
  }

  private static MiniHdfs hdfs;

  @TempDir
  File work;
  @TempDir
  File captures;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = MiniHdfs.start();
  }

  @AfterAll
  static void stopHdfs() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  static Stream<String> lines() {
    return HadoopLines.CLIENT_LINES.stream();
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @MethodSource("lines")
  void everyPhaseKindRunsOnTheLocalFileSystem(String line) throws Exception {
    // Prefill, sequential phases, traversals and a mix in one run.
    ScriptRun r = run(line, "-operation", "create_write,open_read,stat,exists,list,chmod,"
        + "set_times,append,ls_r,count,du,mix", "-mix", "stat:80,open_read:20", "-threads", "2",
        "-numberOfFiles", "15", "-prefillFiles", "8", "-prefillDepth", "1", "-prefillFanOut",
        "2", "-baseDir", base("phases"), "-jsonOut", "phases.json", "-cleanup");
    JsonNode json = succeeded(line, r, "phases.json");
    for (String op : new String[] {"create_write", "open_read", "stat", "exists", "list", "chmod",
        "set_times", "append"}) {
      assertThat(phase(json, op).get("successful").asLong()).as(line + " " + op).isEqualTo(30);
    }
    for (String op : new String[] {"ls_r", "count", "du"}) {
      assertThat(phase(json, op).get("successful").asLong()).as(line + " " + op).isPositive();
    }
    assertThat(json.get("mixTotal").get("successful").asLong()).isEqualTo(30);
    assertThat(json.get("prefill").get("filesCreated").asInt()).isEqualTo(8);
    if (LACKS.get(line).isEmpty()) {
      assertThat(r.stdout).doesNotContain("client lacks");
    } else {
      assertThat(r.stdout).contains("Hadoop " + line + " client lacks " + LACKS.get(line).get(0));
    }
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @MethodSource("lines")
  void everyCommandRuns(String line) throws Exception {
    File log = new File(work, "hdfs-audit.log");
    java.nio.file.Files.write(log.toPath(), Arrays.asList(
        audit("08:45:07,440", "mkdirs", "/user/alice", "null"),
        audit("08:45:07,441", "create", "/user/alice/f", "null"),
        audit("08:45:07,442", "open", "/user/alice/f", "null"),
        audit("08:45:07,443", "rename", "/user/alice/f", "/user/alice/g"),
        audit("08:45:07,444", "delete", "/user/alice/g", "null")));
    // Two processes by hand, meeting at their barrier, then merged: started first, to wait for
    // their common start while the other commands run.
    long start = System.currentTimeMillis() / 1000 + 15;
    List<String> process = Arrays.asList("-processes", "2", "-startTime", Long.toString(start),
        "-operation", "create_write,stat", "-threads", "2", "-numberOfFiles", "10", "-baseDir",
        base("merge"));
    java.util.concurrent.ExecutorService both = java.util.concurrent.Executors
        .newFixedThreadPool(2);
    java.util.concurrent.Future<ScriptRun> first = both.submit(() -> run(line, with(process,
        "-mapIndex", "0", "-jsonOut", "p0.json")));
    java.util.concurrent.Future<ScriptRun> second = both.submit(() -> run(line, with(process,
        "-mapIndex", "1", "-jsonOut", "p1.json")));
    both.shutdown();

    ScriptRun replay = run(line, "replay", "-auditLog", log.getPath(), "-replaySpeed", "0",
        "-baseDir", base("replay"), "-jsonOut", "replay.json");
    assertThat(succeeded(line, replay, "replay.json").get("replay").get("replayed").asInt())
        .isEqualTo(5);

    ScriptRun study = run(line, "-operation", "create_write,stat,delete", "-threads", "1,2",
        "-iterations", "1", "-numFiles", "10", "-baseDir", base("study"), "-outDir", "study");
    assertClean(line, study);
    assertThat(new File(work, "study/runs.csv")).exists();
    ScriptRun report = run(line, "report", "study/result.json");
    assertClean(line, report);
    ScriptRun compare = run(line, "compare", "-outDir", "cmp", "study/result.json",
        "study/result.json");
    assertClean(line, compare);
    assertThat(compare.stdout).contains("no significant change");

    assertClean(line, first.get());
    assertClean(line, second.get());
    ScriptRun merge = run(line, "merge", "-outDir", "merged", "p0.json", "p1.json");
    JsonNode merged = succeeded(line, merge, "merged/result.json");
    assertThat(phase(merged, "create_write").get("successful").asLong()).isEqualTo(40);
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @MethodSource("lines")
  void thePhasesRunAgainstHdfsOverRpcAndAsAJob(String line) throws Exception {
    // The client configuration names the NameNode's web address, as a cluster's hdfs-site.xml.
    String web = "dfs.namenode.http-address=127.0.0.1:"
        + hdfs.cluster().getNameNode().getHttpAddress().getPort();
    ScriptRun r = run(line, "-D", web, "-operation",
        "create_write,open_read,stat,rename,delete,mkdirs,rmdir", "-threads", "2",
        "-numberOfFiles", "20", "-baseDir", hdfs.uri() + "/lines/" + line, "-jsonOut", "hdfs.json");
    JsonNode json = succeeded(line, r, "hdfs.json");
    for (String op : new String[] {"create_write", "open_read", "stat", "rename", "delete",
        "mkdirs", "rmdir"}) {
      assertThat(phase(json, op).get("successful").asLong()).as(line + " " + op).isEqualTo(40);
    }
    // The NameNode RPCs, counted by MetaBench's engine on every line, and the NameNode's view.
    assertThat(r.stdout).as(line).contains("store calls, create_write: 2.00 NameNode RPCs/op "
        + "(Complete 1.00, Create 1.00)")
        .containsPattern("NameNode(, create_write: |: no decomposition for create_write )");

    ScriptRun job = run(line, "-D", "mapreduce.framework.name=local", "-D", web, "-maps", "2",
        "-operation", "create_write,open_read,delete", "-threads", "2", "-numberOfFiles", "10",
        "-baseDir", hdfs.uri() + "/lines/job-" + line, "-jsonOut", "job.json");
    JsonNode jobJson = succeeded(line, job, "job.json");
    assertThat(jobJson.get("maps").get("reported").asInt()).isEqualTo(2);
    assertThat(phase(jobJson, "create_write").get("successful").asLong()).isEqualTo(40);
  }

  private ScriptRun run(String line, String... args) throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    // What is tested is that each call links and works: a warm-up would only lengthen the runs.
    if (!"report".equals(args[0]) && !"compare".equals(args[0]) && !"merge".equals(args[0])) {
      all.addAll(Arrays.asList("-clientWarmup", "0", "-nnbenchLog", ""));
    }
    return HadoopLines.runJar(line, work, captures, all.toArray(new String[0]));
  }

  private static String[] with(List<String> a, String... more) {
    List<String> all = new ArrayList<>(a);
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }

  private String base(String name) {
    return new File(work, "base-" + name).toURI().toString();
  }

  private static void assertClean(String line, ScriptRun r) {
    assertThat(r.exitCode).as("Hadoop " + line + ": " + r).isZero();
    assertThat(r.stdout + r.stderr).as("Hadoop " + line + ": " + r)
        .doesNotContain("NoSuchMethodError").doesNotContain("NoClassDefFoundError")
        .doesNotContain("ClassNotFoundException").doesNotContain("IncompatibleClassChange");
  }

  /** The run's JSON, after checking it exited 0, cleanly, on {@code line}'s client. */
  private JsonNode succeeded(String line, ScriptRun r, String jsonFile) throws IOException {
    assertClean(line, r);
    JsonNode json = JSON.readTree(new File(work, jsonFile));
    assertThat(json.get("hadoopVersion").asText()).isEqualTo(line);
    String lacks = json.has("hadoopClientLacks") ? json.get("hadoopClientLacks").asText() : "";
    for (String l : LACKS.get(line)) {
      assertThat(lacks).contains(l);
    }
    if (LACKS.get(line).isEmpty()) {
      assertThat(lacks).isEmpty();
    }
    return json;
  }

  private static JsonNode phase(JsonNode run, String name) {
    for (JsonNode p : run.get("phases")) {
      if (p.get("operation").asText().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no phase " + name + " in " + run.get("phases"));
  }

  private static String audit(String time, String cmd, String src, String dst) {
    return "2026-11-22 " + time + " INFO FSNamesystem.audit: allowed=true\tugi=alice "
        + "(auth:SIMPLE)\tip=/10.0.0.7\tcmd=" + cmd + "\tsrc=" + src + "\tdst=" + dst
        + "\tperm=alice:supergroup:rw-r--r--\tproto=rpc";
  }
}
