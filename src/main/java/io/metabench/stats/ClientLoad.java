package io.metabench.stats;

import java.util.List;
import java.util.Locale;

/**
 * How busy the client JVM was during a phase's measured window: its CPU time (all its threads,
 * and the workers' own), its garbage collectors' time, and its cores. A phase whose client used
 * {@value #CPU_BOUND} of its cores or more, or spent {@value #GC_BOUND} of the window or more in
 * GC, is <em>client-bound</em>: its rate is what this machine could drive, not what the store
 * could serve (docs/metrics.md#client-bound-phases). A paced phase also has the longest time the
 * client stood still in its window (a GC pause, the OS scheduling it out), which delayed every
 * operation due meanwhile. Immutable.
 */
public final class ClientLoad {
  /** The share of the JVM's cores at or above which a phase is client-bound. */
  public static final double CPU_BOUND = 0.9;
  /** The share of the window spent in GC at or above which a phase is client-bound. */
  public static final double GC_BOUND = 0.1;
  /**
   * The shortest window whose shares are judged: the JVM's CPU time is counted in scheduler ticks
   * (10 ms on Linux) and GC time in milliseconds, so a window of a few tens of milliseconds could
   * read 5 cores busy on a 2-core machine.
   */
  public static final long MIN_WINDOW_NANOS = 1_000_000_000L;
  /** Not measured (a result from before it was, or a JVM that does not say). */
  public static final ClientLoad NONE = new ClientLoad(0, 0, -1, -1, -1, -1);

  private final long windowNanos;
  private final int cores;
  private final long processCpuNanos;
  private final long workersCpuNanos;
  private final long busiestWorkerCpuNanos;
  private final long gcNanos;
  private final long longestPauseNanos;

  /**
   * @param processCpuNanos CPU time of every thread of the JVM in the window; -1 when unknown
   * @param workersCpuNanos CPU time of the phase's worker threads; -1 when unknown
   * @param busiestWorkerCpuNanos the most one worker thread used; -1 when unknown
   * @param gcNanos time the JVM's collectors took in the window; -1 when unknown
   */
  public ClientLoad(long windowNanos, int cores, long processCpuNanos, long workersCpuNanos,
      long busiestWorkerCpuNanos, long gcNanos) {
    this(windowNanos, cores, processCpuNanos, workersCpuNanos, busiestWorkerCpuNanos, gcNanos, -1);
  }

  private ClientLoad(long windowNanos, int cores, long processCpuNanos, long workersCpuNanos,
      long busiestWorkerCpuNanos, long gcNanos, long longestPauseNanos) {
    this.longestPauseNanos = longestPauseNanos;
    this.windowNanos = windowNanos;
    this.cores = cores;
    this.processCpuNanos = processCpuNanos;
    this.workersCpuNanos = workersCpuNanos;
    this.busiestWorkerCpuNanos = busiestWorkerCpuNanos;
    this.gcNanos = gcNanos;
  }

  /**
   * Several processes' loads for one phase (a job's maps, merged processes): the busiest one's,
   * since one saturated client host is enough to cap the combined rate.
   */
  public static ClientLoad combine(List<ClientLoad> parts) {
    ClientLoad worst = NONE;
    long pause = -1;
    for (ClientLoad p : parts) {
      if (p.measured() && (!worst.measured() || p.severity() > worst.severity())) {
        worst = p;
      }
      pause = Math.max(pause, p.longestPauseNanos);
    }
    // Any process's pause delayed the operations due in it: the longest is the run's.
    return pause < 0 ? worst : worst.withLongestPause(pause);
  }

  /** This load with {@code nanos} the longest pause of its window (-1: not measured). */
  public ClientLoad withLongestPause(long nanos) {
    return new ClientLoad(windowNanos, cores, processCpuNanos, workersCpuNanos,
        busiestWorkerCpuNanos, gcNanos, nanos);
  }

  /**
   * The longest the client stood still in the window, in nanoseconds (a paced phase's; -1 when
   * not measured: a closed-loop phase, or a result from before it was).
   */
  public long longestPauseNanos() {
    return longestPauseNanos;
  }

  private double severity() {
    return Math.max(cpuShare() / CPU_BOUND, gcShare() / GC_BOUND);
  }

  /** Whether anything was measured. */
  public boolean measured() {
    return windowNanos > 0 && cores > 0 && (processCpuNanos >= 0 || gcNanos >= 0);
  }

  public long windowNanos() {
    return windowNanos;
  }

  public int cores() {
    return cores;
  }

  public long processCpuNanos() {
    return processCpuNanos;
  }

  public long workersCpuNanos() {
    return workersCpuNanos;
  }

  public long busiestWorkerCpuNanos() {
    return busiestWorkerCpuNanos;
  }

  public long gcNanos() {
    return gcNanos;
  }

  /** The JVM's CPU time ÷ (window × cores); NaN when unknown or the window too short. */
  public double cpuShare() {
    return processCpuNanos < 0 || !judged() ? Double.NaN
        : processCpuNanos / ((double) windowNanos * cores);
  }

  /** Whether the window is long enough for its shares to be judged ({@link #MIN_WINDOW_NANOS}). */
  public boolean judged() {
    return measured() && windowNanos >= MIN_WINDOW_NANOS;
  }

  /** Cores the JVM kept busy on average: CPU time ÷ window; NaN when unknown or too short. */
  public double coresUsed() {
    return processCpuNanos < 0 || !judged() ? Double.NaN
        : processCpuNanos / (double) windowNanos;
  }

  /** Cores the workers' threads kept busy: their CPU time ÷ window; NaN as above. */
  public double workerCoresUsed() {
    return workersCpuNanos < 0 || !judged() ? Double.NaN
        : workersCpuNanos / (double) windowNanos;
  }

  /** GC time ÷ window; NaN when unknown or the window too short. */
  public double gcShare() {
    return gcNanos < 0 || !judged() ? Double.NaN : gcNanos / (double) windowNanos;
  }

  /** Whether the phase is client-bound (a NaN share never is). */
  public boolean bound() {
    return cpuShare() >= CPU_BOUND || gcShare() >= GC_BOUND;
  }

  /**
   * What the client did in the window: {@code this JVM used 1.93 of its 2 cores (97%), the
   * workers' threads 1.10; GC 4% of the phase}.
   */
  public String describe() {
    StringBuilder b = new StringBuilder();
    if (!Double.isNaN(cpuShare())) {
      b.append(String.format(Locale.ROOT, "this JVM used %.2f of its %d cores (%.0f%%)",
          coresUsed(), cores, 100 * cpuShare()));
      if (!Double.isNaN(workerCoresUsed())) {
        b.append(String.format(Locale.ROOT, ", the workers' threads %.2f", workerCoresUsed()));
      }
    }
    if (!Double.isNaN(gcShare())) {
      b.append(b.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT,
          "GC %.0f%% of the phase", 100 * gcShare()));
    }
    return b.toString();
  }
}
