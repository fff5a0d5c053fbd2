package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.LIST_STALL_MATCHING;
import static io.metabench.testing.FaultyLocalFileSystem.LIST_STALL_MILLIS;
import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every phase kind runs on the one engine, so the rules that used to reach only the sequential
 * phases reach mixes and traversals too: {@code -opTimeout} ends a stalled call as a counted
 * timeout, and a mix's results carry their per-second series (one per operation), in which a stall
 * shows as a disruption window. Stalls are injected into the real local file system (faulty://).
 */
class ITOneEngine {
  private static final String TIMED_OUT = "timed out (-opTimeout)";

  @TempDir
  File root;
  @TempDir
  File scratch;

  @BeforeEach
  void reset() {
    FaultyLocalFileSystem.reset();
  }

  private MetaBenchRun run(String... args) throws Exception {
    return MetaBenchRun.run(FaultyLocalFileSystem.registered(), scratch, args);
  }

  private String base(String name) {
    return FaultyLocalFileSystem.uriOf(new File(root, name));
  }

  @Test
  void aStalledCallInAMixEndsAsACountedTimeout() throws Exception {
    // 2 workers x 10 files, 20 draws each of stat only: every 5th stat stalls 20 s.
    MetaBenchRun r = run("-D", STAT_STALL_EVERY + "=5", "-D", STAT_STALL_MILLIS + "=20000",
        "-operation", "create_write,mix", "-mix", "stat:1", "-threads", "2", "-numFiles", "10",
        "-opTimeout", "300ms", "-baseDir", base("mix"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode stat = r.phase("mix:stat");
    assertThat(stat.get("attempted").asLong()).isEqualTo(20);
    assertThat(stat.get("failures").get(TIMED_OUT).get("count").asLong()).isEqualTo(4);
    assertThat(stat.get("successful").asLong()).isEqualTo(16);
  }

  @Test
  void aStalledListingInATraversalEndsAsACountedTimeoutAndTheWalkGoesOn() throws Exception {
    File tree = new File(root, "tree");
    List<String> dirs = new ArrayList<>();
    for (int d = 0; d < 4; d++) {
      File dir = new File(tree, "d" + d);
      Files.createDirectories(new File(dir, "sub").toPath());
      Files.createFile(new File(dir, "f").toPath());
      dirs.add(dir.getName());
    }
    MetaBenchRun r = run("-D", LIST_STALL_MATCHING + "=/d2", "-D", LIST_STALL_MILLIS + "=20000",
        "-operation", "ls_r", "-threads", "2", "-opTimeout", "300ms",
        "-subtree", new File(tree.getAbsolutePath()).toURI().getPath(), "-baseDir", base("t"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode lsr = r.phase("ls_r");
    // The root, d0..d3 and the sub of each but d2 (whose listing timed out): 8 visits.
    assertThat(lsr.get("attempted").asLong()).as(r.toString()).isEqualTo(8);
    assertThat(lsr.get("failures").get(TIMED_OUT).get("count").asLong()).isEqualTo(1);
  }

  @Test
  void aHungCreateInThePrefillEndsAsACountedTimeout() throws Exception {
    // 4 files in 2 leaves, 2 workers; every create hangs 20 s.
    MetaBenchRun r = run("-D", FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=20000",
        "-prefillFiles", "4", "-prefillDepth", "1", "-prefillFanOut", "2", "-threads", "2",
        "-opTimeout", "300ms", "-baseDir", base("prefill"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode prefill = r.json().get("prefill");
    assertThat(prefill.get("failed").asLong()).isEqualTo(4);
    assertThat(prefill.get("failures").get(TIMED_OUT).get("count").asLong()).isEqualTo(4);
    assertThat(prefill.get("complete").asBoolean()).isFalse();
  }

  @Test
  void aMixCarriesItsSeriesAndAStallShowsAsADisruptionWindow() throws Exception {
    // One worker, so a 2.5 s stall leaves whole seconds in which nothing completes.
    MetaBenchRun r = run("-D", STAT_STALL_EVERY + "=400", "-D", STAT_STALL_MILLIS + "=2500",
        "-operation", "create_write,mix", "-mix", "stat:80,open_read:20", "-threads", "1",
        "-numFiles", "10", "-duration", "5", "-baseDir", base("stall"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String name : new String[] {"mix:stat", "mix:open_read"}) {
      JsonNode phase = r.phase(name);
      List<String> kinds = new ArrayList<>();
      for (JsonNode d : phase.get("disruptions")) {
        kinds.add(d.get("kind").asText());
      }
      assertThat(kinds).as(name + ": " + phase.get("disruptions")).contains("stall");
    }
    // Each operation's seconds are in the series file under its own name.
    String series = new String(Files.readAllBytes(r.seriesFile().toPath()), "UTF-8");
    assertThat(series).contains("mix:stat").contains("mix:open_read");
  }

  /** An audit log of {@code commands} (cmd, src) at {@code stepMillis} apart. */
  private File auditLog(String name, long stepMillis, String... commands) throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < commands.length; i += 2) {
      long ms = i / 2 * stepMillis;
      lines.add(String.format(java.util.Locale.ROOT, "2026-11-22 08:00:%02d,%03d INFO "
          + "FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s"
          + "\tsrc=%s\tdst=null\tperm=null\tproto=rpc", ms / 1000, ms % 1000, commands[i],
          commands[i + 1]));
    }
    File log = new File(scratch, name);
    Files.write(log.toPath(), lines, java.nio.charset.StandardCharsets.UTF_8);
    return log;
  }

  @Test
  void aHungCommandInAReplayEndsAsACountedTimeoutAndFailFastStopsTheReplay() throws Exception {
    File log = auditLog("hung.log", 0, "mkdirs", "/r/d", "create", "/r/d/file_1", "create",
        "/r/d/file_2", "getfileinfo", "/r/d");
    String hang = FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=20000";
    MetaBenchRun r = run("replay", "-D", hang, "-auditLog", log.getPath(), "-replaySpeed", "0",
        "-opTimeout", "300ms", "-baseDir", base("replay-timeout"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode create = r.phase("create_write");
    assertThat(create.get("failures").get(TIMED_OUT).get("count").asLong()).isEqualTo(2);
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(1);

    MetaBenchRun stopped = run("replay", "-D", hang, "-auditLog", log.getPath(),
        "-replaySpeed", "0", "-opTimeout", "300ms", "-failFast", "-baseDir",
        base("replay-failfast"));
    assertThat(stopped.exitCode).as(stopped.toString()).isEqualTo(1);
    JsonNode json = stopped.json();
    assertThat(json.get("partial").asBoolean()).isTrue();
    // The mkdirs and the first create ran; the stop came before the rest.
    assertThat(json.get("replay").get("replayed").asInt()).isEqualTo(2);
  }

  @Test
  void aReplayedCommandThatStartsLateCountsItsLatencyFromItsDueTime() throws Exception {
    // One thread (both paths under /s/d): the create takes 600 ms, the stat is due 100 ms after
    // it, so the stat starts about 500 ms late, as a fixed -rate phase would count it.
    File log = auditLog("late.log", 100, "create", "/s/d/file_1", "getfileinfo",
        "/s/d/file_1");
    MetaBenchRun r = run("replay", "-D", FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=600",
        "-auditLog", log.getPath(), "-baseDir", base("replay-late"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode stat = r.phase("stat");
    assertThat(stat.get("maxLateMs").asDouble()).isGreaterThan(400);
    assertThat(stat.get("latencyMs").get("max").asDouble()).isGreaterThan(400);
    assertThat(stat.get("serviceTimeMs").get("max").asDouble())
        .isLessThan(stat.get("latencyMs").get("max").asDouble() - 400);
    assertThat(r.phase("create_write").get("latencyMs").get("max").asDouble())
        .isGreaterThanOrEqualTo(600);
    // The replay's seconds are in the series file, a row set per operation.
    String series = new String(Files.readAllBytes(r.seriesFile().toPath()), "UTF-8");
    assertThat(series).contains("\nstat,").contains("\ncreate_write,");
    assertThat(r.stdout).contains("stat: replayed at -replaySpeed 1.000");
  }
}
