package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays of logs that begin in the middle of a namespace's life, as real logs do, into the local
 * file system: what the log finds already there is inferred and precreated, directory deletes are
 * recursive and wait for their children's, and nothing outside {@code <baseDir>/replay} changes.
 */
class ITReplayMidNamespace {
  @TempDir
  File scratch;

  private long ms;

  private String line(String cmd, String src) {
    return line(cmd, src, "null");
  }

  private String line(String cmd, String src, String dst) {
    long t = ms++;
    return String.format("2026-11-22 08:%02d:%02d,%03d INFO FSNamesystem.audit: allowed=true\t"
        + "ugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=%s\tperm=u:g:rw-r--r--\t"
        + "proto=rpc", t / 60_000 % 60, t / 1000 % 60, t % 1000, cmd, src, dst);
  }

  private File write(List<String> lines) throws IOException {
    File f = File.createTempFile("audit-", ".log", scratch);
    Files.write(f.toPath(), lines, StandardCharsets.UTF_8);
    return f;
  }

  private MetaBenchRun replay(File log, File base, String... more) throws Exception {
    List<String> args = new ArrayList<>(java.util.Arrays.asList("replay", "-auditLog",
        log.getPath(), "-baseDir", base.toURI().toString(), "-replaySpeed", "0", "-quiet"));
    args.addAll(java.util.Arrays.asList(more));
    return MetaBenchRun.run(new Configuration(), scratch, args.toArray(new String[0]));
  }

  /** Ten tables read, a file of each renamed, each deleted whole; probes and creates in /tmp. */
  private List<String> tablesLog() {
    List<String> lines = new ArrayList<>();
    for (int d = 0; d < 10; d++) {
      lines.add(line("listStatus", "/warehouse/t" + d));
      for (int f = 0; f < 5; f++) {
        String p = "/warehouse/t" + d + "/part-" + f;
        lines.add(line("getfileinfo", p));
        lines.add(line("open", p));
      }
      lines.add(line("setPermission", "/warehouse/t" + d + "/part-0"));
      lines.add(line("rename", "/warehouse/t" + d + "/part-1", "/warehouse/t" + d + "/moved"));
      lines.add(line("getfileinfo", "/user/u/.Trash/Current"));
      lines.add(line("getfileinfo", "/tmp/out" + d));    // a probe of what is made next: a miss
      lines.add(line("create", "/tmp/out" + d));
      lines.add(line("delete", "/warehouse/t" + d));     // a directory: recursive
      lines.add(line("open", "/warehouse/t" + d + "/part-2")); // gone with it: the log's own
    }
    return lines;
  }

  @Test
  void aLogThatStartsMidNamespaceReplaysWithoutFaults() throws Exception {
    List<String> lines = tablesLog();
    File base = new File(scratch, "mid");
    MetaBenchRun r = replay(write(lines), base, "-threads", "4");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode replay = r.json().get("replay");
    assertThat(replay.get("replayFaults").asLong()).isZero();
    // Per directory: the probe of /tmp/outN (made next) fails; the open after the delete fails
    // unless, at -replaySpeed 0 on another thread, it ran before the delete (only earlier
    // commands are kept from being overtaken).
    assertThat(replay.get("expectedFailures").asLong()).isBetween(10L, 20L);
    assertThat(replay.get("precreatedDirectories").asLong()).isEqualTo(10);
    assertThat(replay.get("precreatedFiles").asLong()).isEqualTo(51); // 50 parts and .Trash/Current
    assertThat(replay.get("ambiguousProbes").asLong()).isEqualTo(1);
    assertThat(r.stdout).contains("No replay faults: the ").contains("failures are the log's own");
    assertThat(new File(base, "replay/warehouse").list()).isEmpty();
    assertThat(new File(base, "replay/tmp/out9")).isFile();
  }

