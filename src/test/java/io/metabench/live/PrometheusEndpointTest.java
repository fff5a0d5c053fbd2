package io.metabench.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.ListenAddress;
import io.metabench.engine.Progress;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The endpoint as Prometheus reads it, over HTTP on loopback: what two seconds of a phase and a
 * paced one leave in the text exposition, and the wait for the last scrape.
 */
class PrometheusEndpointTest {
  /** One second's latencies: {@code ok} operations of {@code okAtMillis} each. */
  private static Histogram second(long okAtMillis, long ok) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(okAtMillis * 1_000_000L, ok);
    return h;
  }

  private static String scrape(String address) throws Exception {
    HttpURLConnection c = (HttpURLConnection) new URL("http://" + address + "/metrics")
        .openConnection();
    try (InputStream in = c.getInputStream()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] b = new byte[8192];
      for (int n; (n = in.read(b)) > 0; ) {
        out.write(b, 0, n);
      }
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  /** The NameNode view's latest reading, one gauge a figure, replaced by the next reading. */
  @Test
  void theNameNodeViewsLatestReadingIsServed() throws Exception {
    LiveFigures figures = new LiveFigures("20261127-120000");
    PrometheusEndpoint e = PrometheusEndpoint.start(ListenAddress.parse("127.0.0.1:"
        + freePort()), figures, new PrintStream(new ByteArrayOutputStream(), true, "UTF-8"));
    try {
      assertThat(scrape(e.address())).doesNotContain("metabench_server_figure{");
      java.util.Map<String, Double> first = new java.util.TreeMap<>();
      first.put("rpc.calls", 120.0);
      first.put("rpc.queueMs", 0.25);
      first.put("method.getFileInfo.calls", Double.NaN);
      figures.serverRead(first);
      figures.serverRead(java.util.Collections.singletonMap("rpc.calls", 180.0));
      String text = scrape(e.address());
      assertThat(text).contains("metabench_server_figure{figure=\"rpc.calls\",run=\""
          + "20261127-120000\"} 180.0").doesNotContain("rpc.queueMs")
          .doesNotContain("getFileInfo");
    } finally {
      e.stopNow();
    }
  }

  @Test
  void twoSecondsOfAPhaseAreCountedAndItsStateShown() throws Exception {
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    LiveFigures figures = new LiveFigures("20261127-120000");
    PrometheusEndpoint e = PrometheusEndpoint.start(ListenAddress.parse("127.0.0.1:"
        + freePort()), figures, new PrintStream(said, true, "UTF-8"));
    try {
      Progress p = figures.watch("local", 4, 0);
      p.interval("stat", "stat", second(2, 900), java.util.Collections.emptyMap());
      String none = scrape(e.address());
      assertThat(none).containsPattern("metabench_operations_total\\{map=\"0\",operation=\"stat\""
          + ",outcome=\"failed\",phase=\"stat\",run=\"20261127-120000\",target=\"local\","
          + "threads=\"4\"} 0\\.0");
      p.interval("stat", "stat", second(2, 0), java.util.Collections.singletonMap(
          "FileNotFoundException", 1L));
      p.update(new Progress.Snapshot("stat", 1, 901, 2000, 900, 2.0, 1, 0));
      java.util.Map<String, Long> two = new java.util.TreeMap<>();
      two.put("FileNotFoundException", 2L);
      two.put("RemoteException", 1L);
      p.interval("stat", "stat", second(30, 1000), two);
      p.update(new Progress.Snapshot("stat", 2, 1904, 2000, 1000, 30.0, 4, 1000));
      String text = scrape(e.address());
      assertThat(text).containsPattern("metabench_operations_total\\{map=\"0\",operation=\"stat\","
          + "outcome=\"ok\",phase=\"stat\",run=\"20261127-120000\",target=\"local\",threads=\"4\"} "
          + "1900\\.0")
          .containsPattern("metabench_operations_total\\{cause=\"FileNotFoundException\",[^}]*"
              + "outcome=\"failed\"[^}]*} 3\\.0")
          .containsPattern("metabench_operations_total\\{cause=\"RemoteException\",[^}]*"
              + "outcome=\"failed\"[^}]*} 1\\.0")
          .doesNotContainPattern("metabench_operations_total\\{map[^}]*outcome=\"failed\"")
          .containsPattern("metabench_latency_seconds_bucket\\{[^}]*le=\"0\\.002\"} 900\n")
          .containsPattern("metabench_latency_seconds_bucket\\{[^}]*le=\"0\\.05\"} 1900\n")
          .containsPattern("metabench_latency_seconds_bucket\\{[^}]*le=\"\\+Inf\"} 1900\n")
          .containsPattern("metabench_latency_seconds_count\\{[^}]*} 1900\n")
          .containsPattern("metabench_phase_running\\{[^}]*} 1\\.0")
          .containsPattern("metabench_phase_progress_ratio\\{[^}]*} 0\\.952\n")
          .containsPattern("metabench_phase_offered_per_second\\{[^}]*} 1000\\.0");
      p.phaseEnded();
      assertThat(scrape(e.address())).containsPattern("metabench_phase_running\\{[^}]*} 0\\.0");
    } finally {
      e.close();
    }
    assertThat(said.toString("UTF-8")).startsWith("metabench: live figures for Prometheus at "
        + "http://127.0.0.1:");
  }

  /**
   * The client warm-up before a phase shows while it runs and after it ended, and from the
   * phase's second second on, the cores the process used beside the cores it may use.
   */
  @Test
  void theWarmUpAndTheCoresUsedShow() throws Exception {
    LiveFigures figures = new LiveFigures("r");
    PrometheusEndpoint e = PrometheusEndpoint.start(ListenAddress.parse("127.0.0.1:"
        + freePort()), figures, new PrintStream(new ByteArrayOutputStream(), true, "UTF-8"));
    try {
      Progress p = figures.watch("local", 2, 0);
      p.warmingUp("stat", true);
      String warming = scrape(e.address());
      assertThat(warming).containsPattern("metabench_client_warmup_running\\{[^}]*phase=\"stat\""
          + "[^}]*} 1\\.0").doesNotContain("metabench_client_cores_used{");
      p.warmingUp("stat", false);
      p.update(new Progress.Snapshot("stat", 1, 900, 0, 900, 0, 0, 0));
      // Busy for a while, so the process used some CPU between the two updates.
      long until = System.nanoTime() + 50_000_000L;
      for (long spin = 0; System.nanoTime() < until; spin++) {
        assertThat(spin).isNotNegative();
      }
      p.update(new Progress.Snapshot("stat", 2, 1800, 0, 900, 0, 0, 0));
      String text = scrape(e.address());
      assertThat(text).containsPattern("metabench_client_warmup_running\\{[^}]*} 0\\.0")
          .containsPattern("metabench_client_cores\\{[^}]*phase=\"stat\"[^}]*} "
              + Runtime.getRuntime().availableProcessors() + "\\.0");
      java.util.regex.Matcher used = java.util.regex.Pattern.compile(
          "metabench_client_cores_used\\{[^}]*} ([0-9.E-]+)").matcher(text);
      assertThat(used.find()).as(text).isTrue();
      assertThat(Double.parseDouble(used.group(1))).isPositive()
          .isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() + 0.5);
    } finally {
      e.close();
    }
  }

  /**
   * Figures changed after the last of two scrapes: the end waits for one more answered whole, then
   * goes; a scrape that began before the change does not count.
   */
  @Test
  void theEndWaitsForTheLastScrapeOnlyWhenSomethingScrapes() throws Exception {
    LiveFigures f = new LiveFigures("r");
    Progress p = f.watch("local", 1, 0);
    p.interval("stat", "stat", second(1, 1), java.util.Collections.emptyMap());
    assertThat(f.awaitLastScrape(10)).as("nothing scrapes: nothing to wait for").isTrue();
    f.served(f.version());
    Thread.sleep(200);
    long before = f.version();
    p.interval("stat", "stat", second(1, 1), java.util.Collections.emptyMap());
    f.served(before);
    assertThat(f.lastScraped()).as("a scrape that read the figures before the change").isFalse();
    assertThat(f.awaitLastScrape(10)).as("no scrape within the wait").isFalse();
    long now = f.version();
    Thread scraper = new Thread(() -> f.served(now));
    scraper.start();
    assertThat(f.awaitLastScrape(5_000)).isTrue();
    scraper.join();
    assertThat(f.lastScraped()).isTrue();
  }

  private static int freePort() throws Exception {
    return io.metabench.testing.PrometheusServer.freePort();
  }
}
