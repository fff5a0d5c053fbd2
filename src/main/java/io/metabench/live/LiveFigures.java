package io.metabench.live;

import io.metabench.core.ProcessCpu;
import io.metabench.engine.Progress;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The live figures of a process's measured phases, as Prometheus collects them
 * (docs/watching.md has every name): operations by outcome, latency histograms, each phase's
 * state, progress and rates, its client warm-up, and the cores the process used. Fed by the
 * engine's sampler once a second through the {@link Progress} each run watches with
 * ({@link #watch}); a scrape reads what the last second left. Figures stay after their phase
 * ends, as counters do, so a scrape after the run still has them all.
 *
 * <p>Thread-safe: the sampler writes and the HTTP server's threads read under this object's lock;
 * each holds it for one second's values or one scrape. The server tells which version of the
 * figures each scrape it answered read ({@link #served}), so that the end of a run knows when
 * Prometheus has its last second.
 */
public final class LiveFigures implements MultiCollector {
  /** The labels every figure has, the run's first: run, target, threads, map. */
  static final List<String> RUN_LABELS = Arrays.asList("run", "target", "threads", "map");

  private final String run;
  private final ServerFigures server;
  private final Map<Labels, LatencyBuckets> latency = new LinkedHashMap<>();
  /** Per operation: its successes, and its failures by cause (empty: none yet). */
  private final Map<Labels, long[]> succeeded = new LinkedHashMap<>();
  private final Map<Labels, Map<String, Long>> failed = new LinkedHashMap<>();
  private final Map<Labels, Progress.Snapshot> phases = new LinkedHashMap<>();
  /** Whether each phase's client warm-up runs now (false: it ended). */
  private final Map<Labels, Boolean> warming = new LinkedHashMap<>();
  /** The CPU cores the process used over each phase's last second; absent where not known. */
  private final Map<Labels, Double> coresUsed = new LinkedHashMap<>();
  /** The phase under way; null between phases. */
  private Labels running;
  /** Counts every change of the figures: a scrape that read version n served every change up to n. */
  private long version;
  private long servedVersion = -1;
  private long scrapes;
  private long lastScrapeNanos;
  private long scrapeIntervalNanos;

  /** A run label for a run starting now: the time, UTC, {@code 20261127-121527}. */
  public static String runLabelNow() {
    java.text.SimpleDateFormat stamp = new java.text.SimpleDateFormat("yyyyMMdd-HHmmss",
        java.util.Locale.ROOT);
    stamp.setTimeZone(java.util.TimeZone.getTimeZone("UTC"));
    return stamp.format(new java.util.Date());
  }

  /** Figures of the run named {@code run} (its label on every figure). */
  public LiveFigures(String run) {
    this.run = run;
    this.server = new ServerFigures(run);
  }

  /** The NameNode view's reading {@code values}, by figure, as the latest ({@link ServerFigures}). */
  public synchronized void serverRead(Map<String, Double> values) {
    server.read(values);
    // A new reading is a change: the run's end waits for a scrape of its last one too.
    changed();
  }

  /**
   * The progress through which one run of this process (on {@code target}, with {@code threads}
   * workers, as map {@code map}) feeds its figures.
   */
  public Progress watch(String target, int threads, int map) {
    Labels base = Labels.of(RUN_LABELS, Arrays.asList(run, target, Integer.toString(threads),
        Integer.toString(map)));
    return new Progress() {
      /** The process's CPU time and the clock at the last update; the sampler's thread only. */
      private long lastCpu = -1;
      private long lastNanos;

      @Override
      public void interval(String phase, String operation, Histogram latency,
          Map<String, Long> failed) {
        added(base.add("phase", phase), operation, latency, failed);
      }

      @Override
      public void warmingUp(String phase, boolean on) {
        warming(base.add("phase", phase), on);
      }

      @Override
      public void update(Snapshot s) {
        long cpu = ProcessCpu.nanos();
        long now = System.nanoTime();
        double cores = cpu < 0 || lastCpu < 0 || now <= lastNanos ? Double.NaN
            : (cpu - lastCpu) / (double) (now - lastNanos);
        lastCpu = cpu;
        lastNanos = now;
        updated(base.add("phase", s.label()), s, cores);
      }

      @Override
      public void phaseEnded() {
        // The phase it last updated: one watch runs one phase at a time.
        lastCpu = -1;
        updated(null, null, Double.NaN);
      }
    };
  }

  private synchronized void added(Labels phase, String operation, Histogram h,
      Map<String, Long> causes) {
    Labels op = phase.add("operation", operation);
    latency.computeIfAbsent(op, k -> new LatencyBuckets()).add(h);
    succeeded.computeIfAbsent(op, k -> new long[1])[0] += h.getTotalCount();
    Map<String, Long> byCause = failed.computeIfAbsent(op, k -> new java.util.TreeMap<>());
    causes.forEach((cause, n) -> byCause.merge(cause, n, Long::sum));
    changed();
  }

  /**
   * {@code s} the state of {@code phase}, now the one running, the process having used
   * {@code cores} over its last second (NaN: not known); null, null: it ended.
   */
  private synchronized void updated(Labels phase, Progress.Snapshot s, double cores) {
    if (phase != null) {
      phases.put(phase, s);
      if (!Double.isNaN(cores)) {
        coresUsed.put(phase, cores);
      }
    }
    running = phase;
    changed();
  }

  private synchronized void warming(Labels phase, boolean on) {
    warming.put(phase, on);
    changed();
  }

  private void changed() {
    version++;
  }

  /** The figures' version now: give it to {@link #served} once a scrape that began now ended. */
  synchronized long version() {
    return version;
  }

  /**
   * A scrape that began at {@code readVersion} has been answered whole (its response written):
   * Prometheus has every change up to it.
   */
  synchronized void served(long readVersion) {
    long now = System.nanoTime();
    if (scrapes > 0) {
      scrapeIntervalNanos = now - lastScrapeNanos;
    }
    scrapes++;
    lastScrapeNanos = now;
    servedVersion = Math.max(servedVersion, readVersion);
    notifyAll();
  }

  @Override
  public synchronized MetricSnapshots collect() {
    List<MetricSnapshot> all = new ArrayList<>();
    CounterSnapshot.Builder ops = CounterSnapshot.builder().name("metabench_operations")
        .help("Operations of measured phases by outcome (ok, failed) and a failure's cause (as "
            + "the result names it; no cause on the 0 of an operation that has not failed)");
    succeeded.forEach((l, n) -> {
      ops.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
          .labels(l.add("outcome", "ok")).value(n[0]).build());
      Map<String, Long> causes = failed.get(l);
      if (causes.isEmpty()) {
        ops.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
            .labels(l.add("outcome", "failed")).value(0).build());
      }
      causes.forEach((cause, count) -> ops.dataPoint(CounterSnapshot.CounterDataPointSnapshot
          .builder().labels(l.add("outcome", "failed").add("cause", cause)).value(count)
          .build()));
    });
    all.add(ops.build());
    HistogramSnapshot.Builder lat = HistogramSnapshot.builder().name("metabench_latency_seconds")
        .help("Latency of measured operations that succeeded, from when each was due in a paced "
            + "phase, else from its start");
    latency.forEach((l, b) -> lat.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
        .labels(l).sum(b.sumSeconds())
        .classicHistogramBuckets(ClassicHistogramBuckets.of(LatencyBuckets.BOUNDS_SECONDS,
            b.classicCounts()))
        .build()));
    all.add(lat.build());
    all.add(gauge("metabench_phase_running", "1 while the phase runs, 0 after it ended",
        l -> l.equals(running) ? 1 : 0));
    all.add(gauge("metabench_client_warmup_running", "1 while the client warm-up before the "
        + "phase runs (in no figure), 0 after it", warming.keySet(), l -> warming.get(l) ? 1 : 0));
    all.add(gauge("metabench_client_cores_used", "CPU cores the process used over the phase's "
        + "last second (beside metabench_client_cores: near it, the client may be the bottleneck)",
        coresUsed.keySet(), coresUsed::get));
    all.add(gauge("metabench_client_cores", "Cores the process's JVM may use",
        l -> Runtime.getRuntime().availableProcessors()));
    all.add(gauge("metabench_phase_elapsed_seconds", "Seconds since the phase's window opened",
        l -> phases.get(l).elapsedSeconds()));
    all.add(gauge("metabench_phase_progress_ratio", "Operations done of those the phase will "
        + "do (absent for a phase bounded by time)", l -> phases.get(l).expected() <= 0
        ? Double.NaN : Math.min(1, phases.get(l).done() / (double) phases.get(l).expected())));
    all.add(gauge("metabench_phase_achieved_per_second", "Operations that succeeded in the "
        + "phase's last second", l -> phases.get(l).intervalPerSecond()));
    all.add(gauge("metabench_phase_offered_per_second", "The rate a paced phase offers this "
        + "process (-rate; absent in a closed loop)", l -> phases.get(l).offeredPerSecond() > 0
        ? phases.get(l).offeredPerSecond() : Double.NaN));
    all.add(server.snapshot());
    return new MetricSnapshots(all);
  }

  /** One value per phase seen; a NaN value is left out. */
  private GaugeSnapshot gauge(String name, String help,
      java.util.function.ToDoubleFunction<Labels> value) {
    return gauge(name, help, phases.keySet(), value);
  }

  /** One value per phase of {@code phases}; a NaN value is left out. */
  private static GaugeSnapshot gauge(String name, String help, java.util.Set<Labels> phases,
      java.util.function.ToDoubleFunction<Labels> value) {
    GaugeSnapshot.Builder g = GaugeSnapshot.builder().name(name).help(help);
    for (Labels l : phases) {
      double v = value.applyAsDouble(l);
      if (!Double.isNaN(v)) {
        g.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(l).value(v).build());
      }
    }
    return g.build();
  }

  /**
   * Waits until a scrape has served the last figures given, when anything scrapes this process
   * at all, at most twice the interval seen between scrapes (and at most {@code maxMillis}): the
   * last second of a run would otherwise never reach Prometheus.
   *
   * @return whether the last figures were served (true also when there was nothing to wait for)
   */
  public synchronized boolean awaitLastScrape(long maxMillis) throws InterruptedException {
    if (scrapes < 2 || servedVersion == version) {
      return true;
    }
    long until = System.nanoTime() + Math.min(2 * scrapeIntervalNanos, maxMillis * 1_000_000L);
    while (servedVersion != version) {
      long left = until - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000L));
    }
    return true;
  }

  /** The run label every figure has. */
  public String run() {
    return run;
  }

  /** Whether a scrape served the figures since they last changed. */
  public synchronized boolean lastScraped() {
    return servedVersion == version;
  }

  /** Whether anything scraped the figures twice or more (so that an interval is known). */
  public synchronized boolean scraped() {
    return scrapes >= 2;
  }

  /** The interval seen between the last two scrapes, in seconds; NaN before two. */
  public synchronized double scrapeIntervalSeconds() {
    return scrapes < 2 ? Double.NaN : scrapeIntervalNanos / 1e9;
  }
}
