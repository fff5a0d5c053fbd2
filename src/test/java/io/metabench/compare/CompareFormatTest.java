package io.metabench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.Golden;
import java.util.Arrays;
import java.util.Collections;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The compare table, JSON and HTML page against golden files, with the default locale set to one
 * that writes decimal commas: none may show.
 */
class CompareFormatTest {
  private Locale saved;

  @BeforeEach
  void pinLocale() {
    saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
  }

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  /** Three rows: slower on iterations, faster on whole seconds, undecided on too few samples. */
  static Comparison fixture() {
    Side b = ComparerTest.side("base/result.json", "hdfs", new double[] {1000, 1010, 990},
        "create_write");
    Side c = ComparerTest.side("cand/result.json", "hdfs", new double[] {800, 790, 810},
        "create_write");
    for (Side s : Arrays.asList(b, c)) {
      double f = s == b ? 1 : 1.3;
      Side.Row r = s.row("hdfs", "hdfs://x/", "stat", 8);
      r.iterationTps.add(5000 * f);
      r.secondTps.add(Arrays.asList(4900 * f, 5100 * f, 5050 * f, 4950 * f));
      r.timeline.add(Arrays.asList(new double[] {0, 4900 * f}, new double[] {1, 5100 * f}));
      r.successes = 20000;
      r.failed = s == b ? 0 : 3;
      for (int i = 1; i <= 100; i++) {
        r.latency.recordValue((long) (200_000 / f) + i * 100L);
      }
      Side.Row d = s.row("hdfs", "hdfs://x/", "delete", 8);
      d.iterationTps.add(s == b ? 4000.0 : 3000.0);
      d.secondTps.add(Collections.singletonList(4000.0));
      d.timeline.add(Collections.<double[]>emptyList());
      d.successes = 20000;
    }
    c.fact("toolVersion", "0.2.0");
    b.fact("toolVersion", "0.1.0");
    return Comparer.compare(b, c, 0.05, 0.95);
  }

  @Test
  void theTableMatchesTheGoldenFile() throws Exception {
    StringBuilder out = new StringBuilder();
    new CompareTextFormat().write(fixture(), out);
    Golden.assertGolden("compare.txt", out.toString(), s -> s);
    assertThat(out.toString()).doesNotContainPattern("\\d,\\d").contains("exit code 3");
  }

  @Test
  void theJsonMatchesTheGoldenFile() throws Exception {
    StringBuilder out = new StringBuilder();
    new CompareJsonFormat().write(fixture(), out);
    Golden.assertGolden("compare.json", out.toString(), s -> s);
    new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
  }

  @Test
  void thePageMatchesTheGoldenFileAndDrawsOneTimelinePerRowWithPoints() throws Exception {
    StringBuilder page = new StringBuilder();
    new CompareHtml(false).write(Collections.singletonList(fixture()), page);
    Golden.assertGolden("compare.html", page.toString(), s -> s);
    StringBuilder drawn = new StringBuilder();
    new CompareHtml(true).write(Collections.singletonList(fixture()), drawn);
    // create_write's rows have no timeline points and delete's none either: only stat's chart.
    assertThat(drawn.toString().split("<figure>", -1)).hasSize(2);
    assertThat(drawn).contains("stat at 8 threads: TPS over time");
  }
}
