package io.metabench.stats.capacity;

import io.metabench.config.LatencyBounds;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.Steadiness;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Whether one step of a capacity search held its offered rate (docs/capacity.md, "Held"). A step
 * is <b>held</b> when all of: it achieved at least {@value #ACHIEVED} of the rate offered; every
 * bound holds on the latencies measured from when each operation was due, over the whole step and
 * over its last third where its seconds climbed; its failures stay under the share given. It is
 * <b>broken</b> when one of
 * these fails because of the store: the store's own answer (the service time, from each call's
 * actual start) breaks the bound too or takes all but {@value #CLIENT_SHARE} of it, or
 * operations failed. It is <b>invalid</b> when the client
 * could not offer the rate, so the step says nothing of the store: the bound broke only on time
 * operations spent waiting for a free worker (the store answered within it), the achieved rate
 * fell short likewise, the client JVM was CPU- or GC-bound, or it stood still for at least
 * {@value #PAUSE_SHARE} of the least bound in a step that was not held, unless the step broke a
 * bound in its first second and its last alike (the last two where it measures the client alone:
 * not on an embedded HDFS, whose servers share its JVM). A step
 * invalid for such a pause says so ({@link #clientPaused}): a search runs it again.
 *
 * <p>Immutable.
 */
public final class StepVerdict {
  /** Why a bound broke while the store answered within it. */
  private static final String WAITED = "operations waited for a free worker";
  /**
   * The least part of a bound the wait before each call (from its due time to its start) must
   * take for a broken bound to be the client's: a store whose own percentile is within this much
   * of the bound broke it.
   */
  public static final double CLIENT_SHARE = 0.1;
  /** The least share of the offered rate a held step achieves. */
  public static final double ACHIEVED = 0.98;
  /**
   * The least part of the least bound a pause of the client must last for a step it did not hold
   * to be the client's: for so long every operation due waited on the client, and the queue it
   * left behind at the store took the rest of the bound.
   */
  public static final double PAUSE_SHARE = 0.5;

  /** A step's outcome. */
  public enum Outcome {
    HELD, BROKEN, INVALID;

    /** {@code held}, {@code broken}, {@code invalid}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Outcome outcome;
  private final List<String> reasons;
  private final double worstRatio;
  private final boolean clientPaused;

  private StepVerdict(Outcome outcome, List<String> reasons, double worstRatio,
      boolean clientPaused) {
    this.outcome = outcome;
    this.reasons = Collections.unmodifiableList(reasons);
    this.worstRatio = worstRatio;
    this.clientPaused = clientPaused;
  }

  /**
   * Judges {@code p}, a phase run at {@code offered} operations a second, by {@code bounds}, with
   * failures breaking it from {@code failureShare} (a fraction) on; {@code clientCpuIsOwn}: the
   * JVM's CPU is the client's alone (false on an embedded HDFS).
   */
  public static StepVerdict judge(PhaseResult p, double offered, List<LatencyBounds.Bound> bounds,
      double failureShare, boolean clientCpuIsOwn) {
    return judge(p, p.attemptedPerSecond(), offered, bounds, failureShare, clientCpuIsOwn, 1);
  }

  /**
   * As {@link #judge(PhaseResult, double, List, double, boolean)}, for a step whose workers are
   * spread over {@code spread} maps or processes (each {@code -threads} of them), which achieved
   * {@code achieved} operations a second
   * ({@link io.metabench.stats.RunResult#achievedPerSecond}): the workers a verdict asks for are
   * asked per map or process.
   */
  public static StepVerdict judge(PhaseResult p, double achieved, double offered,
      List<LatencyBounds.Bound> bounds, double failureShare, boolean clientCpuIsOwn, int spread) {
    return judge(p, achieved, offered, bounds, failureShare, clientCpuIsOwn, true, spread);
  }

  /**
   * Judges a mix run at {@code offered} operations a second in all: {@code total} (its operations
   * as one) by the bounds on every operation and by {@code achieved}, the rate it achieved
   * ({@link io.metabench.stats.RunResult#achievedPerSecond}); each of {@code parts} (one
   * operation of the mix) by its own bounds and those on every operation, and by its failures. An
   * operation's achieved rate is not judged on its own: its share is drawn at random, so it
   * strays from its weight by chance, not by the store. Invalid when the whole is (the client
   * could not offer the mix); else broken when the store broke one part (others may have waited
   * for workers it held); else invalid when a part is; else held. Each reason names the
   * operation it is of, once. The workers a verdict asks for are asked of each of the
   * {@code spread} maps or processes the step's workers are spread over.
   */
  public static StepVerdict judgeMix(PhaseResult total, List<PhaseResult> parts,
      double achieved, double offered, LatencyBounds bounds, double failureShare,
      boolean clientCpuIsOwn, int spread) {
    return judgeParts("mix", total, parts, achieved, offered, bounds, failureShare,
        clientCpuIsOwn, spread);
  }

  /**
   * As {@link #judgeMix}, the whole named {@code whole} in the reasons: a replay's step, whose
   * operations are the log's commands ({@code replay}).
   */
  public static StepVerdict judgeParts(String whole, PhaseResult total, List<PhaseResult> parts,
      double achieved, double offered, LatencyBounds bounds, double failureShare,
      boolean clientCpuIsOwn, int spread) {
    List<StepVerdict> each = new ArrayList<>();
    List<String> names = new ArrayList<>();
    each.add(judge(total, achieved, offered, bounds.of(null), failureShare, clientCpuIsOwn, true,
        spread));
    names.add(whole);
    for (PhaseResult p : parts) {
      each.add(judge(p, p.attemptedPerSecond(), offered, bounds.of(p.op()), failureShare, false,
          false, spread));
      names.add(p.op().id());
    }
    // The whole mix invalid (the client could not offer it) says nothing of the store, as for
    // one operation; else a part the store broke breaks the step, whatever else waited on it.
    java.util.EnumSet<Outcome> seen = java.util.EnumSet.noneOf(Outcome.class);
    for (StepVerdict v : each) {
      seen.add(v.outcome);
    }
    Outcome o = each.get(0).outcome == Outcome.INVALID ? Outcome.INVALID
        : seen.contains(Outcome.BROKEN) ? Outcome.BROKEN
        : seen.contains(Outcome.INVALID) ? Outcome.INVALID : Outcome.HELD;
    java.util.Set<String> reasons = new java.util.LinkedHashSet<>();
    java.util.Set<String> advised = new java.util.HashSet<>();
    double worst = 0;
    for (int i = 0; i < each.size(); i++) {
      StepVerdict v = each.get(i);
      worst = Double.isNaN(v.worstRatio) ? worst : Math.max(worst, v.worstRatio);
      for (String r : v.reasons) {
        if (reasons.contains(names.get(i) + ": " + r)) {
          continue;
        }
        // The workers it takes are the same for every part at the step's rate: said once.
        int at = r.indexOf(WAITED + "; ");
        String advice = at < 0 ? null : r.substring(at + WAITED.length() + 2);
        reasons.add(names.get(i) + ": " + (advice == null || advised.add(advice) ? r
            : r.substring(0, at + WAITED.length())));
      }
    }
    return new StepVerdict(o, new ArrayList<>(reasons), worst, each.get(0).clientPaused);
  }

  private static StepVerdict judge(PhaseResult p, double achieved, double offered,
      List<LatencyBounds.Bound> bounds, double failureShare, boolean clientCpuIsOwn,
      boolean judgeRate, int spread) {
    List<String> store = new ArrayList<>();
    List<String> client = new ArrayList<>();
    if (p.attempted() == 0) {
      return new StepVerdict(Outcome.INVALID, Collections.singletonList("no operation ran"),
          Double.NaN, false);
    }
    double worst = 0;
    boolean storeSlow = false;
    for (LatencyBounds.Bound b : bounds) {
      double fromDue = p.latencyMillisAt(b.percentile());
      double service = serviceMillisAt(p, b.percentile());
      worst = Math.max(worst, fromDue / b.millis());
      if (fromDue > b.millis()) {
        if (service > b.millis()) {
          storeSlow = true;
          store.add(String.format(Locale.ROOT, "p%s %s ms > %s ms", LatencyBounds.number(b.percentile()),
              ms(fromDue), LatencyBounds.number(b.millis())));
        } else if (fromDue - service <= CLIENT_SHARE * b.millis()) {
          // The store took all but a sliver of the bound: a client's few microseconds of
          // dispatch broke it, which any client adds; the store left no room.
          storeSlow = true;
          store.add(String.format(Locale.ROOT, "p%s %s ms > %s ms, the store's own p%s %s ms "
              + "(over %.0f %% of the bound)", LatencyBounds.number(b.percentile()), ms(fromDue),
              LatencyBounds.number(b.millis()), LatencyBounds.number(b.percentile()),
              ms(service), 100 * (1 - CLIENT_SHARE)));
        } else {
          client.add(String.format(Locale.ROOT, "p%s %s ms > %s ms from when due, but the store "
              + "answered p%s in %s ms: " + WAITED + "; %s",
              LatencyBounds.number(b.percentile()), ms(fromDue),
              LatencyBounds.number(b.millis()), LatencyBounds.number(b.percentile()),
              ms(service), workersNeeded(p, offered, b.millis(), spread)));
        }
      }
    }
    double failed = p.failed() / (double) p.attempted();
    if (failed >= failureShare) {
      store.add(String.format(Locale.ROOT, "%.2f %% of operations failed (at most %s %%)",
          100 * failed, LatencyBounds.number(100 * failureShare)));
    }
    if (judgeRate && achieved < ACHIEVED * offered && store.isEmpty()) {
      String what = String.format(Locale.ROOT, "achieved %.1f/s, under %.0f %% of %.1f/s",
          achieved, 100 * ACHIEVED, offered);
      if (storeSlow) {
        store.add(what);
      } else {
        // A bound already broken by waiting said what it takes; once is enough.
        client.add(what + ", the store answering within its bounds" + (client.isEmpty()
            ? "; " + workersNeeded(p, offered, bounds.isEmpty() ? Double.NaN
            : bounds.get(0).millis(), spread) : ""));
      }
    }
    if (store.isEmpty() && client.isEmpty()) {
      String rising = lastThird(p, bounds);
      if (!rising.isEmpty()) {
        store.add(rising);
      }
    }
    String pause = clientCpuIsOwn && !(store.isEmpty() && client.isEmpty()) ? paused(p, bounds)
        : null;
    if (pause != null) {
      client.add(0, pause);
    }
    if (clientCpuIsOwn && p.clientLoad().measured() && p.clientLoad().bound()) {
      client.add("client-bound: " + p.clientLoad().describe() + " (give fewer -threads per "
          + "process, or more processes)");
    }
    List<String> reasons = new ArrayList<>(client);
    reasons.addAll(store);
    Outcome o = !client.isEmpty() ? Outcome.INVALID : store.isEmpty() ? Outcome.HELD
        : Outcome.BROKEN;
    return new StepVerdict(o, reasons, worst, pause != null);
  }

  /**
   * Why the client's longest pause in {@code p} decided it: at least {@link #PAUSE_SHARE} of the
   * least of {@code bounds}; null when it was shorter or not measured.
   */
  private static String paused(PhaseResult p, List<LatencyBounds.Bound> bounds) {
    long pause = p.clientLoad().longestPauseNanos();
    double least = Double.NaN;
    for (LatencyBounds.Bound b : bounds) {
      least = Double.isNaN(least) ? b.millis() : Math.min(least, b.millis());
    }
    if (pause < 0 || Double.isNaN(least) || pause / 1e6 < PAUSE_SHARE * least
        || brokenAtBothEnds(p, bounds)) {
      return null;
    }
    return String.format(Locale.ROOT, "the client stood still for %s ms (a GC pause, or the OS "
        + "scheduling it out), %.0f %% of the %s ms bound or more: the operations due meanwhile "
        + "waited on the client", ms(pause / 1e6), 100 * PAUSE_SHARE,
        LatencyBounds.number(least));
  }

  /**
   * Whether the step's first second and its last both broke a bound. One pause lies in one of
   * them at most, and the queue it leaves drains in about as long as it lasted where the store
   * has room: a step over its bound from its first second to its last was broken by a store that
   * could not serve its rate, whatever the client's pause added (a step offered four times the
   * capacity stood still 16 ms and was taken for the client's). False when it had fewer than two
   * seconds.
   */
  private static boolean brokenAtBothEnds(PhaseResult p, List<LatencyBounds.Bound> bounds) {
    List<IntervalSeries.Interval> all = p.series().intervals();
    return all.size() >= 2 && breaks(all.get(0).latency(), bounds)
        && breaks(all.get(all.size() - 1).latency(), bounds);
  }

  /** Whether {@code h} (one second's latencies) breaks one of {@code bounds}. */
  private static boolean breaks(Histogram h, List<LatencyBounds.Bound> bounds) {
    for (LatencyBounds.Bound b : bounds) {
      if (h.getTotalCount() > 0 && h.getValueAtPercentile(b.percentile()) / 1e6 > b.millis()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A percentile that rose through the step: over its last third (its last full seconds, at
   * least two) it breaks its bound, and the step's seconds agree that it climbed (Kendall's tau
   * of each second's percentile against time at least {@link Steadiness#AGREEMENT}, as a
   * phase's steadiness is read). A backlog that grows through a step climbs in every second;
   * a store's stall in one of the last seconds (on a shared machine, a few a minute) breaks the
   * last third's percentile alone, and the whole step's bound already counts it. Empty when it
   * holds, did not climb, or the step is too short to tell.
   */
  private static String lastThird(PhaseResult p, List<LatencyBounds.Bound> bounds) {
    List<IntervalSeries.Interval> all = p.series().intervals();
    int n = all.size() / 3;
    if (n < 2) {
      return "";
    }
    Histogram h = new Histogram(3);
    for (IntervalSeries.Interval i : all.subList(all.size() - n, all.size())) {
      h.add(i.latency());
    }
    if (h.getTotalCount() == 0) {
      return "";
    }
    for (LatencyBounds.Bound b : bounds) {
      double v = h.getValueAtPercentile(b.percentile()) / 1e6;
      if (v <= b.millis()) {
        continue;
      }
      List<Double> each = new ArrayList<>();
      for (IntervalSeries.Interval i : all) {
        if (i.latency().getTotalCount() > 0) {
          each.add((double) i.latency().getValueAtPercentile(b.percentile()));
        }
      }
      double tau = Steadiness.kendallTau(each);
      if (tau >= Steadiness.AGREEMENT) {
        return String.format(Locale.ROOT, "rising: p%s over the last %d s %s ms > %s ms, "
            + "climbing through the step's %d seconds (Kendall's tau %.2f)",
            LatencyBounds.number(b.percentile()), n, ms(v), LatencyBounds.number(b.millis()),
            each.size(), tau);
      }
    }
    return "";
  }

  /**
   * What it takes to judge {@code boundMillis} at {@code offered}: a store that queues calls
   * holds at most as many as the client has workers, so only with at least offered × bound
   * workers (Little's law) does a store slower than the bound show it in its own answers rather
   * than in operations waiting for a worker. With the workers spread over {@code spread} maps
   * or processes, {@code -threads} is asked of each.
   */
  static String workersNeeded(PhaseResult p, double offered, double boundMillis, int spread) {
    long needed = (long) Math.ceil(offered * boundMillis / 1000);
    long each = (needed + spread - 1) / spread;
    return Double.isNaN(boundMillis) || needed <= p.workers() ? "give more -threads"
        : String.format(Locale.ROOT, "judging %s ms at %.1f ops/s takes at least %d workers, "
        + "this step had %d (give -threads %d or more%s)", LatencyBounds.number(boundMillis),
        offered, needed, p.workers(), each, spread == 1 ? "" : " in each of the " + spread
        + " maps or processes");
  }

  /** The service time's percentile (from each call's actual start); the latency's without one. */
  static double serviceMillisAt(PhaseResult p, double percentile) {
    Histogram s = p.serviceTime();
    return s == null || s.getTotalCount() == 0 ? p.latencyMillisAt(percentile)
        : s.getValueAtPercentile(percentile) / 1e6;
  }

  /**
   * This verdict of a step its search ended early, {@code why} first among its reasons; the
   * outcome is the one its figures up to then give.
   */
  public StepVerdict endedEarly(String why) {
    List<String> all = new ArrayList<>();
    all.add(why);
    all.addAll(reasons);
    return new StepVerdict(outcome, all, worstRatio, clientPaused);
  }

  /**
   * Whether the client's own pause made the step invalid (it stood still for at least
   * {@link #PAUSE_SHARE} of the least bound): the step says nothing of the store, and another run
   * at its rate may.
   */
  public boolean clientPaused() {
    return clientPaused;
  }

  public Outcome outcome() {
    return outcome;
  }

  /** Why it was not held, client's reasons first; empty when held. */
  public List<String> reasons() {
    return reasons;
  }

  /** The highest of the bounds' latency ÷ bound (under 1: held with room); NaN: none ran. */
  public double worstRatio() {
    return worstRatio;
  }

  /** {@code held}, or {@code broken: p99 34 ms > 10 ms}. */
  public String describe() {
    return outcome.id() + (reasons.isEmpty() ? "" : ": " + String.join("; ", reasons));
  }

  private static String ms(double v) {
    return String.format(Locale.ROOT, v < 10 ? "%.3f" : "%.1f", v);
  }
}
