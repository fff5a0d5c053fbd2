package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Whether a phase reached a steady rate, read from its per-second series
 * (docs/metrics.md#steadiness): the rates of its last {@link #SECONDS} full seconds (successes ÷
 * the interval's length; a second shorter than 0.9 s, such as the phase's last, does not count)
 * are within {@link #TOLERANCE} of their mean, max − min ≤ tolerance × mean. A phase with fewer
 * full seconds is too short to tell; one whose last seconds spread wider never settled. Either
 * way its TPS is the client's ramp as much as the file system's rate, and the report says what
 * to change.
 *
 * <p>Immutable.
 */
public final class Steadiness {
  /** How many of the last full seconds must agree. */
  public static final int SECONDS = 3;
  /** How far apart they may be, as a fraction of their mean. */
  public static final double TOLERANCE = 0.2;
  private static final long FULL_SECOND_NANOS = 900_000_000L;

  /** The verdict. */
  public enum Verdict {
    STEADY("steady"), UNSTEADY("unsteady"), TOO_SHORT("too_short"),
    /** No series to read (a result from a source that keeps none). */
    UNKNOWN("unknown");

    private final String id;

    Verdict(String id) {
      this.id = id;
    }

    /** The name in result files. */
    public String id() {
      return id;
    }
  }

  private final Verdict verdict;
  private final List<Double> lastRates;

  private Steadiness(Verdict verdict, List<Double> lastRates) {
    this.verdict = verdict;
    this.lastRates = Collections.unmodifiableList(lastRates);
  }

  /** The steadiness of a phase whose per-second series is {@code series}. */
  public static Steadiness of(IntervalSeries series) {
    if (series.isEmpty()) {
      return new Steadiness(Verdict.UNKNOWN, Collections.<Double>emptyList());
    }
    List<Double> full = new ArrayList<>();
    for (IntervalSeries.Interval i : series.intervals()) {
      long nanos = i.endEpochNanos() - i.startEpochNanos();
      if (nanos >= FULL_SECOND_NANOS) {
        full.add(i.successes() * 1e9 / nanos);
      }
    }
    if (full.size() < SECONDS) {
      return new Steadiness(Verdict.TOO_SHORT, full);
    }
    List<Double> last = new ArrayList<>(full.subList(full.size() - SECONDS, full.size()));
    boolean steady = spreadOf(last) <= TOLERANCE;
    return new Steadiness(steady ? Verdict.STEADY : Verdict.UNSTEADY, last);
  }

  public Verdict verdict() {
    return verdict;
  }

  /** Whether the phase is flagged: too short to tell, or never steady. */
  public boolean flagged() {
    return verdict == Verdict.UNSTEADY || verdict == Verdict.TOO_SHORT;
  }

  /** The rates (successes per second) of the last full seconds read, oldest first. */
  public List<Double> lastRates() {
    return lastRates;
  }

  /** (max − min) ÷ mean of {@link #lastRates()}; 0 when there are none or all are 0. */
  public double spread() {
    double v = lastRates.isEmpty() ? 0 : spreadOf(lastRates);
    return Double.isInfinite(v) ? 0 : v;
  }

  /**
   * (max − min) ÷ mean of {@code rates}: how far apart they are as a fraction of their mean;
   * infinite when their mean is 0 (nothing done is never steady).
   */
  public static double spreadOf(List<Double> rates) {
    double min = Double.MAX_VALUE;
    double max = 0;
    double sum = 0;
    for (double r : rates) {
      min = Math.min(min, r);
      max = Math.max(max, r);
      sum += r;
    }
    return sum <= 0 ? Double.POSITIVE_INFINITY : (max - min) / (sum / rates.size());
  }

  /** What to change so the next run can tell (empty when steady). */
  public String advice() {
    switch (verdict) {
      case TOO_SHORT:
        return "too short to show a steady rate (" + lastRates.size() + " full second"
            + (lastRates.size() == 1 ? "" : "s") + ", " + SECONDS + " needed): raise "
            + "-numberOfFiles or give -duration";
      case UNSTEADY:
        return "no steady rate: its last " + SECONDS + " seconds differ by more than "
            + Math.round(TOLERANCE * 100) + "% of their mean: run it longer (-numberOfFiles, "
            + "-duration)";
      default:
        return "";
    }
  }
}
