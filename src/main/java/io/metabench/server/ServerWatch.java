package io.metabench.server;

import io.metabench.config.BenchConfig;
import io.metabench.fs.Target;
import io.metabench.stats.RunResult;
import io.metabench.stats.ServerSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a server's metrics once a second, on a daemon thread of its own, from {@link #start}
 * until {@link #close}, so the run's phases can be set beside what the server saw in their
 * windows. It fails soft: the first reading that fails stops the sampling with one warning and
 * the run goes on; the result then says why ({@link ServerSamples#problem}).
 *
 * <p>Lifecycle: start, then close once; {@link #samples} after close. Thread-safe.
 */
public final class ServerWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ServerWatch.class);
  private static final long PERIOD_MILLIS = 1_000;
  /** The longest a run's end waits for the server's next refresh. */
  private static final long FINAL_WAIT_MILLIS = 3_000;
  private static final long FINAL_POLL_MILLIS = 250;

  private final ServerProbe probe;
  private final List<ServerSamples.Sample> samples = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private String problem = "";

  private ServerWatch(ServerProbe probe) {
    this.probe = probe;
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
   */
  public static RunResult around(BenchConfig config, Target target, Run run)
      throws IOException, InterruptedException {
    ServerWatch watch = start(config, target);
    RunResult result;
    try {
      result = run.run();
    } finally {
      watch.close();
    }
    return result.withServer(watch.samples());
  }

  /** Starts sampling the server behind {@code target}, if it is one MetaBench reads. */
  public static ServerWatch start(BenchConfig config, Target target) {
    return start(NameNodeMetrics.of(config, target));
  }

  /** Starts sampling {@code probe}; null: a watch that samples nothing. */
  static ServerWatch start(ServerProbe probe) {
    ServerWatch w = new ServerWatch(probe);
    if (probe != null) {
      w.timer.scheduleAtFixedRate(w::sampleOnce, 0, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }
    return w;
  }

  private void sampleOnce() {
    try {
      ServerSamples.Sample s = new ServerSamples.Sample(System.currentTimeMillis(),
          probe.sample());
      synchronized (this) {
        samples.add(s);
      }
    } catch (IOException | RuntimeException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage().split("\n")[0];
      synchronized (this) {
        problem = "stopped reading after " + samples.size() + " samples: " + why;
      }
      LOG.warn("could not read {} ({}): the run goes on without the server's view",
          probe.describe(), why);
      timer.shutdown();
    }
  }

  /** Stops sampling, after one last reading so the last phase is bracketed. */
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
      // The server refreshes its figures every few seconds: wait (a little) for one refresh
      // after the last phase, so its last calls are counted; a phase whose window has none is
      // marked approximate.
      // Both samples compared are taken after the run's end, so a change between them is a
      // refresh after it.
      sampleOnce();
      Double before = lastCalls();
      long deadline = System.nanoTime() + FINAL_WAIT_MILLIS * 1_000_000L;
      while (before != null && problem().isEmpty()) {
        sampleOnce();
        Double now = lastCalls();
        if (now == null || !now.equals(before) || System.nanoTime() - deadline >= 0) {
          break;
        }
        try {
          Thread.sleep(FINAL_POLL_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
  }

  private synchronized String problem() {
    return problem;
  }

  /** The calls counter of the last reading whose next refresh the end of a run waits for. */
  private synchronized Double lastCalls() {
    return samples.isEmpty() ? null : servingCalls(samples.get(samples.size() - 1).values());
  }

  /**
   * The calls counter whose next refresh the end of a run waits for, in {@code reading}: the
   * server's; with HA, the sum of those of the servers taking clients' calls (active and observer
   * NameNodes, routers): a standby's own refresh says nothing of the run's last calls.
   */
  static Double servingCalls(java.util.Map<String, Double> reading) {
    double serving = 0;
    boolean ha = false;
    for (java.util.Map.Entry<String, Double> e : reading.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("nn.") && key.endsWith(".state")) {
        ha = true;
        String state = ServerSamples.stateName(e.getValue());
        Double calls = reading.get(key.substring(0, key.length() - ".state".length()) + ".calls");
        if (calls != null && ("active".equals(state) || "observer".equals(state)
            || "router".equals(state))) {
          serving += calls;
        }
      }
    }
    return ha ? Double.valueOf(serving) : reading.get("rpc.calls");
  }

  /** What was read; {@link ServerSamples#NONE} when there was nothing to read. */
  public synchronized ServerSamples samples() {
    return probe == null ? ServerSamples.NONE
        : new ServerSamples(probe.describe(), problem, samples);
  }
}
