package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.MKDIRS_DELAY_MATCHING;
import static io.metabench.testing.FaultyLocalFileSystem.MKDIRS_DELAY_MILLIS;
import static io.metabench.testing.FaultyLocalFileSystem.MKDIRS_FAIL_MATCHING;
import static io.metabench.testing.FaultyLocalFileSystem.STAT_ERROR_MATCHING;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.LogCapture;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * MapReduce mode on the local job runner against a real HDFS: the job does exactly the work the
 * single-process runner does, on per-map paths, and a map that fails or arrives late is reported.
 */
@Isolated
class ITMapReduceLocal {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;
  @TempDir
  File localRoot;

  private static Configuration local() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  @Test
  void aJobDoesExactlyTheWorkOfOneProcessOnPerMapPaths() throws Exception {
    String jobBase = hdfs.uri() + "/mr/job";
    MetaBenchRun create = MetaBenchRun.run(local(), scratch, "-maps", "3", "-threads", "2",
        "-numberOfFiles", "10", "-operation", "create_write", "-baseDir", jobBase);
    assertThat(create.exitCode).as(create.toString()).isZero();
    Map<String, String> files = Trees.named(Trees.list(hdfs.fs(), new Path(jobBase)), "file_");
    assertThat(files).hasSize(60);
    for (int m = 0; m < 3; m++) {
      final String prefix = "data/map_" + m + "/";
      assertThat(files.keySet().stream().filter(n -> n.startsWith(prefix))).hasSize(20);
    }
    JsonNode maps = create.json().get("maps");
    assertThat(maps.get("requested").asInt()).isEqualTo(3);
    assertThat(maps.get("reported").asInt()).isEqualTo(3);
    assertThat(maps.get("missing")).isEmpty();

    MetaBenchRun rest = MetaBenchRun.run(local(), scratch, "-maps", "3", "-threads", "2",
        "-numberOfFiles", "10", "-operation", "open_read,rename,delete", "-baseDir", jobBase);
    assertThat(rest.exitCode).as(rest.toString()).isZero();
    assertThat(Trees.named(Trees.list(hdfs.fs(), new Path(jobBase)), "file_")).isEmpty();
    assertThat(hdfs.fs().exists(new Path(jobBase + "/.metabench/jobs"))).isFalse();

    // The same total work in one process: 6 workers x 10 files.
    String oneBase = hdfs.uri() + "/mr/one";
    MetaBenchRun one = MetaBenchRun.run(local(), scratch, "-threads", "6", "-numberOfFiles",
        "10", "-operation", "create_write,open_read,rename,delete", "-baseDir", oneBase);
    assertThat(one.exitCode).as(one.toString()).isZero();
    assertThat(create.phase("create_write").get("successful").asLong())
        .isEqualTo(one.phase("create_write").get("successful").asLong()).isEqualTo(60);
    for (String op : new String[] {"open_read", "rename", "delete"}) {
      assertThat(rest.phase(op).get("successful").asLong()).as(op)
          .isEqualTo(one.phase(op).get("successful").asLong()).isEqualTo(60);
      assertThat(rest.phase(op).get("attempted").asLong()).as(op).isEqualTo(60);
      assertThat(rest.phase(op).get("workers").asInt()).as(op).isEqualTo(6);
    }
    assertThat(rest.stdout).contains("MapReduce job: 3 maps requested, 3 reported, missing: none");
  }

