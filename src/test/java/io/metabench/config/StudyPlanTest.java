package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class StudyPlanTest {

  private static Configuration conf(String... keyValues) {
    Configuration c = new Configuration(false);
    c.set(ConfigKeys.OPERATIONS, "all");
    for (int i = 0; i < keyValues.length; i += 2) {
      c.set(keyValues[i], keyValues[i + 1]);
    }
    return c;
  }

  @Test
  void threadLevelsComeAsNumbersListsRangesAndDoublingRanges() {
    assertThat(StudyPlan.parseLevels("16")).containsExactly(16);
    assertThat(StudyPlan.parseLevels("8, 1,4,2,4")).containsExactly(1, 2, 4, 8);
    assertThat(StudyPlan.parseLevels("3-6")).containsExactly(3, 4, 5, 6);
    assertThat(StudyPlan.parseLevels("1-64*2")).containsExactly(1, 2, 4, 8, 16, 32, 64);
    assertThat(StudyPlan.parseLevels("1-80*2,80")).containsExactly(1, 2, 4, 8, 16, 32, 64, 80);
    assertThat(StudyPlan.parseLevels("1-100*10")).containsExactly(1, 10, 100);
  }

  @Test
  void unusableThreadLevelsAreRefusedWithTheForms() {
    for (String bad : Arrays.asList("0", "-1", "two", "4-2", "1-8*1", "1,,2", "1-1000",
        "200000")) {
      assertThatThrownBy(() -> StudyPlan.parseLevels(bad)).as(bad)
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("-threads '" + bad + "'")
          .hasMessageContaining("a doubling range (1-64*2)");
    }
  }

  @Test
  void aPlainRunIsAStudyOfOneRun() {
    StudyPlan plan = StudyPlan.fromConfiguration(conf(ConfigKeys.THREADS, "4"));
    assertThat(plan.runs()).isEqualTo(1);
    assertThat(plan.isStudy()).isFalse();
    assertThat(plan.targets()).hasSize(1);
    assertThat(plan.targets().get(0).baseDir()).isEqualTo(Option.BASE_DIR.defaultValue());
    assertThat(StudyPlan.fromConfiguration(conf(ConfigKeys.OUT_DIR, "/tmp/x")).isStudy())
        .isTrue();
  }

  @Test
  void runsAreTargetsTimesLevelsTimesIterations() {
    StudyPlan plan = StudyPlan.fromConfiguration(conf(ConfigKeys.THREADS, "1,2,4",
        ConfigKeys.ITERATIONS, "3", ConfigKeys.TARGETS,
        "hdfs://nn:8020/b, local=file:///tmp/b"));
    assertThat(plan.runs()).isEqualTo(18);
    assertThat(plan.runsPerTarget()).isEqualTo(9);
    assertThat(plan.targets()).extracting(StudyPlan.TargetSpec::label)
        .containsExactly("", "local");
    assertThat(plan.targets()).extracting(StudyPlan.TargetSpec::baseDir)
        .containsExactly("hdfs://nn:8020/b", "file:///tmp/b");
  }

  @Test
  void eachRunReadsItsOwnThreadsAndBaseDir() {
    Configuration c = conf(ConfigKeys.THREADS, "1,8", ConfigKeys.TARGETS, "a=file:///tmp/a");
    StudyPlan plan = StudyPlan.fromConfiguration(c);
    BenchConfig run = BenchConfig.fromConfiguration(
        plan.runConfiguration(c, plan.targets().get(0), 8));
    assertThat(run.threads()).isEqualTo(8);
    assertThat(run.baseDir()).isEqualTo("file:///tmp/a");
    assertThat(c.get(ConfigKeys.THREADS)).isEqualTo("1,8"); // the study's conf is not changed
  }

  @Test
  void aSequenceThatLeavesItemsCannotRepeatUnlessCleanupRemovesThem() {
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write,open_read", ConfigKeys.THREADS, "1,2")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("leaves files or directories behind")
        .hasMessageContaining("add -cleanup");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "mkdirs", ConfigKeys.ITERATIONS, "2")))
        .isInstanceOf(InvalidInputException.class);
    assertThat(StudyPlan.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
        ConfigKeys.THREADS, "1,2", ConfigKeys.CLEANUP, "true")).runs()).isEqualTo(2);
    assertThat(StudyPlan.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write,rename,delete", ConfigKeys.ITERATIONS, "2")).runs()).isEqualTo(2);
    // several targets, one run each: nothing repeats on a target
    assertThat(StudyPlan.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
        ConfigKeys.TARGETS, "file:///tmp/a,file:///tmp/b")).runs()).isEqualTo(2);
  }

  @Test
  void badTargetsAndOptionsAreRefused() {
    Configuration both = conf(ConfigKeys.TARGETS, "file:///tmp/a");
    both.set(ConfigKeys.BASE_DIR, "/x");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(both))
        .hasMessageContaining("both -baseDir and -target");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.TARGETS,
        "a=file:///tmp/a,a=file:///tmp/b"))).hasMessageContaining("label 'a' is given twice");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.TARGETS,
        "file:///tmp/a,,file:///tmp/b"))).hasMessageContaining("-target is empty");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.ITERATIONS, "0")))
        .hasMessageContaining("-iterations 0 is zero");
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.THREADS, "1,2",
        ConfigKeys.CHART_THREADS, "4"))).hasMessageContaining("-chartThreads 4 is not one of");
    // every run's configuration is checked before anything runs
    assertThatThrownBy(() -> StudyPlan.fromConfiguration(conf(ConfigKeys.TARGETS,
        "file:///tmp/a", ConfigKeys.FILES_PER_WORKER, "0")))
        .hasMessageContaining("-numberOfFiles 0");
  }

  @Test
  void aUriIsNotTakenForALabel() {
    StudyPlan plan = StudyPlan.fromConfiguration(conf(ConfigKeys.TARGETS,
        "s3a://bucket/dir?x=1"));
    assertThat(plan.targets().get(0).label()).isEmpty();
    assertThat(plan.targets().get(0).baseDir()).isEqualTo("s3a://bucket/dir?x=1");
  }
}
