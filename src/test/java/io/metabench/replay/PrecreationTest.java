package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrecreationTest {
  @TempDir
  File tmp;

  private static Precreation of(AuditLog a) throws Exception {
    return Precreation.of(a, null, false);
  }

  /** A log of {cmd, src, dst} rows, one millisecond apart ("null": no destination). */
  private static AuditLog withDst(String[]... rows) throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rows.length; i++) {
      sb.append(AuditLogParserTest.line(String.format("2026-11-22 08:00:00,%03d", i), true,
          "u (auth:SIMPLE)", rows[i][0], rows[i][1], rows[i][2], "null")).append('\n');
    }
    return AuditLog.ofText(sb.toString(), "t");
  }

  @Test
  void whatTheLogReadsOrRenamesButNeverMadeIsCreatedBeforehand() throws Exception {
    AuditLog a = ReplayScheduleTest.log(
        0, "open", "/old/f1",             // existed: a file
        1, "getfileinfo", "/probe",      // a probe of what the log then makes: a miss
        2, "create", "/probe",           // made by the log
        3, "open", "/probe",
        4, "listStatus", "/old/listed",  // existed: listed only, a directory
        5, "rename", "/old/r",           // existed: a file (no dst here)
        6, "mkdirs", "/new",
        7, "open", "/new/x",             // logged, so it succeeded: existed (mkdirs proves no
                                         // emptiness: it succeeds on an existing directory)
        8, "setPermission", "/old/tree", // existed, and the log names a path below it: a dir
        9, "open", "/old/tree/leaf",     // existed: a file
        10, "open", "/old/f1");          // already settled
    Precreation p = of(a);
    assertThat(p.dirs()).containsExactly("/old/listed", "/old/tree");
    assertThat(p.files()).containsExactly("/old/f1", "/old/r", "/new/x", "/old/tree/leaf");
    assertThat(p.size()).isEqualTo(6);
    assertThat(absent(p, 11)).containsExactly(1);
  }

  @Test
  void renamesAreFollowedBackToTheOriginalName() throws Exception {
    Precreation p = of(withDst(new String[] {"rename", "/in/d", "/out/d"},
        new String[] {"open", "/out/d/part-0", "null"},
        new String[] {"create", "/out/d/_SUCCESS", "null"},
        new String[] {"open", "/out/d/_SUCCESS", "null"},
        new String[] {"open", "/in/d/part-0", "null"}));
    // /out/d/part-0 was /in/d/part-0 before the rename; /in/d is a directory (it has entries);
    // /out, the destination's directory, existed (HDFS's rename makes no parents).
    assertThat(p.dirs()).containsExactlyInAnyOrder("/in/d", "/out");
    assertThat(p.files()).containsExactly("/in/d/part-0");
    // After the rename nothing is left at /in/d: the log's own open there cannot succeed.
    assertThat(absent(p, 5)).containsExactly(4);
  }

  @Test
  void aLogThatMakesEverythingItUsesNeedsNothing() throws Exception {
    AuditLog a = ReplayScheduleTest.log(0, "mkdirs", "/a", 1, "create", "/a/f", 2, "open",
        "/a/f", 3, "rename", "/a/f", 4, "delete", "/a");
    assertThat(of(a).size()).isZero();
    assertThat(absent(of(a), 5)).isEmpty();
  }

  @Test
  void aMkdirsDoesNotShowTheDirectoryWasNewButMakesItForTheLogsOwnCommands() throws Exception {
    // mkdirs of an existing directory succeeds and is logged: /d may have held /d/x already.
    AuditLog a = ReplayScheduleTest.log(0, "mkdirs", "/d", 1, "open", "/d/x",
        2, "mkdirs", "/m", 3, "listStatus", "/m", 4, "delete", "/m");
    Precreation p = of(a);
    assertThat(p.files()).containsExactly("/d/x");
    // /d and /m exist by the log's own mkdirs: precreating them would change nothing.
    assertThat(p.dirs()).isEmpty();
    assertThat(absent(p, 5)).isEmpty();

    // Renamed, the directory the log made is still not precreated, and what was under it before
    // the log is precreated under the name it had then.
    Precreation r = of(withDst(new String[] {"mkdirs", "/m", "null"},
        new String[] {"rename", "/m", "/m2"}, new String[] {"open", "/m2/old", "null"},
        new String[] {"delete", "/m2", "null"}));
    assertThat(r.dirs()).isEmpty();
    assertThat(r.files()).containsExactly("/m/old");
    assertThat(absent(r, 4)).isEmpty();
  }

  @Test
  void aProbeThatNothingSettlesIsPrecreatedByDefaultOrReplayedAsAMiss() throws Exception {
    AuditLog a = ReplayScheduleTest.log(0, "getfileinfo", "/user/u/.Trash/Current",
        1, "getfileinfo", "/seen", 2, "open", "/seen",
        3, "contentSummary", "/sum", 4, "listStatus", "/sum");
    Precreation exist = Precreation.of(a, null, false);
    assertThat(exist.files()).containsExactly("/user/u/.Trash/Current", "/seen");
    assertThat(exist.dirs()).containsExactly("/sum");
    assertThat(exist.ambiguousProbes()).isEqualTo(1);
    assertThat(absent(exist, 5)).isEmpty();
    Precreation miss = Precreation.of(a, null, true);
    assertThat(miss.files()).containsExactly("/seen");
    assertThat(miss.ambiguousProbes()).isEqualTo(1);
    assertThat(absent(miss, 5)).containsExactly(0);
  }

  @Test
  void aProbeOfADirectoryKnownOnlyAsAParentIsAProbeToo() throws Exception {
    // An HDP sandbox's start: /user is probed after a probe of a path under it and before a
    // mkdirs under it (which would make it if it were missing).
    AuditLog a = ReplayScheduleTest.log(0, "getfileinfo", "/user/qa", 1, "getfileinfo", "/user",
        2, "mkdirs", "/user/qa", 3, "getfileinfo", "/apps/x", 4, "open", "/apps/x/f",
        5, "getfileinfo", "/apps");
    Precreation exist = Precreation.of(a, null, false);
    // Nothing settles /user: precreated by default, so its probe finds it, as on the cluster.
    assertThat(exist.dirs()).containsExactly("/user", "/apps/x");
    assertThat(exist.files()).containsExactly("/apps/x/f");
    assertThat(exist.ambiguousProbes()).isEqualTo(1);
    assertThat(absent(exist, 6)).containsExactly(0);
    Precreation miss = Precreation.of(a, null, true);
    // As misses: /user is not made before the log's mkdirs; /apps is, as /apps/x/f's parent.
    assertThat(miss.dirs()).containsExactly("/apps/x");
    assertThat(absent(miss, 6)).containsExactly(0, 1);
  }

  @Test
  void whatALogDoesWithAPathDecidesFileOrDirectory() throws Exception {
    AuditLog a = ReplayScheduleTest.log(
        0, "listStatus", "/hbase/hbase.version",   // listing a file is legal HDFS ...
        1, "open", "/hbase/hbase.version",         // ... an open makes it a file
        2, "setTimes", "/t",                       // a file
        3, "append", "/ap",                        // a file
        4, "getfileinfo", "/parent",               // probed, then used as a parent: a dir
        5, "open", "/parent/child",
        6, "listStatus", "/m",                     // listed, then made again: a dir
        7, "mkdirs", "/m",
        8, "open", "/a/b/c");                      // its parents existed; not precreated
    Precreation p = of(a);
    assertThat(p.files()).containsExactly("/hbase/hbase.version", "/t", "/ap", "/parent/child",
        "/a/b/c");
    assertThat(p.dirs()).containsExactly("/parent", "/m");
    assertThat(p.ambiguousProbes()).isZero();
  }

  @Test
  void aDeletedDirectoryIsGoneWithItsChildrenAndItsDeleteChangesASubtree() throws Exception {
    AuditLog a = ReplayScheduleTest.log(
        0, "open", "/d/f",         // existed
        1, "delete", "/d/f",
        2, "open", "/d/g",         // existed
        3, "delete", "/d",         // a directory with entries: changes a subtree
        4, "open", "/d/g",         // gone with /d
        5, "getfileinfo", "/d",    // gone
        6, "create", "/d/h",       // made again
        7, "open", "/d/h",
        8, "delete", "/x");        // existed: a file, not a subtree
    Precreation p = of(a);
    assertThat(p.files()).containsExactly("/d/f", "/d/g", "/x");
    assertThat(absent(p, 9)).containsExactly(4, 5);
    assertThat(p.waitsForOthers(3)).isTrue();
    assertThat(p.waitsForOthers(1)).isFalse();
    assertThat(p.waitsForOthers(8)).isFalse();
  }

  @Test
  void theFirstCommandOnAPathAnotherPathsCommandMadeWaitsForOtherThreads() throws Exception {
    String[][] cmds = {
        {"create", "/h/w/p3", "null"},   // 0: makes /h/w from below (thread of /h/w)
        {"listStatus", "/h/w", "null"},  // 1: thread of /h: waits
        {"create", "/h/w/p4", "null"},   // 2
        {"listStatus", "/h/w", "null"},  // 3: same thread as 1, after it: no wait
        {"rename", "/h/w/p3", "/o/p3"},  // 4: a file's rename: no wait
        {"open", "/o/p3", "null"},       // 5: the rename's destination, another thread: waits
        {"open", "/o/p3", "null"},       // 6: no wait
        {"create", "/h/x", "null"},      // 7: made as itself
        {"getfileinfo", "/h/x", "null"}, // 8: same parent, same thread: no wait
    };
    Precreation p = of(withDst(cmds));
    java.util.List<Integer> waits = new java.util.ArrayList<>();
    for (int k = 0; k < cmds.length; k++) {
      if (p.waitsForOthers(k)) {
        waits.add(k);
      }
    }
    assertThat(waits).containsExactly(1, 5);
    assertThat(absent(p, cmds.length)).isEmpty();
    // HDFS's rename makes no parents: the destination's directory existed before the log.
    assertThat(p.dirs()).containsExactly("/o");
    assertThat(p.files()).isEmpty();
  }

  @Test
  void aListingGivesKindsAndSettlesProbes() throws Exception {
    File listing = new File(tmp, "fsimage.tsv");
    Files.write(listing.toPath(), Arrays.asList(
        "Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\tBlocksCount\t"
            + "FileSize\tNSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName",
        "/\t0\t2026-11-22 08:00\t1970-01-01 00:00\t0\t0\t0\t-1\t-1\tdrwxr-xr-x\thdfs\tsupergroup",
        "/p\t0\t2026-11-22 08:00\t1970-01-01 00:00\t0\t0\t0\t-1\t-1\tdrwxr-xr-x\thdfs\thdfs",
        "/data/x\t3\t2026-11-22 08:00\t2026-11-22 08:00\t134217728\t1\t10\t0\t0\t-rw-r--r--\t"
            + "hdfs\thdfs",
        "/unrelated\t3\t2026-11-22 08:00\t2026-11-22 08:00\t134217728\t1\t10\t0\t0\t-rw-r--r--\t"
            + "hdfs\thdfs"), StandardCharsets.UTF_8);
    AuditLog a = ReplayScheduleTest.log(0, "getfileinfo", "/p", 1, "getfileinfo", "/q",
        2, "setPermission", "/data/x");
    Precreation p = Precreation.of(a, NamespaceListing.in(listing), false);
    assertThat(p.dirs()).containsExactly("/p");
    assertThat(p.files()).containsExactly("/data/x");
    assertThat(absent(p, 3)).containsExactly(1);
    assertThat(p.listing()).contains("4 paths read, 2 kept");
  }

  @Test
  void lsROutputIsReadToo() {
    assertThat(NamespaceListing.parse("drwxr-xr-x   - hdfs supergroup          0 2026-11-22 "
        + "08:45 /user/a b")).containsExactly("/user/a b", "d");
    assertThat(NamespaceListing.parse("-rw-r--r--   3 hdfs supergroup       1234 2026-11-22 "
        + "08:45 hdfs://nn:8020/user/f")).containsExactly("/user/f", "-");
    assertThat(NamespaceListing.parse("Found 3 items")).isNull();
  }

  private static java.util.List<Integer> absent(Precreation p, int commands) {
    java.util.List<Integer> out = new java.util.ArrayList<>();
    for (int k = 0; k < commands; k++) {
      if (p.absent(k)) {
        out.add(k);
      }
    }
    return out;
  }
}
