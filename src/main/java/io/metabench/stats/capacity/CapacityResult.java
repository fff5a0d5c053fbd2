package io.metabench.stats.capacity;

import io.metabench.config.CapacityPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A capacity search's outcome (docs/capacity.md): the highest rate held under the bounds, the
 * lowest above it that was not, whether that one was the client's limit rather than the store's,
 * and every step. Immutable.
 */
public final class CapacityResult {
  private final CapacityPlan plan;
  private final String target;
  private final int threads;
  private final List<CapacityStep> steps;
  private final double held;
  private final double brokeAt;
  private final boolean clientLimited;
  private final String ending;
  private final double seconds;

  /**
   * @param held the highest rate held (confirmed where the search got that far); NaN: none
   * @param brokeAt the lowest rate above it the store broke; where none did, the lowest not held
   *     (an invalid step); NaN: none
   * @param clientLimited whether that step was invalid and none above it broke: the client could
   *     not offer it
   * @param ending how the search ended, when not by converging ("stopped: ..."); empty otherwise
   */
  public CapacityResult(CapacityPlan plan, String target, int threads, List<CapacityStep> steps,
      double held, double brokeAt, boolean clientLimited, String ending, double seconds) {
    this.plan = plan;
    this.target = target;
    this.threads = threads;
    this.steps = Collections.unmodifiableList(new ArrayList<>(steps));
    this.held = held;
    this.brokeAt = brokeAt;
    this.clientLimited = clientLimited;
    this.ending = ending;
    this.seconds = seconds;
  }

  public CapacityPlan plan() {
    return plan;
  }

  /** The file system searched, as its runs name it. */
  public String target() {
    return target;
  }

  public int threads() {
    return threads;
  }

  /** The maps of each step's job (its rate split over them); 0 for a search in this process. */
  public int maps() {
    // The processes' combined steps read as a job's maps; they are the plan's processes.
    return steps.isEmpty() || plan.processes() > 0 ? 0 : steps.get(0).run().mapsRequested();
  }

  public List<CapacityStep> steps() {
    return steps;
  }

  /** The highest rate held; NaN when none was. */
  public double held() {
    return held;
  }

  /** The lowest rate above {@link #held} that was not held; NaN when none was found. */
  public double brokeAt() {
    return brokeAt;
  }

  /** Whether {@link #brokeAt} was the client's limit (an invalid step), not the store's. */
  public boolean clientLimited() {
    return clientLimited;
  }

  /** How the search ended when it did not converge; empty when it did. */
  public String ending() {
    return ending;
  }

  /** The search's wall time, every step, probe and setup included. */
  public double seconds() {
    return seconds;
  }

  /**
   * The step run after the search above ({@code above}) or below the rate held
   * ({@code -capacityCheck}), its latest run (one the client's pause decided is run again);
   * null when none ran.
   */
  public CapacityStep checkStep(boolean above) {
    CapacityStep latest = null;
    for (CapacityStep s : steps) {
      if (s.kind() == CapacityStep.Kind.CHECK && s.offered() > held == above) {
        latest = s;
      }
    }
    return latest;
  }

  /**
   * Whether the checks agree with the answer: the step below held and the store broke the one
   * above (an invalid step says nothing of the store). False when either did not run.
   */
  public boolean checkConsistent() {
    CapacityStep below = checkStep(false);
    CapacityStep above = checkStep(true);
    return below != null && above != null
        && below.verdict().outcome() == StepVerdict.Outcome.HELD
        && above.verdict().outcome() == StepVerdict.Outcome.BROKEN;
  }

  /** {@code ; checked: 1,351 held, 1,651 broken}, or nothing when no check ran. */
  private String checked() {
    CapacityStep below = checkStep(false);
    CapacityStep above = checkStep(true);
    if (below == null || above == null) {
      return "";
    }
    return String.format(Locale.ROOT, "; checked at -/+%.0f %%: %s %s, %s %s%s",
        100 * plan.checkMargin(), brief(below.offered()), below.verdict().outcome().id(),
        brief(above.offered()), above.verdict().outcome().id(), checkConsistent() ? ""
        : below.verdict().outcome() == StepVerdict.Outcome.INVALID
        || above.verdict().outcome() == StepVerdict.Outcome.INVALID
        ? " (a check was invalid: see its step's reasons)"
        : " (not as the answer says: the store's capacity moved during the search, or its "
        + "steps are too short for its noise)");
  }

