package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every phase must leave in a real file system, checked by listing it: the same facts for
 * each file system MetaBench is tested on.
 */
abstract class NamespaceFactsContract {
  @TempDir
  File scratch;

  /** Configuration a run starts from. */
  abstract Configuration conf();

  /** A client of the file system under test. */
  abstract FileSystem fs() throws Exception;

  /** The full URI of a base directory no other test uses. */
  abstract String baseUri(String name);

  /**
   * Whether the file system is an object store behind a Hadoop connector (S3A, hadoop-aliyun):
   * then, by default, setPermission and setTimes are no-ops, there is no append, and a rename is
   * a copy and a delete.
   */
  boolean objectStore() {
    return false;
  }

  /** Whether setPermission changes what getFileStatus reports (an object store's: a no-op). */
  boolean appliesPermissions() {
    return !objectStore();
  }

  /** Whether setTimes changes the modification time (an object store's: a no-op). */
  boolean appliesTimes() {
    return !objectStore();
  }

  @Test
  void metadataOperationsFindEveryFileAndChangeOnlyItsMetadata() throws Exception {
    String base = baseUri("metadata");
    MetaBenchRun r = run("-operation", "create_write,stat,exists,chmod,set_times", "-threads",
        "2", "-numberOfFiles", "5", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String op : new String[] {"stat", "exists", "chmod", "set_times"}) {
      assertThat(r.phase(op).get("successful").asLong()).as(op).isEqualTo(10);
    }
    Map<String, String> files = Trees.named(tree(base), "file_");
    assertThat(files).hasSize(10); // nothing renamed, nothing removed
    for (String name : files.keySet()) {
      org.apache.hadoop.fs.FileStatus st = fs().getFileStatus(new Path(base + "/" + name));
      if (appliesPermissions()) {
        assertThat(st.getPermission()).as(name).isEqualTo(io.metabench.op.ChmodOp.PERMISSION);
      }
      if (appliesTimes()) {
        assertThat(st.getModificationTime()).as(name).isEqualTo(io.metabench.op.SetTimesOp.MTIME);
      }
    }
    // the state did not change: the files are still there under their names, for delete
    MetaBenchRun delete = run("-operation", "stat,delete", "-threads", "2", "-numberOfFiles", "5",
        "-baseDir", base);
    assertThat(delete.exitCode).as(delete.toString()).isZero();
    assertThat(Trees.named(tree(base), "file_")).isEmpty();
  }

  /** Whether the file system can append (an object store cannot). */
  boolean supportsAppend() {
    return !objectStore();
  }

  @Test
  void aLaterRunTakesTheRecordedLayoutUnlessItNamesAnother() throws Exception {
    String base = baseUri("remembered");
    MetaBenchRun created = run("-operation", "create_write", "-threads", "2", "-numberOfFiles",
        "5", "-filesPerDir", "3", "-baseDir", base);
    assertThat(created.exitCode).as(created.toString()).isZero();
    // Nothing named: the layout create_write recorded is used.
    MetaBenchRun read = run("-operation", "open_read,stat", "-baseDir", base);
    assertThat(read.exitCode).as(read.toString()).isZero();
    assertThat(read.phase("open_read").get("successful").asLong()).isEqualTo(10);
    assertThat(read.json().get("parameters").get("threads").asInt()).isEqualTo(2);
    assertThat(read.json().get("parameters").get("numberOfFiles").asLong()).isEqualTo(5);
    // Named, and the same: fine; the rest still comes from the record.
    MetaBenchRun same = run("-operation", "stat", "-threads", "2", "-baseDir", base);
    assertThat(same.exitCode).as(same.toString()).isZero();
    assertThat(same.phase("stat").get("successful").asLong()).isEqualTo(10);
    // Named, and in conflict: refused, naming only what was given over the record.
    MetaBenchRun other = run("-operation", "stat", "-threads", "3", "-baseDir", base);
    assertThat(other.exitCode).isEqualTo(2);
    assertThat(other.stderr).contains("create_write made").contains("with -threads 2 "
        + "-numberOfFiles 5 -filesPerDir 3").contains("it was given -threads 3 -numberOfFiles 5 "
        + "-filesPerDir 3");
  }

