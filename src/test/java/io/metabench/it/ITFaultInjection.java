package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.CREATE_FAIL_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.DELETE_FALSE_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.OPEN_NOT_FOUND_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.RENAME_FALSE_EVERY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures injected into the real local file system are counted exactly, by cause, never as
 * successes, and make the exit code non-zero.
 */
class ITFaultInjection {
  @TempDir
  File root;
  @TempDir
  File scratch;

  @BeforeEach
  void reset() {
    FaultyLocalFileSystem.reset();
  }

  private Configuration conf() {
    return FaultyLocalFileSystem.registered();
  }

  private String base(String name) {
    return FaultyLocalFileSystem.uriOf(new File(root, name));
  }

  private Map<String, String> tree(String name) throws Exception {
    return Trees.list(FileSystem.getLocal(new Configuration()),
        new Path(new File(root, name).toURI()));
  }

  @Test
  void everySeventhCreateThrowsAndIsCountedAsAFailure() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", CREATE_FAIL_EVERY + "=7",
        "-operation", "create_write", "-threads", "2", "-numFiles", "35",
        "-baseDir", base("create"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode phase = r.phase("create_write");
    assertThat(phase.get("attempted").asLong()).isEqualTo(70);
    assertThat(phase.get("successful").asLong()).isEqualTo(60);
    assertThat(phase.get("failed").asLong()).isEqualTo(10);
    assertThat(phase.get("failures").get("IOException").get("count").asLong()).isEqualTo(10);
    assertThat(phase.get("failures").get("IOException").get("example").asText())
        .contains("injected create failure");
    assertThat(r.json().get("exitCode").asInt()).isEqualTo(1);
    assertThat(r.stdout).contains("10 operations failed (exit code 1)");
    assertThat(Trees.named(tree("create"), "file_")).hasSize(60);
  }

