package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.study.StudySummary;
import java.io.File;
import java.io.StringReader;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.UnaryOperator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@link ResultFormatType}, made by {@link ResultFormatFactory} as the commands make it,
 * against its golden file in src/test/resources/golden; formats a program reads back are read
 * back. Regenerate with {@code -Dmetabench.golden.update=true} and review the diff.
 */
class ResultFormatTypeTest {
  /** Each type's golden file; what varies by machine or zlib build is masked out. */
  private static final Map<ResultFormatType, String> GOLDEN =
      new EnumMap<>(ResultFormatType.class);

  static {
    GOLDEN.put(ResultFormatType.TEXT, "table.txt");
    GOLDEN.put(ResultFormatType.JSON, "result.json");
    GOLDEN.put(ResultFormatType.NNBENCH, "nnbench-block.txt");
    GOLDEN.put(ResultFormatType.SERIES, "series.csv");
    GOLDEN.put(ResultFormatType.STUDY_TEXT, "study.txt");
    GOLDEN.put(ResultFormatType.STUDY_JSON, "study.json");
    GOLDEN.put(ResultFormatType.RUNS_CSV, "runs.csv");
    GOLDEN.put(ResultFormatType.INTERVAL_LOG, "latency.hlog");
    GOLDEN.put(ResultFormatType.SUMMARY_TEXT, "summary.txt");
    GOLDEN.put(ResultFormatType.SUMMARY_CSV, "summary.csv");
    GOLDEN.put(ResultFormatType.HTML, "report.html");
    GOLDEN.put(ResultFormatType.PERCENTILES, "create_write.hgrm");
    GOLDEN.put(ResultFormatType.CAPACITY_TEXT, "capacity.txt");
    GOLDEN.put(ResultFormatType.CAPACITY_JSON, "capacity.json");
    GOLDEN.put(ResultFormatType.CAPACITY_CSV, "steps.csv");
    GOLDEN.put(ResultFormatType.CAPACITY_HTML, "capacity.html");
    GOLDEN.put(ResultFormatType.CAPACITY_STUDY_TEXT, "capacity-study.txt");
    GOLDEN.put(ResultFormatType.CAPACITY_STUDY_JSON, "capacity-study.json");
  }

  @TempDir
  File dir;

  /** What {@code type} writes of the fixtures, in UTC (NNBench prints local times). */
  private static String render(ResultFormatType type) throws Exception {
    TimeZone saved = TimeZone.getDefault();
    try {
      TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
      StringBuilder sb = new StringBuilder();
      switch (type.input()) {
        case RUN:
          RunResult run = ReportFixture.result();
          ResultFormatFactory.forRun(type).write(run, sb);
          break;
        case STUDY:
          ResultFormatFactory.forStudy(type, StudyFixture.PHASES).write(StudyFixture.result(),
              sb);
          break;
        case SUMMARY:
          StudySummary s = type == ResultFormatType.HTML ? SummaryFixture.summary()
              : StudyFixture.result().summary();
          ResultFormatFactory.forSummary(type, SummaryFixture.metadata(),
              HtmlReportTest.FAKE_CHARTS).write(s, sb);
          break;
        case PHASE:
          PhaseResult p = ReportFixture.result().phases().get(0);
          ResultFormatFactory.forPhase(type).write(p, sb);
          break;
        case CAPACITY:
          ResultFormatFactory.forCapacity(type).write(CapacityFixture.result(), sb);
          break;
        case CAPACITY_STUDY:
          ResultFormatFactory.forCapacityStudy(type).write(CapacityFixture.study(), sb);
          break;
        default:
          throw new AssertionError(type);
      }
      return sb.toString();
    } finally {
      TimeZone.setDefault(saved);
    }
  }

  private static UnaryOperator<String> mask(ResultFormatType type) {
    switch (type) {
      case JSON:
      case STUDY_JSON:
      case CAPACITY_JSON:
        return JsonFormatTest::maskHistograms;
      case CAPACITY_HTML:
        // The charts are drawn as outlines of the fonts the machine has: CapacityChartsTest and
        // ITCapacity check them.
        return s -> s.replaceAll("(?s)<svg.*?</svg>", "<svg>...</svg>");
      case NNBENCH:
        // "Date & time" is when the block is written.
        return s -> s.replaceAll("(Date & time: )[^\n]*", "$1...");
      case INTERVAL_LOG:
        // Histograms' bytes depend on the zlib build; the start time's text on the JVM's zone.
        return s -> s.replaceAll("HIST[A-Za-z0-9+/=]+", "HIST...")
            .replaceAll("(#\\[StartTime: [0-9.]+ \\(seconds since epoch\\), )[^\\]]*", "$1...");
      default:
        return UnaryOperator.identity();
    }
  }

  @Test
  void everyTypeMatchesItsGoldenFile() throws Exception {
    assertThat(GOLDEN.keySet()).containsExactlyInAnyOrder(ResultFormatType.values());
    for (ResultFormatType type : ResultFormatType.values()) {
      ReportFixture.assertGolden(GOLDEN.get(type), render(type), mask(type));
    }
  }

