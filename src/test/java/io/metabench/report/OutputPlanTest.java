package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.BenchConfig;
import io.metabench.stats.IntervalSeries;
import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputPlanTest {
  /** 2023-11-14 22:13:20 UTC. */
  private static final long NOW = 1_700_000_000_000L;

  @TempDir
  File scratch;

  private static BenchConfig config(String... keysAndValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      conf.set(keysAndValues[i], keysAndValues[i + 1]);
    }
    return BenchConfig.fromConfiguration(conf);
  }

  @Test
  void aRunGetsADirectoryOfItsOwnNamedByTimeOperationsAndTargetUnderTheResultsDirectory() {
    BenchConfig config = config("metabench.operations", "create_write,open_read");
    OutputPlan plan = OutputPlan.forRun(config, OutputPlan.what(config), "hdfs-nn1", NOW);
    File dir = plan.runJson().getParentFile();
    assertThat(dir.getParentFile().getName()).isEqualTo(OutputPlan.RESULTS);
    assertThat(dir.getName()).matches("\\d{8}-\\d{6}-create_write\\+open_read-hdfs-nn1");
    assertThat(plan.runJson().getName()).isEqualTo("result.json");
    assertThat(plan.runSeries()).isEqualTo(new File(dir, "series.csv"));
    // Nothing is made until something is written into it.
    assertThat(dir).doesNotExist();
  }

  @Test
  void aDirectoryNameSaysAllOrTheFirstThreeOperationsAndHowManyMore() {
    assertThat(OutputPlan.what(config("metabench.operations", "all"))).isEqualTo("all");
    assertThat(OutputPlan.what(config("metabench.operations",
        "stat,exists,chmod,set_times,list"))).isEqualTo("stat+exists+chmod+2more");
    assertThat(OutputPlan.what(config("metabench.cleanup", "true"))).isEqualTo("cleanup");
    assertThat(OutputPlan.what(config("metabench.prefill.files", "10"))).isEqualTo("prefill");
  }

  @Test
  void jsonOutNamesTheJsonAndTheSeriesGoesBesideIt() {
    String json = new File(scratch, "r.json").getPath();
    OutputPlan plan = OutputPlan.forRun(config("metabench.operations", "stat",
        "metabench.json.out", json), "x", "file", NOW);
    assertThat(plan.runJson()).isEqualTo(new File(json));
    assertThat(plan.runSeries()).isEqualTo(new File(scratch, "r.series.csv"));
    String series = new File(scratch, "s.csv").getPath();
    assertThat(OutputPlan.forRun(config("metabench.operations", "stat",
        "metabench.json.out", json, "metabench.series.out", series), "x", "file", NOW).runSeries())
        .isEqualTo(new File(series));
  }

  @Test
  void aSeriesFileIsMadeOnlyWhenASecondIsWritten() throws Exception {
    File file = new File(scratch, "sub/series.csv");
    try (SeriesFile none = SeriesFile.create(file)) {
      assertThat(none).isNotNull();
    }
    assertThat(file).doesNotExist();
    assertThat(file.getParentFile()).doesNotExist();
    try (SeriesFile one = SeriesFile.create(file)) {
      org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
      h.recordValue(1000);
      one.interval("stat", new IntervalSeries.Interval(0, 1_000_000_000L, h, 0), 0);
    }
    assertThat(Files.readAllLines(file.toPath())).hasSize(2);
    assertThat(Arrays.asList(scratch.list())).containsExactly("sub");
  }
}
