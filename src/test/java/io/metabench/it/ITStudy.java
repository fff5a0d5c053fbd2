package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.DELETE_FALSE_EVERY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.io.FileReader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Studies: every concurrency on every target, repeated, in one command, with every file. */
class ITStudy {
  @TempDir
  File scratch;

  private static List<CSVRecord> csv(File f) throws Exception {
    try (FileReader r = new FileReader(f)) {
      return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(r)
          .getRecords();
    }
  }

  private Map<String, String> localTree(File dir) throws Exception {
    return Trees.list(FileSystem.getLocal(new Configuration()), new Path(dir.getAbsolutePath()));
  }

  @Test
  void aSweepOnTheEmbeddedHdfsAndTheLocalFileSystemWritesEveryFile() throws Exception {
    File local = new File(scratch, "local");
    File out = new File(scratch, "out");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch,
        "-operation", "create_write,open_read,rename,delete", "-numFiles", "15",
        "-threads", "1,2", "-iterations", "2", "-target", "/benchmarks/MetaBench",
        "-target", local.toURI().toString(), "-outDir", out.getPath(), "-jsonOut",
        new File(scratch, "study.json").getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("Study: 2 targets x 2 concurrencies [1, 2] x 2 iterations = "
        + "8 runs").containsPattern("\nrun 8/8: file at 2 threads, iteration 2/2: "
            + "create_write [0-9.~!]+ ops/s, open_read [0-9.~!]+ ops/s, rename [0-9.~!]+ ops/s, "
            + "delete [0-9.~!]+ ops/s\n").containsPattern("(?m)^run 1/8: embedded-hdfs at 1 thread, ")
        .doesNotContain("== run").doesNotContain("phase         workers")
        .contains("create_write: mean TPS").contains("every operation succeeded.\n")
        .endsWith("Results: " + out.getAbsolutePath() + "\n");
    // Before it starts, how many runs; before each later run, how long the rest will take.
    assertThat(r.stderr).contains("study: 2 targets x 2 concurrencies [1, 2] x 2 iterations = 8 "
        + "runs of 4 phases: their item counts decide their time")
        .containsPattern("run 8/8: file at 2 threads, iteration 2/2 \\([0-9]+ s since the study "
            + "began, about [0-9]+ s left\\)");

    List<CSVRecord> runs = csv(new File(out, "runs.csv"));
    assertThat(runs).hasSize(2 * 2 * 2 * 4);
    TreeSet<String> threads = new TreeSet<>();
    for (CSVRecord row : runs) {
      threads.add(row.get("threads"));
      assertThat(Long.parseLong(row.get("ok"))).as(row.toString())
          .isEqualTo(15L * Integer.parseInt(row.get("threads")));
      assertThat(Double.parseDouble(row.get("tps"))).isPositive();
      assertThat(row.get("error")).isEmpty();
      // on HDFS the NameNode RPCs (an empty file's create is Create + Complete); the local
      // client counts none
      boolean hdfs = row.get("target").equals("embedded-hdfs");
      int rpcs = row.get("phase").equals("create_write") ? 2 : 1;
      assertThat(row.get("store_calls")).as(row.toString()).isEqualTo(hdfs
          ? Long.toString(rpcs * 15L * Integer.parseInt(row.get("threads"))) : "");
      assertThat(row.get("store_calls_per_op")).isEqualTo(hdfs ? rpcs + ".000" : "");
    }
    assertThat(threads).containsExactly("1", "2");
    // targets interleave within each concurrency and iteration
    assertThat(runs.get(0).get("target")).isEqualTo("embedded-hdfs");
    assertThat(runs.get(4).get("target")).isEqualTo("file");
    assertThat(runs.get(0).get("fs_uri")).startsWith("hdfs://");

    List<CSVRecord> summary = csv(new File(out, "summary.csv"));
    assertThat(summary).hasSize(2 * 4 * 2);
    for (CSVRecord row : summary) {
      assertThat(row.get("iterations")).isEqualTo("2");
    }

    JsonNode json = r.json(); // -jsonOut names the study's JSON
    assertThat(json.get("studySchemaVersion").asInt()).isEqualTo(1);
    assertThat(json.get("runs")).hasSize(8);
    assertThat(json.get("runs").get(1).get("result").get("phases")).hasSize(4);
    assertThat(json.get("summary")).hasSize(16);
    assertThat(new File(out, "result.json")).doesNotExist();

    // every run's table is in runs.txt, and its NNBench blocks in the study's own log
    String tables = new String(Files.readAllBytes(new File(out, "runs.txt").toPath()), "UTF-8");
    assertThat(tables).contains("== run 1/8: embedded-hdfs at 1 thread, iteration 1/2 ==\n"
        + "MetaBench ").contains("== run 8/8: file at 2 threads, iteration 2/2 ==");
    assertThat(tables.split("\nphase         workers ", -1)).hasSize(9);
    String blocks = new String(Files.readAllBytes(new File(out, "NNBench_results.log")
        .toPath()), "UTF-8");
    assertThat(blocks.split("-------------- NNBench -------------- :", -1)).hasSize(8 * 4 + 1);
    assertThat(new File(scratch, "NNBench_results.log")).doesNotExist();

    String[] hgrm = new File(out, "hgrm").list();
    assertThat(hgrm).hasSize(32).contains("file-t2-i1-rename.hgrm");
    String dist = new String(Files.readAllBytes(new File(out, "hgrm/file-t2-i1-rename.hgrm")
        .toPath()), "UTF-8");
    assertThat(dist).contains("Value     Percentile TotalCount 1/(1-Percentile)")
        .contains("Total count    =           30]");

    // the interval log holds every successful operation once, tagged per run and phase
    Map<String, Long> okByTag = new java.util.HashMap<>();
    HistogramLogReader log = new HistogramLogReader(new File(out, "latency.hlog"));
    for (EncodableHistogram h; (h = log.nextIntervalHistogram()) != null; ) {
      okByTag.merge(h.getTag(), ((Histogram) h).getTotalCount(), Long::sum);
    }
    assertThat(okByTag).hasSize(32);
    for (CSVRecord row : runs) {
      String tag = row.get("target") + "-t" + row.get("threads") + "-i" + row.get("iteration")
          + "-" + row.get("phase");
      assertThat(okByTag.get(tag)).as(tag).isEqualTo(Long.parseLong(row.get("ok")));
    }

    // one per-second series per run, written while it ran, each with its HdrHistogram log
    assertThat(new File(out, "series").list()).hasSize(16).contains("file-t2-i2.csv",
        "file-t2-i2.hlog");

    // charts and the HTML report, drawn headless
    assertThat(new File(out, "charts").list()).contains("tps-vs-threads-create_write.png",
        "tps-vs-threads-delete.svg", "latency-open_read-2t.png", "throughput-at-2t.png");
    String html = new String(Files.readAllBytes(new File(out, "report.html").toPath()), "UTF-8");
    assertThat(html).contains("<svg").contains("embedded-hdfs").contains("metabench-data");

    // the report command re-draws the same summary from the saved JSON alone
    File redrawn = new File(scratch, "redrawn");
    MetaBenchRun report = MetaBenchRun.run(new Configuration(), scratch, "report", "-outDir",
        redrawn.getPath(), new File(scratch, "study.json").getPath());
    assertThat(report.exitCode).as(report.toString()).isZero();
    assertThat(new String(Files.readAllBytes(new File(redrawn, "summary.csv").toPath()), "UTF-8"))
        .isEqualTo(new String(Files.readAllBytes(new File(out, "summary.csv").toPath()), "UTF-8"));
    assertThat(new File(redrawn, "report.html")).isFile();
    assertThat(new File(redrawn, "charts/tps-vs-threads-rename.png")).isFile();
    assertThat(report.stdout).contains("rename: mean TPS");

    // all four phases remove what they made: only MetaBench's marker stays
    assertThat(localTree(local).keySet()).allMatch(p -> p.startsWith(".metabench"));
  }

