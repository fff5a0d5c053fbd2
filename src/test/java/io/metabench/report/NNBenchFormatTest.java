package io.metabench.report;

import static io.metabench.report.ReportFixture.WRITTEN_AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.stats.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class NNBenchFormatTest {
  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  private static String render(RunResult r, TimeZone zone) throws Exception {
    return ReportFixture.write(new NNBenchFormat(zone, WRITTEN_AT), r);
  }

  @Test
  void matchesTheGoldenFileInEveryLocale() throws Exception {
    RunResult r = ReportFixture.result();
    for (Locale locale : ReportFixture.LOCALES) {
      String out = ReportFixture.withDefaults(locale, () -> render(r, UTC));
      ReportFixture.assertGolden("nnbench-block.txt", out);
    }
  }

  @Test
  void everyLabelEndsInColumn40AsInNNBench() throws Exception {
    String out = render(ReportFixture.result(), UTC);
    List<String> lines = Arrays.asList(out.split("\n", -1));
    int labelled = 0;
    for (String line : lines) {
      if (line.isEmpty()) {
        continue;
      }
      assertThat(line.length()).as("'%s'", line).isGreaterThanOrEqualTo(40);
      // columns 39 and 40 (1-based) hold ": "; the label before them is right-aligned
      assertThat(line.substring(38, 40)).as("'%s'", line).isEqualTo(": ");
      if (!line.startsWith("--------------")) {
        assertThat(line.charAt(37)).as("'%s'", line).isNotEqualTo(' ');
      }
      labelled++;
    }
    // header + 14 settings and counts + 4 result lines + 6 RAW DATA lines; rename has no second
    // result line (open_read has its Read line since the fixture reads after open)
    assertThat(labelled).isEqualTo(25 + 25 + 24);
    assertThat(out).endsWith("\n\n");
  }

  @Test
  void figuresAreNNBenchsFormulas() throws Exception {
    List<List<String>> blocks = blocks(render(ReportFixture.result(), UTC));
    assertThat(blocks).hasSize(3);

    List<String> cw = blocks.get(0);
    assertThat(value(cw, "Version")).isEqualTo("NameNode Benchmark 0.4");
    assertThat(value(cw, "Date & time")).isEqualTo("2023-11-14 22:15:00,0");
    assertThat(value(cw, "Test Operation")).isEqualTo("create_write");
    assertThat(value(cw, "Start time")).isEqualTo("2023-11-14 22:13:21,234");
    assertThat(value(cw, "Maps to run")).isEqualTo("1");
    assertThat(value(cw, "Block Size (bytes)")).isEqualTo("1048576");
    assertThat(value(cw, "Bytes to write")).isEqualTo("1024");
    assertThat(value(cw, "Bytes per checksum")).isEqualTo("512");
    assertThat(value(cw, "Number of files")).isEqualTo("250");
    assertThat(value(cw, "Replication factor")).isEqualTo("3");
    assertThat(value(cw, "Successful file operations")).isEqualTo("1000");
    assertThat(value(cw, "# exceptions")).isEqualTo("0");
    // 1000 ok in a 2.5 s window
    assertThat(value(cw, "TPS: Create/Write/Close")).isEqualTo("400");
    // 9600 ms of worker time / 1000; 1500 ms and 600 ms of parts / 1000
    assertThat(value(cw, "Avg exec time (ms): Create/Write/Close")).isEqualTo("9.6");
    assertThat(value(cw, "Avg Lat (ms): Create/Write")).isEqualTo("1.5");
    assertThat(value(cw, "Avg Lat (ms): Close")).isEqualTo("0.6");
    assertThat(value(cw, "RAW DATA: AL Total #1")).isEqualTo("1500");
    assertThat(value(cw, "RAW DATA: AL Total #2")).isEqualTo("600");
    assertThat(value(cw, "RAW DATA: TPS Total (ms)")).isEqualTo("9600");
    assertThat(value(cw, "RAW DATA: Longest Map Time (ms)")).isEqualTo("2500.0");

    List<String> or = blocks.get(1);
    assertThat(value(or, "Test Operation")).isEqualTo("open_read");
    assertThat(value(or, "Successful file operations")).isEqualTo("990");
    assertThat(value(or, "# maps that missed the barrier")).isEqualTo("1");
    assertThat(value(or, "RAW DATA: Late maps")).isEqualTo("1");
    // 10 failed operations + 12 retried attempts
    assertThat(value(or, "# exceptions")).isEqualTo("22");
    assertThat(value(or, "RAW DATA: # of exceptions")).isEqualTo("22");
    assertThat(value(or, "TPS: Open/Read")).isEqualTo("792"); // 990 / 1.25 s
    assertThat(value(or, "Avg Exec time (ms): Open/Read")).isEqualTo("5.0");
    assertThat(value(or, "Avg Lat (ms): Open")).isEqualTo("1.0");
    assertThat(value(or, "Avg Lat (ms): Read")).isEqualTo("0.5");

    List<String> rn = blocks.get(2);
    assertThat(value(rn, "Successful file operations")).isEqualTo("0");
    assertThat(value(rn, "# exceptions")).isEqualTo("1000");
    assertThat(value(rn, "TPS: Rename")).isEqualTo("0");
    // NNBench divides by zero successes too
    assertThat(value(rn, "Avg Exec time (ms): Rename")).isEqualTo("NaN");
    assertThat(value(rn, "Avg Lat (ms): Rename")).isEqualTo("NaN");
    assertThat(labels(rn)).doesNotContain("Avg Lat (ms): Close", "Avg Lat (ms): Read");
  }

  @Test
  void theReadLineNeedsReadFileAfterOpen() throws Exception {
    RunResult withRead = ReportFixture.result();
    Configuration c = new Configuration(false);
    ReportFixture.config().writeTo(c);
    c.set(ConfigKeys.READ_FILE_AFTER_OPEN, "false");
    RunResult withoutRead = new RunResult(withRead.info(), BenchConfig.fromConfiguration(c),
        withRead.phases(), withRead.cleanupFailures());
    assertThat(labels(blocks(render(withRead, UTC)).get(1))).contains("Avg Lat (ms): Read");
    assertThat(labels(blocks(render(withoutRead, UTC)).get(1)))
        .doesNotContain("Avg Lat (ms): Read");
  }

  @Test
  void datesAreInTheGivenTimeZone() throws Exception {
    List<String> block = blocks(render(ReportFixture.result(),
        TimeZone.getTimeZone("America/New_York"))).get(0);
    assertThat(value(block, "Date & time")).isEqualTo("2023-11-14 17:15:00,0");
    assertThat(value(block, "Start time")).isEqualTo("2023-11-14 17:13:21,234");
  }

  private static List<List<String>> blocks(String out) {
    List<List<String>> blocks = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("-------------- NNBench -------------- : ")) {
        blocks.add(new ArrayList<>());
      }
      blocks.get(blocks.size() - 1).add(line);
    }
    return blocks;
  }

  private static List<String> labels(List<String> block) {
    List<String> labels = new ArrayList<>();
    for (String line : block) {
      if (line.length() >= 40) {
        labels.add(line.substring(0, 38).trim());
      }
    }
    return labels;
  }

  private static String value(List<String> block, String label) {
    for (String line : block) {
      if (line.length() >= 40 && line.substring(0, 38).trim().equals(label)) {
        return line.substring(40);
      }
    }
    throw new AssertionError("no line labelled '" + label + "' in " + block);
  }
}
