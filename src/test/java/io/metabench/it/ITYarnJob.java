package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.MKDIRS_FAIL_MATCHING;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.PrivateNetwork;
import io.metabench.testing.ScriptRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MapReduce mode on a real YARN cluster (MiniMRYarnCluster: a ResourceManager and a NodeManager
 * whose containers are separate JVMs) against a real HDFS, submitted the way {@code hadoop jar}
 * does: the tasks get MetaBench from the thin jar (with its relocated commons-cli and
 * HdrHistogram), shipped as the job jar and put before everything else on their classpath.
 *
 * <p>The MapReduce ApplicationMaster and the shuffle handler listen on all interfaces whatever
 * the bind-host settings say, so this test runs only in Failsafe's {@code yarn-in-netns}
 * execution, whose JVM {@code src/test/scripts/bin/java-in-netns.sh} starts in a private network
 * namespace with nothing but loopback. It fails there when the namespace could not be made.
 */
class ITYarnJob {
  private static final String[] OPS = {"create_write", "open_read", "rename", "delete"};
  private static final int NODE_MANAGERS = 1;

  private static MiniHdfs hdfs;
  private static MiniMRYarnCluster yarn;

  @TempDir
  File scratch;
  @TempDir
  File localRoot;

  @BeforeAll
  static void startClusters() throws Exception {
    PrivateNetwork.require(ITYarnJob.class.getSimpleName());
    hdfs = MiniHdfs.start();
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", hdfs.uri().toString());
    conf.set("yarn.app.mapreduce.am.staging-dir", "/apps_staging_dir");
    for (String key : new String[] {"yarn.resourcemanager.bind-host",
        "yarn.nodemanager.bind-host", "yarn.timeline-service.bind-host",
        "mapreduce.jobhistory.bind-host"}) {
      conf.set(key, "127.0.0.1");
    }
    // No JobHistoryServer: the driver reads the maps' committed output, not job history.
    conf.setBoolean(MiniMRYarnCluster.MR_HISTORY_MINICLUSTER_ENABLED, false);
    // Small containers, and room for the ApplicationMaster and all 4 maps at once: the maps meet
    // at a barrier before each phase, so they must all run together.
    conf.setInt("yarn.scheduler.minimum-allocation-mb", 128);
    conf.setInt("yarn.scheduler.maximum-allocation-mb", 1024);
    conf.setInt("yarn.nodemanager.resource.memory-mb", 3072);
    conf.setInt("yarn.nodemanager.resource.cpu-vcores", 8);
    conf.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
    conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    conf.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage",
        99.9f);
    // The ApplicationMaster's and maps' JVMs live for seconds, and what is checked is what the
    // job does, not its figures: C1 alone starts them quicker.
    String opts = "-Xmx256m " + ScriptRun.QUICK_JIT + " " + PrivateNetwork.jvmOpens();
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.set("yarn.app.mapreduce.am.command-opts", opts);
    conf.setInt("mapreduce.map.memory.mb", 512);
    conf.set("mapreduce.map.java.opts", opts);
    conf.setInt("mapreduce.reduce.memory.mb", 512);
    conf.set("mapreduce.reduce.java.opts", opts);
    yarn = new MiniMRYarnCluster(ITYarnJob.class.getSimpleName(), NODE_MANAGERS);
    yarn.init(conf);
    yarn.start();
  }

  @AfterAll
  static void stopClusters() {
    if (yarn != null) {
      yarn.stop();
      FileUtil.fullyDelete(yarn.getTestWorkDir());
    }
    if (hdfs != null) {
      hdfs.close();
    }
  }

  /** The YARN cluster's configuration, submitting the thin jar as `hadoop jar` does. */
  private static Configuration onYarn() {
    Configuration conf = new Configuration(yarn.getConfig());
    assertThat(conf.get("mapreduce.framework.name")).isEqualTo("yarn");
    assertThat(conf.get("fs.defaultFS")).isEqualTo(hdfs.uri().toString());
    File thinJar = new File(System.getProperty("metabench.thin.jar", ""));
    assertThat(thinJar).as("the thin jar (mvn package)").isFile();
    // MetaBenchJob's setJarByClass finds no jar (this JVM loads target/classes) and keeps this.
    conf.set("mapreduce.job.jar", thinJar.getAbsolutePath());
    // The containers inherit this JVM's classpath (MiniYARNCluster does that, as a cluster puts
    // Hadoop there); the job jar goes first so that MetaBench comes from it, as on a cluster.
    conf.setBoolean("mapreduce.job.user.classpath.first", true);
    return conf;
  }

  @Test
  void aJobOnYarnDoesTheWorkOfOneProcessAndItsMapsRunTheThinJar() throws Exception {
    Configuration conf = onYarn();
    // Each task JVM logs where it loaded every class from (to its container's stdout file).
    conf.set("mapreduce.map.java.opts", conf.get("mapreduce.map.java.opts") + " -verbose:class");
    String jobBase = hdfs.uri() + "/yarn/job";
    MetaBenchRun job = MetaBenchRun.run(conf, scratch, "-maps", "4", "-threads", "4",
        "-numberOfFiles", "25", "-operation", String.join(",", OPS), "-barrierTimeout", "60",
        "-baseDir", jobBase);
    System.out.println("=== ITYarnJob: MapReduce job on YARN, -maps 4 -threads 4 "
        + "-numberOfFiles 25\n" + job.stdout);
    assertThat(job.exitCode).as(job.toString()).isZero();

    JsonNode maps = job.json().get("maps");
    assertThat(maps.get("requested").asInt()).isEqualTo(4);
    assertThat(maps.get("reported").asInt()).isEqualTo(4);
    assertThat(maps.get("missing")).isEmpty();
    List<Integer> indexes = new ArrayList<>();
    for (JsonNode map : maps.get("perMap")) {
      indexes.add(map.get("map").asInt());
      assertThat(map.get("taskAttempt").asText()).startsWith("attempt_");
      JsonNode phases = map.get("phases");
      assertThat(phases).hasSize(OPS.length);
      for (int i = 0; i < OPS.length; i++) {
        JsonNode p = phases.get(i);
        assertThat(p.get("operation").asText()).isEqualTo(OPS[i]);
        // 4 workers x 25 items each, on the map's own paths: a create on another map's name
        // would have failed, and every map found its own items again in the later phases.
        assertThat(p.get("attempted").asLong()).as(map.toString()).isEqualTo(100);
        assertThat(p.get("successful").asLong()).as(map.toString()).isEqualTo(100);
        assertThat(p.get("lateMap").asBoolean()).as("all 4 maps ran at once").isFalse();
      }
    }
    assertThat(indexes).containsExactlyInAnyOrder(0, 1, 2, 3);
    for (String op : OPS) {
      JsonNode p = job.phase(op);
      assertThat(p.get("successful").asLong()).as(op).isEqualTo(400);
      assertThat(p.get("attempted").asLong()).as(op).isEqualTo(400);
      assertThat(p.get("workers").asInt()).as(op).isEqualTo(16);
    }
    assertThat(job.stdout).contains("MapReduce job: 4 maps requested, 4 reported, missing: none");
    for (int m = 0; m < 4; m++) {
      for (String op : OPS) {
        assertThat(job.stdout).as("per-map row of map %d, %s", m, op)
            .containsPattern("(?m)^" + m + " +\\S+ +" + op + " +100 +0 +no ");
      }
    }
    FileSystem fs = hdfs.fs();
    assertThat(Trees.named(Trees.list(fs, new org.apache.hadoop.fs.Path(jobBase)), "file_"))
        .isEmpty();
    assertThat(fs.exists(new org.apache.hadoop.fs.Path(jobBase + "/.metabench/jobs"))).isFalse();
    assertMapsLoadedMetaBenchFromTheJobJar(4);

    // The same total work in one process: 16 workers x 25 files.
    MetaBenchRun one = MetaBenchRun.run(onYarn(), scratch, "-threads", "16", "-numberOfFiles",
        "25", "-operation", String.join(",", OPS), "-baseDir", hdfs.uri() + "/yarn/one");
    System.out.println("=== ITYarnJob: one process, -threads 16 -numberOfFiles 25\n"
        + one.stdout);
    assertThat(one.exitCode).as(one.toString()).isZero();
    for (String op : OPS) {
      assertThat(job.phase(op).get("successful").asLong()).as(op)
          .isEqualTo(one.phase(op).get("successful").asLong());
      assertThat(job.phase(op).get("attempted").asLong()).as(op)
          .isEqualTo(one.phase(op).get("attempted").asLong());
      assertThat(job.phase(op).get("workers").asInt()).as(op)
          .isEqualTo(one.phase(op).get("workers").asInt());
    }
  }

  @Test
  void aMixOnYarnDrawsWhatOneProcessWithAsManyWorkersDraws() throws Exception {
    String[] mix = {"-operation", "create_write,mix", "-mix", "stat:50,open_read:30,rename:20",
        "-numberOfFiles", "10", "-seed", "7"};
    List<String> jobArgs = new ArrayList<>(java.util.Arrays.asList(mix));
    jobArgs.addAll(java.util.Arrays.asList("-maps", "2", "-threads", "2", "-barrierTimeout",
        "60", "-baseDir", hdfs.uri() + "/yarn/mix-job"));
    MetaBenchRun job = MetaBenchRun.run(onYarn(), scratch, jobArgs.toArray(new String[0]));
    assertThat(job.exitCode).as(job.toString()).isZero();
    List<String> oneArgs = new ArrayList<>(java.util.Arrays.asList(mix));
    oneArgs.addAll(java.util.Arrays.asList("-threads", "4", "-baseDir",
        hdfs.uri() + "/yarn/mix-one"));
    MetaBenchRun one = MetaBenchRun.run(onYarn(), scratch, oneArgs.toArray(new String[0]));
    assertThat(one.exitCode).as(one.toString()).isZero();
    long drawn = 0;
    for (String op : new String[] {"mix:stat", "mix:open_read", "mix:rename"}) {
      // Worker t of map m draws from stream m x threads + t: the same draws as worker
      // m x threads + t of one process.
      assertThat(job.phase(op).get("attempted").asLong()).as(op)
          .isEqualTo(one.phase(op).get("attempted").asLong());
      assertThat(job.phase(op).get("failed").asLong()).as(op).isZero();
      drawn += job.phase(op).get("attempted").asLong();
    }
    assertThat(drawn).isEqualTo(40);
    // The maps' series, combined by wall-clock second, count every draw.
    long inSeries = 0;
    for (String row : java.nio.file.Files.readAllLines(job.seriesFile().toPath())) {
      if (row.startsWith("mix:")) {
        inSeries += Long.parseLong(row.split(",")[3]) + Long.parseLong(row.split(",")[4]);
      }
    }
    assertThat(inSeries).isEqualTo(drawn);
  }

  /**
   * Every map task JVM (its container's stdout, with -verbose:class) loaded the mapper and the
   * relocated HdrHistogram from the localized job jar, not from target/classes.
   */
  private static void assertMapsLoadedMetaBenchFromTheJobJar(int maps) throws IOException {
    List<Path> stdouts;
    try (Stream<Path> files = Files.walk(yarn.getTestWorkDir().toPath())) {
      stdouts = files.filter(f -> f.getFileName().toString().equals("stdout"))
          .collect(Collectors.toList());
    }
    int mapJvms = 0;
    for (Path stdout : stdouts) {
      List<String> lines = Files.readAllLines(stdout, StandardCharsets.UTF_8);
      List<String> mapper = classLoads(lines, "io.metabench.mapred.MetaBenchMapper");
      if (mapper.isEmpty()) {
        continue;
      }
      mapJvms++;
      List<String> histogram = classLoads(lines, "io.metabench.shaded.hdrhistogram.Histogram");
      assertThat(histogram).as(stdout.toString()).isNotEmpty();
      for (String line : concat(mapper, histogram)) {
        assertThat(line).as(stdout.toString()).contains("job.jar").doesNotContain("target/classes");
      }
      if (mapJvms == 1) {
        System.out.println("=== ITYarnJob: a map task JVM's class loading (-verbose:class)\n"
            + mapper.get(0) + "\n" + histogram.get(0));
      }
      assertThat(classLoads(lines, "org.HdrHistogram.Histogram")).as(stdout.toString()).isEmpty();
    }
    assertThat(mapJvms).as("map task JVMs that logged their class loading under %s",
        yarn.getTestWorkDir()).isEqualTo(maps);
  }

  /** -verbose:class lines for class {@code name}: "[Loaded NAME from ...]" or "NAME source: ...". */
  private static List<String> classLoads(List<String> lines, String name) {
    return lines.stream()
        .filter(l -> l.contains(" " + name + " source: ") || l.contains("[Loaded " + name + " "))
        .collect(Collectors.toList());
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  @Test
  void moreMapsThanTheClusterHasRoomForAreRefusedBeforeAnythingIsMade() throws Exception {
    // One NodeManager: room for the 512 MB master and a few 512 MB maps, far from 64.
    MetaBenchRun r = MetaBenchRun.run(onYarn(), scratch, "-maps", "64", "-threads", "1",
        "-numberOfFiles", "5", "-operation", "create_write", "-baseDir",
        hdfs.uri() + "/yarn/too-many");
    System.out.println("=== ITYarnJob: -maps 64 on one small NodeManager\n" + r.stderr);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("-maps 64 needs 64 maps running "
        + "at once to meet at each phase's barrier, but the cluster has room for ([0-9]+) at once "
        + "\\(512 MB each, in queue default, beside the ApplicationMaster\\): give -maps \\1 or "
        + "fewer").matcher(r.stderr);
    assertThat(m.find()).as(r.stderr).isTrue();
    // The other tests run 4 maps at once on this cluster: the figure is not too low either.
    assertThat(Integer.parseInt(m.group(1))).isBetween(4, 63);
    try (FileSystem fs = FileSystem.newInstance(hdfs.uri(), new Configuration())) {
      assertThat(fs.exists(new org.apache.hadoop.fs.Path("/yarn/too-many"))).isFalse();
    }
  }

  /**
   * Eight maps on YARN, and one of them killed from outside (kill -9 of its task JVM) in the
   * middle of the first phase: the driver learns it from the job's task events and tells the
   * barrier, so the seven others start the next phase without waiting for it.
   */
  @Test
  void eightMapsOnYarnGoOnWithoutOneKilledMidPhase() throws Exception {
    Configuration conf = onYarn();
    // Room for 8 maps beside the master on the one NodeManager.
    conf.setInt("mapreduce.map.memory.mb", 256);
    conf.setClass("fs.faulty.impl", FaultyLocalFileSystem.class, FileSystem.class);
    conf.setLong(FaultyLocalFileSystem.CREATE_DELAY_MILLIS, 100);
    File base = new File(localRoot, "killed");
    java.util.concurrent.ExecutorService driver =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<MetaBenchRun> run = driver.submit(() -> MetaBenchRun.run(conf,
          scratch, "-maps", "8", "-threads", "2", "-numberOfFiles", "40", "-operation",
          "create_write,open_read,delete", "-barrierTimeout", "240", "-baseDir",
          "faulty://" + base.getAbsolutePath()));
      // The first phase runs about 4 s (40 creates of 100 ms per worker): kill map 5 in it.
      long deadline = System.nanoTime() + 180_000_000_000L;
      while (!started(base) && System.nanoTime() < deadline && !run.isDone()) {
        Thread.sleep(200);
      }
      assertThat(started(base)).as("the maps met at the first barrier").isTrue();
      Thread.sleep(1000);
      long killedAt = System.nanoTime();
      ProcessBuilder pgrep = new ProcessBuilder("pgrep", "-f", "_m_000005_0");
      String pids = new String(readAll(pgrep.start()), StandardCharsets.UTF_8).trim();
      assertThat(pids).as("map 5's task JVM").isNotEmpty();
      for (String pid : pids.split("\\s+")) {
        new ProcessBuilder("kill", "-9", pid).start().waitFor();
      }
      MetaBenchRun r = run.get(10, java.util.concurrent.TimeUnit.MINUTES);
      long afterKill = (System.nanoTime() - killedAt) / 1_000_000_000L;
      System.out.println("=== ITYarnJob: 8 maps, map 5 killed mid-phase\n" + r.stdout);
      // Without the release the seven would wait 240 s at the open_read barrier.
      assertThat(afterKill).as(r.toString()).isLessThan(150);
      assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
      JsonNode maps = r.json().get("maps");
      assertThat(maps.get("requested").asInt()).isEqualTo(8);
      assertThat(maps.get("reported").asInt()).isEqualTo(7);
      assertThat(maps.get("missing").get(0).asInt()).isEqualTo(5);
      assertThat(r.phase("delete").get("successful").asLong()).isEqualTo(7 * 2 * 40);
      assertThat(r.phase("delete").get("lateMaps").asInt()).isZero();
      assertThat(r.stdout).contains("MapReduce job: 8 maps requested, 7 reported, missing: [5]")
          .containsPattern("map 5 failed in create_write, and the other maps went on without it: "
              + "its task attempt attempt_[0-9_]+_m_000005_0 was (failed|killed|tipfailed)");
    } finally {
      driver.shutdownNow();
    }
  }

  /** Whether the maps have started the first phase: its start signal is in the job's barrier. */
  private static boolean started(File base) throws IOException {
    try (Stream<Path> all = Files.walk(base.toPath())) {
      return all.anyMatch(p -> p.endsWith("_GO") && p.getParent().endsWith("phase_0"));
    } catch (java.io.UncheckedIOException | java.nio.file.NoSuchFileException e) {
      return false;
    }
  }

  private static byte[] readAll(Process p) throws IOException, InterruptedException {
    byte[] out = org.apache.commons.io.IOUtils.toByteArray(p.getInputStream());
    p.waitFor();
    return out;
  }

  @Test
  void aMapThatFailsOnYarnIsReportedMissingAndTheExitCodeSaysSo() throws Exception {
    Configuration conf = onYarn();
    // The task JVMs inherit this JVM's classpath, test classes included.
    conf.setClass("fs.faulty.impl", FaultyLocalFileSystem.class, FileSystem.class);
    conf.set(MKDIRS_FAIL_MATCHING, "/data/map_1/");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "4", "-threads", "2",
        "-numberOfFiles", "5", "-operation", "create_write", "-barrierTimeout", "5",
        "-baseDir", "faulty://" + new File(localRoot, "failing").getAbsolutePath());
    System.out.println("=== ITYarnJob: map 1 fails\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode maps = r.json().get("maps");
    assertThat(maps.get("requested").asInt()).isEqualTo(4);
    assertThat(maps.get("reported").asInt()).as(r.toString()).isEqualTo(3);
    assertThat(maps.get("missing")).hasSize(1);
    assertThat(maps.get("missing").get(0).asInt()).isEqualTo(1);
    assertThat(r.phase("create_write").get("successful").asLong()).isEqualTo(30);
    assertThat(r.stdout).contains("MapReduce job: 4 maps requested, 3 reported, missing: [1]")
        .contains("1 of 4 maps left no report (exit code 1).");
  }
}
