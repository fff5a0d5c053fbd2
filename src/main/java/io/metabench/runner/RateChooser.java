package io.metabench.runner;

import io.metabench.stats.capacity.StepVerdict;
import io.metabench.stats.capacity.StepVerdict.Outcome;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The rates a capacity search offers, one step after another (docs/capacity.md, "Search"): from
 * the start, ×4 while the step held with its worst latency under an eighth of its bound and ×2
 * while it held otherwise, ÷2 while nothing has held; then, between the highest rate held and the
 * lowest above it not held, the midpoint (or, when the store broke that one short of its rate, the
 * rate it achieved there plus the precision, if that is lower and above the rate held), until
 * they are within the precision of each other; then
 * each of that pair once more, to confirm. A rate's latest outcome is its outcome, so a
 * confirmation that contradicts moves the pair and the bisection goes on. It ends when the pair is
 * confirmed, when the step limit is reached, or at the rates it cannot offer.
 *
 * <p>Not thread-safe: one search uses it.
 */
final class RateChooser {
  /** The highest rate an open-loop phase takes ({@code -rate}'s bound). */
  static final double MAX_RATE = 10_000_000;
  /** The lowest rate tried before the search says nothing is held. */
  static final double MIN_RATE = 0.5;

  private final double start;
  private final double lowest;
  private final double precision;
  private final int maxSteps;
  /** Each rate's latest outcome. */
  private final TreeMap<Double, Outcome> latest = new TreeMap<>();
  private final Set<Double> confirmed = new HashSet<>();
  /** What each rate the store broke short of achieved, at its latest step. */
  private final Map<Double, Double> served = new java.util.HashMap<>();
  private int steps;
  private double lastRate = Double.NaN;
  private Outcome lastOutcome;
  private double lastRatio;
  private String ending = "";

  RateChooser(double start, double precision, int maxSteps) {
    this(start, precision, maxSteps, MIN_RATE);
  }

  /** A chooser that tries no rate under {@code lowest} (at least {@link #MIN_RATE}). */
  RateChooser(double start, double precision, int maxSteps, double lowest) {
    this.lowest = Math.max(MIN_RATE, lowest);
    this.start = Math.min(MAX_RATE, Math.max(this.lowest, start));
    this.precision = precision;
    this.maxSteps = maxSteps;
  }

  /** Records that {@code rate} was offered, with {@code outcome} and its worst latency ratio. */
  void record(double rate, Outcome outcome, double worstRatio) {
    record(rate, outcome, worstRatio, Double.NaN);
  }

  /**
   * As {@link #record(double, Outcome, double)}, with the rate the step achieved: a step the
   * store broke short of its rate shows about what the store serves at most, so no rate far above
   * that holds.
   */
  void record(double rate, Outcome outcome, double worstRatio, double achieved) {
    steps++;
    if (outcome == Outcome.BROKEN && achieved < StepVerdict.ACHIEVED * rate) {
      served.put(rate, achieved);
    } else {
      served.remove(rate);
    }
    if (latest.containsKey(rate)) {
      confirmed.add(rate);
    }
    latest.put(rate, outcome);
    lastRate = rate;
    lastOutcome = outcome;
    lastRatio = worstRatio;
  }

  /** The next rate to offer, and whether it confirms; null when the search is over. */
  Next next() {
    if (steps == 0) {
      return new Next(start, false);
    }
    if (steps >= maxSteps) {
      ending = "stopped after " + steps + " steps (the limit) before the pair converged";
      return null;
    }
    double held = held();
    double above = brokeAt();
    if (Double.isNaN(held)) {
      double low = latest.firstKey();
      if (low <= lowest) {
        ending = "nothing held down to " + low + " ops/s";
        return null;
      }
      return new Next(Math.max(lowest, low / 2), false);
    }
    if (Double.isNaN(above)) {
      if (held >= MAX_RATE) {
        ending = "held the highest rate MetaBench offers (" + (long) MAX_RATE + " ops/s)";
        return null;
      }
      double factor = lastOutcome == Outcome.HELD && lastRate == held && lastRatio < 0.125 ? 4
          : 2;
      return new Next(Math.min(MAX_RATE, held * factor), false);
    }
    if ((above - held) / held > precision) {
      double mid = round((held + above) / 2);
      // The store served at most `got` where it broke: just above that, the pair may close at
      // once, where bisection from a far rate takes a step per halving.
      Double got = served.get(above);
      double near = got == null ? Double.NaN : round(got * (1 + precision));
      return new Next(near > held && near < mid ? near : mid, false);
    }
    if (!confirmed.contains(held)) {
      return new Next(held, true);
    }
    if (!confirmed.contains(above)) {
      return new Next(above, true);
    }
    return null;
  }

  /** The highest rate whose latest outcome is held; NaN when none. */
  double held() {
    double best = Double.NaN;
    for (Map.Entry<Double, Outcome> e : latest.entrySet()) {
      if (e.getValue() == Outcome.HELD) {
        best = e.getKey();
      }
    }
    return best;
  }

  /** The lowest rate above {@link #held} whose latest outcome is not held; NaN when none. */
  double brokeAt() {
    double held = held();
    for (Map.Entry<Double, Outcome> e : latest.entrySet()) {
      if (e.getValue() != Outcome.HELD && (Double.isNaN(held) || e.getKey() > held)) {
        return e.getKey();
      }
    }
    return Double.NaN;
  }

  /**
   * Whether the answer is the client's limit: {@link #brokeAt}'s latest outcome is invalid and
   * no higher rate broke by the store's doing. A step the store broke above an invalid one
   * (4,035 ops/s broken, 3,969 invalid: the client stood still 8 ms near the store's limit) shows
   * the store's limit was reached, and the answer is the store's, broken at {@link #storeBrokeAt}.
   */
  boolean clientLimited() {
    double at = brokeAt();
    return !Double.isNaN(at) && latest.get(at) == Outcome.INVALID && Double.isNaN(storeBrokeAt());
  }

  /** The lowest rate above {@link #held} whose latest outcome is broken; NaN when none. */
  double storeBrokeAt() {
    double held = held();
    for (Map.Entry<Double, Outcome> e : latest.entrySet()) {
      if (e.getValue() == Outcome.BROKEN && (Double.isNaN(held) || e.getKey() > held)) {
        return e.getKey();
      }
    }
    return Double.NaN;
  }

  /**
   * The rate the answer says the search broke at: the store's lowest broken rate above the held
   * one, or, where none broke, the lowest that did not hold (an invalid step: the client's).
   */
  double answerBrokeAt() {
    double store = storeBrokeAt();
    return Double.isNaN(store) ? brokeAt() : store;
  }

  /** How the search ended when it did not converge; empty when it did or goes on. */
  String ending() {
    return ending;
  }

  /** A rate to four significant figures: steps name rates a person can type again. */
  static double round(double r) {
    double scale = Math.pow(10, Math.floor(Math.log10(r)) - 3);
    return Math.max(MIN_RATE, Math.round(r / scale) * scale);
  }

  /** The next rate, and whether it re-runs one of the final pair. Immutable. */
  static final class Next {
    final double rate;
    final boolean confirming;

    Next(double rate, boolean confirming) {
      this.rate = rate;
      this.confirming = confirming;
    }
  }
}
