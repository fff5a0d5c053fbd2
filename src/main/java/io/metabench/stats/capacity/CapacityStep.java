package io.metabench.stats.capacity;

import io.metabench.op.OpType;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.util.Locale;

/**
 * One step of a capacity search: the rate it offered (0 for the closed-loop probe), the run that
 * offered it, the searched operation's phase in it, and the verdict. Immutable.
 */
public final class CapacityStep {
  /** What a step was for. */
  public enum Kind {
    /** A closed-loop run whose rate the search starts from; not judged. */
    PROBE,
    /** A step the search chose. */
    STEP,
    /** A re-run of one of the final pair. */
    CONFIRM,
    /** A run below or above the answer, after the search ({@code -capacityCheck}). */
    CHECK;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** What a step's label adds to its number: {@code again}, {@code check}; empty if nothing. */
    public String note() {
      return this == CONFIRM ? "again" : this == CHECK ? "check" : "";
    }
  }

  private final int number;
  private final Kind kind;
  private final double offered;
  private final RunResult run;
  private final PhaseResult phase;
  private final StepVerdict verdict;
  private final double achieved;

  public CapacityStep(int number, Kind kind, double offered, RunResult run, PhaseResult phase,
      StepVerdict verdict) {
    this.number = number;
    this.kind = kind;
    this.offered = offered;
    this.run = run;
    this.phase = phase;
    this.verdict = verdict;
    this.achieved = achievedOf(run, phase);
  }

  /**
   * Operations a second {@code phase} (of {@code run}, or its mix's total) achieved: its rate
   * over its window; where the run combines several processes or maps, the sum of each one's own
   * rate over its own window. They leave the barrier before a step up to a poll apart (50 ms or
   * more), which would take 2.5 % off a 2 s step's rate over the combined window while each of
   * them offered its share in full (docs/capacity.md#held).
   */
  public static double achievedOf(RunResult run, PhaseResult phase) {
    if (run.maps().size() < 2) {
      return phase.attemptedPerSecond();
    }
    boolean mixTotal = phase.op() == OpType.MIX && !phase.partOfMix();
    double sum = 0;
    for (RunResult m : run.maps()) {
      PhaseResult own = mixTotal ? m.mixTotal() : named(m, phase.name());
      sum += own == null ? 0 : own.attemptedPerSecond();
    }
    return sum;
  }

  private static PhaseResult named(RunResult run, String name) {
    for (PhaseResult p : run.phases()) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  /** Its number in the search, from 1; the probe's is 0. */
  public int number() {
    return number;
  }

  public Kind kind() {
    return kind;
  }

  /** Operations a second offered over all workers; 0 for the closed-loop probe. */
  public double offered() {
    return offered;
  }

  /** The whole run of the step: every figure a run has. */
  public RunResult run() {
    return run;
  }

  /** The searched operation's phase. */
  public PhaseResult phase() {
    return phase;
  }

  /** Operations a second the step achieved ({@link #achievedOf}). */
  public double achieved() {
    return achieved;
  }

  /** Null for the probe, which is not judged. */
  public StepVerdict verdict() {
    return verdict;
  }
}