  @Test
  void aJobWithCleanupLeavesNothing() throws Exception {
    String base = hdfs.uri() + "/mr/cleanup";
    MetaBenchRun r;
    try (LogCapture log = new LogCapture()) {
      r = MetaBenchRun.run(local(), scratch, "-maps", "2", "-threads", "2", "-numberOfFiles",
          "5", "-operation", "create_write,rename", "-cleanup", "-baseDir", base);
      // The local job runner's tracking URL is served by nothing: not shown.
      assertThat(log.text()).contains("submitted to the local job runner (in this process; it "
          + "has no web page)").doesNotContain("localhost:8080");
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(hdfs.fs().exists(new Path(base))).isFalse();
    // What each map's cleanup removed, added up: the renamed files of 2 maps x 2 workers x 5.
    assertThat(r.json().get("cleanup").get("filesRemoved").asLong()).isEqualTo(20);
  }

  private Configuration faulty() {
    Configuration conf = local();
    conf.setClass("fs.faulty.impl", FaultyLocalFileSystem.class, FileSystem.class);
    return conf;
  }

  private String faultyBase(String name) {
    return "faulty://" + new File(localRoot, name).getAbsolutePath();
  }

  @Test
  void aMapThatFailsIsReportedMissingAndTheExitCodeSaysSo() throws Exception {
    Configuration conf = faulty();
    conf.set(MKDIRS_FAIL_MATCHING, "/data/map_1/");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "3", "-threads", "2",
        "-numberOfFiles", "5", "-operation", "create_write", "-barrierTimeout", "5",
        "-baseDir", faultyBase("failing"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode maps = r.json().get("maps");
    assertThat(maps.get("reported").asInt()).isEqualTo(2);
    assertThat(maps.get("missing").get(0).asInt()).isEqualTo(1);
    assertThat(r.phase("create_write").get("successful").asLong()).isEqualTo(20);
    assertThat(r.stdout).contains("missing: [1]");
  }

  @Test
  void aMapThatFailsMidRunIsNotWaitedForAtLaterBarriers() throws Exception {
    Configuration conf = faulty();
    conf.set(STAT_ERROR_MATCHING, "/data/map_1/");
    long began = System.nanoTime();
    MetaBenchRun r;
    String logged;
    try (LogCapture log = new LogCapture()) {
      r = MetaBenchRun.run(conf, scratch, "-maps", "3", "-threads", "2", "-numberOfFiles", "5",
          "-operation", "create_write,stat,delete", "-barrierTimeout", "90", "-baseDir",
          faultyBase("failing-later"));
      logged = log.text();
    }
    long seconds = (System.nanoTime() - began) / 1_000_000_000L;
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    // Without the failure record the two others would wait 90 s at the delete's barrier.
    assertThat(seconds).as(r.toString()).isLessThan(60);
    assertThat(r.json().get("maps").get("missing").get(0).asInt()).isEqualTo(1);
    assertThat(r.phase("delete").get("successful").asLong()).isEqualTo(20);
    assertThat(r.phase("delete").get("lateMaps").asInt()).isZero();
    JsonNode failed = r.json().get("maps").get("failed");
    assertThat(failed).hasSize(1);
    assertThat(failed.get(0).get("map").asInt()).isEqualTo(1);
    assertThat(failed.get(0).get("phase").asText()).isEqualTo("stat");
    assertThat(failed.get(0).get("cause").asText()).contains("injected fault: getFileStatus");
    assertThat(r.stdout).containsPattern("map 1 failed in stat, and the other maps went on "
        + "without it: .*injected fault");
    assertThat(logged).containsPattern("map 1 failed in phase 2 \\(stat\\), and the other maps "
        + "went on without it: .*java.lang.Error: injected fault: getFileStatus .*/data/map_1/");
  }

  @Test
  void moreMapsThanTheRunnerRunsAtOnceAreRefusedBeforeAnythingIsMade() throws Exception {
    Configuration conf = local();
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    File base = new File(localRoot, "too-many");
    long began = System.nanoTime();
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "4", "-threads", "1",
        "-numberOfFiles", "20", "-operation", "create_write,delete", "-barrierTimeout", "60",
        "-baseDir", base.toURI().toString());
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat((System.nanoTime() - began) / 1_000_000_000L).isLessThan(30);
    assertThat(r.stderr.trim().split("\n")).filteredOn(l -> l.contains("-maps 4")).containsExactly(
        "metabench: -maps 4 needs 4 maps running at once to meet at each phase's barrier, but the local job "
        + "runner runs at most 2 (mapreduce.local.map.tasks.maximum): give -maps 2 or fewer, or "
        + "raise mapreduce.local.map.tasks.maximum to 4 or more (nothing was changed)");
    assertThat(base).doesNotExist();
  }

  @Test
  void aMapArrivingAfterTheBarrierTimedOutIsCountedLate() throws Exception {
    Configuration conf = faulty();
    conf.set(MKDIRS_DELAY_MATCHING, "/data/map_2/");
    conf.setLong(MKDIRS_DELAY_MILLIS, 4000);
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "3", "-threads", "1",
        "-numberOfFiles", "3", "-operation", "create_write", "-barrierTimeout", "1",
        "-baseDir", faultyBase("late"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode phase = r.phase("create_write");
    assertThat(phase.get("lateMaps").asInt()).isEqualTo(1);
    assertThat(phase.get("successful").asLong()).isEqualTo(9);
    for (JsonNode map : r.json().get("maps").get("perMap")) {
      assertThat(map.get("phases").get(0).get("lateMap").asBoolean()).as(map.toString())
          .isEqualTo(map.get("map").asInt() == 2);
    }
  }

  @Test
  void aStoppedJobIsKilledAndReportedAsPartial() throws Exception {
    Configuration conf = faulty();
    conf.setLong(io.metabench.testing.FaultyLocalFileSystem.CREATE_DELAY_MILLIS, 30_000);
    io.metabench.core.StopRequest stop = new io.metabench.core.StopRequest();
    java.util.concurrent.ExecutorService driver =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<MetaBenchRun> run = driver.submit(() -> MetaBenchRun.run(conf,
          scratch, stop, "-maps", "2", "-threads", "1", "-numberOfFiles", "3", "-operation",
          "create_write", "-baseDir", faultyBase("killed")));
      // the maps hang in their first create; then Ctrl-C reaches the driver
      File map0 = new File(new java.net.URI(faultyBase("killed").replace("faulty:", "file:")
          + "/data/map_0/thread_0"));
      for (int i = 0; i < 400 && !map0.exists(); i++) {
        Thread.sleep(50);
      }
      Thread.sleep(1000);
      long stoppedAt = System.nanoTime();
      stop.request("interrupted by SIGINT");
      MetaBenchRun r = run.get(60, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(System.nanoTime() - stoppedAt).isLessThan(30_000_000_000L);
      assertThat(r.exitCode).as(r.toString()).isEqualTo(130);
      assertThat(r.json().get("partial").asBoolean()).isTrue();
      assertThat(r.json().get("interruptedBy").asText()).isEqualTo("interrupted by SIGINT");
      assertThat(r.stdout).contains("Stopped early (interrupted by SIGINT)");
    } finally {
      driver.shutdownNow();
    }
  }
}
