package io.metabench.live;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.metabench.config.ListenAddress;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Parallel;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.concurrent.Executors;

/**
 * A process's Prometheus endpoint ({@code -prometheus [host:]port}): the JDK's HTTP server with the
 * Prometheus Java client's handler, on a registry of its own, serving {@link LiveFigures} at
 * {@code /metrics} (the text exposition, classic histograms); each
 * scrape answered whole is told to the figures. Started before a run makes anything, so
 * a port that cannot be had refuses the run; closed after the run, once Prometheus scraped the
 * last figures ({@link LiveFigures#awaitLastScrape}).
 *
 * <p>Lifecycle: {@link #start}, then {@link #close}, from one thread ({@link LiveWatch}'s); the
 * server's threads are daemons of its own.
 */
final class PrometheusEndpoint implements AutoCloseable {
  /** The longest the end of a run waits for Prometheus' last scrape. */
  static final long LAST_SCRAPE_MAX_MILLIS = 30_000;

  private final HttpServer server;
  private final LiveFigures figures;
  private final String address;
  private final PrintStream err;

  private PrometheusEndpoint(HttpServer server, LiveFigures figures, String address,
      PrintStream err) {
    this.server = server;
    this.figures = figures;
    this.address = address;
    this.err = err;
  }

  /**
   * Serves {@code figures} on {@code at}, telling {@code err} where.
   *
   * @throws InvalidInputException when the port is taken or the host is not this machine's
   */
  static PrometheusEndpoint start(ListenAddress at, LiveFigures figures, PrintStream err) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(figures);
    // Without it the JDK's server leaves Nagle's algorithm on, and every scrape waits 40 ms for
    // the scraper's delayed ACK (measured: 44 ms a scrape, 1 ms with it). Read when its first
    // server is made, so set before; a value given on the command line is kept.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(at.host()),
          at.port()), 3);
    } catch (UnknownHostException e) {
      throw new InvalidInputException("-prometheus " + at + ": " + at.host() + " is no host "
          + "name or address of this machine: give one of its addresses, or a bare port for "
          + "loopback");
    } catch (BindException e) {
      throw new InvalidInputException("-prometheus " + at + ": the port cannot be had ("
          + e.getMessage() + "): give a free port, or stop what listens on it");
    } catch (IOException e) {
      throw new InvalidInputException("-prometheus " + at + ": cannot serve there (" + e
          + "): give a free port on an address of this machine");
    }
    MetricsHandler metrics = new MetricsHandler(registry);
    HttpHandler counted = exchange -> {
      long read = figures.version();
      metrics.handle(exchange);
      // Answered whole (the handler wrote and closed the response): Prometheus has it.
      figures.served(read);
    };
    server.createContext("/metrics", counted);
    server.createContext("/", counted);
    server.setExecutor(Executors.newSingleThreadExecutor(Parallel.daemonThreads(
        "metabench-prometheus")));
    server.start();
    String address = at.host() + ":" + server.getAddress().getPort();
    err.println("metabench: live figures for Prometheus at http://" + address + "/metrics (run "
        + "label " + figures.run() + ")");
    return new PrometheusEndpoint(server, figures, address, err);
  }

  /** Stops serving at once: the run did not start. */
  void stopNow() {
    server.stop(0);
  }

  /** {@code host:port} it serves on. */
  public String address() {
    return address;
  }

  /**
   * Waits for Prometheus to scrape the last figures, when it scrapes at all (saying so), then
   * stops serving.
   */
  @Override
  public void close() throws InterruptedException {
    try {
      if (figures.scraped() && !figures.lastScraped()) {
        err.printf(Locale.ROOT, "metabench: waiting for Prometheus' last scrape (every %.1f s "
            + "so far)%n", figures.scrapeIntervalSeconds());
        if (!figures.awaitLastScrape(LAST_SCRAPE_MAX_MILLIS)) {
          err.println("metabench: Prometheus did not scrape the last figures in time: its "
              + "last second is in the result files only");
        }
      }
    } finally {
      // A second for a scrape in flight to be answered; the executor's threads are daemons.
      server.stop(1);
    }
  }
}
