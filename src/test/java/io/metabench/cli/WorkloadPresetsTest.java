package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.BenchConfig;
import io.metabench.config.StudyPlan;
import io.metabench.op.OpType;
import java.io.File;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Every shipped workload is listed under its name, loads by that name from the classpath, and
 * is a configuration MetaBench accepts as it stands (a target given on the command line).
 */
class WorkloadPresetsTest {
  @Test
  void everyShippedFileIsListedAndEveryListedNameIsShipped() {
    File dir = new File("src/main/resources/" + CliParser.WORKLOADS);
    Set<String> files = new TreeSet<>();
    for (String name : dir.list((d, n) -> n.endsWith(".xml"))) {
      files.add(name.substring(0, name.length() - ".xml".length()));
    }
    assertThat(files).isEqualTo(new TreeSet<>(CliParser.SHIPPED_WORKLOADS));
  }

  @Test
  void everyWorkloadRunsByNameAsItStands() {
    for (String name : CliParser.SHIPPED_WORKLOADS) {
      for (String option : Arrays.asList("-workload", "-study")) {
        Configuration conf = new Configuration(false);
        CliParser.parse(new String[] {option, name, "-target", "hdfs://nn:8020/b"}, conf);
        StudyPlan plan = StudyPlan.fromConfiguration(conf);
        assertThat(plan.runs()).as(name).isPositive();
      }
    }
  }

  @Test
  void theCommandLineWinsOverTheWorkload() {
    Configuration conf = new Configuration(false);
    CliParser.parse(new String[] {"-workload", "dfs-perf-mixture", "-mix",
        "open_read:20,create_write:80", "-threads", "4"}, conf);
    StudyPlan plan = StudyPlan.fromConfiguration(conf);
    BenchConfig run = BenchConfig.fromConfiguration(
        plan.runConfiguration(conf, plan.targets().get(0), plan.threadLevels().get(0)));
    assertThat(run.mix().toString()).isEqualTo("open_read:20,create_write:80");
    assertThat(run.threads()).isEqualTo(4);
    assertThat(run.durationMillis()).isEqualTo(60_000);
    assertThat(run.readFileAfterOpen()).isTrue();
  }

  /** Seed 000 as the blog ran it: its operations, its concurrency steps, three targets. */
  @Test
  void hdfsOssJuicefsIsTheBlogsSweepOverTheThreeTargetsGiven() {
    Configuration conf = new Configuration(false);
    CliParser.parse(new String[] {"-workload", "hdfs-oss-juicefs",
        "-target", "hdfs=hdfs://ns/b", "-target", "oss=oss://bucket/b", "-target", "jfs=jfs://v/b"},
        conf);
    StudyPlan plan = StudyPlan.fromConfiguration(conf);
    assertThat(plan.threadLevels()).containsExactly(1, 10, 20, 40, 60, 80);
    assertThat(plan.iterations()).isEqualTo(3);
    assertThat(plan.chartThreads()).isEqualTo(20);
    assertThat(plan.targets()).extracting(StudyPlan.TargetSpec::label)
        .containsExactly("hdfs", "oss", "jfs");
    assertThat(plan.runs()).isEqualTo(3 * 6 * 3);
    BenchConfig run = BenchConfig.fromConfiguration(
        plan.runConfiguration(conf, plan.targets().get(1), 80));
    assertThat(run.operations()).containsExactly(OpType.CREATE_WRITE, OpType.OPEN_READ,
        OpType.RENAME, OpType.DELETE);
    assertThat(run.filesPerWorker()).isEqualTo(200);
  }
}
