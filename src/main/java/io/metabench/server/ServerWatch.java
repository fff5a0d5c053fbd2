package io.metabench.server;

import io.metabench.config.BenchConfig;
import io.metabench.core.StopRequest;
import io.metabench.fs.Target;
import io.metabench.stats.RunResult;
import io.metabench.stats.ServerSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a server's metrics once a second, on a daemon thread of its own, from {@link #start}
 * until {@link #close}, so the run's phases can be set beside what the server saw in their
 * windows. It fails soft: the first reading that fails stops the sampling with one warning and
 * the run goes on; the result then says why ({@link ServerSamples#problem}). A restart MetaBench
 * makes itself is waited out instead.
 *
 * <p>Lifecycle: start, then close once; {@link #samples} after close. Thread-safe.
 */
public final class ServerWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ServerWatch.class);
  private static final long PERIOD_MILLIS = 1_000;
  /** The longest a run's end waits for the servers' refreshes, whatever their period. */
  static final long LONGEST_WAIT_MILLIS = 65_000;
  /** How long a run's end waits for them when no refresh period was measured. */
  static final long UNMEASURED_WAIT_MILLIS = 22_000;
  private static final long FINAL_POLL_MILLIS = 250;
  /** Readings told nowhere. */
  private static final Consumer<Map<String, Double>> NOWHERE = values -> { };

  private final ServerProbe probe;
  private final StopRequest stop;
  private final List<ServerSamples.Sample> samples = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private final Consumer<Map<String, Double>> readings;
  private final java.util.function.BooleanSupplier restarting;
  private String problem = "";

  private ServerWatch(ServerProbe probe, StopRequest stop, Consumer<Map<String, Double>> readings,
      java.util.function.BooleanSupplier restarting) {
    this.probe = probe;
    this.restarting = restarting;
    this.stop = stop;
    this.readings = readings;
    this.timer = probe == null ? null : Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "metabench-server-metrics");
      t.setDaemon(true);
      return t;
    });
  }

  /** A run of phases, in this process or as a job. */
  public interface Run {
    RunResult run() throws IOException, InterruptedException;
  }

  /**
   * {@code run} with the server's view beside it: the watch starts before and stops after it,
   * and the result carries what was read ({@link RunResult#withServer}). Every command that
   * runs phases (runs, studies' runs, replays; in one process or as a job) goes through here.
   * A stop requested by a signal ends the wait for the server's last refreshes.
   */
  public static RunResult around(BenchConfig config, Target target, StopRequest stop, Run run)
      throws IOException, InterruptedException {
    return around(config, target, stop, NOWHERE, run);
  }

  /** As above, each reading also told to {@code readings} as it is read (the live figures). */
  public static RunResult around(BenchConfig config, Target target, StopRequest stop,
      Consumer<Map<String, Double>> readings, Run run) throws IOException, InterruptedException {
    ServerWatch watch = start(config, target, stop, readings);
    RunResult result;
    try {
      result = run.run();
    } finally {
      watch.close();
    }
    return result.withServer(watch.samples());
  }

  /**
   * Starts sampling the server behind {@code target}, if it is one MetaBench reads, for several
   * runs in a row (a capacity search's steps): {@link #close} after the last, then {@link
   * #samples}, which each run's phases are sliced from.
   */
  public static ServerWatch start(BenchConfig config, Target target, StopRequest stop,
      Consumer<Map<String, Double>> readings) {
    return start(NameNodeMetrics.of(config, target), stop, readings, target::restarting);
  }

  /** Starts sampling {@code probe}; null: a watch that samples nothing. */
  static ServerWatch start(ServerProbe probe, StopRequest stop) {
    return start(probe, stop, NOWHERE);
  }

  /** As above, each reading told to {@code readings}. */
  static ServerWatch start(ServerProbe probe, StopRequest stop,
      Consumer<Map<String, Double>> readings) {
    return start(probe, stop, readings, () -> false);
  }

  /**
   * As above; while {@code restarting} says the server is being restarted by MetaBench (the
   * embedded NameNode, on an image made offline), it is not read, and a reading that fails then
   * is no failure: the samples have a gap there.
   */
  static ServerWatch start(ServerProbe probe, StopRequest stop,
      Consumer<Map<String, Double>> readings, java.util.function.BooleanSupplier restarting) {
    ServerWatch w = new ServerWatch(probe, stop, readings, restarting);
    if (probe != null) {
      w.timer.scheduleAtFixedRate(w::sampleOnce, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }
    return w;
  }

  private void sampleOnce() {
    if (restarting.getAsBoolean()) {
      return;
    }
    try {
      ServerSamples.Sample s = new ServerSamples.Sample(System.currentTimeMillis(),
          probe.sample());
      synchronized (this) {
        samples.add(s);
      }
      readings.accept(s.values());
    } catch (IOException | RuntimeException e) {
      if (restarting.getAsBoolean()) {
        return; // read as the restart began
      }
      String why = e.getMessage() == null ? e.toString() : e.getMessage().split("\n")[0];
      synchronized (this) {
        problem = "stopped reading after " + samples.size() + " samples: " + why;
      }
      LOG.warn("could not read {} ({}): the run goes on without the server's view",
          probe.describe(), why);
      timer.shutdown();
    }
  }

  /**
   * Stops sampling, after waiting for the readings that bracket the last phase ({@link
   * #waitForRefreshes}).
   */
  @Override
  public void close() {
    if (timer == null) {
      return;
    }
    boolean running = !timer.isShutdown();
    timer.shutdownNow();
    try {
      timer.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (running) {
      waitForRefreshes();
    }
  }

  /**
   * The end of a run: reads the server until every server read holds all the run's calls ({@link
   * ServerSamples#completeAfter}: each NameNode's counter moved after the run's end, or one
   * refresh period and the slack passed since), so the last phase is counted as every other is.
   * The wait follows the longest refresh period measured ({@link #finalWaitMillis}); it ends at
   * once on a stop requested by a signal, and when a reading fails.
   */
  private void waitForRefreshes() {
    long endMillis = System.currentTimeMillis();
    long started = System.nanoTime();
    sampleOnce();
    while (problem().isEmpty() && !stop.bySignal()) {
      List<ServerSamples.Sample> all = samplesSoFar();
      ServerSamples.Sample latest = all.get(all.size() - 1);
      List<String> counters = ServerSamples.callCounters(latest.values());
      double period = ServerSamples.longestRefreshPeriodSeconds(all, counters);
      // A NameNode that cannot be read now is not waited for: its count says so.
      counters.removeIf(c -> !ServerSamples.wasRead(latest, c));
      if (bracketed(all, counters, endMillis, period)
          || System.nanoTime() - started >= finalWaitMillis(period) * 1_000_000L) {
        break;
      }
      try {
        Thread.sleep(FINAL_POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      sampleOnce();
    }
  }

  /** Whether a reading after {@code endMillis} holds every call of each of {@code counters}. */
  static boolean bracketed(List<ServerSamples.Sample> all, List<String> counters,
      long endMillis, double periodSeconds) {
    for (String c : counters) {
      if (ServerSamples.completeAfter(all, c, endMillis, periodSeconds) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The longest the end of a run waits: two refresh periods and the slack (a server with that
   * period has refreshed twice by then), at most {@value #LONGEST_WAIT_MILLIS} ms; {@value
   * #UNMEASURED_WAIT_MILLIS} ms when no period was measured (two of Hadoop's default 10 s periods
   * and the slack).
   */
  static long finalWaitMillis(double periodSeconds) {
    return Double.isNaN(periodSeconds) ? UNMEASURED_WAIT_MILLIS : Math.min(LONGEST_WAIT_MILLIS,
        Math.round(2_000 * periodSeconds) + 2_000);
  }

  private synchronized String problem() {
    return problem;
  }

  private synchronized List<ServerSamples.Sample> samplesSoFar() {
    return new ArrayList<>(samples);
  }

  /** What was read; {@link ServerSamples#NONE} when there was nothing to read. */
  public synchronized ServerSamples samples() {
    return probe == null ? ServerSamples.NONE
        : new ServerSamples(probe.describe(), problem, samples);
  }
}