  @Test
  void aRetriedFailureIsCountedApartAndTheOperationSucceeds() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", CREATE_FAIL_EVERY + "=7",
        "-operation", "create_write", "-threads", "1", "-numFiles", "35", "-retries", "1",
        "-baseDir", base("retry"));
    // Call 7 fails and its retry is call 8, which succeeds: 5 retries, no failure.
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode phase = r.phase("create_write");
    assertThat(phase.get("successful").asLong()).isEqualTo(35);
    assertThat(phase.get("failed").asLong()).isZero();
    assertThat(phase.get("retries").asLong()).isEqualTo(5);
    assertThat(phase.get("retriesByCause").get("IOException").get("count").asLong())
        .isEqualTo(5);
    assertThat(Trees.named(tree("retry"), "file_")).hasSize(35);
  }

  @Test
  void everyFifthRenameReturningFalseIsAFailureAndRenamesNothing() throws Exception {
    assertThat(MetaBenchRun.run(conf(), scratch, "-operation", "create_write", "-threads", "2",
        "-numFiles", "35", "-baseDir", base("rename")).exitCode).isZero();
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", RENAME_FALSE_EVERY + "=5",
        "-operation", "rename", "-threads", "2", "-numFiles", "35", "-baseDir", base("rename"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode phase = r.phase("rename");
    assertThat(phase.get("successful").asLong()).isEqualTo(56);
    assertThat(phase.get("failures").get("returned false").get("count").asLong())
        .isEqualTo(14);
    Map<String, String> files = Trees.named(tree("rename"), "file_");
    assertThat(files.keySet().stream().filter(n -> n.endsWith("_r"))).hasSize(56);
    assertThat(files.keySet().stream().filter(n -> !n.endsWith("_r"))).hasSize(14);
  }

  @Test
  void deletesReturningFalseAreCountedAndTheirDirectoriesAreLeft() throws Exception {
    assertThat(MetaBenchRun.run(conf(), scratch, "-operation", "create_write", "-threads", "1",
        "-numFiles", "12", "-baseDir", base("delete")).exitCode).isZero();
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", DELETE_FALSE_EVERY + "=4",
        "-operation", "delete", "-threads", "1", "-numFiles", "12", "-baseDir", base("delete"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    assertThat(r.phase("delete").get("failures").get("returned false").get("count").asLong())
        .isEqualTo(3);
    assertThat(Trees.named(tree("delete"), "file_")).hasSize(3);
  }

  @Test
  void aRunStopsBeforeAPhaseThatAnEarlierPhasesFailuresRuledOut() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", DELETE_FALSE_EVERY + "=4",
        "-operation", "create_write,delete,create_write", "-threads", "1", "-numFiles", "8",
        "-baseDir", base("stop"));
    // The failed deletes keep the files on record, so the second create_write must not run.
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    assertThat(r.json().get("phases")).hasSize(2);
    assertThat(r.json().get("notRun").get(0).asText()).isEqualTo("create_write");
    assertThat(r.json().get("notRunReason").asText()).contains("run delete first");
    assertThat(r.stdout).contains("  not run: create_write: create_write: files from an earlier")
        .contains("operations failed, and 1 phases did not run (exit code 1).");
    assertThat(Trees.named(tree("stop"), "file_")).hasSize(2);
    // Cleanup takes what the failed deletes left.
    MetaBenchRun cleanup = MetaBenchRun.run(conf(), scratch, "-cleanup", "-baseDir",
        base("stop"));
    assertThat(cleanup.exitCode).as(cleanup.toString()).isZero();
    assertThat(new File(root, "stop")).doesNotExist();
  }

  @Test
  void aFileNotFoundAfterThisRunCreatedItIsCountedAsVisibilityLag() throws Exception {
    // one worker, so which items are hit is fixed: creates 7, 14, ... fail (items 6, 13, 20, 27,
    // 34); opens 5, 10, ... throw FileNotFoundException (items 4, 9, 14, 19, 24, 29, 34)
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", CREATE_FAIL_EVERY + "=7",
        "-D", OPEN_NOT_FOUND_EVERY + "=5", "-operation", "create_write,open_read",
        "-numFiles", "35", "-baseDir", base("lag"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode open = r.phase("open_read");
    assertThat(open.get("successful").asLong()).isEqualTo(35 - 5 - 6);
    // 4, 9, 14, 19, 24, 29 were created by this run and then not found
    assertThat(open.get("failures").get("not found after it was made (visibility lag)")
        .get("count").asLong()).isEqualTo(6);
    // 6, 13, 20, 27, 34 were never created: an ordinary not-found
    assertThat(open.get("failures").get("FileNotFoundException").get("count").asLong())
        .isEqualTo(5);

    // a later run does not know what this one made: every not-found is ordinary
    FaultyLocalFileSystem.reset();
    MetaBenchRun later = MetaBenchRun.run(conf(), scratch, "-D", OPEN_NOT_FOUND_EVERY + "=5",
        "-operation", "open_read", "-numFiles", "35", "-baseDir", base("lag"));
    JsonNode again = later.phase("open_read");
    assertThat(again.get("failures").has("not found after it was made (visibility lag)"))
        .isFalse();
    assertThat(again.get("failures").get("FileNotFoundException").get("count").asLong())
        .isEqualTo(11);
  }

  @Test
  void readShiftMakesEachWorkerReadTheFilesAnotherWorkerWrote() throws Exception {
    for (int shift : new int[] {0, 1, 2}) {
      FaultyLocalFileSystem.reset();
      MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D",
          FaultyLocalFileSystem.RECORD_DIRS + "=true", "-operation",
          "create_write,open_read,delete", "-threads", "3", "-numFiles", "4", "-readShift",
          Integer.toString(shift), "-baseDir", base("shift" + shift));
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.phase("open_read").get("successful").asLong()).isEqualTo(12);
      // each worker keeps its own client: what one client created and what it opened
      int clients = 0;
      for (Map<String, java.util.Set<String>> io : FaultyLocalFileSystem.RECORDED.values()) {
        if (!io.containsKey("created")) {
          continue;
        }
        clients++;
        assertThat(io.get("created")).hasSize(1);
        assertThat(io.get("opened")).hasSize(1);
        int wrote = Integer.parseInt(io.get("created").iterator().next().replaceAll(".*_", ""));
        int read = Integer.parseInt(io.get("opened").iterator().next().replaceAll(".*_", ""));
        assertThat(read).as("shift %d", shift).isEqualTo((wrote + shift) % 3);
      }
      assertThat(clients).isEqualTo(3);
    }
  }

  @Test
  void aCallLongerThanOpTimeoutIsInterruptedAndCountedAsFailed() throws Exception {
    long started = System.nanoTime();
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D",
        FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=20000", "-operation", "create_write",
        "-threads", "2", "-numFiles", "3", "-opTimeout", "300ms", "-baseDir", base("hung"));
    // six calls that would each hang 20 s took well under one of them
    assertThat(System.nanoTime() - started).isLessThan(15_000_000_000L);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode create = r.phase("create_write");
    assertThat(create.get("successful").asLong()).isZero();
    assertThat(create.get("failures").get("timed out (-opTimeout)").get("count").asLong())
        .isEqualTo(6);
    assertThat(r.json().get("parameters").get("opTimeoutMs").asLong()).isEqualTo(300);
  }

  @Test
  void failFastStopsAtTheFirstFailureAndReportsWhatCompleted() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(conf(), scratch, "-D", CREATE_FAIL_EVERY + "=3",
        "-operation", "create_write,open_read", "-numFiles", "10", "-failFast",
        "-baseDir", base("fast"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode create = r.phase("create_write");
    // items 0 and 1 made, item 2 failed: nothing after it
    assertThat(create.get("attempted").asLong()).isEqualTo(3);
    assertThat(create.get("successful").asLong()).isEqualTo(2);
    assertThat(r.json().get("partial").asBoolean()).isTrue();
    assertThat(r.json().get("interruptedBy").asText())
        .isEqualTo("stopped at the first failure (-failFast): IOException");
    assertThat(r.json().get("notRun").toString()).isEqualTo("[\"open_read\"]");
    assertThat(r.stdout).contains("Stopped early (stopped at the first failure (-failFast)");
  }
}