  @Test
  void aFormatIsOnlyMadeForWhatItWrites() {
    assertThatThrownBy(() -> ResultFormatFactory.forRun(ResultFormatType.STUDY_JSON))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("study");
    assertThatThrownBy(() -> ResultFormatFactory.forSummary(ResultFormatType.TEXT))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResultFormatFactory.forPhase(ResultFormatType.HTML))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ResultFormatFactory.forStudy(ResultFormatType.PERCENTILES,
        StudyFixture.PHASES)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void jsonReadBackWithJacksonIsWhatWasWritten() throws Exception {
    // Numbers exactly as written (1.50 stays 1.50), so the tree can be compared as text.
    ObjectMapper mapper = new ObjectMapper()
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
    for (ResultFormatType type : Arrays.asList(ResultFormatType.JSON,
        ResultFormatType.STUDY_JSON)) {
      String written = render(type);
      JsonNode tree = mapper.readTree(written);
      StringBuilder again = new StringBuilder();
      JsonGenerator g = JsonOutput.generator(again, false);
      mapper.writeTree(g, tree);
      JsonOutput.finish(g);
      assertThat(again.toString()).as(type.toString()).isEqualTo(written);
    }
    File run = ResultFiles.write(new File(dir, "run.json"),
        ResultFormatFactory.forRun(ResultFormatType.JSON), ReportFixture.result());
    File study = ResultFiles.write(new File(dir, "study.json"),
        ResultFormatFactory.forStudy(ResultFormatType.STUDY_JSON, StudyFixture.PHASES),
        StudyFixture.result());
    assertThat(ResultReader.of(Arrays.asList(run)).summary().rows()).hasSize(3);
    assertThat(render(ResultFormatType.SUMMARY_CSV)).isEqualTo(summaryCsv(
        ResultReader.of(Arrays.asList(study)).summary()));
  }

  private static String summaryCsv(StudySummary s) throws Exception {
    StringBuilder sb = new StringBuilder();
    ResultFormatFactory.forSummary(ResultFormatType.SUMMARY_CSV).write(s, sb);
    return sb.toString();
  }

  @Test
  void csvFilesReadBackWithTheirColumns() throws Exception {
    assertColumns(render(ResultFormatType.SERIES), SeriesFormat.COLUMNS);
    assertColumns(render(ResultFormatType.RUNS_CSV), CsvFormat.RUN_COLUMNS);
    assertColumns(render(ResultFormatType.SUMMARY_CSV), CsvFormat.SUMMARY_COLUMNS);
    List<CSVRecord> series = records(render(ResultFormatType.SERIES));
    RunResult r = ReportFixture.result();
    long intervals = 0;
    for (PhaseResult p : r.phases()) {
      intervals += p.series().intervals().size();
    }
    assertThat(series).hasSize((int) intervals);
  }

  /** What a run writes live, a second at a time (as a job's driver writes its maps' seconds). */
  @Test
  void theLiveSeriesFileHoldsWhatTheSeriesFormatWrites() throws Exception {
    File file = new File(dir, "live.series.csv");
    SeriesFile.writeAll(file, ReportFixture.result());
    assertThat(new String(java.nio.file.Files.readAllBytes(file.toPath()),
        java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(render(ResultFormatType.SERIES));
  }

  /**
   * Beside the live series, its seconds' latency histograms as an HdrHistogram interval log that
   * HdrHistogram's own reader reads while the file is still being written: every second there,
   * tagged with its phase, with its counts and its start time.
   */
  @Test
  void theLiveHistogramLogIsReadableWhileItGrows() throws Exception {
    File file = new File(dir, "live.series.csv");
    File hlog = SeriesFile.histogramLogOf(file);
    assertThat(hlog.getName()).isEqualTo("live.series.hlog");
    assertThat(SeriesFile.histogramLogOf(new File("x.txt")).getName()).isEqualTo("x.txt.hlog");
    RunResult r = ReportFixture.result();
    List<String> written = new java.util.ArrayList<>();
    try (SeriesFile live = SeriesFile.create(file)) {
      for (PhaseResult p : r.phases()) {
        if (!p.series().intervals().isEmpty()) {
          long origin = p.series().intervals().get(0).startEpochNanos();
          for (io.metabench.stats.IntervalSeries.Interval iv : p.series().intervals()) {
            live.interval(p.name(), iv, origin);
            written.add(p.name() + " " + iv.latency().getTotalCount() + " "
                + iv.startEpochNanos() / 1_000_000);
          }
        }
      }
      assertThat(written).hasSizeGreaterThan(2);
      // Still open: read as a watcher reads it.
      List<String> read = new java.util.ArrayList<>();
      try (org.HdrHistogram.HistogramLogReader in =
          new org.HdrHistogram.HistogramLogReader(hlog)) {
        for (org.HdrHistogram.EncodableHistogram h = in.nextIntervalHistogram(); h != null;
            h = in.nextIntervalHistogram()) {
          read.add(h.getTag() + " " + ((org.HdrHistogram.Histogram) h).getTotalCount() + " "
              + h.getStartTimeStamp());
        }
      }
      assertThat(read).isEqualTo(written);
    }
  }

  private static void assertColumns(String csv, List<String> columns) throws Exception {
    assertThat(CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(csv))
        .getHeaderNames()).isEqualTo(columns);
  }

  private static List<CSVRecord> records(String csv) throws Exception {
    return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
        .parse(new StringReader(csv)).getRecords();
  }
}
