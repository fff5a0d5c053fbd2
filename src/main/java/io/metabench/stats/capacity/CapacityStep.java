package io.metabench.stats.capacity;

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

  public CapacityStep(int number, Kind kind, double offered, RunResult run, PhaseResult phase,
      StepVerdict verdict) {
    this.number = number;
    this.kind = kind;
    this.offered = offered;
    this.run = run;
    this.phase = phase;
    this.verdict = verdict;
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

  /** Operations a second the step achieved ({@link RunResult#achievedPerSecond}). */
  public double achieved() {
    return run.achievedPerSecond(phase);
  }

  /** Null for the probe, which is not judged. */
  public StepVerdict verdict() {
    return verdict;
  }
}
