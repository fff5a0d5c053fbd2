package io.metabench.bench;

import io.metabench.config.ListenAddress;
import io.metabench.engine.Progress;
import io.metabench.live.LiveWatch;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URL;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * What the live figures cost the client per second of a run, measured on the real classes: the
 * sampler's share (each operation's second of latencies added to the buckets, the phase's
 * state), and one scrape of the real endpoint over HTTP on loopback (the handler's thread). Both
 * happen once a second, off the workers' path; their CPU time per second is the most the
 * endpoint can take from the workers' cores.
 *
 * <p>{@code LiveCost [operations] [distinct latencies a second] [seconds]}: a mix of that many
 * operations, each second's HdrHistogram holding that many distinct values (a busy second of a
 * real store: thousands), fed for that many seconds, then scraped as many times.
 */
public final class LiveCost {
  private LiveCost() {
  }

  public static void main(String[] args) throws Exception {
    int ops = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int distinct = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 600;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Random random = new Random(1);
    Histogram[] second = new Histogram[ops];
    for (int o = 0; o < ops; o++) {
      second[o] = new Histogram(3);
      for (int v = 0; v < distinct; v++) {
        // Latencies from 20 us to 200 ms, log-uniform, 400 operations a value.
        long ns = (long) (20_000 * Math.pow(10_000, random.nextDouble()));
        second[o].recordValueWithCount(ns, 400);
      }
    }
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, "UTF-8");
    try (LiveWatch watch = LiveWatch.start(ListenAddress.parse("127.0.0.1:" + port), "",
        "bench", 0, quiet)) {
      Progress p = watch.watched(Progress.QUIET, "noop", 16, 0);
      long feedCpu = 0;
      for (int round = 0; round < 2; round++) {
        // The first round warms the JIT; the second is measured.
        long start = threads.getCurrentThreadCpuTime();
        for (int s = 0; s < seconds; s++) {
          for (int o = 0; o < ops; o++) {
            p.interval("mix", "op" + o, second[o], java.util.Collections.emptyMap());
          }
          p.update(new Progress.Snapshot("mix", s, s * 1000L, -1, 1000, 1.0, 0, 0));
        }
        feedCpu = threads.getCurrentThreadCpuTime() - start;
      }
      long bytes = 0;
      long scrapeWall = 0;
      int scrapes = 200;
      for (int round = 0; round < 2; round++) {
        long start = System.nanoTime();
        for (int s = 0; s < scrapes; s++) {
          HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port
              + "/metrics").openConnection();
          try (InputStream in = c.getInputStream()) {
            byte[] b = new byte[65536];
            for (int n; (n = in.read(b)) > 0; ) {
              bytes += n;
            }
          }
        }
        scrapeWall = System.nanoTime() - start;
      }
      double feedUs = feedCpu / 1e3 / seconds;
      double scrapeUs = scrapeWall / 1e3 / scrapes;
      System.out.printf(Locale.ROOT, "live figures of %d operations, %d distinct latencies each "
          + "a second (%s, %d cores)%n", ops, distinct, System.getProperty("java.version"),
          Runtime.getRuntime().availableProcessors());
      System.out.printf(Locale.ROOT, "  sampler: %.1f us of CPU a second (%d seconds fed)%n",
          feedUs, seconds);
      System.out.printf(Locale.ROOT, "  scrape over HTTP: %.1f us a scrape, wall, client and "
          + "server together (%d bytes; %d scrapes)%n", scrapeUs, bytes / 2 / scrapes, scrapes);
      System.out.printf(Locale.ROOT, "  at one scrape a second: %.3f %% of one core%n",
          (feedUs + scrapeUs) / 1e4);
    }
  }
}
