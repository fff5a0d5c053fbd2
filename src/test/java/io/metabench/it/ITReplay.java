package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.replay.AuditEvent;
import io.metabench.replay.AuditLog;
import io.metabench.replay.AuditLogParser;
import io.metabench.replay.ReplaySchedule;
import io.metabench.testing.AuditCapture;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays a real NameNode's own audit log: a MiniDFSCluster's {@code FSNamesystem.audit} lines,
 * captured while three users make, read, rename, chmod and delete files, are written to a file
 * and replayed by {@code metabench replay} into another base directory of the same HDFS (whose
 * audit log of the replay then shows what was executed, in which order) and into {@code file://}.
 */
class ITReplay {
  private static final int THREADS = 3;
  private static MiniHdfs hdfs;
  /** The scenario's audit log, as the NameNode wrote it. */
  private static List<String> recorded;

  @TempDir
  File scratch;

  @BeforeAll
  static void recordAScenario() throws Exception {
    Configuration conf = new Configuration();
    // Synchronous audit logging (Hadoop's default, set here so a changed default cannot lose or
    // reorder lines): each call is logged before it returns to the client.
    conf.setBoolean("dfs.namenode.audit.log.async", false);
    conf.setBoolean("dfs.permissions.enabled", true);
    hdfs = MiniHdfs.start(conf);
    FileSystem admin = hdfs.fs();
    // Before the capture: what the log will find already there, and the users' homes.
    admin.mkdirs(new Path("/scenario/shared/old"));
    admin.create(new Path("/scenario/shared/old/existing")).close();
    for (String user : new String[] {"alice", "bob"}) {
      admin.mkdirs(new Path("/scenario/" + user));
      admin.setOwner(new Path("/scenario/" + user), user, "users");
    }
    try (AuditCapture capture = AuditCapture.start()) {
      as("alice", fs -> {
        fs.mkdirs(new Path("/scenario/alice/in"));
        for (String name : new String[] {"a1", "a2", "a 3=x"}) {
          fs.create(new Path("/scenario/alice/in/" + name)).close();
        }
        fs.open(new Path("/scenario/alice/in/a1")).close();
        fs.getFileStatus(new Path("/scenario/alice/in/a2"));
        fs.listStatus(new Path("/scenario/alice/in"));
        fs.rename(new Path("/scenario/alice/in/a1"), new Path("/scenario/alice/in/a1.done"));
        fs.setPermission(new Path("/scenario/alice/in/a2"), new FsPermission((short) 0600));
        fs.setTimes(new Path("/scenario/alice/in/a2"), 1_000_000L, 2_000_000L);
        fs.delete(new Path("/scenario/alice/in/a 3=x"), false);
        fs.mkdirs(new Path("/scenario/alice/private"), new FsPermission((short) 0700));
        fs.getContentSummary(new Path("/scenario/alice"));
      });
      as("bob", fs -> {
        fs.mkdirs(new Path("/scenario/bob/work"));
        fs.mkdirs(new Path("/scenario/bob/done"));
        fs.create(new Path("/scenario/bob/work/b1")).close();
        fs.create(new Path("/scenario/bob/work/b2")).close();
        fs.append(new Path("/scenario/bob/work/b2")).close();
        try {
          fs.listStatus(new Path("/scenario/alice/private"));
          throw new AssertionError("bob may not list alice's private directory");
        } catch (AccessControlException expected) {
          // audited as allowed=false
        }
        fs.rename(new Path("/scenario/bob/work/b1"), new Path("/scenario/bob/done/b1"));
        fs.listStatus(new Path("/scenario/bob/done"));
      });
      admin.open(new Path("/scenario/shared/old/existing")).close();
      admin.rename(new Path("/scenario/shared/old/existing"),
          new Path("/scenario/shared/old/existing.moved"));
      admin.setOwner(new Path("/scenario/bob/work/b2"), "alice", "users");
      admin.delete(new Path("/scenario/bob/work/b2"), false);
      recorded = capture.lines();
    }
    // Kept for trying the command by hand: scripts/meta-bench.sh replay -auditLog this file.
    File example = new File("target/replay-example/hdfs-audit.log");
    if (example.getParentFile().isDirectory() || example.getParentFile().mkdirs()) {
      Files.write(example.toPath(), recorded, StandardCharsets.UTF_8);
    }
  }

  private interface FsCalls {
    void run(FileSystem fs) throws Exception;
  }

  /** Runs {@code calls} as {@code user}, through a client of that user's own. */
  private static void as(String user, FsCalls calls) throws Exception {
    UserGroupInformation ugi = UserGroupInformation.createRemoteUser(user);
    ugi.doAs((PrivilegedExceptionAction<Void>) () -> {
      try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), new Configuration())) {
        calls.run(fs);
      }
      return null;
    });
  }

  @AfterAll
  static void stop() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  private File writeLog(List<String> lines) throws Exception {
    File log = new File(scratch, "hdfs-audit.log");
    Files.write(log.toPath(), lines, StandardCharsets.UTF_8);
    return log;
  }

  /** The recorded log's replayable commands. */
  private static AuditLog parsed() throws Exception {
    return AuditLog.ofText(String.join("\n", recorded), "recorded");
  }

  /** (cmd, src, dst) per thread, in order, of the commands on paths under {@code prefix}. */
  private static Map<Integer, List<String>> perThread(List<AuditEvent> events, String prefix) {
    Map<Integer, List<String>> seq = new TreeMap<>();
    for (AuditEvent e : events) {
      String src = e.src().substring(prefix.length());
      String dst = e.dst() == null ? "" : e.dst().substring(prefix.length());
      seq.computeIfAbsent(ReplaySchedule.threadOf(src, THREADS), t -> new ArrayList<>())
          .add(e.cmd() + " " + src + (dst.isEmpty() ? "" : " -> " + dst));
    }
    return seq;
  }

  /** How many commands of each operation the recorded log asks to replay. */
  private static Map<String, Integer> expectedCounts() throws Exception {
    Map<String, Integer> expected = new TreeMap<>();
    for (AuditLog.Entry e : entriesOf(parsed())) {
      expected.merge(e.command().op().id(), 1, Integer::sum);
    }
    return expected;
  }

  /** Every path below {@code root}, relative, with "/" after directories. */
  private static List<String> tree(FileSystem fs, Path root) throws Exception {
    List<String> out = new ArrayList<>();
    walk(fs, root, "", out);
    java.util.Collections.sort(out);
    return out;
  }

  private static void walk(FileSystem fs, Path dir, String rel, List<String> out)
      throws Exception {
    for (FileStatus s : fs.listStatus(dir)) {
      String name = rel + s.getPath().getName();
      out.add(s.isDirectory() ? name + "/" : name);
      if (s.isDirectory()) {
        walk(fs, s.getPath(), name + "/", out);
      }
    }
  }

  @Test
  void theLogHoldsTheScenarioAsTheNameNodeWroteIt() throws Exception {
    AuditLog log = parsed();
    assertThat(log.malformedLines()).isZero();
    assertThat(recorded.get(0)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO "
        + "FSNamesystem.audit: allowed=true\tugi=alice \\(auth:SIMPLE\\)\tip=/127.0.0.1\t"
        + "cmd=mkdirs\tsrc=/scenario/alice/in\tdst=null\tperm=alice:users:rwxr-xr-x\t"
        + "proto=rpc.*");
    assertThat(log.unsupported()).containsEntry("setOwner", 1L).doesNotContainKey(
        "contentSummary");
    assertThat(log.denied()).containsEntry("listStatus", 1L);
    List<String> srcs = new ArrayList<>();
    for (AuditLog.Entry e : entriesOf(log)) {
      srcs.add(e.event().src());
    }
    assertThat(srcs).contains("/scenario/alice/in/a 3=x");
  }

  @Test
  void aReplayOnHdfsRunsTheSameCommandsInTheSameOrderPerThreadAndRebuildsTheNamespace()
      throws Exception {
    File log = writeLog(recorded);
    String basePath = "/replays/hdfs";
    MetaBenchRun r;
    List<String> executed;
    try (AuditCapture target = AuditCapture.start()) {
      java.net.InetSocketAddress http = hdfs.cluster().getNameNode().getHttpAddress();
      r = MetaBenchRun.run(new Configuration(), scratch, "replay", "-D",
          "metabench.namenode.jmx=http://" + http.getHostString() + ":" + http.getPort() + "/jmx",
          "-auditLog", log.getPath(), "-baseDir", hdfs.uri() + basePath, "-threads",
          Integer.toString(THREADS), "-quiet");
      executed = target.lines();
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    // A replay reads the NameNode's view as a run does.
    JsonNode server = r.json().get("server");
    assertThat(server.get("source").asText()).as(server.toString()).startsWith("NameNode http");
    assertThat(server.get("problem").asText()).as(server.toString()).isEmpty();
    assertThat(server.get("samples").asInt()).as(server.toString()).isPositive();

    // What the target NameNode logged of the replay, below the replay subtree, less the one
    // create that made what the log found already there before the replay started.
    String prefix = basePath + "/replay";
    List<AuditEvent> replayed = new ArrayList<>();
    boolean precreateSeen = false;
    for (String line : executed) {
      AuditLogParser.Outcome o = AuditLogParser.parse(line, 0);
      if (o.kind() != AuditLogParser.Kind.AUDIT || o.event().src() == null
          || !o.event().src().startsWith(prefix + "/")) {
        continue;
      }
      if (!precreateSeen && o.event().cmd().equals("create")
          && o.event().src().equals(prefix + "/scenario/shared/old/existing")) {
        precreateSeen = true;
        continue;
      }
      replayed.add(o.event());
    }
    assertThat(precreateSeen).as("the file the log found there was created first").isTrue();
    List<AuditEvent> original = new ArrayList<>();
    for (AuditLog.Entry e : entriesOf(parsed())) {
      original.add(e.event());
    }
    assertThat(perThread(replayed, prefix)).isEqualTo(perThread(original, ""));
    assertThat(replayed).hasSize(original.size());

    // The namespace the replay made is the recorded one, remapped.
    Path replayRoot = new Path(hdfs.uri() + prefix + "/scenario");
    assertThat(tree(hdfs.fs(), replayRoot)).isEqualTo(tree(hdfs.fs(), new Path("/scenario")));
    assertThat(hdfs.fs().getFileStatus(new Path(replayRoot, "alice/in/a2")).getPermission()
        .toShort()).isEqualTo((short) 0600);

    // Counts per command, and what was not replayed.
    JsonNode json = r.json();
    Map<String, Integer> expected = expectedCounts();
    Map<String, Integer> counted = new TreeMap<>();
    for (JsonNode p : json.get("phases")) {
      counted.put(p.get("operation").asText(), p.get("attempted").asInt());
      assertThat(p.get("failed").asInt()).as(p.toString()).isZero();
    }
    assertThat(counted).isEqualTo(expected);
    JsonNode summary = json.get("replay");
    assertThat(summary.get("replayed").asInt()).isEqualTo(original.size());
    assertThat(summary.get("notReplayedByCommand").has("contentSummary")).isFalse();
    assertThat(summary.get("notReplayedByCommand").get("setOwner").asInt()).isEqualTo(1);
    assertThat(summary.get("deniedByCommand").get("listStatus").asInt()).isEqualTo(1);
    assertThat(summary.get("precreated").asInt()).isEqualTo(1);
    for (JsonNode p : json.get("phases")) {
      // Paced (speed 1): latency runs from each command's due time, as with -rate.
      assertThat(p.has("serviceTimeMs")).as(p.toString()).isTrue();
      assertThat(p.get("latencyMs").get("max").asDouble())
          .isGreaterThanOrEqualTo(p.get("serviceTimeMs").get("max").asDouble());
      assertThat(p.get("maxLateMs").asDouble()).isGreaterThanOrEqualTo(0);
    }
    assertThat(counted).containsEntry("count", 1);
    assertThat(r.stdout).contains("not replayed (no MetaBench operation): setOwner x 1")
        .contains("not replayed (allowed=false): listStatus x 1")
        .contains("precreated 1 paths");

    // A second replay into the same base directory is refused: the subtree is not empty.
    MetaBenchRun again = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        log.getPath(), "-baseDir", hdfs.uri() + basePath, "-quiet");
    assertThat(again.exitCode).isEqualTo(2);
    assertThat(again.stderr).contains("already exists, left by an earlier replay");
  }

  @Test
  void aMapReduceReplayOnTheLocalJobRunnerSplitsTheLogOverItsMaps() throws Exception {
    File log = writeLog(recorded);
    String basePath = "/replays/mr";
    Configuration local = new Configuration();
    local.set("mapreduce.framework.name", "local");
    MetaBenchRun r = MetaBenchRun.run(local, scratch, "replay", "-auditLog", log.getPath(),
        "-baseDir", hdfs.uri() + basePath, "-maps", "2", "-threads", "1", "-quiet");
    assertThat(r.exitCode).as(r.toString()).isZero();
    Path replayRoot = new Path(hdfs.uri() + basePath + "/replay/scenario");
    assertThat(tree(hdfs.fs(), replayRoot)).isEqualTo(tree(hdfs.fs(), new Path("/scenario")));
    JsonNode json = r.json();
    assertThat(json.get("maps").get("reported").asInt()).isEqualTo(2);
    // The maps' series, combined by wall-clock second, as a benchmark job writes them.
    assertThat(new String(java.nio.file.Files.readAllBytes(r.seriesFile().toPath()), "UTF-8"))
        .contains("\nmkdirs,");
    for (JsonNode map : json.get("maps").get("perMap")) {
      int attempted = 0;
      for (JsonNode p : map.get("phases")) {
        attempted += p.get("attempted").asInt();
      }
      // The scenario's directories hash to both maps' slots (2 maps x 1 thread).
      assertThat(attempted).as("map " + map.get("map")).isPositive();
    }
    Map<String, Integer> expected = expectedCounts();
    Map<String, Integer> counted = new TreeMap<>();
    for (JsonNode p : json.get("phases")) {
      counted.put(p.get("operation").asText(), p.get("attempted").asInt());
    }
    assertThat(counted).isEqualTo(expected);
    assertThat(json.get("replay").get("replayed").asInt()).isEqualTo(entriesOf(parsed()).size());
    assertThat(json.get("replay").get("precreated").asInt()).isEqualTo(1);
    assertThat(hdfs.fs().exists(new Path(hdfs.uri() + basePath + "/.metabench/jobs")))
        .as("the job's directory, with its copy of the log, is removed").isFalse();
  }

  @Test
  void aReplayOnTheLocalFileSystemRebuildsTheSameNamespace() throws Exception {
    File log = writeLog(recorded);
    File base = new File(scratch, "local-base");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        log.getPath(), "-baseDir", base.toURI().toString(), "-threads", "2", "-replaySpeed",
        "0", "-quiet");
    assertThat(r.exitCode).as(r.toString()).isIn(0, 1);
    FileSystem local = FileSystem.getLocal(new Configuration());
    assertThat(tree(local, new Path(base.toURI().toString() + "/replay/scenario")))
        .isEqualTo(tree(hdfs.fs(), new Path("/scenario")));
    for (JsonNode p : r.json().get("phases")) {
      // The local file system has no append: the one append may fail, counted by its cause.
      if (!p.get("operation").asText().equals("append")) {
        assertThat(p.get("failed").asInt()).as(p.toString()).isZero();
      }
    }
  }

  @Test
  void aTwoSecondLogAtSpeedTwoTakesAboutOneSecond() throws Exception {
    List<String> lines = new ArrayList<>();
    String fields = "\tugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=null\tperm=null"
        + "\tproto=rpc";
    lines.add("2026-11-22 08:45:07,000 INFO FSNamesystem.audit: allowed=true"
        + String.format(fields, "mkdirs", "/t/d"));
    lines.add("2026-11-22 08:45:08,000 INFO FSNamesystem.audit: allowed=true"
        + String.format(fields, "create", "/t/d/f"));
    lines.add("2026-11-22 08:45:09,000 INFO FSNamesystem.audit: allowed=true"
        + String.format(fields, "getfileinfo", "/t/d/f"));
    File log = writeLog(lines);
    File base = new File(scratch, "paced");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        log.getPath(), "-baseDir", base.toURI().toString(), "-replaySpeed", "2", "-quiet");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode summary = r.json().get("replay");
    assertThat(summary.get("logSpanSeconds").asDouble()).isEqualTo(2.0);
    // The last command is due 1 s after the start and never starts before it; loose above, as
    // the machine is shared.
    assertThat(summary.get("replaySpanSeconds").asDouble()).isBetween(0.999, 3.0);
    assertThat(summary.get("achievedSpeed").asDouble()).isBetween(0.66, 2.01);
  }

  @Test
  void aStopDuringALongGapInTheLogEndsTheReplayWithAPartialResult() throws Exception {
    String fields = "\tugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=null\tperm=null"
        + "\tproto=rpc";
    List<String> lines = new ArrayList<>();
    lines.add("2026-11-22 08:00:00,000 INFO FSNamesystem.audit: allowed=true"
        + String.format(fields, "mkdirs", "/gap/d"));
    lines.add("2026-11-22 09:00:00,000 INFO FSNamesystem.audit: allowed=true"
        + String.format(fields, "create", "/gap/d/f"));
    File log = writeLog(lines);
    io.metabench.core.StopRequest stop = new io.metabench.core.StopRequest();
    Thread signal = new Thread(() -> {
      try {
        Thread.sleep(1500);
      } catch (InterruptedException e) {
        return;
      }
      stop.request("interrupted by SIGINT");
    });
    signal.start();
    long began = System.nanoTime();
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, stop, "replay",
        "-auditLog", log.getPath(), "-baseDir", new File(scratch, "gap").toURI().toString(),
        "-quiet");
    signal.join();
    assertThat((System.nanoTime() - began) / 1e9).as("not an hour").isLessThan(60);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(130);
    JsonNode json = r.json();
    assertThat(json.get("partial").asBoolean()).isTrue();
    assertThat(json.get("replay").get("replayed").asInt()).isEqualTo(1);
  }

  @Test
  void badInputIsRefusedWithNothingTouched() throws Exception {
    File base = new File(scratch, "untouched");
    MetaBenchRun missing = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        new File(scratch, "nope.log").getPath(), "-baseDir", base.toURI().toString());
    assertThat(missing.exitCode).isEqualTo(2);
    assertThat(missing.stderr).contains("does not exist");
    File notAudit = new File(scratch, "other.log");
    Files.write(notAudit.toPath(), "just a line\n".getBytes(StandardCharsets.UTF_8));
    MetaBenchRun none = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        notAudit.getPath(), "-baseDir", base.toURI().toString());
    assertThat(none.exitCode).isEqualTo(2);
    assertThat(none.stderr).contains("holds no HDFS audit lines");
    MetaBenchRun speed = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        writeLog(recorded).getPath(), "-baseDir", base.toURI().toString(), "-replaySpeed", "-1");
    assertThat(speed.exitCode).isEqualTo(2);
    assertThat(speed.stderr).contains("-replaySpeed -1 is negative");
    assertThat(base).doesNotExist();

    File foreign = new File(scratch, "foreign");
    assertThat(new File(foreign, "precious").mkdirs()).isTrue();
    MetaBenchRun refused = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        writeLog(recorded).getPath(), "-baseDir", foreign.toURI().toString());
    assertThat(refused.exitCode).isEqualTo(2);
    assertThat(refused.stderr).contains("holds other content and no MetaBench marker");
    assertThat(foreign.list()).containsExactly("precious");
  }

  private static java.util.List<AuditLog.Entry> entriesOf(AuditLog log) throws Exception {
    java.util.List<AuditLog.Entry> all = new java.util.ArrayList<>();
    log.forEachEntry((k, e) -> all.add(e));
    return all;
  }
}
