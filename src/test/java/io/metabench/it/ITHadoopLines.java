package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.Concurrently;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thin jar on each older Hadoop line's own client class path (2.10.2, 3.1.4, 3.2.4, 3.3.6;
 * 3.4 is the build's), run as {@code hadoop jar} runs it: every phase kind and every command on
 * {@code file://}, the phases against a real HDFS over RPC, and a {@code -maps 2} job on the
 * local job runner. Each run must exit 0 with the counts asked for and no linkage error, and say
 * what its line lacks. The lines run two at a time, each in a directory of its own.
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

  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  /**
   * {@code test} on every line, two at a time (each waits on JVMs of its own), each in a
   * directory of its own.
   */
  private void onEveryLine(LineTest test) throws Exception {
    onLines(HadoopLines.CLIENT_LINES, test);
  }

  /** {@code test} on {@code lines}, as {@link #onEveryLine}. */
  private void onLines(List<String> lines, LineTest test) throws Exception {
    Map<String, java.util.concurrent.Callable<Void>> each = new LinkedHashMap<>();
    for (String line : lines) {
      OnLine on = new OnLine(line, new File(scratch, line));
      each.put("Hadoop " + line, () -> {
        test.run(on);
        return null;
      });
    }
    Concurrently.run(2, each);
  }

  /** One line's checks. */
  private interface LineTest {
    void run(OnLine on) throws Exception;
  }

  @Test
  void everyPhaseKindRunsOnTheLocalFileSystem() throws Exception {
    onEveryLine(ITHadoopLines::everyPhaseKindRunsOnTheLocalFileSystem);
  }

  /**
   * Every command on the oldest line and the newest before the built one, at once (a command's
   * calls into Hadoop are checked on every line by {@code ITHadoopLinkage}, its phases on every
   * line by the other tests here): two lines, not four, since each waits 15 s for its processes'
   * common start.
   */
  @Test
  void everyCommandRuns() throws Exception {
    List<String> lines = HadoopLines.CLIENT_LINES;
    onLines(Arrays.asList(lines.get(0), lines.get(lines.size() - 1)),
        ITHadoopLines::everyCommandRuns);
  }

  @Test
  void thePhasesRunAgainstHdfsOverRpcAndAsAJob() throws Exception {
    onEveryLine(ITHadoopLines::thePhasesRunAgainstHdfsOverRpcAndAsAJob);
  }

  private static void everyPhaseKindRunsOnTheLocalFileSystem(OnLine on) throws Exception {
    String line = on.line;
    // Prefill, sequential phases, traversals and a mix in one run.
    ScriptRun r = on.run("-operation", "create_write,open_read,stat,exists,list,chmod,"
        + "set_times,append,ls_r,count,du,mix", "-mix", "stat:80,open_read:20", "-threads", "2",
        "-numberOfFiles", "15", "-prefillFiles", "8", "-prefillDepth", "1", "-prefillFanOut",
        "2", "-baseDir", on.base("phases"), "-jsonOut", "phases.json", "-cleanup");
    JsonNode json = on.succeeded(r, "phases.json");
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

  private static void everyCommandRuns(OnLine on) throws Exception {
    String line = on.line;
    File log = new File(on.work, "hdfs-audit.log");
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
        on.base("merge"));
    java.util.concurrent.ExecutorService both = java.util.concurrent.Executors
        .newFixedThreadPool(2);
    java.util.concurrent.Future<ScriptRun> first = both.submit(() -> on.run(with(process,
        "-mapIndex", "0", "-jsonOut", "p0.json")));
    java.util.concurrent.Future<ScriptRun> second = both.submit(() -> on.run(with(process,
        "-mapIndex", "1", "-jsonOut", "p1.json")));
    both.shutdown();

    ScriptRun replay = on.run("replay", "-auditLog", log.getPath(), "-replaySpeed", "0",
        "-baseDir", on.base("replay"), "-jsonOut", "replay.json");
    assertThat(on.succeeded(replay, "replay.json").get("replay").get("replayed").asInt())
        .isEqualTo(5);

    ScriptRun study = on.run("-operation", "create_write,stat,delete", "-threads", "1,2",
        "-iterations", "1", "-numFiles", "10", "-baseDir", on.base("study"), "-outDir", "study");
    assertClean(line, study);
    assertThat(new File(on.work, "study/runs.csv")).exists();
    ScriptRun report = on.run("report", "study/result.json");
    assertClean(line, report);
    ScriptRun compare = on.run("compare", "-outDir", "cmp", "study/result.json",
        "study/result.json");
    assertClean(line, compare);
    assertThat(compare.stdout).contains("no significant change");

    // The profiler needs hadoop-hdfs's image classes, in no client class path: one line, exit 2.
    ScriptRun profile = on.run("profile", log.getPath());
    assertThat(profile.exitCode).as(profile.toString()).isEqualTo(2);
    assertThat(profile.stderr).as(profile.toString()).contains("metabench: profile needs Hadoop "
        + "3.3 or later's fsimage classes (hadoop-hdfs), which this class path lacks: run it from "
        + "the distribution");

    assertClean(line, first.get());
    assertClean(line, second.get());
    ScriptRun merge = on.run("merge", "-outDir", "merged", "p0.json", "p1.json");
    JsonNode merged = on.succeeded(merge, "merged/result.json");
    assertThat(phase(merged, "create_write").get("successful").asLong()).isEqualTo(40);
  }

  private static void thePhasesRunAgainstHdfsOverRpcAndAsAJob(OnLine on) throws Exception {
    String line = on.line;
    // The client configuration names the NameNode's web address, as a cluster's hdfs-site.xml.
    String web = "dfs.namenode.http-address=127.0.0.1:"
        + hdfs.cluster().getNameNode().getHttpAddress().getPort();
    ScriptRun r = on.run("-D", web, "-operation",
        "create_write,open_read,stat,rename,delete,mkdirs,rmdir", "-threads", "2",
        "-numberOfFiles", "20", "-baseDir", hdfs.uri() + "/lines/" + line, "-jsonOut", "hdfs.json");
    JsonNode json = on.succeeded(r, "hdfs.json");
    for (String op : new String[] {"create_write", "open_read", "stat", "rename", "delete",
        "mkdirs", "rmdir"}) {
      assertThat(phase(json, op).get("successful").asLong()).as(line + " " + op).isEqualTo(40);
    }
    // The NameNode RPCs, counted by MetaBench's engine on every line, and the NameNode's view.
    assertThat(r.stdout).as(line).contains("store calls, create_write: 2.00 NameNode RPCs/op "
        + "(Complete 1.00, Create 1.00)")
        .containsPattern("NameNode(, create_write: |: no decomposition for create_write )");

    ScriptRun job = on.run("-D", "mapreduce.framework.name=local", "-D", web, "-maps", "2",
        "-operation", "create_write,open_read,delete", "-threads", "2", "-numberOfFiles", "10",
        "-baseDir", hdfs.uri() + "/lines/job-" + line, "-jsonOut", "job.json");
    JsonNode jobJson = on.succeeded(job, "job.json");
    assertThat(jobJson.get("maps").get("reported").asInt()).isEqualTo(2);
    assertThat(phase(jobJson, "create_write").get("successful").asLong()).isEqualTo(40);
  }

  /** One line's client and its own working directory, whose runs' captures it keeps too. */
  private static final class OnLine {
    final String line;
    final File work;

    OnLine(String line, File work) {
      this.line = line;
      this.work = work;
      work.mkdirs();
    }

    ScriptRun run(String... args) throws Exception {
      List<String> all = new ArrayList<>(Arrays.asList(args));
      // What is tested is that each call links and works: a warm-up would only lengthen the runs.
      if (!Arrays.asList("report", "compare", "merge", "profile").contains(args[0])) {
        all.addAll(Arrays.asList("-clientWarmup", "0", "-nnbenchLog", ""));
      }
      return HadoopLines.runJar(line, work, work, all.toArray(new String[0]));
    }

    String base(String name) {
      return new File(work, "base-" + name).toURI().toString();
    }

    /** The run's JSON, after checking it exited 0, cleanly, on {@code line}'s client. */
    JsonNode succeeded(ScriptRun r, String jsonFile) throws IOException {
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
  }

  private static String[] with(List<String> a, String... more) {
    List<String> all = new ArrayList<>(a);
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }

  private static void assertClean(String line, ScriptRun r) {
    assertThat(r.exitCode).as("Hadoop " + line + ": " + r).isZero();
    assertThat(r.stdout + r.stderr).as("Hadoop " + line + ": " + r)
        .doesNotContain("NoSuchMethodError").doesNotContain("NoClassDefFoundError")
        .doesNotContain("ClassNotFoundException").doesNotContain("IncompatibleClassChange");
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
