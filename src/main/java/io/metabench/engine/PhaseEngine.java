package io.metabench.engine;

import io.metabench.core.ClockAnchor;
import io.metabench.core.NanoClock;
import io.metabench.core.Parallel;
import io.metabench.core.StopRequest;
import io.metabench.fs.ClientFactory;
import io.metabench.op.OpType;
import io.metabench.stats.ClientLoad;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.IntervalSink;
import io.metabench.stats.OpRecorder;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.StoreCalls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.fs.FileSystem;

/**
 * The one measurement engine: given a {@link Phase} and an {@link ItemSource} per worker, it runs
 * the phase behind one start gate and returns its merged results with their per-second series.
 * Everything but where the next operation comes from is done here, the same way for every phase
 * kind: the workers' clients, the cross-process barrier, the start gate, per-worker recorders,
 * pacing ({@code -duration}, {@code -warmup}, {@code -rate}), {@code -opTimeout} watches, stop
 * requests ({@code -failFast}, signals), live progress, the per-second sampler (and so the
 * disruption windows read from its series), the fan-out and the merge (docs/architecture.md).
 *
 * <p>Lifecycle: one engine per run of one process; phases run one after another through
 * {@link #run}; {@link #close} ends its threads and closes the clients it made. Not thread-safe.
 */
public final class PhaseEngine implements AutoCloseable {
  private final ClientFactory clientFactory;
  private final boolean sharedClient;
  private final NanoClock clock;
  private final ClockAnchor anchor;
  private final PhaseBarrier barrier;
  private final Progress progress;
  private final StopRequest stop;
  private final ExecutorService pool =
      Executors.newCachedThreadPool(Parallel.daemonThreads("metabench-worker"));
  private final List<FileSystem> clients = new ArrayList<>();
  private IntervalSink series;
  private ClientWarmup clientWarmup;
  /** A warm-up run ahead for the next measured phase ({@link #warmUpAhead}); null: none. */
  private ClientWarmupFigures warmedAhead;
  /** The operations a warm-up settled on, by the number of workers it ran with. */
  private final Map<Integer, Set<OpType>> settled = new HashMap<>();
  private Window window = on -> { };
  private EarlyEnd earlyEnd = EarlyEnd.NEVER;

  /** Told as a measured phase's operations begin and end. Called from the engine's thread. */
  public interface Window {
    void measuring(boolean on);
  }

  /**
   * Asked after each second of a measured phase whether to end it now, with each of its results'
   * operation and series so far; a reason ends it (its workers take no further item, and the
   * phase's figures are those of the time it ran), null lets it go on. Called from the
   * sampler's thread; must be quick.
   */
  public interface EarlyEnd {
    EarlyEnd NEVER = (ops, soFar) -> null;

    String reason(List<OpType> ops, List<IntervalSeries> soFar);
  }

  /**
   * @param sharedClient whether all workers share one client ({@code -sharedClient})
   * @param barrier where this process meets the others before each measured phase
   * @param stop the run's stop request, which measured phases obey
   */
  public PhaseEngine(ClientFactory clientFactory, boolean sharedClient, NanoClock clock,
      ClockAnchor anchor, PhaseBarrier barrier, Progress progress, StopRequest stop) {
    this.clientFactory = clientFactory;
    this.sharedClient = sharedClient;
    this.clock = clock;
    this.anchor = anchor;
    this.barrier = barrier;
    this.progress = progress;
    this.stop = stop;
  }

  /** Writes every measured phase's per-second series to {@code file} as it runs (null: no). */
  public PhaseEngine writingSeriesTo(IntervalSink file) {
    this.series = file;
    return this;
  }

  /**
   * Warms the workers' clients before each measured phase ({@code -clientWarmup}); null or a
   * warm-up of no time: none.
   */
  public PhaseEngine warmingClientsWith(ClientWarmup warmup) {
    this.clientWarmup = warmup;
    return this;
  }

  /**
   * Runs the client warm-up for {@code phase}'s operations now, ahead of the phases (a sized
   * run's, docs/metrics.md#sized-runs), and puts each operation's rate per worker over its last
   * passes in {@code ratesPerWorker}. The next measured phase records it as its own warm-up
   * instead of warming again.
   *
   * @return what it did; {@link ClientWarmupFigures#NONE} when the warm-up is off (no rates)
   */
  public ClientWarmupFigures warmUpAhead(Phase phase, List<? extends ItemSource> sources,
      Map<OpType, Double> ratesPerWorker) throws IOException, InterruptedException {
    if (clientWarmup == null || !clientWarmup.on() || stop.isRequested()) {
      return ClientWarmupFigures.NONE;
    }
    warmedAhead = warmUp(phase, sources, ratesPerWorker);
    return warmedAhead;
  }

