package io.metabench.live;

import io.metabench.core.InvalidInputException;
import io.metabench.core.Parallel;
import io.prometheus.metrics.exporter.pushgateway.Format;
import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import io.prometheus.metrics.exporter.pushgateway.Scheme;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.MalformedURLException;
import java.net.URL;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A process's figures pushed to a Prometheus Pushgateway ({@code -prometheusPush url}) once a
 * second and once more, synchronously, when the run ends, so the Pushgateway holds every figure
 * of the run whenever Prometheus scrapes it: the way a {@code -maps} job's maps, on hosts and
 * ports nobody knows in advance, reach Prometheus (docs/watching.md). Each process pushes its
 * own group, {@code job="metabench"} with its {@code run} and {@code map}; Prometheus adds the
 * maps up ({@code sum without (map)}).
 *
 * <p>A Pushgateway that does not answer at the start refuses the run (bad input); one that goes
 * away later costs a warning, once, never the run or its result files.
 *
 * <p>Lifecycle: {@link #start}, then {@link #close}, from one thread; the pushes run on a daemon
 * thread of its own.
 */
final class PrometheusPush implements AutoCloseable {
  /** How often the figures are pushed. */
  static final long EVERY_MILLIS = 1_000;

  private final PushGateway gateway;
  private final String url;
  private final PrintStream err;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(Parallel.daemonThreads("metabench-push"));
  private volatile boolean warned;
  /** How many times a refused start check is tried. */
  static final int CHECK_TRIES = 3;

  private PrometheusPush(PushGateway gateway, String url, PrintStream err) {
    this.gateway = gateway;
    this.url = url;
    this.err = err;
  }

  /**
   * Checks that a Pushgateway answers at {@code url} (its {@code /-/ready}) and starts pushing
   * {@code figures} as group {@code run}, {@code map}.
   *
   * @throws InvalidInputException when {@code url} is no http(s) URL or nothing answers there
   */
  static PrometheusPush start(String url, LiveFigures figures, String map, PrintStream err) {
    URL at = checked(url, err);
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(figures);
    PushGateway gateway = PushGateway.builder()
        .address(at.getHost() + ":" + (at.getPort() < 0 ? at.getDefaultPort() : at.getPort()))
        .scheme("https".equals(at.getProtocol()) ? Scheme.HTTPS : Scheme.HTTP)
        .format(Format.PROMETHEUS_TEXT).job("metabench").groupingKey("run", figures.run())
        .groupingKey("map", map).registry(registry).connectionTimeout(Duration.ofSeconds(5))
        .readTimeout(Duration.ofSeconds(5)).build();
    PrometheusPush push = new PrometheusPush(gateway, url, err);
    push.timer.scheduleWithFixedDelay(push::pushOrWarn, 0, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    return push;
  }

  /**
   * {@code url} as a URL, checked to be http(s) and answered by a Pushgateway. A refused
   * connection is tried again, {@value #CHECK_TRIES} times in all a second apart (a Pushgateway
   * started with the run may not listen yet), and a later try that is answered says so on
   * {@code err}; any other answer or error decides at once.
   *
   * @throws InvalidInputException naming the URL and the fix
   */
  static URL checked(String url, PrintStream err) {
    URL at;
    try {
      at = new URL(url);
    } catch (MalformedURLException e) {
      at = null;
    }
    if (at == null || !("http".equals(at.getProtocol()) || "https".equals(at.getProtocol()))
        || at.getHost().isEmpty()) {
      throw new InvalidInputException("-prometheusPush '" + url + "' is not an http(s) URL: give "
          + "the Pushgateway's, such as http://pushgateway:9091");
    }
    String why = null;
    String refused = null;
    for (int tries = 1; tries <= CHECK_TRIES; tries++) {
      try {
        HttpURLConnection c = (HttpURLConnection) new URL(at, "/-/ready").openConnection();
        c.setConnectTimeout(5_000);
        c.setReadTimeout(5_000);
        int code = c.getResponseCode();
        c.disconnect();
        why = code == 200 ? null : "it answered HTTP " + code + " at /-/ready";
      } catch (java.net.ConnectException e) {
        why = e.toString();
        refused = refused == null ? why : refused;
        if (tries < CHECK_TRIES && sleptASecond()) {
          continue;
        }
      } catch (IOException e) {
        why = e.toString();
      }
      if (why == null && tries > 1) {
        err.println("metabench: the Pushgateway at " + url + " answered on try " + tries
            + " (before: " + refused + ")");
      }
      break;
    }
    if (why != null) {
      throw new InvalidInputException("-prometheusPush " + url + ": no Pushgateway answers there ("
          + why + "): start one, or give its address");
    }
    return at;
  }

  /** Sleeps a second; false when interrupted (the interrupt kept). */
  private static boolean sleptASecond() {
    try {
      Thread.sleep(1_000);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void pushOrWarn() {
    try {
      gateway.push();
    } catch (IOException | RuntimeException e) {
      if (!warned) {
        warned = true;
        err.println("metabench: warning: the Pushgateway at " + url + " did not take the live "
            + "figures (" + e + "); the run goes on, and its result files have every figure");
      }
    }
  }

  /** Stops the pushes and pushes the last figures once more, waiting for it. */
  @Override
  public void close() throws InterruptedException {
    timer.shutdown();
    timer.awaitTermination(10, TimeUnit.SECONDS);
    pushOrWarn();
  }
}
