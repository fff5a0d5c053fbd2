package io.metabench.stats.study;

import io.metabench.stats.ClientLoad;
import io.metabench.stats.Steadiness;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One line of a study's summary: one target, one operation, one concurrency, over all iterations
 * of that combination. Formulas (docs/metrics.md): TPS statistics are over the iterations' TPS
 * values (standard deviation of the sample, n − 1, 0 for one iteration); latency statistics come
 * from the iterations' latency histograms merged, so they describe every successful operation of
 * the combination.
 *
 * <p>Immutable.
 */
public final class SummaryRow {
  private final String target;
  private final String fsUri;
  private final String phase;
  private final int threads;
  private final int iterations;
  private final double tpsMean;
  private final double tpsMin;
  private final double tpsMax;
  private final double tpsStdDev;
  private final long successes;
  private final long failed;
  private final Latency latency;
  private final boolean knee;
  private int unsteady;
  private int clientBound;
  private List<double[]> timeline = Collections.emptyList();
  private List<double[]> serverTimeline = Collections.emptyList();

  /** Latency statistics of a row, in milliseconds; NaN where no operation succeeded. */
  public static final class Latency {
    public static final Latency NONE =
        new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    private final double meanMs;
    private final double p50Ms;
    private final double p90Ms;
    private final double p99Ms;
    private final double p999Ms;
    private final double maxMs;

    public Latency(double meanMs, double p50Ms, double p90Ms, double p99Ms, double p999Ms,
        double maxMs) {
      this.meanMs = meanMs;
      this.p50Ms = p50Ms;
      this.p90Ms = p90Ms;
      this.p99Ms = p99Ms;
      this.p999Ms = p999Ms;
      this.maxMs = maxMs;
    }

    public double meanMs() {
      return meanMs;
    }

    public double p50Ms() {
      return p50Ms;
    }

    public double p90Ms() {
      return p90Ms;
    }

    public double p99Ms() {
      return p99Ms;
    }

    public double p999Ms() {
      return p999Ms;
    }

    public double maxMs() {
      return maxMs;
    }
  }

  public SummaryRow(String target, String fsUri, String phase, int threads, int iterations,
      double tpsMean, double tpsMin, double tpsMax, double tpsStdDev, long successes, long failed,
      Latency latency, boolean knee) {
    this.target = Objects.requireNonNull(target);
    this.fsUri = Objects.requireNonNull(fsUri);
    this.phase = Objects.requireNonNull(phase);
    this.threads = threads;
    this.iterations = iterations;
    this.tpsMean = tpsMean;
    this.tpsMin = tpsMin;
    this.tpsMax = tpsMax;
    this.tpsStdDev = tpsStdDev;
    this.successes = successes;
    this.failed = failed;
    this.latency = Objects.requireNonNull(latency);
    this.knee = knee;
  }

  /**
   * This row with {@code n} of its iterations flagged as having no steady rate (too short, or
   * still changing; {@link Steadiness}).
   */
  public SummaryRow withUnsteady(int n) {
    SummaryRow r = copy();
    r.unsteady = n;
    return r;
  }

  /** This row with {@code n} of its iterations flagged client-bound ({@link ClientLoad}). */
  public SummaryRow withClientBound(int n) {
    SummaryRow r = copy();
    r.clientBound = n;
    return r;
  }

  /** How many of the row's iterations were client-bound. */
  public int clientBound() {
    return clientBound;
  }

  /**
   * This row with the TPS over time of one of its iterations (the first that had a series):
   * (seconds from the phase's start, TPS) per interval.
   */
  public SummaryRow withTimeline(List<double[]> points) {
    SummaryRow r = copy();
    r.timeline = Collections.unmodifiableList(points);
    return r;
  }

  /**
   * This row with the server's times over one iteration's phase: (seconds from the phase's
   * start, processing ms, queue ms) per refresh of the server's figures.
   */
  public SummaryRow withServerTimeline(List<double[]> points) {
    SummaryRow r = copy();
    r.serverTimeline = Collections.unmodifiableList(points);
    return r;
  }

  /** The server's times over one iteration's phase; empty when none was read. */
  public List<double[]> serverTimeline() {
    return serverTimeline;
  }

  private SummaryRow copy() {
    SummaryRow r = new SummaryRow(target, fsUri, phase, threads, iterations, tpsMean, tpsMin,
        tpsMax, tpsStdDev, successes, failed, latency, knee);
    r.unsteady = unsteady;
    r.clientBound = clientBound;
    r.timeline = timeline;
    r.serverTimeline = serverTimeline;
    return r;
  }

  /** The TPS over time of one iteration; empty when none had a series. */
  public List<double[]> timeline() {
    return timeline;
  }

  /** How many of the row's iterations had no steady rate. */
  public int unsteady() {
    return unsteady;
  }

  /** The target's label, as given with {@code -target label=uri} or derived from its URI. */
  public String target() {
    return target;
  }

  /** The file system URI the target resolved to. */
  public String fsUri() {
    return fsUri;
  }

  /** The operation's id, e.g. {@code create_write}. */
  public String phase() {
    return phase;
  }

  /** Worker threads per process (per map in MapReduce mode). */
  public int threads() {
    return threads;
  }

  public int iterations() {
    return iterations;
  }

  public double tpsMean() {
    return tpsMean;
  }

  public double tpsMin() {
    return tpsMin;
  }

  public double tpsMax() {
    return tpsMax;
  }

  public double tpsStdDev() {
    return tpsStdDev;
  }

  /** Successful operations over all iterations. */
  public long successes() {
    return successes;
  }

  /** Failed operations over all iterations. */
  public long failed() {
    return failed;
  }

  public Latency latency() {
    return latency;
  }

  /**
   * This row's mean TPS over {@code base}'s (the first target's at the same concurrency); NaN
   * when there is no base or its mean TPS is not a positive number.
   */
  public double ratioTo(SummaryRow base) {
    if (base == null || !Double.isFinite(tpsMean) || !Double.isFinite(base.tpsMean)
        || base.tpsMean <= 0) {
      return Double.NaN;
    }
    return tpsMean / base.tpsMean;
  }

  /**
   * Whether this concurrency is the knee of its target and operation: the lowest concurrency whose
   * mean TPS reaches {@link StudySummary#KNEE_FRACTION} of the highest mean TPS at any
   * concurrency. Only marked when at least two concurrencies ran.
   */
  public boolean knee() {
    return knee;
  }
}
