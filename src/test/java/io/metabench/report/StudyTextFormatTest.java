package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class StudyTextFormatTest {

  private static String render() throws Exception {
    StringBuilder sb = new StringBuilder();
    new StudyTextFormat().write(StudyFixture.result(), sb);
    return sb.toString().replace(System.lineSeparator(), "\n");
  }

  @Test
  void matchesTheGoldenFileInEveryLocale() throws Exception {
    for (Locale locale : ReportFixture.LOCALES) {
      ReportFixture.assertGolden("study.txt", ReportFixture.withDefaults(locale,
          StudyTextFormatTest::render));
    }
  }

  @Test
  void sideBySideRowsGiveRatiosToTheFirstTargetAndMarkTheKnee() throws Exception {
    String out = render();
    // create_write at 1 thread: hdfs 1125 (mean of 1000 and 1250), local 4000 = 3.56x, its knee
    assertThat(out).containsPattern("\n      1 +1125\\.0 +4000\\.0\\* \\(3\\.56x\\)\n");
    assertThat(out).containsPattern("\n      2 +2000\\.0\\* +3980\\.0 \\(1\\.99x\\)\n");
    assertThat(out).contains("not run: local, quoted at 1 thread, iteration 2: run 6 could "
        + "not start: refused");
    assertThat(out).endsWith("3 of 8 runs had failures or did not finish (exit code 1).\n");
  }

  @Test
  void aStudyOfOneTargetAndOneIterationShowsNoRatioNoSpreadAndNoSideBySideTable()
      throws Exception {
    StringBuilder sb = new StringBuilder();
    new StudyTextFormat().write(StudyFixture.single(), sb);
    String out = sb.toString().replace(System.lineSeparator(), "\n");
    assertThat(out).contains("\ncreate_write\nthreads  target              TPS mean    p50 ms")
        .doesNotContain("  ratio").doesNotContain(" sd ").doesNotContain(": mean TPS")
        .contains("per run; one iteration;");
    assertThat(out).containsPattern("\n      1  hdfs +1000\\.0 +1\\.000 ");
    // The full table of the two-target, two-iteration fixture keeps every column.
    assertThat(render()).contains("TPS mean         sd         min         max   ratio");
  }

  @Test
  void oneThreadIsSingular() {
    assertThat(StudyTextFormat.threads(1)).isEqualTo("1 thread");
    assertThat(StudyTextFormat.threads(4)).isEqualTo("4 threads");
  }
}
