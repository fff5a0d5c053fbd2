package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.stats.ResultCodec;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge} on a real HDFS: three processes run by hand with {@code -mapIndex 0..2} and one
 * {@code -startTime} combine into what a {@code -maps 3} job reports (the same counts, the
 * histograms added exactly); a process that missed the start is flagged; inputs that are not
 * the processes of one run are refused in one line, and nothing is written.
 */
class ITMerge {
  private static final String[] PHASES = {"create_write", "open_read", "rename", "delete"};
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  private static Configuration local() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  private static List<String> run(String base, String... more) {
    List<String> args = new ArrayList<>();
    for (String a : new String[] {"-threads", "2", "-numberOfFiles", "25", "-operation",
        String.join(",", PHASES), "-baseDir", base}) {
      args.add(a);
    }
    for (String a : more) {
      args.add(a);
    }
    return args;
  }

  private MetaBenchRun process(String base, int mapIndex, long startTime, String... more)
      throws Exception {
    List<String> args = run(base, "-mapIndex", String.valueOf(mapIndex), "-startTime",
        String.valueOf(startTime), "-jsonOut", new File(scratch, "p" + mapIndex + ".json")
            .getPath());
    args.addAll(java.util.Arrays.asList(more));
    return MetaBenchRun.run(local(), scratch, args.toArray(new String[0]));
  }

