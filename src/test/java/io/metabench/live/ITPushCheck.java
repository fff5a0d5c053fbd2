package io.metabench.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.PrometheusServer;
import io.metabench.testing.Pushgateway;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The start check of {@code -prometheusPush} against Debian's real Pushgateway: one that begins
 * listening while the check runs (started with the run, as a sidecar may be) is waited for and
 * said, not refused.
 */
class ITPushCheck {
  /** Installs the package (the script does, once) before anything is timed. */
  @org.junit.jupiter.api.BeforeAll
  static void installed() throws Exception {
    Pushgateway.start().close();
  }

  @Test
  void aPushgatewayThatStartsDuringTheCheckIsWaitedForAndSaid() throws Exception {
    int port = PrometheusServer.freePort();
    String url = "http://127.0.0.1:" + port;
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(said, true, "UTF-8");
    // The first try is at once, and refused: nothing listens yet.
    CompletableFuture<URL> check = CompletableFuture.supplyAsync(
        () -> PrometheusPush.checked(url, err));
    Thread.sleep(300);
    try (Pushgateway started = Pushgateway.start(port)) {
      assertThat(check.get(30, TimeUnit.SECONDS)).isEqualTo(new URL(url));
      assertThat(started.url()).isEqualTo(url);
    }
    assertThat(said.toString("UTF-8")).matches("metabench: the Pushgateway at " + url
        .replace(".", "\\.") + " answered on try [23] \\(before: java\\.net\\.ConnectException: "
        + "Connection refused\\)\\R");
  }
}
