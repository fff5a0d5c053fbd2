package io.metabench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.config.StudyPlan;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class StudyEtaTest {
  private static Configuration conf(String threads, String iterations) {
    Configuration conf = new Configuration(false);
    conf.set(ConfigKeys.THREADS, threads);
    conf.set(ConfigKeys.ITERATIONS, iterations);
    conf.set(ConfigKeys.OPERATIONS, "create_write,delete");
    return conf;
  }

  private static BenchConfig first(StudyPlan plan, Configuration conf) {
    return BenchConfig.fromConfiguration(plan.runConfiguration(conf, plan.targets().get(0),
        plan.threadLevels().get(0)));
  }

  @Test
  void theTimeLeftComesFromTheCellsOwnRunsOnceItHasThem() {
    // 2 iterations x threads 1,4 x one target: the order is (1), (4), (1), (4).
    StudyEta eta = new StudyEta(StudyPlan.fromConfiguration(conf("1,4", "2")));
    assertThat(eta.secondsLeft(1)).isNaN();
    eta.finished(1, 10, 4);
    // Nothing yet at 4 threads: the target's mean stands in for it, warm-up included (its first
    // run warms); run 3 repeats run 1 without its 4 s of warm-up.
    assertThat(eta.secondsLeft(2)).isEqualTo(10.0 + 6 + 10);
    eta.finished(2, 40, 10);
    // The last two runs repeat their cells' first, warm already.
    assertThat(eta.secondsLeft(3)).isEqualTo(6.0 + 30);
    eta.finished(3, 20, 0);
    assertThat(eta.secondsLeft(4)).isEqualTo(30.0);
  }

  @Test
  void aRunNotRunLeavesTheEstimateToTheOthers() {
    StudyEta eta = new StudyEta(StudyPlan.fromConfiguration(conf("1,2,4", "1")));
    eta.finished(1, 6, 0);
    // Run 2 did not run (no figure): run 3 on takes the target's mean.
    assertThat(eta.secondsLeft(3)).isEqualTo(6.0);
  }

  @Test
  void thePlanLineSaysHowManyRunsAndWhatBoundsThem() {
    Configuration conf = conf("1,2,4,8,16", "3");
    StudyPlan p = StudyPlan.fromConfiguration(conf);
    assertThat(StudyEta.plan(p, first(p, conf))).isEqualTo("study: 1 target x 5 concurrencies "
        + "[1, 2, 4, 8, 16] x 3 iterations = 15 runs of 2 phases: their item counts decide their time, each "
        + "phase after a client warm-up of up to 30 s; the time left is estimated after each run");
    conf.set(ConfigKeys.OPERATIONS, "create_write,open_read,delete");
    conf.set(ConfigKeys.DURATION_MILLIS, "5000");
    p = StudyPlan.fromConfiguration(conf);
    assertThat(StudyEta.plan(p, first(p, conf))).startsWith("study: 1 target x 5 concurrencies "
        + "[1, 2, 4, 8, 16] x 3 iterations = 15 runs of 3 phases: at least 1 min 15 s measured by -duration, and 2 "
        + "phases of counts, ");
  }

  @Test
  void durationsReadAsAPersonWritesThem() {
    assertThat(StudyEta.duration(44.6)).isEqualTo("45 s");
    assertThat(StudyEta.duration(370)).isEqualTo("6 min 10 s");
    assertThat(StudyEta.duration(7500)).isEqualTo("2 h 5 min");
  }
}
