package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.testing.MapResults;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class TextFormatTest {

  private static String render(RunResult r) throws Exception {
    // the table ends lines with %n; compare with \n-only golden files on every platform
    return ReportFixture.write(new TextFormat(), r).replace(System.lineSeparator(), "\n");
  }

  @Test
  void matchesTheGoldenFileInEveryLocale() throws Exception {
    RunResult r = ReportFixture.result();
    for (Locale locale : ReportFixture.LOCALES) {
      String out = ReportFixture.withDefaults(locale, () -> render(r));
      ReportFixture.assertGolden("table.txt", out);
    }
  }

  /**
   * With HA, a phase's NameNodes line: each NameNode's calls and state, and, with observer reads,
   * what the clients' msync calls to the active NameNode cost.
   */
  @Test
  void theNameNodesLineNamesEachNameNodeAndTheMsyncCost() throws Exception {
    java.util.List<io.metabench.stats.ServerSamples.Sample> samples = new java.util.ArrayList<>();
    for (int i = 0; i <= 6; i++) {
      java.util.Map<String, Double> v = new java.util.TreeMap<>();
      v.put("nn.nn1.state", io.metabench.stats.ServerSamples.stateCode("active"));
      v.put("nn.nn2.state", io.metabench.stats.ServerSamples.stateCode("observer"));
      v.put("nn.nn1.calls", 100.0 * i);
      v.put("nn.nn2.calls", 300.0 * i);
      v.put("rpc.calls", 400.0 * i);
      v.put("method.Msync.calls", 2.0 * i);
      v.put("method.Msync.ms", 0.25);
      samples.add(new io.metabench.stats.ServerSamples.Sample(-1000 + 500L * i, v));
    }
    RunResult r = ReportFixture.result().withServer(new io.metabench.stats.ServerSamples(
        "NameNodes of ns1 (nn1 active, nn2 observer when reading began): ...", "", samples));
    // open_read's window holds two refreshes: its calls and its msync calls come from them.
    assertThat(render(r)).contains("  NameNodes, open_read: calls served: nn2 observer 300, nn1 "
        + "active 100; msync (observer reads' sync with the active): 2 calls, 0.250 ms mean\n");
  }

  @Test
  void aFigureIsWrittenToTheSignificantFiguresAsked() {
    assertThat(ReportMath.significant(11832.3, 2)).isEqualTo("12000");
    assertThat(ReportMath.significant(792.0, 2)).isEqualTo("790");
    assertThat(ReportMath.significant(8.37, 2)).isEqualTo("8.4");
    assertThat(ReportMath.significant(0.0, 2)).isEqualTo("0");
    assertThat(ReportMath.significant(Double.NaN, 2)).isEqualTo("-");
  }

  @Test
  void rowsCarryTheHandComputedFigures() throws Exception {
    String out = render(ReportFixture.result());
    assertThat(out).startsWith("MetaBench 0.1.0-test on hdfs://nn.example:8020\n"
        + "base dir hdfs://nn.example:8020/benchmarks/MetaBench, map 0, 4 workers x 250 items, "
        + "per-worker clients, 1024 bytes per file\n\n");
    String createWrite = row(out, "create_write");
    // workers, ok, failed, late, seconds, TPS ... MB/s: 1,024,000 B / 2.5 s = 0.41 MB/s
    assertThat(createWrite.split("\\s+")).startsWith("create_write", "4", "1000", "0", "0",
        "2.500", "400.0");
    assertThat(createWrite).endsWith(" 0.41");
    String openRead = row(out, "open_read");
    // Its series has no full second: too short to show a steady rate, so its TPS is marked and
    // shown to the two significant figures it holds (792.0 measured).
    assertThat(openRead.split("\\s+")).startsWith("open_read", "4", "990", "10", "1", "1.250",
        "790~");
    assertThat(out).contains("  ~ open_read: too short to show a steady rate (0 full seconds, 3 "
        + "needed): raise -numberOfFiles or give -duration\n");
    String rename = row(out, "rename");
    assertThat(rename.split("\\s+")).startsWith("rename", "4", "0", "1000", "0", "0.500", "0.0");
    assertThat(rename).endsWith(" -"); // no bytes moved

    assertThat(out).contains("  open_read failed: 7 x FileNotFoundException (first: File does "
        + "not exist: /benchmarks/MetaBench/data/map_0/thread_1/d_1/file_17)\n");
    // a message's newline does not break the line
    assertThat(out).contains("  open_read failed: 3 x IOException (first: Connection reset by "
        + "peer at \"dn-3\" \\ port\t9866)\n");
    assertThat(out).contains("  open_read retried: 12 x IOException (first: Connection reset "
        + "by peer)\n");
    assertThat(out).contains("  rename failed: 1000 x returned false\n");
    assertThat(out).contains("  cleanup could not remove: 2 x AccessControlException (first: "
        + "Permission denied: user=bench)\n");
    assertThat(out).endsWith("\n1010 operations failed (exit code 1).\n");
  }

  @Test
  void columnsLineUpWithTheHeader() throws Exception {
    String out = render(ReportFixture.result());
    String header = row(out, "phase");
    for (String phase : new String[] {"create_write", "open_read", "rename"}) {
      assertThat(row(out, phase)).hasSameSizeAs(header);
    }
  }

  @Test
  void successSaysSo() throws Exception {
    RunResult r = ReportFixture.result();
    RunResult ok = new RunResult(r.info(), r.config(), r.phases().subList(0, 1),
        Collections.<String, FailureCount>emptyMap());
    assertThat(ok.exitCode()).isZero();
    assertThat(render(ok)).endsWith("\nAll operations succeeded.\n");
    RunResult cleanupOnly = new RunResult(r.info(), r.config(), r.phases().subList(0, 1),
        r.cleanupFailures());
    assertThat(render(cleanupOnly)).doesNotContain("All operations succeeded")
        .endsWith("\nEvery operation succeeded, but cleanup could not remove everything "
            + "(exit code 1).\n");
  }

  @Test
  void aJobWithMissingMapsSaysSoInItsLastLine() throws Exception {
    RunResult r = ReportFixture.result();
    RunResult map0 = MapResults.of(r.info(), r.config(), 0, "host-0", "a0",
        r.phases().subList(0, 1), Collections.<String, FailureCount>emptyMap());
    RunResult job = new RunResult(r.info(), r.config(), r.phases().subList(0, 1),
        io.metabench.stats.Cleanup.NOT_ASKED, 3, Collections.singletonList(map0));
    String out = render(job);
    assertThat(out).contains("MapReduce job: 3 maps requested, 1 reported, missing: [1, 2]")
        .endsWith("\n2 of 3 maps left no report (exit code 1).\n");
    assertThat(out).containsPattern("(?m)^0 +host-0 +create_write +1000 +0 +no +0 +0\\.000 ");
  }

  @Test
  void mapsThatLeftNoReportAreNamedInTheVerdict() throws Exception {
    RunResult r = ReportFixture.result();
    List<PhaseResult> first = r.phases().subList(0, 1);
    List<RunResult> reports = new ArrayList<>();
    for (int m : new int[] {0, 2, 3}) {
      reports.add(MapResults.of(r.info(), r.config(), m, "host" + m, "attempt_" + m, first,
          Collections.<String, FailureCount>emptyMap()));
    }
    RunResult oneMissing = new RunResult(r.info(), r.config(), first,
        io.metabench.stats.Cleanup.NOT_ASKED, 4, reports);
    assertThat(oneMissing.exitCode()).isEqualTo(1);
    assertThat(render(oneMissing))
        .contains("\nMapReduce job: 4 maps requested, 3 reported, missing: [1]\n")
        .endsWith("\n1 of 4 maps left no report (exit code 1).\n");
    RunResult failedToo = new RunResult(r.info(), r.config(), r.phases(),
        io.metabench.stats.Cleanup.NOT_ASKED, 4, reports.subList(0, 1));
    assertThat(render(failedToo))
        .endsWith("\n1010 operations failed, and 3 of 4 maps left no report (exit code 1).\n");
  }

  private static String row(String out, String first) {
    for (String line : out.split("\n")) {
      if (line.startsWith(first + " ")) {
        return line;
      }
    }
    throw new AssertionError("no row " + first + " in\n" + out);
  }

  @Test
  void renameOnAnObjectStoreIsSaidToBeACopy() throws Exception {
    assertThat(render(ReportFixture.result())).doesNotContain("copies and deletes");
    String s3a = render(ReportFixture.result().withSemantics(
        io.metabench.fs.FsSemantics.recorded("s3a", java.util.Collections.emptyMap())));
    assertThat(s3a).contains("\nrename  ").contains("\n  rename on s3a copies and deletes each "
        + "object: its TPS is not a rate of metadata renames\n");
  }

  @Test
  void aServerStackTraceIsLeftOutOfTheTablesFailureLine() {
    String remote = "`/b/replay/d is non empty': Directory is not empty\n\tat org.apache.hadoop.hdfs"
        + ".server.namenode.FSDirDeleteOp.delete(FSDirDeleteOp.java:111)\n\tat x.y(Z.java:1)";
    assertThat(TextFormat.withoutServerStack(remote))
        .isEqualTo("`/b/replay/d is non empty': Directory is not empty");
    assertThat(TextFormat.withoutServerStack("Connection reset by peer"))
        .isEqualTo("Connection reset by peer");
  }

  @Test
  void aReplayThatFellBehindItsPaceSaysWhatToChange() throws Exception {
    RunResult r = ReportFixture.result();
    java.util.function.BiFunction<Double, Long, String> replayed = (speed, spanNanos) -> {
      try {
        return render(r.withReplay(new io.metabench.stats.ReplaySummary("audit.log", 10, 10, 0, 0,
            Collections.<String, Long>emptyMap(), Collections.<String, Long>emptyMap(), true, 0, 0,
            speed, 6000, new io.metabench.stats.ReplayPart(10, spanNanos))));
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    };
    // 6 s of log in 5 s at -replaySpeed 2: x 1.2, behind the x 2 asked
    assertThat(replayed.apply(2.0, 5_000_000_000L)).contains("the replay fell behind the "
        + "recorded pace x 2.000 (achieved x 1.200): commands waited for a busy thread; add "
        + "-threads, or lower -replaySpeed");
    assertThat(replayed.apply(1.0, 6_000_000_000L)).doesNotContain("fell behind");
    assertThat(replayed.apply(0.0, 1_000_000_000L)).doesNotContain("fell behind");
  }
}