  /** {@code n} processes of one run ({@code -processes n}, one start), run at once, in order. */
  private List<MetaBenchRun> processes(String base, int n, long startTime, String... more)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      List<Future<MetaBenchRun>> runs = new ArrayList<>();
      for (int m = 0; m < n; m++) {
        final int mapIndex = m;
        List<String> args = new ArrayList<>(java.util.Arrays.asList("-processes",
            String.valueOf(n)));
        args.addAll(java.util.Arrays.asList(more));
        runs.add(pool.submit(() -> process(base, mapIndex, startTime,
            args.toArray(new String[0]))));
      }
      List<MetaBenchRun> done = new ArrayList<>();
      for (Future<MetaBenchRun> f : runs) {
        done.add(f.get());
      }
      return done;
    } finally {
      pool.shutdown();
    }
  }

  /** A phase's window in a process's JSON: first start (ms) and last end (ms), from its fields. */
  private static double[] window(JsonNode phase) {
    double start = java.time.Instant.parse(phase.get("startedAt").asText()).toEpochMilli();
    return new double[] {start, start + phase.get("windowNanos").asLong() / 1e6};
  }

  private static Histogram histogram(JsonNode phase) {
    return ResultCodec.histogramOf(Base64.getDecoder().decode(
        phase.get("latencyHistogram").asText()));
  }

  private static JsonNode phase(JsonNode run, String name) {
    for (JsonNode p : run.get("phases")) {
      if (p.get("operation").asText().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no " + name + " in " + run);
  }

  @Test
  void threeProcessesMergeIntoWhatAMapsJobReports() throws Exception {
    String hand = hdfs.uri() + "/merge/hand";
    long start = System.currentTimeMillis() / 1000 + 5;
    List<JsonNode> processes = new ArrayList<>();
    for (MetaBenchRun r : processes(hand, 3, start, "-cleanup")) {
      assertThat(r.exitCode).as(r.toString()).isZero();
      processes.add(r.json());
    }
    // The barrier: no process began a phase before every process had ended the one before it
    // (1 ms allowed: each process ties its clock to the wall clock to the millisecond).
    for (int k = 1; k < PHASES.length; k++) {
      for (JsonNode p : processes) {
        for (JsonNode q : processes) {
          assertThat(window(phase(p, PHASES[k]))[0]).as(PHASES[k])
              .isGreaterThanOrEqualTo(window(phase(q, PHASES[k - 1]))[1] - 2);
        }
      }
    }
    // The barrier's files went with the last process; -cleanup took the marker and the base.
    assertThat(hdfs.fs().exists(new org.apache.hadoop.fs.Path(hand))).isFalse();

    File out = new File(scratch, "merged");
    MetaBenchRun merge = MetaBenchRun.run(local(), scratch, "merge", "-outDir", out.getPath(),
        new File(scratch, "p2.json").getPath(), new File(scratch, "p0.json").getPath(),
        new File(scratch, "p1.json").getPath());
    assertThat(merge.exitCode).as(merge.toString()).isZero();
    assertThat(merge.stdout).contains("Merged processes: 3 expected (-mapIndex 0 to 2), 3 given, "
        + "missing: none").doesNotContain("run without -processes");
    JsonNode merged = new ObjectMapper().readTree(new File(out, "result.json"));

    MetaBenchRun job = MetaBenchRun.run(local(), scratch, run(hdfs.uri() + "/merge/job",
        "-maps", "3").toArray(new String[0]));
    assertThat(job.exitCode).as(job.toString()).isZero();
    JsonNode maps = job.json();

    // The same parameters as the job's, -maps 3 included, but for where and when they ran.
    for (JsonNode params : new JsonNode[] {merged.get("parameters"), maps.get("parameters")}) {
      ((com.fasterxml.jackson.databind.node.ObjectNode) params).remove(
          java.util.Arrays.asList("baseDir", "startTime", "cleanup"));
    }
    assertThat(merged.get("parameters")).isEqualTo(maps.get("parameters"));
    assertThat(merged.get("maps").get("mergedProcesses").asBoolean()).isTrue();
    assertThat(maps.get("maps").get("mergedProcesses").asBoolean()).isFalse();
    assertThat(merged.get("maps").get("perMap")).hasSize(3);
    for (String name : PHASES) {
      JsonNode m = phase(merged, name);
      JsonNode j = phase(maps, name);
      for (String count : new String[] {"attempted", "successful", "failed", "workers"}) {
        assertThat(m.get(count)).as(name + " " + count).isEqualTo(j.get(count));
      }
      assertThat(m.get("successful").asLong()).isEqualTo(150);
      Histogram sum = new Histogram(3);
      String first = null;
      for (JsonNode p : processes) {
        sum.add(histogram(phase(p, name)));
        String started = phase(p, name).get("startedAt").asText();
        first = first == null || started.compareTo(first) < 0 ? started : first;
      }
      assertThat(histogram(m)).as(name).isEqualTo(sum);
      assertThat(histogram(m).getTotalCount()).isEqualTo(histogram(j).getTotalCount());
      // The combined phase starts when its earliest process did (ISO times of one zone sort).
      assertThat(m.get("startedAt").asText()).isEqualTo(first);
    }
    for (JsonNode p : merged.get("maps").get("perMap")) {
      assertThat(p.get("phases").get(0).get("lateMap").asBoolean()).as(p.toString()).isFalse();
    }
  }

  @Test
  void aProcessThatMissesTheStartIsFlaggedLate() throws Exception {
    String base = hdfs.uri() + "/merge/late";
    long start = System.currentTimeMillis() / 1000 + 2;
    MetaBenchRun onTime = process(base, 0, start);
    assertThat(onTime.exitCode).as(onTime.toString()).isZero();
    MetaBenchRun late = process(base, 1, start);
    assertThat(late.exitCode).as(late.toString()).isZero();

    File out = new File(scratch, "merged");
    MetaBenchRun merge = MetaBenchRun.run(local(), scratch, "merge", "-outDir", out.getPath(),
        onTime.jsonFile().getPath(), late.jsonFile().getPath());
    assertThat(merge.exitCode).as(merge.toString()).isZero();
    assertThat(merge.stdout).containsPattern("(?m)^1 +\\S+ +create_write +50 +0 +yes +2 ");
    assertThat(merge.stdout).containsPattern("(?m)^0 +\\S+ +create_write +50 +0 +no +0 ");
    assertThat(merge.stdout).contains("warning: create_write: -mapIndex 1 began it");
    JsonNode perMap = new ObjectMapper().readTree(new File(out, "result.json")).get("maps")
        .get("perMap");
    assertThat(perMap.get(1).get("phases").get(0).get("lateMap").asBoolean()).isTrue();
    assertThat(perMap.get(1).get("resultFile").asText()).isEqualTo(late.jsonFile().getPath());
  }

  @Test
  void theWaitForTheStartTimeIsNotPartOfThePhase() throws Exception {
    String base = hdfs.uri() + "/merge/wait";
    long start = System.currentTimeMillis() / 1000 + 8;
    for (MetaBenchRun r : processes(base, 2, start, "-clientWarmup", "0", "-cleanup")) {
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.stderr).as(r.toString()).contains("create_write waiting for -startTime "
          + java.time.Instant.ofEpochSecond(start));
      assertThat(r.stdout).as(r.toString()).doesNotContain("nothing completed");
      JsonNode first = phase(r.json(), "create_write");
      assertThat(first.get("disruptions")).as(first.toString()).isEmpty();
      assertThat(first.get("lateWorkers").asInt()).isZero();
      // The window opens at the agreed start, not when the process came to wait for it.
      assertThat(window(first)[0]).isGreaterThanOrEqualTo(start * 1000.0 - 2)
          .isLessThan(start * 1000.0 + 3000);
    }
  }

  @Test
  void filesOfOneProcessOrOfNoRunAreRefusedInOneLineAndNothingIsWritten() throws Exception {
    MetaBenchRun p = process(hdfs.uri() + "/merge/bad", 0, 0);
    assertThat(p.exitCode).as(p.toString()).isZero();
    File out = new File(scratch, "never");
    MetaBenchRun twice = MetaBenchRun.run(local(), scratch, "merge", "-outDir", out.getPath(),
        p.jsonFile().getPath(), p.jsonFile().getPath());
    assertThat(twice.exitCode).isEqualTo(2);
    assertThat(twice.stderr.trim()).isEqualTo("metabench: merge: " + p.jsonFile() + " and "
        + p.jsonFile() + " are both -mapIndex 0; each process needs its own -mapIndex (is one "
        + "file given twice?)");
    File text = new File(scratch, "not.json");
    java.nio.file.Files.write(text.toPath(), "hello".getBytes("UTF-8"));
    MetaBenchRun notJson = MetaBenchRun.run(local(), scratch, "merge", "-outDir", out.getPath(),
        p.jsonFile().getPath(), text.getPath());
    assertThat(notJson.exitCode).isEqualTo(2);
    assertThat(notJson.stderr.trim()).startsWith("metabench: merge: " + text + " is not JSON")
        .doesNotContain("\n");
    assertThat(out).doesNotExist();
  }
}