  @Test
  void eachTargetConcurrencyAndPhaseIsWarmedOnceAndLaterRunsSayWhichRunWarmedThem()
      throws Exception {
    File json = new File(scratch, "warm.json");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write,stat,delete", "-numFiles", "20", "-threads", "1,2", "-iterations", "3",
        "-clientWarmup", "2", "-baseDir", new File(scratch, "warm").toURI().toString(),
        "-outDir", new File(scratch, "warm-out").getPath(), "-jsonOut", json.getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    int warmUps = 0;
    for (JsonNode run : new com.fasterxml.jackson.databind.ObjectMapper().readTree(json)
        .get("runs")) {
      int iteration = run.get("iteration").asInt();
      for (JsonNode phase : run.get("result").get("phases")) {
        JsonNode w = phase.get("clientWarmup");
        if (w.get("calls").asLong() > 0) {
          warmUps++;
          assertThat(iteration).as(phase.toString()).isEqualTo(1);
        } else {
          // Runs 1 and 2 warmed 1 and 2 threads: iterations 2 and 3 start on compiled code.
          assertThat(w.get("warmedByRun").asInt()).as(phase.toString())
              .isEqualTo(run.get("threads").asInt());
        }
      }
    }
    // Once per concurrency and phase: 2 concurrencies x 3 phases, in 6 runs of 3 phases.
    assertThat(warmUps).isEqualTo(6);
    assertThat(new String(Files.readAllBytes(new File(scratch, "warm-out/runs.txt").toPath()),
        java.nio.charset.StandardCharsets.UTF_8)).contains("no client warm-up: this JVM ran these "
        + "phases at this concurrency in run 1 of the study, so they start on compiled code");
  }

