package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Whether a phase reached a steady rate, read from its per-second series
 * (docs/metrics.md#steadiness): over its last {@link #WINDOW} full seconds (at least
 * {@link #SECONDS}; successes ÷ the interval's length; a second shorter than 0.9 s, such as the
 * phase's last, does not count) the rate drifts by at most {@link #TOLERANCE} of their median:
 * the Theil–Sen slope (the median of the slopes between every pair of seconds) times the
 * window's length; or it drifts further but the seconds do not agree on its direction (Kendall's
 * tau under {@link #AGREEMENT}): then one odd second, not a trend, moved the slope. The median
 * slope follows a trend (a client still warming up, a server slowing down) and not one second's
 * swing on a shared machine, which the spread of the same seconds (max − min, still reported)
 * cannot tell apart. A phase with fewer full seconds is too
 * short to tell; one that drifts never settled. Either way its TPS is the ramp as much as the
 * file system's rate, and the report says what to change.
 *
 * <p>Immutable.
 */
public final class Steadiness {
  /** How many full seconds a phase needs at least. */
  public static final int SECONDS = 3;
  /** How many of the last full seconds are read at most. */
  public static final int WINDOW = 5;
  /** How far the rate may drift over them, as a fraction of their median. */
  public static final double TOLERANCE = 0.2;
  /**
   * How far the seconds must agree on the drift's direction (Kendall's tau of rate against time,
   * the Mann–Kendall statistic Theil–Sen's slope is read with): of 3 seconds all, of 4 five of
   * the 6 pairs, of 5 eight of the 10.
   */
  public static final double AGREEMENT = 0.6;
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
    List<Double> last = new ArrayList<>(full.subList(Math.max(0, full.size() - WINDOW),
        full.size()));
    double drift = driftOf(last);
    // A drift is a trend only where the seconds agree on its direction: one odd second at
    // either end of three or four moves the median slope as far as a ramp does.
    boolean steady = Math.abs(drift) <= TOLERANCE
        || !Double.isInfinite(drift) && Math.abs(kendallTau(last)) < AGREEMENT;
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

  /**
   * The rate's drift over {@link #lastRates()} as a fraction of their median (negative: falling);
   * 0 when there are fewer than two or their median is 0.
   */
  public double drift() {
    double v = lastRates.size() < 2 ? 0 : driftOf(lastRates);
    return Double.isInfinite(v) ? 0 : v;
  }

  /**
   * The Theil–Sen slope of {@code rates} (one a second) times their span, ÷ their median:
   * infinite when their median is 0 (nothing done is never steady).
   */
  public static double driftOf(List<Double> rates) {
    int n = rates.size();
    double[] slopes = new double[n * (n - 1) / 2];
    double[] values = new double[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
      values[i] = rates.get(i);
      for (int j = i + 1; j < n; j++) {
        slopes[k++] = (rates.get(j) - rates.get(i)) / (j - i);
      }
    }
    Median median = new Median();
    double level = median.evaluate(values);
    return level <= 0 ? Double.POSITIVE_INFINITY : median.evaluate(slopes) * (n - 1) / level;
  }

  /**
   * Kendall's tau of {@code rates} against their order: (pairs rising − pairs falling) ÷ all
   * pairs, from −1 (every later second slower) to 1 (every later second faster); 0 for fewer
   * than two.
   */
  public static double kendallTau(List<Double> rates) {
    int n = rates.size();
    long s = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        s += (long) Math.signum(rates.get(j) - rates.get(i));
      }
    }
    return n < 2 ? 0 : s / (n * (n - 1) / 2.0);
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
        return "no steady rate: over its last " + lastRates.size() + " full seconds the rate "
            + (lastRates.get(lastRates.size() - 1) < lastRates.get(0) ? "fell" : "rose")
            + " by more than " + Math.round(TOLERANCE * 100) + "% of their median: run it "
            + "longer (-numberOfFiles, -duration)";
      default:
        return "";
    }
  }
}
