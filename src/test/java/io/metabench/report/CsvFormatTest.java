package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

class CsvFormatTest {

  private static String runs() throws Exception {
    StringBuilder sb = new StringBuilder();
    new CsvFormat().writeRuns(StudyFixture.result(), StudyFixture.PHASES, sb);
    return sb.toString();
  }

  private static String summary() throws Exception {
    StringBuilder sb = new StringBuilder();
    new CsvFormat().writeSummary(StudyFixture.result().summary(), sb);
    return sb.toString();
  }

  private static List<CSVRecord> parse(String csv) throws Exception {
    return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
        .parse(new StringReader(csv)).getRecords();
  }

  @Test
  void matchGoldenFilesInEveryLocale() throws Exception {
    for (Locale locale : ReportFixture.LOCALES) {
      ReportFixture.assertGolden("runs.csv", ReportFixture.withDefaults(locale,
          CsvFormatTest::runs));
      ReportFixture.assertGolden("summary.csv", ReportFixture.withDefaults(locale,
          CsvFormatTest::summary));
    }
  }

  @Test
  void oneRowPerTargetPhaseThreadsAndIterationIncludingWhatDidNotRun() throws Exception {
    List<CSVRecord> rows = parse(runs());
    // 8 runs x 2 planned phases
    assertThat(rows).hasSize(16);
    assertThat(rows.get(0).toMap().keySet()).containsExactlyElementsOf(CsvFormat.RUN_COLUMNS);
    CSVRecord first = rows.get(0);
    assertThat(first.get("target")).isEqualTo("hdfs");
    assertThat(first.get("tps")).isEqualTo("1000.000");
    assertThat(first.get("p50_ms")).startsWith("1.000");
    CSVRecord quoted = rows.get(2);
    assertThat(quoted.get("target")).isEqualTo("local, quoted");
    assertThat(quoted.get("tps")).isEqualTo("4000.000"); // 1000 in 0.25 s
    CSVRecord notRun = rows.get(7);
    assertThat(notRun.get("phase")).isEqualTo("delete");
    assertThat(notRun.get("tps")).isEmpty();
    assertThat(notRun.get("error")).isEqualTo("not run: 10 files were not created");
    CSVRecord missing = rows.get(10);
    assertThat(missing.get("iteration")).isEqualTo("2");
    assertThat(missing.get("ok")).isEmpty();
    assertThat(missing.get("error")).contains("could not start");
  }

  @Test
  void summaryRowsCarryIterationStatisticsAndTheKnee() throws Exception {
    List<CSVRecord> rows = parse(summary());
    assertThat(rows.get(0).toMap().keySet()).containsExactlyElementsOf(CsvFormat.SUMMARY_COLUMNS);
    CSVRecord hdfs1 = rows.get(0);
    assertThat(hdfs1.get("threads")).isEqualTo("1");
    assertThat(hdfs1.get("iterations")).isEqualTo("2");
    // 1000 and 1250 TPS
    assertThat(hdfs1.get("tps_mean")).isEqualTo("1125.000");
    assertThat(hdfs1.get("tps_stddev")).isEqualTo("176.777");
    assertThat(hdfs1.get("knee")).isEqualTo("false");
    assertThat(rows.get(1).get("knee")).isEqualTo("true"); // 2000 is the peak
    CSVRecord local1 = rows.get(4);
    assertThat(local1.get("target")).isEqualTo("local, quoted");
    assertThat(local1.get("iterations")).isEqualTo("1"); // its second run could not start
  }
}
