package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The client warm-up before each measured phase runs on scratch names of its own, leaves the
 * namespace the phase measures exactly as it found it, is in none of the phase's figures, and is
 * reported; it reaches every phase kind. On the local file system and on a MiniDFSCluster.
 */
@Isolated
class ITClientWarmup {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  /** The tree below {@code base} without MetaBench's own marker directory (whose state changes). */
  private static Map<String, String> namespace(FileSystem fs, Path base) throws Exception {
    Map<String, String> all = new TreeMap<>(Trees.list(fs, base));
    all.keySet().removeIf(k -> k.startsWith(".metabench/") && !k.contains("client-warmup"));
    return all;
  }

  private MetaBenchRun run(String base, String... args) throws Exception {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "-baseDir";
    all[args.length + 1] = base;
    return MetaBenchRun.run(new Configuration(), scratch, all);
  }

  private void leavesTheNamespaceAsItFoundIt(FileSystem fs, String base) throws Exception {
    MetaBenchRun made = run(base, "-operation", "create_write", "-threads", "2",
        "-numberOfFiles", "10", "-clientWarmup", "0");
    assertThat(made.exitCode).as(made.toString()).isZero();
    Map<String, String> before = namespace(fs, new Path(base));
    assertThat(Trees.named(before, "file_")).hasSize(20);

    MetaBenchRun r = run(base, "-operation", "open_read,stat,list", "-threads", "2",
        "-numberOfFiles", "10", "-clientWarmup", "500ms");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String op : new String[] {"open_read", "stat", "list"}) {
      JsonNode p = r.phase(op);
      // Exactly the planned items: the warm-up's calls are in no count.
      assertThat(p.get("attempted").asLong()).as(op).isEqualTo(20);
      assertThat(p.get("latencyHistogram").asText()).isNotEmpty();
      JsonNode warm = p.get("clientWarmup");
      assertThat(warm.get("calls").asLong()).as(op).isPositive();
      assertThat(warm.get("failed").asLong()).as(op).isZero();
      assertThat(warm.get("seconds").asDouble()).as(op).isGreaterThanOrEqualTo(0.5);
    }
    assertThat(r.stdout).contains("client warm-up before each phase, on scratch names removed "
        + "after it, in no figure: open_read 0.");
    assertThat(namespace(fs, new Path(base))).isEqualTo(before);
  }

  @Test
  void onTheLocalFileSystemTheWarmUpLeavesTheNamespaceAsItFoundIt() throws Exception {
    FileSystem local = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    leavesTheNamespaceAsItFoundIt(local, new File(scratch, "base").toURI().toString());
  }

  @Test
  void onHdfsTheWarmUpLeavesTheNamespaceAsItFoundIt() throws Exception {
    leavesTheNamespaceAsItFoundIt(hdfs.fs(), hdfs.uri() + "/warm/base");
  }

  /**
   * Items spread over buckets ({@code -filesPerDir 4}: 10 files a worker in d_0, d_1, d_2): the
   * warm-up's scratch names are bucketed too, and it removes its buckets with its items.
   */
  @Test
  void aWarmUpForBucketedItemsLeavesNoBucketBehind() throws Exception {
    String base = hdfs.uri() + "/warm/buckets";
    MetaBenchRun made = run(base, "-operation", "create_write", "-threads", "2",
        "-numberOfFiles", "10", "-filesPerDir", "4", "-clientWarmup", "0");
    assertThat(made.exitCode).as(made.toString()).isZero();
    Map<String, String> before = namespace(hdfs.fs(), new Path(base));
    assertThat(before.keySet()).anyMatch(k -> k.contains("/d_2/file_"));
    MetaBenchRun r = run(base, "-operation", "open_read,rename,delete", "-threads", "2",
        "-numberOfFiles", "10", "-filesPerDir", "4", "-clientWarmup", "500ms");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String op : new String[] {"open_read", "rename", "delete"}) {
      assertThat(r.phase(op).get("successful").asLong()).as(op).isEqualTo(20);
      assertThat(r.phase(op).get("clientWarmup").get("failed").asLong()).as(op).isZero();
    }
    Map<String, String> after = namespace(hdfs.fs(), new Path(base));
    assertThat(after.keySet()).noneMatch(k -> k.contains("client-warmup"))
        .noneMatch(k -> k.contains("file_"));
  }

  @Test
  void everyPhaseKindIsWarmedAndZeroTurnsItOff() throws Exception {
    String base = hdfs.uri() + "/warm/kinds";
    MetaBenchRun r = run(base, "-operation", "create_write,ls_r,mix", "-cleanup", "-mix",
        "stat:50,rename:50", "-threads", "2", "-numberOfFiles", "5", "-clientWarmup", "300ms");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String name : new String[] {"create_write", "mix:stat", "mix:rename", "ls_r"}) {
      assertThat(r.phase(name).get("clientWarmup").get("calls").asLong()).as(name).isPositive();
    }
    assertThat(r.json().get("mixTotal").get("clientWarmup").get("calls").asLong()).isPositive();
    assertThat(namespace(hdfs.fs(), new Path(base)).keySet())
        .noneMatch(k -> k.contains("client-warmup") || k.contains("file_"));

    MetaBenchRun cold = run(hdfs.uri() + "/warm/cold", "-operation", "create_write",
        "-numberOfFiles", "5", "-clientWarmup", "0");
    assertThat(cold.exitCode).as(cold.toString()).isZero();
    assertThat(cold.phase("create_write").get("clientWarmup").get("calls").asLong()).isZero();
    assertThat(cold.stdout).contains("no client warm-up (-clientWarmup 0)");
  }

  /**
   * A phase whose calls an earlier warm-up of the run settled on is re-warmed (ending on its
   * rate alone); one whose calls no warm-up ran yet is warmed from cold. Create_write's rounds
   * delete and create every item: delete is re-warmed; stat is not.
   */
  @Test
  void aPhaseWhoseCallsAnEarlierWarmUpSettledOnIsRewarmedAndANewOneIsNot() throws Exception {
    MetaBenchRun r = run(hdfs.uri() + "/warm/rewarm", "-operation", "create_write,stat,delete",
        "-threads", "2", "-numberOfFiles", "200", "-clientWarmup", "30");
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode create = r.phase("create_write").get("clientWarmup");
    assertThat(create.get("capped").asBoolean()).as(create.toString()).isFalse();
    assertThat(create.get("rewarm").asBoolean()).isFalse();
    assertThat(r.phase("stat").get("clientWarmup").get("rewarm").asBoolean()).isFalse();
    JsonNode delete = r.phase("delete").get("clientWarmup");
    assertThat(delete.get("rewarm").asBoolean()).as(delete.toString()).isTrue();
    assertThat(delete.get("calls").asLong()).isPositive();
    assertThat(r.stdout).containsPattern("delete [0-9.]+ s [0-9]+ calls \\(re-warm\\)")
        .doesNotContainPattern("stat [0-9.]+ s [0-9]+ calls \\(re-warm\\)");
  }

  @Test
  void aWarmUpWhoseRateNeverSettlesStopsAtItsCapAndSaysSo() throws Exception {
    // Every 40th getFileStatus stalls 400 ms: the warm-up's half-second rates never agree.
    io.metabench.testing.FaultyLocalFileSystem.reset();
    Configuration conf = io.metabench.testing.FaultyLocalFileSystem.registered();
    conf.setLong(io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_EVERY, 40);
    conf.setLong(io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_MILLIS, 400);
    File dir = new File(scratch, "unsettled");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "20", "-clientWarmup", "3", "-baseDir",
        io.metabench.testing.FaultyLocalFileSystem.uriOf(dir));
    io.metabench.testing.FaultyLocalFileSystem.reset();
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode w = r.phase("stat").get("clientWarmup");
    assertThat(w.get("capped").asBoolean()).as(w.toString()).isTrue();
    assertThat(w.get("seconds").asDouble()).isBetween(3.0, 4.5);
    assertThat(w.get("lastCallsPerSecond").asDouble()).isPositive();
    assertThat(r.stdout).containsPattern("client warm-up before stat stopped at its cap "
        + "\\(-clientWarmup 3 s\\) before its rate settled, at [0-9]+ calls/s");
  }

  @Test
  void aReplayIsWarmedAndThePrefillsRateLeavesItsWarmUpOut() throws Exception {
    File log = new File(scratch, "hdfs-audit.log");
    java.nio.file.Files.write(log.toPath(), java.util.Arrays.asList(
        "2026-11-22 08:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)"
            + "\tip=/127.0.0.1\tcmd=mkdirs\tsrc=/r/d\tdst=null\tperm=null\tproto=rpc",
        "2026-11-22 08:00:00,010 INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)"
            + "\tip=/127.0.0.1\tcmd=create\tsrc=/r/d/f\tdst=null\tperm=null\tproto=rpc"));
    MetaBenchRun replay = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        log.getPath(), "-baseDir", new File(scratch, "replayed").toURI().toString(),
        "-clientWarmup", "300ms");
    assertThat(replay.exitCode).as(replay.toString()).isZero();
    for (String op : new String[] {"mkdirs", "create_write"}) {
      assertThat(replay.phase(op).get("clientWarmup").get("calls").asLong()).as(op).isPositive();
    }
    // One warm-up before the one window, said once.
    assertThat(replay.stdout).contains("client warm-up before the replay, on scratch names")
        .doesNotContain("client warm-up before each phase");
    // A replay's rate is its log's pace: no steadiness marks.
    assertThat(replay.stdout).doesNotContain("~");

    // Warmed no longer than it replays: its 2 commands span 10 ms at the recorded pace, so the
    // warm-up ends within a few of its looks (without the bound: at least three 0.5 s looks).
    MetaBenchRun bounded = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
        log.getPath(), "-baseDir", new File(scratch, "bounded").toURI().toString(),
        "-clientWarmup", "30");
    assertThat(bounded.exitCode).as(bounded.toString()).isZero();
    JsonNode w = bounded.phase("mkdirs").get("clientWarmup");
    assertThat(w.get("calls").asLong()).as(w.toString()).isPositive();
    assertThat(w.get("seconds").asDouble()).as(w.toString()).isLessThan(0.5);
    assertThat(w.get("capped").asBoolean()).isFalse();

    // The warm-up takes at least one 0.5 s look at its rate; 4 local creates take milliseconds.
    // Timed from before the warm-up, the prefill's time would include it.
    MetaBenchRun prefill = run(new File(scratch, "prefilled").toURI().toString(),
        "-prefillFiles", "4", "-prefillDepth", "1", "-prefillFanOut", "2", "-clientWarmup",
        "300ms");
    assertThat(prefill.exitCode).as(prefill.toString()).isZero();
    JsonNode p = prefill.json().get("prefill");
    assertThat(p.get("filesCreated").asLong()).isEqualTo(4);
    assertThat(p.get("elapsedSeconds").asDouble()).isLessThan(0.4);
    assertThat(p.get("clientWarmup").get("calls").asLong()).isPositive();
    assertThat(p.get("clientWarmup").get("seconds").asDouble()).isGreaterThanOrEqualTo(0.3);
    assertThat(prefill.stdout).contains("(client warm-up before it: ");
  }
}