  @Test
  void listCountsTheEntriesOfEachFilesDirectoryAndAppendGrowsEveryFile() throws Exception {
    String base = baseUri("list-append");
    MetaBenchRun created = run("-operation", "create_write,list", "-threads", "2",
        "-numberOfFiles", "5", "-bytesToWrite", "100", "-baseDir", base);
    assertThat(created.exitCode).as(created.toString()).isZero();
    JsonNode list = created.phase("list");
    assertThat(list.get("successful").asLong()).isEqualTo(10);
    // each of a worker's 5 listings lists the 5 files of its directory
    assertThat(list.get("entries").asLong()).isEqualTo(50);
    assertThat(created.stdout).contains("list: 50 entries listed");
    MetaBenchRun appended = run("-operation", "append", "-threads", "2", "-numberOfFiles", "5",
        "-bytesToWrite", "100", "-baseDir", base);
    Map<String, String> files = Trees.named(tree(base), "file_");
    if (supportsAppend()) {
      assertThat(appended.exitCode).as(appended.toString()).isZero();
      assertThat(appended.phase("append").get("bytes").asLong()).isEqualTo(1000);
      assertThat(files).hasSize(10);
      assertThat(files.values()).containsOnly("200");
    } else {
      assertThat(appended.exitCode).as(appended.toString()).isEqualTo(2);
      assertThat(appended.stderr).contains("does not support append");
      assertThat(files.values()).containsOnly("100");
    }
  }

  @Test
  void traversalsSeeEveryEntryOfTheSubtreeAloneOrSharedByWorkers() throws Exception {
    String base = baseUri("traverse");
    // 2 directories per level: each worker's 5 files sit two bucket levels down
    MetaBenchRun created = run("-operation", "create_write", "-threads", "2",
        "-numberOfFiles", "5", "-filesPerDir", "2", "-baseDir", base);
    assertThat(created.exitCode).as(created.toString()).isZero();
    Path data = new Path(base + "/data");
    long below = entriesBelow(data);
    org.apache.hadoop.fs.ContentSummary summary = fs().getContentSummary(data);
    for (String threads : new String[] {"1", "3"}) {
      MetaBenchRun r = run("-operation", "ls_r,count,du", "-threads", threads,
          "-subtree", "data", "-numberOfFiles", "5", "-baseDir", base);
      assertThat(r.exitCode).as(r.toString()).isZero();
      JsonNode lsr = r.phase("ls_r");
      assertThat(lsr.get("entries").asLong()).as("ls_r, threads " + threads).isEqualTo(below);
      // one listing per directory: the root and every directory below it
      assertThat(lsr.get("successful").asLong()).isEqualTo(summary.getDirectoryCount());
      for (String op : new String[] {"count", "du"}) {
        assertThat(r.phase(op).get("entries").asLong()).as(op + ", threads " + threads)
            .isEqualTo(summary.getFileCount() + summary.getDirectoryCount());
        assertThat(r.phase(op).get("failed").asLong()).isZero();
      }
      // count alone is one summary of the root; shared by workers it splits at the root
      assertThat(r.phase("count").get("successful").asLong())
          .isEqualTo(threads.equals("1") ? 1 : 1 + fs().listStatus(data).length);
      assertThat(r.stdout).contains("ls_r: " + below + " entries listed");
    }
    assertThat(Trees.named(tree(base), "file_")).hasSize(10); // traversals only read
  }

  private long entriesBelow(Path dir) throws Exception {
    long n = 0;
    for (org.apache.hadoop.fs.FileStatus st : fs().listStatus(dir)) {
      n += 1 + (st.isDirectory() ? entriesBelow(st.getPath()) : 0);
    }
    return n;
  }