  /**
   * Runs the client warm-up for {@code phase}: a re-warm ({@link ClientWarmup#rewarming}) when an
   * earlier warm-up of this run settled on all its operations at this concurrency.
   */
  private ClientWarmupFigures warmUp(Phase phase, List<? extends ItemSource> sources,
      Map<OpType, Double> ratesPerWorker) throws IOException, InterruptedException {
    Set<OpType> warm = settled.computeIfAbsent(sources.size(), n -> EnumSet.noneOf(OpType.class));
    boolean rewarm = warm.containsAll(phase.results());
    ClientWarmup w = rewarm ? clientWarmup.rewarming() : clientWarmup;
    Progress told = phase.measured() ? progress : Progress.QUIET;
    told.warmingUp(phase.label(), true);
    ClientWarmupFigures figures;
    try {
      figures = w.run(phase, sources, this, clock, stop, ratesPerWorker).asRewarm(rewarm);
    } finally {
      told.warmingUp(phase.label(), false);
    }
    if (w.settles() && !figures.capped() && figures.calls() > 0 && !stop.isRequested()) {
      warm.addAll(WarmupRounds.warmedOnEveryItem(phase));
    }
    return figures;
  }

  /** Asks {@code e} after each second of each measured phase whether to end it early. */
  public PhaseEngine endingEarlyWhen(EarlyEnd e) {
    this.earlyEnd = e;
    return this;
  }

  /** Tells {@code w} as each measured phase's operations begin and end. */
  public PhaseEngine tellingWindowsTo(Window w) {
    this.window = w;
    return this;
  }

  /** The clock every operation is timed with. */
  public NanoClock clock() {
    return clock;
  }

  /** Where the phases' monotonic times sit on the wall clock. */
  public ClockAnchor anchor() {
    return anchor;
  }

  /**
   * One client per worker for {@code workers} workers (the same one for all with a shared
   * client), made once and reused by later phases; closed by {@link #close}.
   */
  public List<FileSystem> clients(int workers) throws IOException, InterruptedException {
    int missing = (sharedClient ? 1 : workers) - clients.size();
    if (missing > 0) {
      clients.addAll(forEachWorker(missing, t -> clientFactory.newClient()));
    }
    List<FileSystem> each = new ArrayList<>(workers);
    for (int t = 0; t < workers; t++) {
      each.add(clients.get(sharedClient ? 0 : t));
    }
    return each;
  }

  /** Runs one task per worker, all at once, and returns their results in worker order. */
  public <T> List<T> forEachWorker(int workers, Parallel.Task<T> task)
      throws IOException, InterruptedException {
    return Parallel.forEach(pool, workers, "worker", task);
  }