  /** The steps judged (the probe left out). */
  public int judgedSteps() {
    int n = 0;
    for (CapacityStep s : steps) {
      n += s.kind() == CapacityStep.Kind.PROBE ? 0 : 1;
    }
    return n;
  }

  /**
   * The answer in one line: {@code stat holds 18,400 ops/s at p99 <= 10 ms (held 18,400, broke
   * at 18,900; 11 steps, 3 min 40 s)}; a client's limit says "at least". A replay's names the
   * target and the speed-up: {@code hdfs://nn:8020 holds the log hdfs-audit.log at 3.40x its
   * recorded rate (1,234 ops/s) at p99 <= 10 ms (held 3.40x, broke at 3.48x; ...)}.
   */
  public String answer() {
    boolean replay = plan.replayed() != null;
    String who = replay ? target + " holds the log " + plan.replayed().log() + " at"
        : plan.subject() + " holds";
    String where = String.format(Locale.ROOT, "%d step%s, %s%s", judgedSteps(),
        judgedSteps() == 1 ? "" : "s", duration(seconds), checked());
    String then = ending.isEmpty() ? "" : "; " + ending;
    if (Double.isNaN(held)) {
      return String.format(Locale.ROOT, "%s no %s at %s: the lowest tried, %s, was not held "
          + "(%s)%s", who, replay ? "speed" : "rate", plan.bounds().describe(),
          amount(lowestTried()), where, then);
    }
    if (clientLimited) {
      return String.format(Locale.ROOT, "%s least %s at %s: the client could not offer %s, so "
          + "the store's limit was not reached (%s)%s", replay ? who : who + " at",
          amount(held), plan.bounds().describe(), amount(brokeAt), where, then);
    }
    return String.format(Locale.ROOT, "%s %s at %s (held %s, %s; %s)%s", who, amount(held),
        plan.bounds().describe(), brief(held), Double.isNaN(brokeAt) ? "none broke"
        : "broke at " + brief(brokeAt), where, then);
  }

  /**
   * {@code 18,400 ops/s}; beside pinned operations {@code 500 ops/s in all (400 of the mix's)};
   * a replay's {@code 3.40x its recorded rate (1,234 ops/s)}.
   */
  private String amount(double r) {
    if (plan.replayed() != null) {
      return String.format(Locale.ROOT, "%s its recorded rate (%s ops/s)",
          speed(plan.replayed().speedOf(r)), rate(r));
    }
    return rate(r) + " ops/s" + (plan.pinned().isEmpty() ? "" : " in all (" + rate(r
        - plan.pinned().total()) + " of the mix's)");
  }

  /** {@code 18,400}; a replay's {@code 3.40x}. */
  private String brief(double r) {
    return plan.replayed() == null ? rate(r) : speed(plan.replayed().speedOf(r));
  }

  /** {@code 3.40x}: a speed-up to three significant figures. */
  public static String speed(double s) {
    return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, s >= 10 ? "%.1fx" : "%.2fx", s);
  }

  private double lowestTried() {
    double low = Double.NaN;
    for (CapacityStep s : steps) {
      if (s.kind() != CapacityStep.Kind.PROBE && (Double.isNaN(low) || s.offered() < low)) {
        low = s.offered();
      }
    }
    return low;
  }

  /**
   * {@code 18,450}: a rate to four significant figures (as the search chooses its rates) or to a
   * tenth, grouped.
   */
  public static String rate(double r) {
    if (Double.isNaN(r)) {
      return "-";
    }
    double rounded = r >= 1000 ? roundTo(r, 4) : Math.round(r * 10) / 10.0;
    return rounded == Math.rint(rounded) ? String.format(Locale.ROOT, "%,d", (long) rounded)
        : String.format(Locale.ROOT, "%,.1f", rounded);
  }

  private static double roundTo(double v, int figures) {
    double scale = Math.pow(10, Math.floor(Math.log10(v)) + 1 - figures);
    return Math.round(v / scale) * scale;
  }

  /** {@code 3 min 40 s}, {@code 52 s}. */
  public static String duration(double seconds) {
    long s = Math.round(seconds);
    return s >= 60 ? String.format(Locale.ROOT, "%d min %d s", s / 60, s % 60) : s + " s";
  }
}
