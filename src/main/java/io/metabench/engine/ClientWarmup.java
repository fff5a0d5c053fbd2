package io.metabench.engine;

import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.OpType;
import io.metabench.stats.ClientWarmupFigures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client warm-up before a measured phase ({@code -clientWarmup},
 * docs/metrics.md#client-warm-up): each worker, on its own client, runs rounds of the phase's own
 * calls on scratch items of its own under {@code <scratchRoot>/w<worker>}, through the engine's
 * own worker loop ({@link WarmupRounds}), until the warm-up's call rate has stopped climbing and
 * the JIT has stopped compiling ({@link WarmupGauge}), the time allowed is up, or a stop is
 * requested; so that the phase's measured window sees the file system's steady state rather than
 * the client JVM loading classes and compiling its hot paths. Every name it made is removed
 * before the phase starts, so the phase finds the namespace it would have found without it;
 * nothing it does is in any figure of the phase.
 *
 * <p>Immutable; {@link #run} may be called for each phase.
 */
public final class ClientWarmup {
  private static final Logger LOG = LoggerFactory.getLogger(ClientWarmup.class);

  private final long nanos;
  private final Path scratchRoot;
  private final int warmedByRun;
  private final long maxCalls;
  /** The bound set by what it warms for ({@link #boundedBy}); MAX_VALUE: none. */
  private final long boundNanos;
  /** Whether it re-warms operations an earlier warm-up in this JVM settled on. */
  private final boolean rewarm;

  /**
   * @param nanos the longest the warm-up may take (it ends sooner when its rate settles); 0: no
   *     warm-up
   * @param scratchRoot a directory only this process's warm-up uses (created and removed here)
   */
  public ClientWarmup(long nanos, Path scratchRoot) {
    this(nanos, scratchRoot, 0, Long.MAX_VALUE, Long.MAX_VALUE, false);
  }

  private ClientWarmup(long nanos, Path scratchRoot, int warmedByRun, long maxCalls,
      long boundNanos, boolean rewarm) {
    this.nanos = nanos;
    this.scratchRoot = scratchRoot;
    this.warmedByRun = warmedByRun;
    this.maxCalls = maxCalls;
    this.boundNanos = boundNanos;
    this.rewarm = rewarm;
  }

  /**
   * This warm-up, bounded by what it warms for: at most {@code maxNanos} long (when that is
   * shorter than its own cap) and at most {@code maxCalls} calls, such as a replay's own length
   * at its speed and its number of commands. Ending at such a bound is by design, not a cap.
   */
  public ClientWarmup boundedBy(long maxNanos, long maxCalls) {
    return new ClientWarmup(nanos, scratchRoot, warmedByRun, Math.max(1, maxCalls),
        Math.max(1, maxNanos), rewarm);
  }

  /**
   * This warm-up, for a phase whose every operation an earlier warm-up in this JVM, at the same
   * concurrency, ran until its rate settled with the JIT done ({@link #settles}): the code is
   * compiled, and what the JIT still does for the new phase (recompiling for its mix of calls)
   * the rate shows, so it ends when its rate settles over three quarter-seconds
   * ({@link WarmupGauge#rewarm}). Measured: docs/metrics.md#client-warm-up.
   */
  ClientWarmup rewarming() {
    return new ClientWarmup(nanos, scratchRoot, warmedByRun, maxCalls, boundNanos, true);
  }

  /**
   * Whether a run of this warm-up that ended neither at its cap nor at a stop ended because its
   * rate settled: true unless it is {@linkplain #boundedBy bounded} (a replay's, which may end at
   * its bound) or a {@linkplain #rewarming re-warm} (whose test is weaker). One that ended at its
   * round bound ({@link WarmupRounds#MAX_ROUNDS}, a no-op file system) counts as settled too: its
   * calls ran far past any compile threshold.
   */
  boolean settles() {
    return maxCalls == Long.MAX_VALUE && boundNanos == Long.MAX_VALUE && !rewarm;
  }

  /**
   * This warm-up, skipped because this JVM already ran the same phases at the same concurrency
   * in run {@code run} of a study (0: not skipped): their code is compiled, and warming it again
   * would only lengthen the study.
   */
  public ClientWarmup warmedBy(int run) {
    return new ClientWarmup(nanos, scratchRoot, nanos > 0 ? run : 0, maxCalls, boundNanos,
        rewarm);
  }

  /** Whether a warm-up runs at all. */
  boolean on() {
    return nanos > 0 && warmedByRun == 0;
  }

  /** What the phase records when this warm-up does not run. */
  ClientWarmupFigures skipped() {
    return ClientWarmupFigures.warmedBy(warmedByRun);
  }

  /**
   * Warms the clients of {@code sources}' workers for {@code phase}, all at once, and removes
   * the scratch directory; puts each operation's rate per worker over its last passes
   * ({@link PassRates}) in {@code ratesPerWorker} unless it is null.
   */
  ClientWarmupFigures run(Phase phase, List<? extends ItemSource> sources, PhaseEngine engine,
      NanoClock clock, StopRequest stop, Map<OpType, Double> ratesPerWorker)
      throws IOException, InterruptedException {
    // What the phase's first edge would load, loaded first, so the code warmed here stays.
    ClientLoadGauge.prime();
    long began = clock.nanoTime();
    LongAdder progress = new LongAdder();
    AtomicBoolean enough = new AtomicBoolean();
    // What the watch saw as it ended the warm-up: whether at the cap, and the rate reached.
    AtomicBoolean capped = new AtomicBoolean();
    double[] lastRate = {Double.NaN};
    Thread gauge = new Thread(() -> watch(progress, enough, began, clock, stop, capped, lastRate),
        "metabench-client-warmup");
    gauge.setDaemon(true);
    gauge.start();
    // A hung server must not hold the warm-up either; and the phase's calls are watched.
    OpTimeout timeouts = OpTimeout.startFor(sources.size(), phase.opTimeoutNanos(), clock);
    // Read as the gate opens before each pass: every worker then runs the same passes.
    AtomicBoolean settled = new AtomicBoolean();
    // At least one pass, however short the bound: a warm-up that ends before any call does not
    // warm anything.
    StartGate gate = new StartGate(sources.size(), () -> settled.set(progress.sum() > 0
        && (enough.get() || progress.sum() >= maxCalls)));
    List<WarmupRounds> workers;
    try {
      workers = engine.forEachWorker(sources.size(), t -> {
        WarmupRounds w = new WarmupRounds(phase, sources.get(t).context(),
            new Path(scratchRoot, "w" + t), clock, progress, gate,
            OpTimeout.watch(timeouts, t));
        w.run(settled);
        return w;
      });
    } finally {
      enough.set(true);
      gauge.interrupt();
      gauge.join();
      if (timeouts != null) {
        timeouts.stop();
      }
    }
    removeIfEmpty(sources.get(0).context().fs(), Path.getPathWithoutSchemeAndAuthority(scratchRoot));
    long calls = 0;
    long failed = 0;
    List<PassRates> rates = new ArrayList<>();
    for (WarmupRounds w : workers) {
      calls += w.calls();
      failed += w.failed();
      rates.add(w.rates());
    }
    if (ratesPerWorker != null) {
      ratesPerWorker.putAll(PassRates.perWorker(rates));
    }
    if (failed > 0) {
      LOG.warn("client warm-up before {}: {} of its {} calls failed (in no figure)",
          phase.label(), failed, calls);
    }
    if (capped.get()) {
      LOG.warn("client warm-up before {}: its rate did not settle within its {} s cap "
          + "(-clientWarmup); it had reached {} calls/s", phase.label(), nanos / 1_000_000_000L,
          String.format(java.util.Locale.ROOT, "%.0f", lastRate[0]));
    }
    return new ClientWarmupFigures(calls, failed, clock.nanoTime() - began, capped.get(),
        lastRate[0]);
  }

  /**
   * Ends the warm-up ({@code enough}) when its call rate has settled ({@link WarmupGauge}), when
   * the time allowed is up, or on a stop request.
   */
  private void watch(LongAdder progress, AtomicBoolean enough, long began, NanoClock clock,
      StopRequest stop, AtomicBoolean capped, double[] lastRate) {
    WarmupGauge gauge = rewarm ? WarmupGauge.rewarm() : WarmupGauge.cold();
    gauge.sample(began, 0, jitMillis());
    try {
      while (!enough.get()) {
        // Looks at least every sampling window, and when a bound shorter than that is due.
        long left = Math.min(nanos, boundNanos) - (clock.nanoTime() - began);
        Thread.sleep(Math.max(1, Math.min(gauge.sampleNanos(), left) / 1_000_000L));
        long now = clock.nanoTime();
        long calls = progress.sum();
        long jit = jitMillis();
        boolean settled = gauge.sample(now, calls, jit);
        lastRate[0] = gauge.lastRate();
        LOG.debug("client warm-up at {} ms: {} calls, JIT {} ms{}", (now - began) / 1_000_000L,
            calls, jit, settled ? ", settled" : "");
        boolean bounded = calls >= maxCalls || now - began >= boundNanos;
        if (settled || bounded || now - began >= nanos || stop.isRequested()) {
          capped.set(!settled && !bounded && !stop.isRequested());
          enough.set(true);
        }
      }
    } catch (InterruptedException e) {
      enough.set(true);
    }
  }

  /** The JIT's compilation time so far, in ms; 0 where the JVM does not say. */
  private static long jitMillis() {
    java.lang.management.CompilationMXBean jit =
        java.lang.management.ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime() : 0;
  }

  private static void removeIfEmpty(FileSystem fs, Path dir) {
    try {
      fs.delete(dir, false);
    } catch (IOException e) {
      LOG.warn("could not remove the client warm-up's directory {}: {}", dir, e.toString());
    }
  }
}
