package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.namespace.ShapeProfile;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.PrefillState;
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
 * A namespace drawn from a profile, made by the prefill on a real HDFS (docs/namespaces.md):
 * every drawn directory and file there by name and nothing more, read back by a listing within
 * the fidelity bounds, skipped when complete, another drawing refused, removed by -cleanup by
 * name from the profile kept beside its record (a file not MetaBench's left in place), and in a
 * -maps job each map's namespace drawn from the profile the job's configuration carries. A scale
 * too small to keep the shape is made, found outside the bounds, and exits 1.
 */
class ITNamespaceSynthesis {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  private static MetaBenchRun run(Configuration conf, File scratch, String... args)
      throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.add("-quiet");
    return MetaBenchRun.run(MiniHdfs.clientConf(conf), scratch, all.toArray(new String[0]));
  }

  @Test
  void aProfilesNamespaceIsMadeByNameCheckedSkippedRefusedAndCleanedUp() throws Exception {
    String base = hdfs.uri() + "/ns/made";
    String[] shape = {"-prefillProfile", "yahoo", "-prefillScale", "0.03", "-seed", "5",
        "-prefillThreads", "4", "-baseDir", base};
    MetaBenchRun r = run(new Configuration(), scratch, shape);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> expected = Trees.drawn(0.03, 5);
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_0"))).isEqualTo(expected);
    JsonNode p = r.json().get("prefill");
    long files = expected.values().stream().filter("0"::equals).count();
    assertThat(p.get("files").asLong()).isEqualTo(files).isBetween(6_900L, 7_000L);
    assertThat(p.get("directories").asLong()).isEqualTo(expected.size() - files);
    JsonNode check = p.get("namespace").get(0);
    assertThat(check.get("withinBounds").asBoolean()).as(check.toString()).isTrue();
    assertThat(check.get("files").asLong()).isEqualTo(files);
    assertThat(check.get("directories").asLong()).isEqualTo(expected.size() - files + 1);
    assertThat(check.get("profile").asText()).isEqualTo(ShapeProfile.load("yahoo").toString());
    assertThat(check.get("distributions").get(0).get("name").asText()).isEqualTo("depth");
    assertThat(check.get("distributions").get(0).get("ksDistance").asDouble())
        .isLessThanOrEqualTo(0.02);
    assertThat(r.stdout).contains("namespace of yahoo (sha256 ", "at scale 0.03, read back in ",
        "within the fidelity bounds");

    MetaBenchRun again = run(new Configuration(), scratch, shape);
    assertThat(again.exitCode).as(again.toString()).isZero();
    assertThat(again.json().get("prefill").get("status").asText()).isEqualTo("skipped");

    MetaBenchRun other = run(new Configuration(), scratch, "-prefillProfile", "yahoo",
        "-prefillScale", "0.03", "-seed", "6", "-baseDir", base);
    assertThat(other.exitCode).as(other.toString()).isEqualTo(2);
    assertThat(other.stderr).contains("already holds a prefill made with -prefillProfile yahoo "
        + "(sha256 ", "-prefillScale 0.03 -seed 5");

    // Cleanup needs no profile: it draws the namespace again from the copy it kept.
    String inside = base + "/prefill/map_0/d_0/notes.txt";
    try (OutputStream out = hdfs.fs().create(new Path(inside), false)) {
      out.write("theirs".getBytes(StandardCharsets.UTF_8));
    }
    MetaBenchRun blocked = run(new Configuration(), scratch, "-cleanup", "-baseDir", base);
    assertThat(blocked.exitCode).as(blocked.toString()).isEqualTo(1);
    assertThat(hdfs.fs().exists(new Path(inside))).isTrue();
    assertThat(Trees.named(Trees.list(hdfs.fs(), new Path(base)), "part-")).isEmpty();
    hdfs.fs().delete(new Path(inside), false);
    MetaBenchRun clean = run(new Configuration(), scratch, "-cleanup", "-baseDir", base);
    assertThat(clean.exitCode).as(clean.toString()).isZero();
    assertThat(hdfs.fs().exists(new Path(base))).isFalse();
  }

  @Test
  void eachMapOfAJobDrawsTheProfileItsConfigurationCarries() throws Exception {
    String base = hdfs.uri() + "/ns/maps";
    File profile = new File(scratch, "profile.json");
    Files.write(profile.toPath(), ShapeProfile.load("yahoo").text()
        .getBytes(StandardCharsets.UTF_8));
    Configuration local = new Configuration();
    local.set("mapreduce.framework.name", "local");
    MetaBenchRun r = run(local, scratch, "-maps", "2", "-prefillProfile", profile.getPath(),
        "-prefillScale", "0.03", "-prefillThreads", "2", "-operation", "create_write,stat,delete",
        "-numFiles", "5",
        "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, String> expected = Trees.drawn(0.03, 1);
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_0"))).isEqualTo(expected);
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_1"))).isEqualTo(expected);
    JsonNode checks = r.json().get("prefill").get("namespace");
    assertThat(checks).hasSize(2);
    assertThat(checks.get(1).get("map").asInt()).isEqualTo(1);
    assertThat(r.stdout).contains("map 0: namespace of " + profile.getPath(),
        "map 1: namespace of " + profile.getPath(), "within the fidelity bounds");
  }

  @Test
  void aScaleTooSmallToKeepTheShapeIsFoundOutsideTheBoundsAndExitsOne() throws Exception {
    String base = new File(scratch, "tiny").toURI().toString();
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-prefillProfile", "yahoo",
        "-prefillScale", "0.0005", "-baseDir", base, "-quiet");
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode check = r.json().get("prefill").get("namespace").get(0);
    assertThat(check.get("withinBounds").asBoolean()).isFalse();
    assertThat(r.stdout).contains("OUTSIDE the fidelity bounds: ",
        "the namespace made is outside the fidelity bounds");
  }

  /**
   * On the embedded HDFS, whose NameNode's audit log records the measured phases' calls: every
   * stat, open and listing of -onPrefill zipf:1.1 is of a file (or the directory of a file) of
   * the drawn namespace, none fails, and a few files take many of the stats.
   */
  @Test
  void theReadPhasesReadTheNamespacesFilesByPopularity() throws Exception {
    File log = new File(scratch, "audit.log");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-prefillProfile", "yahoo",
        "-prefillScale", "0.01", "-seed", "3", "-operation", "stat,open_read,list",
        "-onPrefill", "zipf:1.1", "-threads", "2", "-numFiles", "300", "-recordAuditLog",
        log.getPath(), "-quiet");
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String op : new String[] {"stat", "open_read", "list"}) {
      assertThat(r.phase(op).get("successful").asLong()).as(op).isEqualTo(600);
      assertThat(r.phase(op).get("failed").asLong()).as(op).isZero();
    }
    assertThat(r.stdout).contains("the read phases read the prefill's files, picked by a Zipf "
        + "law of exponent 1.1 (-onPrefill)");
    Map<String, String> drawn = Trees.drawn(0.01, 3);
    String root = "/benchmarks/MetaBench/prefill/map_0";
    Map<String, Integer> stats = new TreeMap<>();
    int listed = 0;
    for (String line : Files.readAllLines(log.toPath(), StandardCharsets.UTF_8)) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("cmd=(\\w+)\\s+src=(\\S+)")
          .matcher(line);
      if (!m.find()) {
        continue;
      }
      String rel = m.group(2).startsWith(root + "/") ? m.group(2).substring(root.length() + 1)
          : m.group(2).equals(root) ? "" : null;
      if (m.group(1).equals("getfileinfo")) {
        assertThat(drawn.get(rel)).as(line).isEqualTo("0");
        stats.merge(rel, 1, Integer::sum);
      } else if (m.group(1).equals("open")) {
        assertThat(drawn.get(rel)).as(line).isEqualTo("0");
      } else if (m.group(1).equals("listStatus")) {
        assertThat(rel.isEmpty() || "d".equals(drawn.get(rel))).as(line).isTrue();
        listed++;
      }
    }
    assertThat(stats.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(600);
    assertThat(listed).isGreaterThanOrEqualTo(600);
    // H(2,322, 1.1) = 5.98: the most read file takes about 100 of the 600 stats.
    assertThat(stats.values().stream().mapToInt(Integer::intValue).max().getAsInt())
        .isBetween(60, 150);
  }

  /**
   * A capacity search of stat with -onPrefill: the prefill made (and checked) before the probe,
   * every step reading its files, none of the search's own made, and the prefill kept after the
   * answer.
   */
  @Test
  void aCapacitySearchReadsThePrefillsFilesAndKeepsThem() throws Exception {
    String base = hdfs.uri() + "/ns/capacity";
    MetaBenchRun r = run(new Configuration(), scratch, "-prefillProfile", "yahoo",
        "-prefillScale", "0.01", "-operation", "stat", "-onPrefill", "zipf:1.1", "-threads", "2",
        "-capacity", "p99=500ms", "-capacityStep", "2", "-capacityPrecision", "60", "-baseDir",
        base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode answer = r.json().path("answer");
    assertThat(answer.path("heldPerSecond").asDouble()).as(answer.toString()).isPositive();
    assertThat(answer.path("line").asText()).startsWith("stat on " + ShapeProfile.load("yahoo")
        + " at scale 0.01, zipf:1.1 holds ");
    for (JsonNode step : r.json().path("steps")) {
      assertThat(step.path("failed").asLong()).as(step.toString()).isZero();
    }
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_0")))
        .isEqualTo(Trees.drawn(0.01, 1));
    assertThat(hdfs.fs().exists(new Path(base + "/data"))).isFalse();
  }

  /**
   * A synthesis killed midway (SIGKILL: no last checkpoint) is resumed by the same command to
   * exactly the drawn namespace, which is then checked within the bounds.
   */
  @Test
  void aSynthesisKilledMidwayResumesToExactlyTheDrawnNamespace() throws Exception {
    String base = hdfs.uri() + "/ns/killed";
    String[] shape = {"-prefillProfile", "yahoo", "-prefillScale", "0.1", "-seed", "2",
        "-prefillThreads", "4", "-baseDir", base};
    PrefillKills.killWhenRecorded(scratch, hdfs.fs(), base, 200, shape);
    PrefillState killed = BaseDirMarker.readPrefill(hdfs.fs(), new Path(base), 0);
    assertThat(killed).as(new String(Files.readAllBytes(new File(scratch, "child-err.txt")
        .toPath()), StandardCharsets.UTF_8)).isNotNull();
    assertThat(killed.isProfile()).isTrue();
    assertThat(killed.complete()).as("killed before the end: %s", killed).isFalse();

    MetaBenchRun resumed = run(new Configuration(), scratch, shape);
    assertThat(resumed.exitCode).as(resumed.toString()).isZero();
    JsonNode p = resumed.json().get("prefill");
    assertThat(p.get("status").asText()).isEqualTo("resumed");
    assertThat(p.get("complete").asBoolean()).isTrue();
    assertThat(p.get("filesDoneBefore").asLong()).isPositive();
    assertThat(p.get("failed").asLong()).isZero();
    assertThat(p.get("namespace").get(0).get("withinBounds").asBoolean()).isTrue();
    assertThat(Trees.list(hdfs.fs(), new Path(base + "/prefill/map_0")))
        .isEqualTo(Trees.drawn(0.1, 2));
  }
}