  /**
   * Runs {@code phase} with one worker per source: meets the other processes at the phase's
   * barrier (a measured phase), starts every worker at once behind the start gate, and merges
   * what they recorded into one result per slot of the phase, each with its series, its warm-up
   * count and whether this process was late.
   */
  public List<PhaseResult> run(Phase phase, List<? extends ItemSource> sources)
      throws IOException, InterruptedException {
    int workers = sources.size();
    int slots = phase.results().size();
    // Before the barrier, so that every process starts measuring warm and at once.
    boolean warms = phase.measured() && clientWarmup != null;
    ClientWarmupFigures warmed = warms && warmedAhead != null ? warmedAhead
        : warms && clientWarmup.on() && !stop.isRequested()
        ? warmUp(phase, sources, null)
        : warms ? clientWarmup.skipped() : ClientWarmupFigures.NONE;
    if (phase.measured()) {
      warmedAhead = null;
    }
    boolean lateMap = phase.barrierIndex() >= 0 && barrier.await(phase.barrierIndex());
    boolean lateStart = awaitStart(phase);
    StartGate gate = new StartGate(workers, lateStart, phase.isScheduled() ? clock : null);
    long startedAt = System.currentTimeMillis();
    OpRecorder[][] recorders = new OpRecorder[workers][slots];
    OpRecorder[][] warmups = new OpRecorder[workers][slots];
    List<List<OpRecorder>> bySlot = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (int s = 0; s < slots; s++) {
      bySlot.add(new ArrayList<>());
      labels.add(phase.seriesLabel(s));
    }
    for (int t = 0; t < workers; t++) {
      for (int s = 0; s < slots; s++) {
        recorders[t][s] = new OpRecorder(t);
        warmups[t][s] = new OpRecorder(t);
        bySlot.get(s).add(recorders[t][s]);
      }
    }
    OpTimeout timeouts = OpTimeout.startFor(workers, phase.opTimeoutNanos(), clock);
    boolean measured = phase.measured();
    IntervalSampler sampler = new IntervalSampler(bySlot, labels, clock, anchor,
        measured ? progress : Progress.QUIET, phase.label(),
        phase.timeBound() ? -1 : phase.expectedOps()).writingTo(measured ? series : null)
        .afterWarmup(phase.warmupNanos()).of(phase);
    // The phase's own stop: the run's, or its early end, which ends this phase alone.
    StopRequest stops = measured ? new StopRequest(stop) : StopRequest.NEVER;
    if (measured && earlyEnd != EarlyEnd.NEVER) {
      sampler.afterEachInterval(soFar -> {
        try {
          String why = earlyEnd.reason(phase.results(), soFar);
          if (why != null) {
            stops.request(why, false);
          }
        } catch (RuntimeException e) {
          // A timer task that throws is never run again: the phase runs its whole length.
          org.slf4j.LoggerFactory.getLogger(PhaseEngine.class).warn("the early end of {} "
              + "could not be judged: {}", phase.label(), e.toString());
        }
      });
    }
    // Read at the window's edges only: counting costs the workers nothing.
    StoreCallCounter calls = StoreCallCounter.over(new ArrayList<>(clients));
    Map<String, Long> callsBefore = calls.snapshot();
    sampler.start();
    ClientLoadGauge load = new ClientLoadGauge().start(phase.paced(), phase.warmupNanos());
    window.measuring(measured);
    List<IntervalSeries> seriesBySlot;
    List<Worker.Recorded> recorded;
    try {
      recorded = forEachWorker(workers, t -> new Worker(sources.get(t), phase.retries(), clock, gate,
          recorders[t], warmups[t], stops)
          .watchedBy(OpTimeout.watch(timeouts, t))
          .failFast(phase.failFast(), measured ? stop : stops)
          .pacedBy(phase.pacing(t, workers)).call());
    } finally {
      window.measuring(false);
      load.endWindow();
      seriesBySlot = sampler.finishAll();
      if (timeouts != null) {
        timeouts.stop();
      }
    }
    // A mix's calls cannot be told apart by operation: none are reported for its operations.
    StoreCalls made = measured && !phase.isMix() ? calls.since(callsBefore) : StoreCalls.NONE;
    long workersCpu = 0;
    long busiest = 0;
    for (Worker.Recorded w : recorded) {
      workersCpu = w.cpuNanos() < 0 || workersCpu < 0 ? -1 : workersCpu + w.cpuNanos();
      busiest = Math.max(busiest, w.cpuNanos());
    }
    ClientLoad busy = load.finish(workersCpu, workersCpu < 0 ? -1 : busiest);
    List<PhaseResult> results = new ArrayList<>(slots);
    for (int s = 0; s < slots; s++) {
      long warmupOps = 0;
      List<OpRecorder> ofSlot = new ArrayList<>(workers);
      for (Worker.Recorded w : recorded) {
        warmupOps += w.warmup(s).attempted();
        ofSlot.add(w.recorder(s));
      }
      PhaseResult merged = PhaseResult.merge(phase.results().get(s), ofSlot, startedAt, anchor);
      PhaseResult r = merged.withLateMaps(lateMap ? 1 : 0).withSeries(seriesBySlot.get(s))
          .withWarmupOps(warmupOps).withClientWarmup(warmed).withStoreCalls(made)
          .withClientLoad(measured ? busy : ClientLoad.NONE);
      results.add(phase.isMix() ? r.inMix() : r);
    }
    return results;
  }

  /**
   * Waits for the phase's agreed start ({@code -startTime}) before its window opens, so the wait
   * is not part of the phase (no stall in its series, no progress at 0 ops/s), saying on the
   * progress stream until when. Wall-clock time is used only to meet a start agreed across
   * machines; every measurement uses the monotonic clock.
   *
   * @return true when the start had passed as this process came to it (the phase is late)
   */
  private boolean awaitStart(Phase phase) throws InterruptedException {
    long at = phase.startAtEpochMillis();
    if (at <= 0) {
      return false;
    }
    long wait = at - System.currentTimeMillis();
    if (wait < 0) {
      return true;
    }
    (phase.measured() ? progress : Progress.QUIET).waitingUntil(phase.label(), at, wait);
    while (wait > 0 && !stop.isRequested()) {
      Thread.sleep(Math.min(wait, 200));
      wait = at - System.currentTimeMillis();
    }
    return false;
  }

  @Override
  public void close() {
    pool.shutdownNow();
    for (FileSystem fs : clients) {
      ClientFactory.closeQuietly(fs);
    }
  }
}
