package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on real studies: a slowdown made for real (every stat on the fault-injecting
 * local file system sleeps 2 ms, as a loaded server would answer) is called slower and gates
 * with exit code 3; a result compared with itself changes nothing; results of different work are
 * refused.
 */
class ITCompare {
  @TempDir
  File scratch;
  @TempDir
  File root;

  @BeforeEach
  void reset() {
    FaultyLocalFileSystem.reset();
  }

  private File study(String name, String... extra) throws Exception {
    File out = new File(scratch, name);
    String[] base = {"-operation", "create_write,stat,delete", "-threads", "2",
        "-numberOfFiles", "300", "-iterations", "3", "-baseDir",
        FaultyLocalFileSystem.uriOf(new File(root, name)), "-outDir", out.getPath(), "-jsonOut",
        new File(out, "result.json").getPath()};
    String[] all = new String[extra.length + base.length];
    System.arraycopy(extra, 0, all, 0, extra.length);
    System.arraycopy(base, 0, all, extra.length, base.length);
    MetaBenchRun r = MetaBenchRun.run(FaultyLocalFileSystem.registered(), scratch, all);
    assertThat(r.exitCode).as(r.toString()).isZero();
    return out;
  }

  private MetaBenchRun compare(String... args) throws Exception {
    String[] all = new String[args.length + 1];
    all[0] = "compare";
    System.arraycopy(args, 0, all, 1, args.length);
    return MetaBenchRun.run(FaultyLocalFileSystem.registered(), scratch, all);
  }

  @Test
  void aRealSlowdownIsSlowerAndGatesTheExitCode() throws Exception {
    File base = study("base");
    File slow = study("slow", "-D", STAT_STALL_EVERY + "=1", "-D", STAT_STALL_MILLIS + "=2");
    File out = new File(scratch, "cmp");
    MetaBenchRun c = compare("-outDir", out.getPath(), base.getPath(), slow.getPath());
    assertThat(c.exitCode).as(c.toString()).isEqualTo(3);
    assertThat(c.stdout).containsPattern("(?m)^stat +2 .* iterations 3:3 +slower ");
    assertThat(c.stdout).contains("slower").contains("; exit code 3");
    JsonNode json = new ObjectMapper().readTree(new File(out, "compare.json"));
    assertThat(json.get("exitCode").asInt()).isEqualTo(3);
    for (JsonNode row : json.get("rows")) {
      if (row.get("phase").asText().equals("stat")) {
        assertThat(row.get("verdict").asText()).isEqualTo("slower");
        assertThat(row.get("high").asDouble()).isLessThan(0.95);
        assertThat(row.get("latencyDiffers").asBoolean()).isTrue();
      }
    }
    assertThat(new File(out, "compare.html")).isFile();
    String html = new String(java.nio.file.Files.readAllBytes(new File(out, "compare.html")
        .toPath()), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(html).contains("<svg").contains("stat at 2 threads: TPS over time");
  }

  @Test
  void aResultComparedWithItselfChangesNothing() throws Exception {
    File base = study("same");
    MetaBenchRun c = compare("-outDir", new File(scratch, "self").getPath(), base.getPath(),
        new File(base, "result.json").getPath());
    assertThat(c.exitCode).as(c.toString()).isZero();
    assertThat(c.stdout).contains("compare: 0 faster, 0 slower, 3 no significant change "
        + "(threshold 5%, 95% confidence)");
  }

  @Test
  void resultsOfDifferentWorkAreRefusedInOneLineAndNothingIsWritten() throws Exception {
    File base = study("three");
    MetaBenchRun single = MetaBenchRun.run(FaultyLocalFileSystem.registered(), scratch,
        "-operation", "create_write,delete", "-threads", "2", "-numberOfFiles", "300",
        "-baseDir", FaultyLocalFileSystem.uriOf(new File(root, "two")));
    assertThat(single.exitCode).isZero();
    File out = new File(scratch, "refused");
    MetaBenchRun c = compare("-outDir", out.getPath(), base.getPath(),
        single.jsonFile().getPath());
    assertThat(c.exitCode).isEqualTo(2);
    assertThat(c.stderr.trim()).startsWith("metabench: compare: ").contains("did not run the "
        + "same phases and concurrencies (only in the baseline: stat at 2 threads on ")
        .doesNotContain("\n");
    assertThat(out).doesNotExist();
  }
}