  @Test
  void aSizedStudysLaterIterationsKeepTheCountItsFirstRunWasSizedTo() throws Exception {
    File json = new File(scratch, "sized.json");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write,delete", "-threads", "1", "-iterations", "2", "-clientWarmup", "2",
        // Short phases: what is checked is the count the later run keeps, not their rates. The
        // count is the warm-up's delete rate's (up to 260,000 a second here) and creates into
        // this disk ran 5,000-65,000 a second: at 500 ms a phase a run took up to a minute.
        "-sizeFor", "100ms", "-baseDir", new File(scratch, "sized").toURI().toString(),
        "-outDir", new File(scratch, "sized-out").getPath(), "-jsonOut", json.getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode runs = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).get("runs");
    JsonNode first = runs.get(0).get("result").get("parameters");
    JsonNode second = runs.get(1).get("result").get("parameters");
    assertThat(first.get("sized").asText()).startsWith("sized to measure about 0.1 s a phase");
    assertThat(first.get("numberOfFiles").asLong()).isGreaterThan(100);
    assertThat(second.get("numberOfFiles").asLong()).isEqualTo(first.get("numberOfFiles")
        .asLong());
    assertThat(second.get("sized").asText()).isEqualTo("as run 1 of the study was "
        + first.get("sized").asText());
    assertThat(runs.get(1).get("result").get("phases").get(0).get("clientWarmup")
        .get("warmedByRun").asInt()).isEqualTo(1);
  }

  @Test
  void aForeignSecondTargetIsRefusedBeforeTheFirstIsTouched() throws Exception {
    File first = new File(scratch, "first");
    File foreign = new File(scratch, "foreign");
    assertThat(new File(foreign, "theirs.txt").getParentFile().mkdirs()).isTrue();
    assertThat(new File(foreign, "theirs.txt").createNewFile()).isTrue();
    File out = new File(scratch, "out");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "all",
        "-threads", "1,2", "-target", first.toURI().toString(), "-target",
        foreign.toURI().toString(), "-outDir", out.getPath());
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim().split("\n")).hasSize(1);
    assertThat(r.stderr).contains(foreign.getPath());
    assertThat(first).doesNotExist();
    assertThat(foreign.list()).containsExactly("theirs.txt");
    assertThat(out).doesNotExist();
    assertThat(r.stdout).isEmpty();
  }

  @Test
  void resultsAreNotWrittenOverAnEarlierStudy() throws Exception {
    File out = new File(scratch, "out");
    assertThat(out.mkdirs()).isTrue();
    assertThat(new File(out, "summary.csv").createNewFile()).isTrue();
    File target = new File(scratch, "t");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "all",
        "-threads", "1,2", "-baseDir", target.toURI().toString(), "-outDir", out.getPath());
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("already exists and is not an empty directory");
    assertThat(target).doesNotExist();
  }

  @Test
  void aRunThatCannotStartStopsItsTargetOnlyAndIsReported() throws Exception {
    FaultyLocalFileSystem.reset();
    Configuration conf = new Configuration();
    conf.setClass("fs.faulty.impl", FaultyLocalFileSystem.class, FileSystem.class);
    File faulty = new File(scratch, "faulty");
    File healthy = new File(scratch, "healthy");
    File out = new File(scratch, "out");
    // every 4th delete returns false: the first run leaves files, so the next cannot create
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-D", DELETE_FALSE_EVERY + "=4",
        "-operation", "create_write,delete", "-numFiles", "8", "-threads", "1,2",
        "-target", "bad=faulty://" + faulty.getAbsolutePath(),
        "-target", "good=" + healthy.toURI(), "-outDir", out.getPath());
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    List<String> errors = new ArrayList<>();
    for (CSVRecord row : csv(new File(out, "runs.csv"))) {
      if (row.get("target").equals("good")) {
        assertThat(row.get("error")).isEmpty();
        assertThat(row.get("failed")).isEqualTo("0");
      } else if (row.get("threads").equals("2")) {
        errors.add(row.get("error"));
      } else {
        assertThat(row.get("phase").equals("delete") ? row.get("failed") : "2").isEqualTo("2");
      }
    }
    assertThat(errors).hasSize(2).allMatch(e -> e.contains("could not start"));
    assertThat(r.stdout).contains("not run: bad at 2 threads, iteration 1: run 3 (2 threads, "
        + "iteration 1) could not start");
  }

  @Test
  void theShippedStudyFileRunsWithCommandLineOverrides() throws Exception {
    File out = new File(scratch, "out");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-study", "hdfs-vs-local",
        "-threads", "2", "-iterations", "1", "-numFiles", "5", "-cleanup", "-outDir",
        out.getPath(), "-verbose");
    assertThat(r.exitCode).as(r.toString()).isZero();
    // -verbose: each run's whole table on stdout, under its heading
    assertThat(r.stdout).contains("\n== run 1/2: ").containsPattern("(?m)^phase +workers +ok ");
    List<CSVRecord> summary = csv(new File(out, "summary.csv"));
    // the file's two targets and four phases, at the one concurrency asked on the command line
    assertThat(summary).hasSize(2 * 4);
    assertThat(summary).extracting(row -> row.get("target")).containsOnly("embedded-hdfs",
        "file");
    assertThat(summary).extracting(row -> row.get("ok")).containsOnly("10");
    // -cleanup removed the marker from the file target too
    assertThat(new File("/tmp/metabench-study-local/.metabench")).doesNotExist();
  }
}