  @Test
  void onANamespaceOfProductionsShapeTheLogsDirectoriesAreTheNamespaces() throws Exception {
    File base = new File(scratch, "on-yahoo");
    MetaBenchRun r = replay(write(tablesLog()), base, "-threads", "4", "-prefillProfile",
        "yahoo", "-prefillScale", "0.1");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode replay = r.json().get("replay");
    assertThat(replay.get("replayFaults").asLong()).as(r.toString()).isZero();
    assertThat(replay.get("expectedFailures").asLong()).isBetween(10L, 20L);
    JsonNode made = replay.get("namespace").get(0);
    assertThat(made.get("withinBounds").asBoolean()).isTrue();
    assertThat(made.get("files").asLong()).isEqualTo(made.get("expectedFiles").asLong());
    // /warehouse, its ten tables, /user, /user/u, /user/u/.Trash and /tmp (which the log writes
    // into): onto the namespace's, or, where the directory a parent went onto has too few
    // subdirectories, made by name.
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) directories that were "
        + "there before the log mapped onto the namespace's at their depth \\((\\d+) of their "
        + "size class, (\\d+) of the nearest, (\\d+) of any: the log shows none of their "
        + "entries\\), (\\d+) made by their own names where their parent had none left; its 51 "
        + "files made by their own names in them")
        .matcher(replay.get("namespaceMapping").asText());
    assertThat(m.matches()).as(replay.get("namespaceMapping").asText()).isTrue();
    long mapped = Long.parseLong(m.group(1));
    assertThat(Long.parseLong(m.group(2)) + Long.parseLong(m.group(3))
        + Long.parseLong(m.group(4))).isEqualTo(mapped);
    assertThat(mapped + Long.parseLong(m.group(5))).isEqualTo(15);
    assertThat(mapped).isGreaterThanOrEqualTo(6);
    assertThat(replay.get("precreatedDirectories").asLong()).isEqualTo(10);
    // The 51 files made by name; of the tables, those not mapped.
    assertThat(replay.get("precreated").asLong()).isBetween(51L, 61L);
    assertThat(r.stdout).contains("namespace of yahoo (sha256 ").contains("  on it: " + mapped
        + " directories");
    File root = new File(base, "replay");
    // No directory of the log's by its own name: the namespace's depth-1 directories, all
    // there (the tables were deleted with what they held); what the log made in /tmp is in the
    // directory /tmp went onto.
    String[] top = root.list((d, n) -> !n.startsWith("."));
    assertThat(top).doesNotContain("warehouse", "user", "tmp").hasSize(
        io.metabench.namespace.ShapeModel.of(io.metabench.namespace.ShapeProfile.load("yahoo")
            .json(), 0.1, 1).subdirectories(0));
    try (Stream<java.nio.file.Path> all = Files.walk(root.toPath())) {
      List<java.nio.file.Path> left = all.filter(p -> p.getFileName().toString()
          .matches("t\\d|part-\\d|moved|out\\d")).collect(java.util.stream.Collectors.toList());
      assertThat(left).hasSize(10).allMatch(p -> p.getFileName().toString().startsWith("out")
          && Files.isRegularFile(p) && root.toPath().relativize(p).getNameCount() == 2);
    }
  }

  @Test
  void aNamespaceTooSmallForItsProfileIsRefusedBeforeAnythingIsMade() throws Exception {
    File base = new File(scratch, "too-small");
    MetaBenchRun r = replay(write(tablesLog()), base, "-prefillProfile", "yahoo",
        "-prefillScale", "0.0005");
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr).contains("-prefillScale 0.0005: the namespace it draws of yahoo")
        .contains("give a larger scale");
    assertThat(base).doesNotExist();
  }

  @Test
  void aDirectoryDeleteNeverOvertakesItsChildrensCommandsOnOtherThreads() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int d = 0; d < 30; d++) {
      String dir = "/jobs/j" + d;
      lines.add(line("mkdirs", dir));
      for (int f = 0; f < 20; f++) {
        lines.add(line("create", dir + "/f" + f));
      }
      for (int f = 0; f < 20; f++) {
        lines.add(line("open", dir + "/f" + f));
        lines.add(line("delete", dir + "/f" + f));
      }
      // On the thread of /jobs, while its children's commands are on the threads of /jobs/jN.
      lines.add(line("delete", dir));
    }
    MetaBenchRun r = replay(write(lines), new File(scratch, "order"), "-threads", "8");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (JsonNode p : r.json().get("phases")) {
      assertThat(p.get("failed").asLong()).as(p.toString()).isZero();
    }
    assertThat(r.json().get("replay").get("orderWaits").asLong()).isBetween(0L, 30L);
  }

  @Test
  void aPathAnotherThreadMadeIsNotUsedBeforeItIsMade() throws Exception {
    // HBase's pattern (a public CDP 7.1.3 log): create a file in a new directory, then list the
    // directory (on the thread of its parent); a rename's destination read on its own thread.
    List<String> lines = new ArrayList<>();
    for (int d = 0; d < 40; d++) {
      String dir = "/hbase/MasterProcWALs" + d;
      lines.add(line("create", dir + "/pv2-1.log"));
      lines.add(line("listStatus", dir));
      lines.add(line("rename", dir + "/pv2-1.log", "/hbase/oldWALs" + d + "/pv2-1.log"));
      lines.add(line("open", "/hbase/oldWALs" + d + "/pv2-1.log"));
    }
    MetaBenchRun r = replay(write(lines), new File(scratch, "made"), "-threads", "8");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (JsonNode p : r.json().get("phases")) {
      assertThat(p.get("failed").asLong()).as(p.toString()).isZero();
    }
    assertThat(r.json().get("replay").get("orderWaits").asLong()).isPositive();
  }

  @Test
  void randomLogsNeverChangeAnythingOutsideTheReplaySubtree() throws Exception {
    File base = new File(scratch, "prop/base");
    File beside = new File(scratch, "prop/beside");
    assertThat(beside.mkdirs()).isTrue();
    Files.write(new File(beside, "keep.txt").toPath(), "keep".getBytes(StandardCharsets.UTF_8));
    String[] names = {"a", "b", "c", "..", ".", "d e", "x:y"};
    String[] cmds = {"create", "mkdirs", "delete", "rename", "open", "listStatus",
        "getfileinfo", "setPermission", "delete"};
    for (int seed = 0; seed < 4; seed++) {
      Random rnd = new Random(seed);
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        lines.add(line(cmds[rnd.nextInt(cmds.length)], randomPath(rnd, names),
            randomPath(rnd, names)));
      }
      lines.add(line("delete", "/"));
      Map<String, String> before = snapshot(new File(scratch, "prop"));
      MetaBenchRun r = replay(write(lines), base, "-threads", "4");
      assertThat(r.exitCode).as(r.toString()).isIn(0, 1);
      Map<String, String> after = snapshot(new File(scratch, "prop"));
      for (Map<String, String> m : java.util.Arrays.asList(before, after)) {
        m.keySet().removeIf(k -> k.equals("base") || k.startsWith("base/replay")
            || k.startsWith("base/.metabench"));
      }
      assertThat(after).as("seed " + seed).isEqualTo(before);
      assertThat(r.json().get("replay").get("notReplayedByCommand").get("delete /").asLong())
          .isEqualTo(1);
      org.apache.hadoop.fs.FileUtil.fullyDelete(new File(base, "replay"));
      // Someone else's file beside the replay subtree, once the base directory is MetaBench's.
      File theirs = new File(base, "theirs");
      theirs.mkdirs();
      Files.write(new File(theirs, "keep.txt").toPath(), "keep".getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aRunOnTheEmbeddedHdfsRecordsALogThatReplaysElsewhere() throws Exception {
    File log = new File(scratch, "recorded-audit.log");
    MetaBenchRun made = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write,open_read,rename,delete", "-threads", "2", "-numberOfFiles", "10",
        "-recordAuditLog", log.getPath(), "-quiet");
    assertThat(made.exitCode).as(made.toString()).isZero();
    // The benchmark's own calls only (no client warm-up, prefill, marker or check), and only in
    // the file: the NameNode's audit lines do not reach the console.
    assertThat(made.stderr).doesNotContain("allowed=true");
    List<String> recorded = Files.readAllLines(log.toPath(), StandardCharsets.UTF_8);
    assertThat(recorded).anyMatch(l -> l.contains("FSNamesystem.audit: allowed=true")
        && l.contains("cmd=create"));
    assertThat(recorded).noneMatch(l -> l.contains("/.metabench"));
    MetaBenchRun replayed = replay(log, new File(scratch, "from-record"), "-threads", "2");
    assertThat(replayed.exitCode).as(replayed.toString()).isZero();
    assertThat(replayed.json().get("replay").get("replayFaults").asLong()).isZero();
    // The recorded log replays to the counts the recording run measured, operation by operation.
    Map<String, Long> measured = new TreeMap<>();
    Map<String, Long> replayedCounts = new TreeMap<>();
    for (JsonNode p : made.json().get("phases")) {
      measured.put(p.get("operation").asText(), p.get("successful").asLong());
    }
    for (JsonNode p : replayed.json().get("phases")) {
      replayedCounts.put(p.get("operation").asText(), p.get("successful").asLong());
    }
    assertThat(replayedCounts).isEqualTo(measured);

    MetaBenchRun withMaps = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write", "-maps", "2", "-recordAuditLog", new File(scratch, "maps.log").getPath());
    assertThat(withMaps.exitCode).isEqualTo(2);
    assertThat(withMaps.stderr).contains("-recordAuditLog records what this process measures, "
        + "and -maps 2 measures in map tasks: leave out -maps to record a run");
    assertThat(new File(scratch, "maps.log")).doesNotExist();

    MetaBenchRun refused = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write", "-baseDir", new File(scratch, "x").toURI().toString(), "-recordAuditLog",
        new File(scratch, "other.log").getPath());
    assertThat(refused.exitCode).isEqualTo(2);
    assertThat(refused.stderr).contains("-recordAuditLog records the embedded HDFS's audit log");
    assertThat(new File(scratch, "x")).doesNotExist();
  }

  private static String randomPath(Random rnd, String[] names) {
    StringBuilder sb = new StringBuilder();
    int depth = 1 + rnd.nextInt(3);
    for (int i = 0; i < depth; i++) {
      sb.append('/').append(names[rnd.nextInt(names.length)]);
    }
    return sb.toString();
  }

  private static Map<String, String> snapshot(File root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<java.nio.file.Path> s = Files.walk(root.toPath())) {
      for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) s::iterator) {
        String rel = root.toPath().relativize(p).toString().replace('\\', '/');
        m.put(rel, Files.isDirectory(p) ? "dir"
            : new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
      }
    }
    return m;
  }
}
