package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.AuditCapture;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, item 4: with {@code -onPrefill}, the phases that make, rename and remove items work on
 * the run's own files and directories placed in the prefill's directories (a namespace of
 * yahoo's shape on an HDFS), picked as the read phases pick files, so directories take creates
 * as they hold files; a rename moves a file into another directory; a later run (delete, rmdir)
 * finds them by the layout recorded, and leaves the prefill exactly as it was made. Read from the
 * NameNode's audit log (captured in process) and a listing.
 */
class ITWritingInNamespace {
  private static final double SCALE = 0.01;
  private static final long SEED = 3;
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  /** A run in {@code base} with the prefill's options (a namespace of yahoo's shape). */
  private MetaBenchRun run(String base, String... args) throws Exception {
    java.util.List<String> all = new java.util.ArrayList<>(java.util.Arrays.asList(
        "-prefillProfile", "yahoo", "-prefillScale", Double.toString(SCALE), "-seed",
        Long.toString(SEED), "-clientWarmup", "0", "-baseDir", hdfs.uri() + base));
    all.addAll(java.util.Arrays.asList(args));
    return MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        all.toArray(new String[0]));
  }

  @Test
  void ownFilesAreMadeRenamedAcrossAndRemovedInThePrefillsDirectories() throws Exception {
    String base = "/writing";
    MetaBenchRun made;
    java.util.List<String> audit;
    try (AuditCapture capture = AuditCapture.start()) {
      made = run(base, "-onPrefill", "uniform", "-operation", "create_write,rename,mkdirs",
          "-threads", "2", "-numFiles", "400");
      audit = capture.lines();
    }
    assertThat(made.exitCode).as(made.toString()).isZero();
    for (String op : new String[] {"create_write", "rename", "mkdirs"}) {
      assertThat(made.phase(op).get("successful").asLong()).as(op).isEqualTo(800);
      assertThat(made.phase(op).get("failed").asLong()).as(op).isZero();
    }
    assertThat(made.stdout).contains("the read phases read the prefill's files and the others "
        + "work on their own in its directories, files and directories picked alike "
        + "(-onPrefill)");

    // Each create is in a directory of the drawn namespace; the directories take them as they
    // hold files; a rename's target directory is another draw.
    Map<String, String> drawn = Trees.drawn(SCALE, SEED);
    Map<String, Integer> filesIn = new HashMap<>();
    drawn.forEach((rel, kind) -> {
      if (!kind.equals("d")) {
        filesIn.merge(parent(rel), 1, Integer::sum);
      }
    });
    String root = base + "/prefill/map_0";
    Map<String, Integer> createsIn = new TreeMap<>();
    int renames = 0;
    int across = 0;
    Pattern cmd = Pattern.compile("cmd=(\\w+)\\s+src=(\\S+)\\s+dst=(\\S+)");
    for (String line : audit) {
      Matcher m = cmd.matcher(line);
      if (!m.find() || !m.group(2).startsWith(root + "/")) {
        continue;
      }
      String rel = m.group(2).substring(root.length() + 1);
      if (m.group(1).equals("create") && !rel.matches("(.*/)?part-\\d+")) {
        // (the prefill's own files, part-<n>, yahoo's class, are made in the same run, first)
        assertThat(rel).as(line).matches("(.*/)?file_0_[01]_\\d+");
        assertThat(filesIn).as(line).containsKey(parent(rel));
        createsIn.merge(parent(rel), 1, Integer::sum);
      } else if (m.group(1).equals("rename")) {
        String to = m.group(3).substring(root.length() + 1);
        assertThat(to).as(line).endsWith(rel.substring(rel.lastIndexOf('/') + 1) + "_r");
        assertThat(filesIn).as(line).containsKey(parent(to));
        renames++;
        across += parent(to).equals(parent(rel)) ? 0 : 1;
      }
    }
    assertThat(createsIn.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(800);
    assertThat(renames).isEqualTo(800);
    assertThat(across).as("renames into another directory").isGreaterThan(700);
    // Directories of every size class (by the files they hold: 1, 2-10, over 10) take creates,
    // each class its files' share of them (uniform: in proportion to the files), within sampling.
    long files = filesIn.values().stream().mapToInt(Integer::intValue).sum();
    double[] fileShare = new double[3];
    double[] createShare = new double[3];
    for (Map.Entry<String, Integer> e : filesIn.entrySet()) {
      int c = e.getValue() == 1 ? 0 : e.getValue() <= 10 ? 1 : 2;
      fileShare[c] += e.getValue() / (double) files;
      createShare[c] += createsIn.getOrDefault(e.getKey(), 0) / 800.0;
    }
    for (int c = 0; c < 3; c++) {
      assertThat(fileShare[c]).as("size class " + c + " in the namespace").isGreaterThan(0.03);
      assertThat(createShare[c]).as("creates into size class " + c + ", its files' share "
          + fileShare[c]).isBetween(fileShare[c] - 0.06, fileShare[c] + 0.06);
    }

    // A later run placing by another law would not find them: one line, nothing touched.
    Path prefill = new Path(hdfs.uri() + root);
    Map<String, String> before = Trees.list(hdfs.fs(), new Path(hdfs.uri() + base));
    MetaBenchRun refused = run(base, "-onPrefill", "zipf:1.1", "-operation", "delete");
    assertThat(refused.exitCode).as(refused.toString()).isEqualTo(2);
    assertThat(refused.stderr.trim()).as(refused.toString()).startsWith("metabench: ")
        .contains("with -threads 2 -numberOfFiles 400 -filesPerDir 10000 -onPrefill uniform "
            + "-seed 3;").doesNotContain("\n");
    assertThat(Trees.list(hdfs.fs(), new Path(hdfs.uri() + base))).isEqualTo(before);

    // A run naming neither the placement nor the prefill finds every file and directory by the
    // layout and the prefill recorded.
    MetaBenchRun removed = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        "-operation", "delete,rmdir", "-clientWarmup", "0", "-baseDir", hdfs.uri() + base);
    assertThat(removed.exitCode).as(removed.toString()).isZero();
    assertThat(removed.phase("delete").get("successful").asLong()).isEqualTo(800);
    assertThat(removed.phase("rmdir").get("successful").asLong()).isEqualTo(800);
    Map<String, String> left = Trees.list(hdfs.fs(), prefill);
    assertThat(left).isEqualTo(drawn);

    // -cleanup alone removes files placed there, then the prefill, by name: nothing is left.
    MetaBenchRun again = run(base, "-onPrefill", "zipf:1.1", "-operation", "create_write",
        "-threads", "2", "-numFiles", "100");
    assertThat(again.exitCode).as(again.toString()).isZero();
    MetaBenchRun cleaned = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
        "-cleanup", "-baseDir", hdfs.uri() + base);
    assertThat(cleaned.exitCode).as(cleaned.toString()).isZero();
    assertThat(cleaned.stdout).contains("cleanup removed " + (200 + files) + " files");
    assertThat(hdfs.fs().exists(prefill)).isFalse();
  }

  /**
   * A mix in the namespace (the embedded HDFS's, Spotify's operations): its reads read the
   * prefill's files, its creates, renames and deletes work on its own files in the prefill's
   * directories, each drawn in its share; the NameNode's view has the mix as a whole, its rare
   * creates' methods among its own.
   */
  @Test
  void aMixReadsTheNamespacesFilesAndWritesItsOwnInItsDirectories() throws Exception {
    MetaBenchRun r;
    java.util.List<String> audit;
    try (AuditCapture capture = AuditCapture.start()) {
      r = MetaBenchRun.run(new Configuration(), scratch, "-prefillProfile", "yahoo",
          "-prefillScale", Double.toString(SCALE), "-seed", Long.toString(SEED), "-mix",
          "open_read:72,stat:17,list:8,create_write:1.5,rename:1,delete:0.5", "-onPrefill",
          "zipf:1.1", "-threads", "2", "-numFiles", "500", "-duration", "6", "-clientWarmup",
          "0", "-quiet");
      audit = capture.lines();
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode total = r.json().get("mixTotal");
    assertThat(total.get("failed").asLong()).isZero();
    for (String op : new String[] {"open_read", "stat", "list", "create_write", "rename",
        "delete"}) {
      assertThat(r.phase("mix:" + op).get("successful").asLong()).as(op).isPositive();
    }
    Map<String, String> drawn = Trees.drawn(SCALE, SEED);
    String root = "/benchmarks/MetaBench/prefill/map_0/";
    Pattern cmd = Pattern.compile("cmd=(\\w+)\\s+src=(\\S+)");
    int reads = 0;
    int creates = 0;
    for (String line : audit) {
      Matcher m = cmd.matcher(line);
      if (!m.find() || !m.group(2).startsWith(root)) {
        continue;
      }
      String rel = m.group(2).substring(root.length());
      if (m.group(1).equals("open")
          || (m.group(1).equals("getfileinfo") && rel.matches("(.*/)?part-\\d+"))) {
        assertThat(drawn.get(rel)).as(line).isEqualTo("0");
        reads++;
      } else if (m.group(1).equals("create") && !rel.matches("(.*/)?part-\\d+")) {
        assertThat(rel).as(line).matches("(.*/)?file_0_[01]_\\d+");
        assertThat(drawn.get(parent(rel))).as(line).isEqualTo("d");
        creates++;
      }
    }
    assertThat(reads).isGreaterThan(1000);
    assertThat(creates).isEqualTo(r.phase("mix:create_write").get("attempted").asInt());
    JsonNode view = r.json().get("server").get("phases").get(0);
    assertThat(view.get("operation").asText()).isEqualTo("mix");
    assertThat(view.get("perOperation").get("ownMethods").has("Create")).as(view.toString())
        .isTrue();
  }

  /**
   * A capacity search of create_write in the namespace: every step's creates are placed in the
   * prefill's directories, the prefill made once before the first step and kept by every step's
   * cleanup (and after the search), and the answer says so.
   */
  @Test
  void aCapacitySearchOfCreatesPlacesEveryStepsCreatesInTheNamespace() throws Exception {
    java.util.List<String> audit = new java.util.ArrayList<>();
    MetaBenchRun r = searchInTree("/capacity-create", audit, "-operation", "create_write");
    assertThat(r.stdout).contains("create_write in a prefill tree of 200 files, placed by "
        + "uniform holds ");
    int measured = 0;
    for (JsonNode step : r.json().get("steps")) {
      measured += step.path("run").path("phases").get(0).path("attempted").asInt();
    }
    assertThat(placedInTree(audit, "/capacity-create", "create"))
        .isGreaterThanOrEqualTo(measured).isPositive();
    assertThat(prefillKeptAfterOneMaking(audit, "/capacity-create")).isEqualTo(200);
  }

  /**
   * A capacity search of a mix in the namespace: each step's stats read the prefill's files,
   * its creates and deletes work on the step's own files in its directories; the prefill made
   * once and kept.
   */
  @Test
  void aCapacitySearchOfAMixReadsAndPlacesInTheNamespace() throws Exception {
    java.util.List<String> audit = new java.util.ArrayList<>();
    MetaBenchRun r = searchInTree("/capacity-mix", audit, "-mix",
        "stat:80,create_write:10,delete:10");
    assertThat(r.stdout).contains(" in a prefill tree of 200 files, picked by uniform holds ");
    assertThat(placedInTree(audit, "/capacity-mix", "create")).isPositive();
    assertThat(placedInTree(audit, "/capacity-mix", "delete")).isPositive();
    String root = "/capacity-mix/prefill/map_0/";
    int reads = 0;
    for (String line : audit) {
      Matcher m = Pattern.compile("cmd=getfileinfo\\s+src=" + root + "(\\S+)").matcher(line);
      reads += m.find() && m.group(1).matches("d_[0-4]/d_[0-4]/file_\\d+") ? 1 : 0;
    }
    assertThat(reads).isPositive();
    assertThat(prefillKeptAfterOneMaking(audit, "/capacity-mix")).isEqualTo(200);
  }

  /**
   * A capacity search of {@code what} on a 200-file tree of 5 x 5 leaves in {@code base} of the
   * shared HDFS, its items placed alike, with a coarse precision (a few steps); the NameNode's
   * audit lines added to {@code audit}. Fails unless it exits 0.
   */
  private MetaBenchRun searchInTree(String base, java.util.List<String> audit, String... what)
      throws Exception {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList(
        "-prefillFiles", "200", "-prefillDepth", "2", "-prefillFanOut", "5", "-onPrefill",
        "uniform", "-threads", "4", "-capacity", "p99=100ms", "-capacityStep", "2",
        "-capacitySettle", "250ms", "-capacityPrecision", "90", "-clientWarmup", "0", "-baseDir",
        hdfs.uri() + base));
    args.addAll(java.util.Arrays.asList(what));
    MetaBenchRun r;
    try (AuditCapture capture = AuditCapture.start()) {
      r = MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch,
          args.toArray(new String[0]));
      audit.addAll(capture.lines());
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    return r;
  }

  /**
   * How many of the audit's {@code cmd} calls were on the run's own files in a leaf of the
   * 5 x 5 prefill tree ({@code d_<x>/d_<y>/file_0_<worker>_<i>}); fails on one elsewhere.
   */
  private static int placedInTree(java.util.List<String> audit, String base, String cmd) {
    String root = base + "/prefill/map_0/";
    Pattern call = Pattern.compile("cmd=" + cmd + "\\s+src=(\\S+)");
    int placed = 0;
    for (String line : audit) {
      Matcher m = call.matcher(line);
      if (m.find() && m.group(1).contains("/file_0_")) {
        assertThat(m.group(1).substring(root.length())).as(line)
            .matches("d_[0-4]/d_[0-4]/file_0_[0-3]_\\d+(_r)?");
        placed++;
      }
    }
    return placed;
  }

  /**
   * The prefill's files the audit shows made (each once: none removed, so none made again),
   * after checking that none was deleted and that the tree is still there.
   */
  private static int prefillKeptAfterOneMaking(java.util.List<String> audit, String base)
      throws Exception {
    Pattern prefill = Pattern.compile("cmd=(create|delete)\\s+src=" + base + "/prefill/"
        + "map_0/d_[0-4]/d_[0-4]/file_\\d+\\s");
    int made = 0;
    for (String line : audit) {
      Matcher m = prefill.matcher(line);
      if (m.find()) {
        assertThat(m.group(1)).as(line).isEqualTo("create");
        made++;
      }
    }
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.get(
        hdfs.uri(), MiniHdfs.clientConf(new Configuration()));
    assertThat(fs.listStatus(new org.apache.hadoop.fs.Path(base + "/prefill/map_0/d_4/d_4")))
        .as("the prefill's last leaf after the search").hasSize(8);
    return made;
  }

  private static String parent(String rel) {
    int slash = rel.lastIndexOf('/');
    return slash < 0 ? "" : rel.substring(0, slash);
  }
}
