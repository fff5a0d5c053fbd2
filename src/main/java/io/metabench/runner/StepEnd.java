package io.metabench.runner;

import io.metabench.config.LatencyBounds;
import io.metabench.config.MixSpec;
import io.metabench.engine.PhaseEngine;
import io.metabench.op.OpType;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.EarlyBreak;
import io.metabench.stats.capacity.StepVerdict;
import java.util.List;

/**
 * A capacity step's early end (docs/capacity.md, "A step broken early"): asked each second of
 * the step's phase whether {@link EarlyBreak} finds it broken, it keeps the first reason, which
 * the step's verdict then carries. The probe is never ended. Used by one step: the engine's
 * sampler asks, the search's thread reads the reason after the phase.
 */
public final class StepEnd implements PhaseEngine.EarlyEnd {
  private final boolean never;
  private final LatencyBounds bounds;
  private final MixSpec mix;
  private final double rate;
  private final double seconds;
  private volatile String first;

  /**
   * The end of a step of {@code kind} offering {@code rate} operations a second for
   * {@code seconds} under {@code bounds}, its operations drawn by {@code mix} (or
   * {@link MixSpec#NONE}).
   */
  public StepEnd(CapacityStep.Kind kind, LatencyBounds bounds, MixSpec mix, double rate,
      double seconds) {
    this.never = kind == CapacityStep.Kind.PROBE;
    this.bounds = bounds;
    this.mix = mix;
    this.rate = rate;
    this.seconds = seconds;
  }

  @Override
  public String reason(List<OpType> ops, List<IntervalSeries> soFar) {
    if (never) {
      return null;
    }
    String why = EarlyBreak.check(ops, soFar, bounds, mix, rate, seconds);
    if (first == null) {
      first = why;
    }
    return why;
  }

  /** {@code verdict}, saying it ended early when it did; null stays null (the probe). */
  public StepVerdict verdictOf(StepVerdict verdict) {
    String why = first;
    return verdict == null || why == null ? verdict : verdict.endedEarly(why);
  }
}