  @Test
  void inASharedDirectoryEveryWorkersFilesInterleaveInOneTreeAndLeaveWithIt() throws Exception {
    String base = baseUri("shared");
    MetaBenchRun created = run("-operation", "create_write,stat", "-sharedDir", "-threads", "3",
        "-numberOfFiles", "4", "-baseDir", base);
    assertThat(created.exitCode).as(created.toString()).isZero();
    Map<String, String> files = Trees.named(tree(base), "file_");
    assertThat(files).hasSize(12);
    for (int i = 0; i < 12; i++) {
      assertThat(files).containsKey("data/map_0/shared/file_" + i);
    }
    // the names depend on the mode: not named, it is taken from the record ...
    MetaBenchRun recorded = run("-operation", "open_read", "-threads", "3", "-numberOfFiles",
        "4", "-baseDir", base);
    assertThat(recorded.exitCode).as(recorded.toString()).isZero();
    assertThat(recorded.phase("open_read").get("successful").asLong()).isEqualTo(12);
    // ... named as the other one, it is refused before anything is touched
    MetaBenchRun unique = run("-D", "metabench.shared.dir=false", "-operation", "open_read",
        "-threads", "3", "-numberOfFiles", "4", "-baseDir", base);
    assertThat(unique.exitCode).isEqualTo(2);
    assertThat(unique.stderr).contains("-sharedDir");
    MetaBenchRun removed = run("-operation", "rename,delete", "-sharedDir", "-threads", "3",
        "-numberOfFiles", "4", "-baseDir", base);
    assertThat(removed.exitCode).as(removed.toString()).isZero();
    assertThat(Trees.named(tree(base), "file_")).isEmpty();
    assertThat(fs().exists(new Path(base + "/data/map_0/shared"))).isFalse();
  }

  /** What the report should say a rename is on this file system. */
  String expectedRenameKind() {
    return objectStore() ? "copy+delete" : "metadata";
  }

  MetaBenchRun run(String... args) throws Exception {
    return MetaBenchRun.run(conf(), scratch, args);
  }

  Map<String, String> tree(String base) throws Exception {
    return Trees.list(fs(), new Path(base));
  }

