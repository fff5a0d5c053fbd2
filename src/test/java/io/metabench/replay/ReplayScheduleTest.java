package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class ReplayScheduleTest {
  /** A log of (millisecond offset, cmd, src) lines, from 2026-11-22 08:00:00,000. */
  static AuditLog log(Object... timeCmdSrc) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < timeCmdSrc.length; i += 3) {
      long ms = ((Number) timeCmdSrc[i]).longValue();
      String time = String.format("2026-11-22 08:%02d:%02d,%03d", ms / 60_000, ms / 1000 % 60,
          ms % 1000);
      sb.append(AuditLogParserTest.line(time, true, "u (auth:SIMPLE)", (String) timeCmdSrc[i + 1],
          (String) timeCmdSrc[i + 2], "null", "null")).append('\n');
    }
    return AuditLog.ofText(sb.toString(), "test");
  }

  /** The log's commands to replay, in order (a small log, read whole). */
  static List<AuditLog.Entry> entries(AuditLog a) throws Exception {
    List<AuditLog.Entry> all = new ArrayList<>();
    a.forEachEntry((k, e) -> all.add(e));
    return all;
  }

  /** The command numbers each thread of {@code s} replays, in log order. */
  static int[] commandsOf(AuditLog a, ReplaySchedule s, int t) throws Exception {
    List<AuditLog.Entry> all = entries(a);
    List<Integer> mine = new ArrayList<>();
    for (int k = 0; k < all.size(); k++) {
      if (s.owner(all.get(k).event().src()) == t) {
        mine.add(k);
      }
    }
    return mine.stream().mapToInt(Integer::intValue).toArray();
  }

  private static long due(AuditLog a, ReplaySchedule s, int k) throws Exception {
    return s.dueOffsetNanosAt(entries(a).get(k).event().epochMillis());
  }

  @Test
  void dueTimesAreTheRecordedGapsDividedByTheSpeed() throws Exception {
    AuditLog a = log(1000, "create", "/a/f", 1500, "open", "/a/f", 3000, "delete", "/a/f");
    ReplaySchedule recorded = ReplaySchedule.of(a.firstMillis(), 1, 1);
    assertThat(due(a, recorded, 0)).isZero();
    assertThat(due(a, recorded, 1)).isEqualTo(500_000_000L);
    assertThat(due(a, recorded, 2)).isEqualTo(2_000_000_000L);
    ReplaySchedule twice = ReplaySchedule.of(a.firstMillis(), 1, 2);
    assertThat(due(a, twice, 2)).isEqualTo(1_000_000_000L);
    ReplaySchedule half = ReplaySchedule.of(a.firstMillis(), 1, 0.5);
    assertThat(due(a, half, 1)).isEqualTo(1_000_000_000L);
    ReplaySchedule asFast = ReplaySchedule.of(a.firstMillis(), 1, 0);
    assertThat(asFast.paced()).isFalse();
    assertThat(due(a, asFast, 2)).isZero();
    assertThat(ReplaySchedule.dueOffsetNanos(1, 3)).isEqualTo(333_333L);
  }

  @Test
  void theEarliestCommandIsTimeZeroEvenWhenTheLogIsOutOfOrder() throws Exception {
    AuditLog a = log(2000, "create", "/a/f", 1000, "mkdirs", "/b");
    ReplaySchedule s = ReplaySchedule.of(a.firstMillis(), 2, 1);
    assertThat(due(a, s, 0)).isEqualTo(1_000_000_000L);
    assertThat(due(a, s, 1)).isZero();
  }

  @Test
  void commandsOnOneDirectoryGoToOneThreadInLogOrder() throws Exception {
    List<Object> lines = new ArrayList<>();
    String[] cmds = {"create", "open", "getfileinfo", "setTimes", "delete"};
    int ms = 0;
    for (String cmd : cmds) {
      for (int d = 0; d < 20; d++) {
        lines.add(ms++);
        lines.add(cmd);
        lines.add("/dir" + d + "/f");
      }
    }
    AuditLog a = log(lines.toArray());
    ReplaySchedule s = ReplaySchedule.of(a.firstMillis(), 4, 1);
    int total = 0;
    Set<Integer> used = new HashSet<>();
    for (int t = 0; t < 4; t++) {
      int[] mine = commandsOf(a, s, t);
      total += mine.length;
      for (int i = 1; i < mine.length; i++) {
        assertThat(mine[i]).as("log order within thread " + t).isGreaterThan(mine[i - 1]);
      }
      for (int k : mine) {
        String src = entries(a).get(k).event().src();
        assertThat(ReplaySchedule.threadOf(src, 4)).isEqualTo(t);
        used.add(t);
      }
    }
    assertThat(total).isEqualTo(100);
    assertThat(used).as("20 directories spread over the threads").hasSizeGreaterThan(1);
    // Every command on /dir7/f is on one thread, in the order create, open, ..., delete.
    int t7 = ReplaySchedule.threadOf("/dir7/f", 4);
    List<String> seq = new ArrayList<>();
    for (int k : commandsOf(a, s, t7)) {
      if (entries(a).get(k).event().src().equals("/dir7/f")) {
        seq.add(entries(a).get(k).event().cmd());
      }
    }
    assertThat(seq).containsExactly(cmds);
  }

  @Test
  void mapsSplitTheDirectoriesAndKeepOneTimeOrigin() throws Exception {
    List<Object> lines = new ArrayList<>();
    for (int d = 0; d < 50; d++) {
      lines.add(1000 + d);
      lines.add("create");
      lines.add("/dir" + d + "/f");
      lines.add(2000 + d);
      lines.add("open");
      lines.add("/dir" + d + "/f");
    }
    AuditLog a = log(lines.toArray());
    int maps = 3;
    int threads = 2;
    int[] owner = new int[entries(a).size()];
    java.util.Arrays.fill(owner, -1);
    for (int m = 0; m < maps; m++) {
      ReplaySchedule s = ReplaySchedule.of(a.firstMillis(), threads, 1, maps, m);
      for (int t = 0; t < threads; t++) {
        for (int k : commandsOf(a, s, t)) {
          assertThat(owner[k]).as("command " + k + " in one map only").isEqualTo(-1);
          owner[k] = m * threads + t;
          // Due times count from the whole log's first command, in every map.
          assertThat(due(a, s, k)).isEqualTo(
              (entries(a).get(k).event().epochMillis() - a.firstMillis()) * 1_000_000L);
        }
      }
    }
    for (int k = 0; k < owner.length; k++) {
      String src = entries(a).get(k).event().src();
      assertThat(owner[k]).isEqualTo(ReplaySchedule.slot(src, maps * threads));
    }
    // One map of T threads assigns as one process of T threads.
    ReplaySchedule one = ReplaySchedule.of(a.firstMillis(), threads, 1, 1, 0);
    ReplaySchedule process = ReplaySchedule.of(a.firstMillis(), threads, 1);
    for (int t = 0; t < threads; t++) {
      assertThat(commandsOf(a, one, t)).isEqualTo(commandsOf(a, process, t));
    }
  }

  @Test
  void theThreadIsAStableFunctionOfTheParentDirectory() {
    assertThat(ReplaySchedule.parent("/user/x/f")).isEqualTo("/user/x");
    assertThat(ReplaySchedule.parent("/user/x/")).isEqualTo("/user");
    assertThat(ReplaySchedule.parent("/f")).isEqualTo("/");
    assertThat(ReplaySchedule.parent("/")).isEqualTo("/");
    assertThat(ReplaySchedule.threadOf("/user/x/f", 8))
        .isEqualTo(ReplaySchedule.threadOf("/user/x/g", 8));
    // Fixed across runs and JVMs (String.hashCode is specified): MapReduce maps rely on it.
    assertThat(ReplaySchedule.slot("/user/x/f", 1000)).isEqualTo(
        Math.floorMod(murmurFinalizer("/user/x".hashCode()), 1000));
    for (int n = 1; n <= 64; n++) {
      assertThat(ReplaySchedule.threadOf("/user/x/f", n)).isBetween(0, n - 1);
    }
  }

  private static int murmurFinalizer(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  @Test
  void pathsAreRemappedUnderTheReplaySubtree() {
    Path base = new Path("hdfs://nn:8020/bench/b");
    assertThat(ReplaySchedule.remap(base, "/user/x/f").toString())
        .isEqualTo("hdfs://nn:8020/bench/b/replay/user/x/f");
    assertThat(ReplaySchedule.remap(base, "/").toString())
        .isEqualTo("hdfs://nn:8020/bench/b/replay");
    Path odd = ReplaySchedule.remap(new Path("file:/tmp/b"), "/a:b/my file=1");
    assertThat(odd.toUri().getPath()).isEqualTo("/tmp/b/replay/a:b/my file=1");
    assertThat(odd.getName()).isEqualTo("my file=1");
  }
}
