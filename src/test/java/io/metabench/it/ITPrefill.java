package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.LeafRanges;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillState;
import io.metabench.path.PrefillTree;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.PrefillKills;
import io.metabench.testing.Trees;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefill on a real HDFS: it makes exactly the tree asked for, resumes after a kill, skips a
 * complete tree, refuses another shape, leaves the phases' trees apart, is removed by -cleanup
 * without touching anything else, and in a -maps job each map builds its own share.
 */
class ITPrefill {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  private String base(String name) {
    return hdfs.uri() + "/pf/" + name;
  }

  private static MetaBenchRun run(Configuration conf, File scratch, String... args)
      throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.add("-quiet");
    return MetaBenchRun.run(MiniHdfs.clientConf(conf), scratch, all.toArray(new String[0]));
  }

  /** What the tree should hold, relative to {@code prefill/map_<m>}: file → size. */
  private static Map<String, String> expectedFiles(long files, int depth, int fanOut,
      String sizes) {
    PrefillTree tree = new PrefillTree(new Path("/r"), files, depth, fanOut,
        PrefillSizes.parse(sizes));
    Map<String, String> expected = new TreeMap<>();
    for (long i = 0; i < files; i++) {
      expected.put(tree.file(i).toUri().getPath().substring(3), Long.toString(tree.sizeOf(i)));
    }
    return expected;
  }

  private static Map<String, String> filesOf(String base, int map) throws Exception {
    return Trees.named(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_" + map)), "file_");
  }

  private static long dirsOf(String base, int map) throws Exception {
    return Trees.list(hdfs.fs(), new Path(base + "/prefill/map_" + map)).values().stream()
        .filter("d"::equals).count();
  }

  @Test
  void aPrefillMakesExactlyTheTreeAskedForSkipsItWhenCompleteAndRefusesAnotherShape()
      throws Exception {
    String base = base("exact");
    String[] shape = {"-prefillFiles", "500", "-prefillDepth", "2", "-prefillFanOut", "3",
        "-prefillSizes", "0:50,1k:30,4k:20", "-prefillThreads", "4", "-baseDir", base};
    MetaBenchRun r = run(new Configuration(), scratch, shape);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> expected = expectedFiles(500, 2, 3, "0:50,1k:30,4k:20");
    assertThat(filesOf(base, 0)).isEqualTo(expected);
    assertThat(dirsOf(base, 0)).isEqualTo(3 + 9);
    long bytes = expected.values().stream().mapToLong(Long::parseLong).sum();
    assertThat(expected.values()).contains("0", "1024", "4096");
    JsonNode p = r.json().get("prefill");
    assertThat(p.get("status").asText()).isEqualTo("created");
    assertThat(p.get("complete").asBoolean()).isTrue();
    assertThat(p.get("files").asLong()).isEqualTo(500);
    assertThat(p.get("directories").asLong()).isEqualTo(12);
    assertThat(p.get("filesCreated").asLong()).isEqualTo(500);
    assertThat(p.get("bytesWritten").asLong()).isEqualTo(bytes);
    assertThat(p.get("filesPerSecond").asDouble()).isPositive();
    assertThat(r.json().get("phases")).isEmpty(); // -prefillFiles alone, no -operation
    assertThat(r.stdout).contains("prefill: 500 files in 12 directories under " + base
        + "/prefill, created 500 (" + bytes + " bytes) in ");

    MetaBenchRun again = run(new Configuration(), scratch, shape);
    assertThat(again.exitCode).as(again.toString()).isZero();
    assertThat(again.json().get("prefill").get("status").asText()).isEqualTo("skipped");
    assertThat(again.json().get("prefill").get("filesCreated").asLong()).isZero();
    assertThat(again.stdout).contains("complete already: skipped");

    MetaBenchRun other = run(new Configuration(), scratch, "-prefillFiles", "600",
        "-prefillDepth", "2", "-prefillFanOut", "3", "-baseDir", base);
    assertThat(other.exitCode).as(other.toString()).isEqualTo(2);
    assertThat(other.stderr.trim()).doesNotContain("\n").startsWith("metabench: prefill: ")
        .contains("already holds a prefill made with -prefillFiles 500 -prefillDepth 2 "
            + "-prefillFanOut 3 -prefillSizes 0:50,1024:30,4096:20; give those same values");
    assertThat(other.wroteJson()).isFalse();
    assertThat(filesOf(base, 0)).isEqualTo(expected);
  }

  @Test
  void aPrefillKilledMidwayResumesToExactlyTheWholeTree() throws Exception {
    String base = base("killed");
    long files = 30_000;
    String[] shape = {"-prefillFiles", Long.toString(files), "-prefillDepth", "3",
        "-prefillFanOut", "4", "-prefillThreads", "4", "-baseDir", base};
    PrefillKills.killWhenRecorded(scratch, hdfs.fs(), base, 8, shape);
    String childErr = new String(Files.readAllBytes(new File(scratch, "child-err.txt").toPath()),
        StandardCharsets.UTF_8);
    assertThat(BaseDirMarker.readPrefill(hdfs.fs(), new Path(base), 0)).as(childErr).isNotNull();
    PrefillState killed = BaseDirMarker.readPrefill(hdfs.fs(), new Path(base), 0);
    assertThat(killed.complete()).as("killed before the end: %s", killed).isFalse();
    PrefillTree tree = new PrefillTree(new Path("/r"), files, 3, 4, PrefillSizes.EMPTY_FILES);
    long doneBefore = tree.filesIn(killed.completed());
    assertThat(doneBefore).isPositive();
    long onDisk = filesOf(base, 0).size();
    assertThat(onDisk).isGreaterThanOrEqualTo(doneBefore).isLessThan(files);

    MetaBenchRun resumed = run(new Configuration(), scratch, shape);
    assertThat(resumed.exitCode).as(resumed.toString()).isZero();
    JsonNode p = resumed.json().get("prefill");
    assertThat(p.get("status").asText()).isEqualTo("resumed");
    assertThat(p.get("complete").asBoolean()).isTrue();
    assertThat(p.get("filesDoneBefore").asLong()).isEqualTo(doneBefore);
    assertThat(p.get("filesCreated").asLong()).isLessThan(files)
        .isEqualTo(files - doneBefore - p.get("filesAlreadyThere").asLong());
    // the leaves in progress at the kill held files already: accepted, not failed
    assertThat(p.get("filesAlreadyThere").asLong() + p.get("filesReplaced").asLong())
        .isPositive();
    assertThat(p.get("failed").asLong()).isZero();
    assertThat(resumed.stdout).contains("resumed (" + doneBefore + " done before");
    // exactly the whole tree: every name once, nothing missing, nothing more
    assertThat(filesOf(base, 0)).isEqualTo(expectedFiles(files, 3, 4, "0:100"));
    assertThat(dirsOf(base, 0)).isEqualTo(4 + 16 + 64);
    assertThat(BaseDirMarker.readPrefill(hdfs.fs(), new Path(base), 0).completed())
        .isEqualTo(LeafRanges.of(0, 64));
  }

  @Test
  void aPhaseAfterThePrefillRunsOnItsOwnTree() throws Exception {
    String base = base("phases");
    File series = new File(scratch, "phases.series.csv");
    MetaBenchRun r = run(new Configuration(), scratch, "-prefillFiles", "300", "-prefillDepth",
        "2", "-prefillFanOut", "2", "-operation", "create_write,stat,delete", "-threads", "2",
        "-numFiles", "25", "-seriesOut", series.getPath(), "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    // the prefill's seconds are in the per-second series too, each file in exactly one of them
    long prefilledPerSecond = 0;
    for (String line : java.nio.file.Files.readAllLines(series.toPath())) {
      if (line.startsWith("prefill,")) {
        prefilledPerSecond += Long.parseLong(line.split(",")[3]);
      }
    }
    assertThat(prefilledPerSecond).isEqualTo(300);
    for (String op : new String[] {"create_write", "stat", "delete"}) {
      assertThat(r.phase(op).get("successful").asLong()).as(op).isEqualTo(50);
      assertThat(r.phase(op).get("attempted").asLong()).as(op).isEqualTo(50);
    }
    assertThat(r.json().get("prefill").get("filesCreated").asLong()).isEqualTo(300);
    assertThat(filesOf(base, 0)).isEqualTo(expectedFiles(300, 2, 2, "0:100"));
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/data"))).isEmpty();
    assertThat(r.stdout.indexOf("prefill: 300 files")).isLessThan(r.stdout.indexOf("create_write"));
  }

  private static void write(String path, String text) throws Exception {
    try (OutputStream out = hdfs.fs().create(new Path(path), false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void cleanupRemovesThePrefillTreeByNameAndNothingElse() throws Exception {
    String base = base("cleanup");
    MetaBenchRun made = run(new Configuration(), scratch, "-prefillFiles", "200",
        "-prefillDepth", "2", "-prefillFanOut", "3", "-operation", "create_write", "-numFiles",
        "10", "-baseDir", base);
    assertThat(made.exitCode).as(made.toString()).isZero();
    write(hdfs.uri() + "/pf/beside.txt", "theirs");
    String inside = base + "/prefill/map_0/d_1/d_2/notes.txt";
    write(inside, "theirs too");

    MetaBenchRun blocked = run(new Configuration(), scratch, "-cleanup", "-baseDir", base);
    assertThat(blocked.exitCode).as(blocked.toString()).isEqualTo(1);
    assertThat(blocked.json().get("cleanupFailures").get("directory not empty")).isNotNull();
    assertThat(hdfs.fs().exists(new Path(inside))).isTrue();
    assertThat(hdfs.fs().exists(new Path(hdfs.uri() + "/pf/beside.txt"))).isTrue();
    assertThat(filesOf(base, 0)).isEmpty();
    assertThat(Trees.named(Trees.list(hdfs.fs(), new Path(base)), "file_")).isEmpty();

    hdfs.fs().delete(new Path(inside), false);
    MetaBenchRun clean = run(new Configuration(), scratch, "-cleanup", "-baseDir", base);
    assertThat(clean.exitCode).as(clean.toString()).isZero();
    assertThat(hdfs.fs().exists(new Path(base))).isFalse();
    assertThat(hdfs.fs().exists(new Path(hdfs.uri() + "/pf/beside.txt"))).isTrue();
  }

  @Test
  void eachMapOfAJobBuildsItsOwnShareBeforeThePhases() throws Exception {
    String base = base("maps");
    Configuration local = new Configuration();
    local.set("mapreduce.framework.name", "local");
    MetaBenchRun r = run(local, scratch, "-maps", "2", "-prefillFiles", "120", "-prefillDepth",
        "2", "-prefillFanOut", "2", "-prefillThreads", "2", "-operation",
        "create_write,stat,delete", "-numFiles", "5", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> share = expectedFiles(120, 2, 2, "0:100");
    assertThat(filesOf(base, 0)).isEqualTo(share);
    assertThat(filesOf(base, 1)).isEqualTo(share);
    JsonNode p = r.json().get("prefill");
    assertThat(p.get("files").asLong()).isEqualTo(240);
    assertThat(p.get("filesCreated").asLong()).isEqualTo(240);
    assertThat(p.get("complete").asBoolean()).isTrue();
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(10);

    MetaBenchRun other = run(local, scratch, "-maps", "2", "-prefillFiles", "100",
        "-prefillDepth", "2", "-prefillFanOut", "2", "-operation", "create_write,delete",
        "-baseDir", base);
    assertThat(other.exitCode).as(other.toString()).isEqualTo(2);
    assertThat(other.stderr).contains("(map 0) already holds a prefill");
  }
}