  @Test
  void createWriteMakesThreadsTimesFilesOfTheRequestedLength() throws Exception {
    String base = baseUri("create");
    MetaBenchRun r = run("-operation", "create_write", "-threads", "3", "-numberOfFiles", "40",
        "-bytesToWrite", "100", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> files = Trees.named(tree(base), "file_");
    assertThat(files).hasSize(120);
    assertThat(files.values()).containsOnly("100");
    for (int t = 0; t < 3; t++) {
      for (int i = 0; i < 40; i++) {
        assertThat(files).containsKey("data/map_0/thread_" + t + "/file_" + i);
      }
    }
    JsonNode phase = r.phase("create_write");
    assertThat(phase.get("successful").asLong()).isEqualTo(120);
    assertThat(phase.get("failed").asLong()).isZero();
    assertThat(phase.get("bytes").asLong()).isEqualTo(12_000);
    assertThat(phase.get("tps").asDouble()).isPositive();
    assertThat(r.stdout).contains("create_write").contains("All operations succeeded.");
    JsonNode semantics = r.json().get("fileSystemSemantics");
    assertThat(semantics.get("renameIs").asText()).isEqualTo(expectedRenameKind());
    assertThat(semantics.get("capabilities").get("fs.capability.paths.append").asText())
        .isIn("true", "false");
  }

  @Test
  void openReadReadsEveryFileToItsEnd() throws Exception {
    String base = baseUri("open");
    MetaBenchRun r = run("-operation", "create_write,open_read", "-threads", "2",
        "-numberOfFiles", "25", "-bytesToWrite", "3000", "-readFileAfterOpen", "true",
        "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode open = r.phase("open_read");
    assertThat(open.get("successful").asLong()).isEqualTo(50);
    assertThat(open.get("bytes").asLong()).isEqualTo(150_000);
    assertThat(open.get("bytesPerSecond").asDouble()).isPositive();
  }

  @Test
  void laterRunsFindTheFilesAndDeleteTargetsTheRenamedNames() throws Exception {
    String base = baseUri("phases");
    String[] layout = {"-threads", "2", "-numFiles", "30", "-baseDir", base};
    assertThat(run(concat(new String[] {"-operation", "createWrite"}, layout)).exitCode)
        .isZero();

    MetaBenchRun rename = run(concat(new String[] {"-operation", "rename"}, layout));
    assertThat(rename.exitCode).as(rename.toString()).isZero();
    Map<String, String> afterRename = tree(base);
    assertThat(Trees.named(afterRename, "file_").keySet()).hasSize(60)
        .allMatch(name -> name.endsWith("_r"));

    MetaBenchRun open = run(concat(new String[] {"-operation", "openRead"}, layout));
    assertThat(open.exitCode).as(open.toString()).isZero();
    assertThat(open.phase("open_read").get("successful").asLong()).isEqualTo(60);

    MetaBenchRun delete = run(concat(new String[] {"-operation", "delete"}, layout));
    assertThat(delete.exitCode).as(delete.toString()).isZero();
    JsonNode phase = delete.phase("delete");
    // One call per file: no probing of the old names.
    assertThat(phase.get("attempted").asLong()).isEqualTo(60);
    assertThat(phase.get("successful").asLong()).isEqualTo(60);
    assertThat(Trees.named(tree(base), "file_")).isEmpty();
    assertThat(tree(base).keySet()).allMatch(name -> name.startsWith(".metabench"));
  }

  @Test
  void mkdirsMakesEveryDirectoryAndRmdirRemovesThem() throws Exception {
    String base = baseUri("dirs");
    MetaBenchRun mk = run("-operation", "mkdirs", "-threads", "2", "-numFiles", "15",
        "-baseDir", base);
    assertThat(mk.exitCode).as(mk.toString()).isZero();
    Map<String, String> dirs = Trees.named(tree(base), "dir_");
    assertThat(dirs).hasSize(30);
    assertThat(dirs.values()).containsOnly("d");

    MetaBenchRun rm = run("-operation", "rmdir", "-threads", "2", "-numFiles", "15",
        "-baseDir", base);
    assertThat(rm.exitCode).as(rm.toString()).isZero();
    assertThat(rm.phase("rmdir").get("successful").asLong()).isEqualTo(30);
    assertThat(Trees.named(tree(base), "dir_")).isEmpty();
  }

  @Test
  void allLeavesOnlyTheMarkerAndCleanupRemovesThat() throws Exception {
    String base = baseUri("all");
    MetaBenchRun all = run("-operation", "all", "-threads", "2", "-numFiles", "10",
        "-baseDir", base);
    assertThat(all.exitCode).as(all.toString()).isZero();
    assertThat(all.json().get("phases")).hasSize(6);
    assertThat(tree(base).keySet()).allMatch(name -> name.startsWith(".metabench"));

    MetaBenchRun cleanup = run("-cleanup", "-baseDir", base);
    assertThat(cleanup.exitCode).as(cleanup.toString()).isZero();
    assertThat(fs().exists(new Path(base))).isFalse();
  }

  @Test
  void cleanupAloneRemovesWhatWasMadeUsingTheRecordedLayout() throws Exception {
    String base = baseUri("cleanup");
    assertThat(run("-operation", "create_write,rename", "-threads", "3", "-numFiles", "7",
        "-filesPerDir", "3", "-baseDir", base).exitCode).isZero();
    assertThat(run("-operation", "mkdirs", "-threads", "2", "-numFiles", "4", "-baseDir", base)
        .exitCode).isZero();
    MetaBenchRun cleanup = run("-cleanup", "-baseDir", base);
    assertThat(cleanup.exitCode).as(cleanup.toString()).isZero();
    assertThat(fs().exists(new Path(base))).isFalse();
  }

  @Test
  void cleanupKeepsABaseDirectoryItDidNotCreate() throws Exception {
    String base = baseUri("kept");
    fs().mkdirs(new Path(base));
    assertThat(run("-operation", "create_write", "-numFiles", "3", "-baseDir", base, "-cleanup")
        .exitCode).isZero();
    assertThat(fs().exists(new Path(base))).isTrue();
    assertThat(tree(base)).isEmpty();
  }

  @Test
  void cleanupLeavesAForeignFileInsideItsTreeAndSaysSo() throws Exception {
    String base = baseUri("foreign-inside");
    assertThat(run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-baseDir", base).exitCode).isZero();
    Path foreign = new Path(base + "/data/map_0/thread_1/notes.txt");
    try (java.io.OutputStream out = fs().create(foreign)) {
      out.write("someone else's".getBytes("UTF-8"));
    }
    MetaBenchRun cleanup = run("-cleanup", "-baseDir", base);
    assertThat(cleanup.exitCode).as(cleanup.toString()).isEqualTo(1);
    assertThat(cleanup.stdout).contains("cleanup could not remove").contains("directory not empty");
    assertThat(fs().getFileStatus(foreign).getLen()).isEqualTo(14);
    assertThat(Trees.named(tree(base), "file_")).isEmpty();
    assertThat(fs().exists(new Path(base + "/.metabench/MARKER"))).isTrue();
  }

  @Test
  void fanOutKeepsEveryDirectoryWithinFilesPerDir() throws Exception {
    String base = baseUri("fanout");
    MetaBenchRun r = run("-operation", "create_write", "-numFiles", "40", "-filesPerDir", "4",
        "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> all = tree(base);
    assertThat(Trees.named(all, "file_")).hasSize(40);
    Map<String, Integer> children = new java.util.HashMap<>();
    for (String entry : all.keySet()) {
      if (entry.startsWith("data/map_0/thread_0/")) {
        children.merge(entry.substring(0, entry.lastIndexOf('/')), 1, Integer::sum);
      }
    }
    assertThat(children.values()).allMatch(n -> n <= 4);
  }

  @Test
  void twoMapsShareABaseDirectoryWithoutColliding() throws Exception {
    String base = baseUri("maps");
    assertThat(run("-operation", "create_write", "-numFiles", "5", "-mapIndex", "0",
        "-baseDir", base).exitCode).isZero();
    assertThat(run("-operation", "create_write", "-numFiles", "5", "-mapIndex", "1",
        "-baseDir", base).exitCode).isZero();
    assertThat(Trees.named(tree(base), "file_")).hasSize(10);
    assertThat(run("-operation", "delete", "-numFiles", "5", "-mapIndex", "1", "-baseDir", base)
        .exitCode).isZero();
    assertThat(Trees.named(tree(base), "file_").keySet()).hasSize(5)
        .allMatch(name -> name.startsWith("data/map_0/"));
  }

  @Test
  void workersArrivingAfterTheStartTimeAreCountedAndStillWork() throws Exception {
    String base = baseUri("late");
    MetaBenchRun r = run("-operation", "create_write", "-threads", "3", "-numFiles", "4",
        "-startTime", "1", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("create_write").get("lateWorkers").asInt()).isEqualTo(3);
    assertThat(r.phase("create_write").get("successful").asLong()).isEqualTo(12);
  }

  @Test
  void sharedClientIsUsedAndReported() throws Exception {
    String base = baseUri("shared");
    MetaBenchRun r = run("-operation", "create_write,delete", "-threads", "4", "-numFiles", "5",
        "-sharedClient", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("clientMode").asText()).isEqualTo("shared");
    assertThat(r.phase("delete").get("successful").asLong()).isEqualTo(20);
  }

  @Test
  void aSecondCreateWriteIsRefusedWithNothingTouched() throws Exception {
    String base = baseUri("twice");
    assertThat(run("-operation", "create_write", "-numFiles", "3", "-baseDir", base).exitCode)
        .isZero();
    Map<String, String> before = tree(base);
    MetaBenchRun again = run("-operation", "create_write", "-numFiles", "3", "-baseDir", base);
    assertThat(again.exitCode).isEqualTo(2);
    assertThat(again.stderr).contains("run delete first");
    assertThat(tree(base)).isEqualTo(before);
  }

  @Test
  void aLaterPhaseWithAnotherLayoutIsRefusedWithNothingTouched() throws Exception {
    String base = baseUri("layout");
    assertThat(run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-baseDir", base).exitCode).isZero();
    Map<String, String> before = tree(base);
    // -threads named, and not the recorded 2 (a layout not named is taken from the record).
    MetaBenchRun r = run("-operation", "delete", "-threads", "1", "-numFiles", "3", "-baseDir",
        base);
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("-threads 2 -numberOfFiles 3");
    assertThat(tree(base)).isEqualTo(before);
  }

  static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
