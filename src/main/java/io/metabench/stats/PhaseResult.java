package io.metabench.stats;

import io.metabench.core.ClockAnchor;
import io.metabench.op.OpType;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The merged outcome of one phase over all its workers. Formulas (docs/metrics.md):
 *
 * <ul>
 *   <li>window = last operation end − first operation start, over all workers (and maps) and all
 *       attempted operations (failed ones included, so failures cannot shrink it);</li>
 *   <li>TPS = successful operations ÷ window;</li>
 *   <li>latency statistics are over successful operations only, each timed from the start of its
 *       first attempt to the end of its successful one.</li>
 * </ul>
 *
 * <p>Immutable after construction; the histogram must not be modified by callers.
 */
public final class PhaseResult {
  private final OpType op;
  private final int workers;
  private final long attempted;
  private final long successes;
  private final Map<String, FailureCount> failures;
  private final Map<String, FailureCount> retries;
  private final int lateWorkers;
  private final int lateMaps;
  private final long firstStartEpochNanos;
  private final long lastEndEpochNanos;
  private final long workerBusyNanos;
  private final long bytes;
  private final long firstPartNanos;
  private final long secondPartNanos;
  private final Histogram latency;
  private final long startedAtEpochMillis;
  private final IntervalSeries series;
  private final long warmupOps;
  private final Histogram serviceTime;
  private final long maxLateNanos;
  private final ClientWarmupFigures clientWarmup;
  private final boolean inMix;
  private final StoreCalls storeCalls;
  private final ClientLoad clientLoad;

  public PhaseResult(OpType op, int workers, long attempted, long successes,
      Map<String, FailureCount> failures, Map<String, FailureCount> retries, int lateWorkers,
      int lateMaps, long firstStartEpochNanos, long lastEndEpochNanos, long workerBusyNanos,
      long bytes, long firstPartNanos, long secondPartNanos, Histogram latency,
      long startedAtEpochMillis) {
    this.op = op;
    this.workers = workers;
    this.attempted = attempted;
    this.successes = successes;
    this.failures = Collections.unmodifiableMap(new TreeMap<>(failures));
    this.retries = Collections.unmodifiableMap(new TreeMap<>(retries));
    this.lateWorkers = lateWorkers;
    this.lateMaps = lateMaps;
    this.firstStartEpochNanos = firstStartEpochNanos;
    this.lastEndEpochNanos = lastEndEpochNanos;
    this.workerBusyNanos = workerBusyNanos;
    this.bytes = bytes;
    this.firstPartNanos = firstPartNanos;
    this.secondPartNanos = secondPartNanos;
    this.latency = latency;
    this.startedAtEpochMillis = startedAtEpochMillis;
    this.series = IntervalSeries.EMPTY;
    this.warmupOps = 0;
    this.serviceTime = null;
    this.maxLateNanos = 0;
    this.clientWarmup = ClientWarmupFigures.NONE;
    this.inMix = false;
    this.storeCalls = StoreCalls.NONE;
    this.clientLoad = ClientLoad.NONE;
  }

  private PhaseResult(PhaseResult p, IntervalSeries series, long warmupOps,
      Histogram serviceTime, long maxLateNanos, ClientWarmupFigures clientWarmup, boolean inMix) {
    this(p, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix, p.storeCalls,
        p.clientLoad);
  }

  private PhaseResult(PhaseResult p, IntervalSeries series, long warmupOps,
      Histogram serviceTime, long maxLateNanos, ClientWarmupFigures clientWarmup, boolean inMix,
      StoreCalls storeCalls, ClientLoad clientLoad) {
    this.op = p.op;
    this.workers = p.workers;
    this.attempted = p.attempted;
    this.successes = p.successes;
    this.failures = p.failures;
    this.retries = p.retries;
    this.lateWorkers = p.lateWorkers;
    this.lateMaps = p.lateMaps;
    this.firstStartEpochNanos = p.firstStartEpochNanos;
    this.lastEndEpochNanos = p.lastEndEpochNanos;
    this.workerBusyNanos = p.workerBusyNanos;
    this.bytes = p.bytes;
    this.firstPartNanos = p.firstPartNanos;
    this.secondPartNanos = p.secondPartNanos;
    this.latency = p.latency;
    this.startedAtEpochMillis = p.startedAtEpochMillis;
    this.series = series;
    this.warmupOps = warmupOps;
    this.serviceTime = serviceTime;
    this.maxLateNanos = maxLateNanos;
    this.clientWarmup = clientWarmup;
    this.inMix = inMix;
    this.storeCalls = storeCalls;
    this.clientLoad = clientLoad;
  }

  /** This result with the calls its clients made to the store in its window. */
  public PhaseResult withStoreCalls(StoreCalls calls) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix,
        calls, clientLoad);
  }

  /** This result with how busy its client JVM was in its window. */
  public PhaseResult withClientLoad(ClientLoad load) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix,
        storeCalls, load);
  }

  /** How busy the client JVM was in the window; {@link ClientLoad#NONE} when not measured. */
  public ClientLoad clientLoad() {
    return clientLoad;
  }

  /** The calls the clients made to the store; {@link StoreCalls#NONE} when not counted. */
  public StoreCalls storeCalls() {
    return storeCalls;
  }

  /** This result with its per-second series. */
  public PhaseResult withSeries(IntervalSeries series) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix);
  }

  /** This result as one operation's share of a mix ({@code -mix}). */
  public PhaseResult inMix() {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, true);
  }

  private PhaseResult markedInMix(boolean mix) {
    return mix ? inMix() : this;
  }

  /** Whether this is one operation's share of a mix. */
  public boolean partOfMix() {
    return inMix;
  }

  /** The prefix of a mix's operations' names. */
  public static final String MIX_PREFIX = "mix:";

  /**
   * The phase's name in every result: the operation's, or within a mix {@code mix:<operation>},
   * so a mix's stat is never mistaken for a stat phase.
   */
  public String name() {
    return inMix ? MIX_PREFIX + op.id() : op.id();
  }

  /**
   * This result with what pacing adds: operations done during the warm-up and left out of every
   * other figure, and for a scheduled phase ({@code -rate}, a replay) the service times, where
   * {@link #latency} runs from when each operation was due, and the most any operation started
   * after its due time. {@code serviceTime} null: a closed-loop phase.
   */
  public PhaseResult withPacing(long warmupOps, Histogram serviceTime, long maxLateNanos) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix);
  }

  /** This result with {@code warmupOps} operations done in the warm-up. */
  public PhaseResult withWarmupOps(long warmupOps) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, clientWarmup, inMix);
  }

  /** This result with what the client warm-up before it did. */
  public PhaseResult withClientWarmup(ClientWarmupFigures figures) {
    return new PhaseResult(this, series, warmupOps, serviceTime, maxLateNanos, figures, inMix);
  }

  /** Whether the phase reached a steady rate, read from its per-second series. */
  public Steadiness steadiness() {
    return Steadiness.of(series);
  }

  /** What the client warm-up before this phase did; {@link ClientWarmupFigures#NONE}: none. */
  public ClientWarmupFigures clientWarmup() {
    return clientWarmup;
  }

  /**
   * In a scheduled phase, the most any operation (failed ones included) started after it was
   * due, in nanoseconds; 0 when none was late, and in a closed-loop phase.
   */
  public long maxLateNanos() {
    return maxLateNanos;
  }

  /** Operations done in the warm-up, in no other figure; 0 without {@code -warmup}. */
  public long warmupOps() {
    return warmupOps;
  }

  /**
   * Fixed rate only: each success's time from its actual start, in nanoseconds (do not modify);
   * null in a closed-loop phase, where latency is already from the actual start.
   */
  public Histogram serviceTime() {
    return serviceTime;
  }

  /** The per-second series; for results combined from several processes, by wall-clock second. */
  public IntervalSeries series() {
    return series;
  }

  /**
   * Merges the recorders of all workers of one phase of one process; {@code anchor} places their
   * monotonic times on the wall-clock timeline. The phase starts at its first operation.
   */
  public static PhaseResult merge(OpType op, List<OpRecorder> recorders,
      long fallbackStartEpochMillis, ClockAnchor anchor) {
    List<PhaseResult> perWorker = new java.util.ArrayList<>(recorders.size());
    for (OpRecorder r : recorders) {
      perWorker.add(r.toResult(op, fallbackStartEpochMillis, anchor));
    }
    return combine(op, perWorker);
  }

  /**
   * Combines results of one phase (of several workers, or of several processes such as map tasks):
   * counts and histograms add up, the window runs from the earliest first start to the latest last
   * end, and the phase starts when its earliest part did.
   */
  public static PhaseResult combine(OpType op, List<PhaseResult> parts) {
    Histogram latency = new Histogram(3);
    Map<String, FailureCount> failures = new TreeMap<>();
    Map<String, FailureCount> retries = new TreeMap<>();
    long attempted = 0;
    long successes = 0;
    long bytes = 0;
    long firstPart = 0;
    long secondPart = 0;
    long busy = 0;
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    int workers = 0;
    int lateWorkers = 0;
    int lateMaps = 0;
    long startedAt = Long.MAX_VALUE;
    long warmup = 0;
    Histogram service = null;
    long maxLate = 0;
    List<ClientWarmupFigures> clientWarmups = new java.util.ArrayList<>();
    List<IntervalSeries> series = new java.util.ArrayList<>();
    List<StoreCalls> calls = new java.util.ArrayList<>();
    List<ClientLoad> loads = new java.util.ArrayList<>();
    for (PhaseResult p : parts) {
      series.add(p.series);
      calls.add(p.storeCalls);
      loads.add(p.clientLoad);
      latency.add(p.latency);
      warmup += p.warmupOps;
      maxLate = Math.max(maxLate, p.maxLateNanos);
      clientWarmups.add(p.clientWarmup);
      if (p.serviceTime != null) {
        if (service == null) {
          service = new Histogram(3);
        }
        service.add(p.serviceTime);
      }
      FailureCount.addAll(failures, p.failures);
      FailureCount.addAll(retries, p.retries);
      attempted += p.attempted;
      successes += p.successes;
      bytes += p.bytes;
      firstPart += p.firstPartNanos;
      secondPart += p.secondPartNanos;
      busy += p.workerBusyNanos;
      workers += p.workers;
      lateWorkers += p.lateWorkers;
      lateMaps += p.lateMaps;
      if (p.attempted > 0) {
        startedAt = Math.min(startedAt, p.startedAtEpochMillis);
        start = Math.min(start, p.firstStartEpochNanos);
        end = Math.max(end, p.lastEndEpochNanos);
      }
    }
    if (attempted == 0) {
      start = 0;
      end = 0;
      for (PhaseResult p : parts) {
        startedAt = Math.min(startedAt, p.startedAtEpochMillis);
      }
    }
    return new PhaseResult(op, workers, attempted, successes, failures, retries, lateWorkers,
        lateMaps, start, end, busy, bytes, firstPart, secondPart, latency,
        parts.isEmpty() ? 0 : startedAt).withPacing(warmup, service, maxLate)
        .withClientWarmup(ClientWarmupFigures.combine(clientWarmups))
        .withSeries(IntervalSeries.combine(series))
        .markedInMix(!parts.isEmpty() && parts.get(0).inMix)
        .withStoreCalls(StoreCalls.combine(calls)).withClientLoad(ClientLoad.combine(loads));
  }

  /**
   * A mix's operations as one result, named {@code mix}: counts, failures, histograms (latency,
   * service time), warm-up and per-second series add up over the operations; the window runs
   * from the earliest start to the latest end. Every operation's result already spans all the
   * mix's workers, so workers, late workers and maps, and each worker's busy time are the largest
   * of any operation's, not their sum.
   */
  public static PhaseResult totalOfMix(List<PhaseResult> ops) {
    PhaseResult all = combine(OpType.MIX, ops);
    int workers = 0;
    int lateWorkers = 0;
    int lateMaps = 0;
    long busy = 0;
    for (PhaseResult p : ops) {
      workers = Math.max(workers, p.workers);
      lateWorkers = Math.max(lateWorkers, p.lateWorkers);
      lateMaps = Math.max(lateMaps, p.lateMaps);
      busy = Math.max(busy, p.workerBusyNanos);
    }
    return new PhaseResult(OpType.MIX, workers, all.attempted, all.successes, all.failures,
        all.retries, lateWorkers, lateMaps, all.firstStartEpochNanos, all.lastEndEpochNanos, busy,
        all.bytes, all.firstPartNanos, all.secondPartNanos, all.latency,
        all.startedAtEpochMillis).withSeries(all.series)
        .withPacing(all.warmupOps, all.serviceTime, all.maxLateNanos)
        .withClientWarmup(ops.isEmpty() ? ClientWarmupFigures.NONE : ops.get(0).clientWarmup)
        .withClientLoad(ops.isEmpty() ? ClientLoad.NONE : ops.get(0).clientLoad);
  }

  /** This result with {@code lateMaps} set: a map task marks its phase late at the barrier. */
  public PhaseResult withLateMaps(int maps) {
    return new PhaseResult(op, workers, attempted, successes, failures, retries, lateWorkers,
        maps, firstStartEpochNanos, lastEndEpochNanos, workerBusyNanos, bytes, firstPartNanos,
        secondPartNanos, latency, startedAtEpochMillis).withSeries(series)
        .withPacing(warmupOps, serviceTime, maxLateNanos).withClientWarmup(clientWarmup)
        .markedInMix(inMix).withStoreCalls(storeCalls).withClientLoad(clientLoad);
  }

  public OpType op() {
    return op;
  }

  public int workers() {
    return workers;
  }

  /** Operations attempted (each counted once however many attempts it took). */
  public long attempted() {
    return attempted;
  }

  public long successes() {
    return successes;
  }

  /** Operations that failed after all attempts. */
  public long failed() {
    long n = 0;
    for (FailureCount c : failures.values()) {
      n += c.count();
    }
    return n;
  }

  /** Failed operations by cause (exception class, or "returned false"). */
  public Map<String, FailureCount> failures() {
    return failures;
  }

  /** Extra attempts made, by the cause of the attempt that was retried. */
  public Map<String, FailureCount> retries() {
    return retries;
  }

  public long retryCount() {
    long n = 0;
    for (FailureCount c : retries.values()) {
      n += c.count();
    }
    return n;
  }

  public int lateWorkers() {
    return lateWorkers;
  }

  /** Map tasks that reached the phase's barrier after the others had started; 0 in one process. */
  public int lateMaps() {
    return lateMaps;
  }

  /** Wall-clock start of the first operation, in nanoseconds since the epoch; 0 when none ran. */
  public long firstStartEpochNanos() {
    return firstStartEpochNanos;
  }

  /** Wall-clock end of the last operation, in nanoseconds since the epoch; 0 when none ran. */
  public long lastEndEpochNanos() {
    return lastEndEpochNanos;
  }

  public long windowNanos() {
    return lastEndEpochNanos - firstStartEpochNanos;
  }

  /** Sum over workers of each one's first-start-to-last-end time (NNBench's "TPS Total"). */
  public long workerBusyNanos() {
    return workerBusyNanos;
  }

  public double windowSeconds() {
    return windowNanos() / 1e9;
  }

  /** Successful operations per second of the phase's window; 0 when nothing succeeded. */
  public double tps() {
    long windowNanos = windowNanos();
    return windowNanos <= 0 ? 0.0 : successes * 1e9 / windowNanos;
  }

  /**
   * Operations attempted per second of the window (failed ones included): with a fixed rate, the
   * rate achieved, to set beside the one asked for.
   */
  public double attemptedPerSecond() {
    long windowNanos = windowNanos();
    return windowNanos <= 0 ? 0.0 : attempted * 1e9 / windowNanos;
  }

  /** Bytes written or read by successful operations. */
  public long bytes() {
    return bytes;
  }

  public double bytesPerSecond() {
    long windowNanos = windowNanos();
    return windowNanos <= 0 ? 0.0 : bytes * 1e9 / windowNanos;
  }

  /** Sum over successful operations of the first reported part (create+write, open, ...). */
  public long firstPartNanos() {
    return firstPartNanos;
  }

  /** Sum over successful operations of the second reported part (close, read), else 0. */
  public long secondPartNanos() {
    return secondPartNanos;
  }

  /** Latency of successful operations in nanoseconds. Do not modify. */
  public Histogram latency() {
    return latency;
  }

  public double meanLatencyMillis() {
    return latency.getTotalCount() == 0 ? 0.0 : latency.getMean() / 1e6;
  }

  /** Latency at {@code percentile} (0–100) in milliseconds; 0 when nothing succeeded. */
  public double latencyMillisAt(double percentile) {
    return latency.getTotalCount() == 0 ? 0.0 : latency.getValueAtPercentile(percentile) / 1e6;
  }

  public double maxLatencyMillis() {
    return latency.getTotalCount() == 0 ? 0.0 : latency.getMaxValue() / 1e6;
  }

  public long startedAtEpochMillis() {
    return startedAtEpochMillis;
  }
}
