package io.metabench.engine;

import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the engine needs to know of one phase, whatever its kind: its name, the results it yields
 * (one per operation it counts apart: one for most phases, one per operation of a mix), whether
 * it is measured, and how its workers are paced and guarded. Where its operations come from is
 * not here: that is each worker's {@link ItemSource}.
 *
 * <p>Immutable; built with {@link #measured} or {@link #unmeasured} and the {@code with*}
 * methods, each of which returns a new phase.
 */
public final class Phase {
  private final String label;
  private final List<OpType> results;
  private final boolean inMix;
  private final boolean measured;
  private final int barrierIndex;
  private final long startAtEpochMillis;
  private final long expectedOps;
  private final long durationNanos;
  private final long warmupNanos;
  private final double processRate;
  private final int retries;
  private final long opTimeoutNanos;
  private final boolean failFast;
  /** The series' names by slot; null: derived from the label and the results. */
  private final List<String> seriesLabels;

  private Phase(String label, List<OpType> results, boolean inMix, boolean measured,
      int barrierIndex, long startAtEpochMillis, long expectedOps, long durationNanos,
      long warmupNanos, double processRate, int retries, long opTimeoutNanos, boolean failFast,
      List<String> seriesLabels) {
    this.seriesLabels = seriesLabels;
    this.label = label;
    this.results = Collections.unmodifiableList(new ArrayList<>(results));
    this.inMix = inMix;
    this.measured = measured;
    this.barrierIndex = barrierIndex;
    this.startAtEpochMillis = startAtEpochMillis;
    this.expectedOps = expectedOps;
    this.durationNanos = durationNanos;
    this.warmupNanos = warmupNanos;
    this.processRate = processRate;
    this.retries = retries;
    this.opTimeoutNanos = opTimeoutNanos;
    this.failFast = failFast;
  }

  /**
   * A measured phase: it meets the other processes at barrier {@code barrierIndex} (its index in
   * the run), shows progress, writes its series, obeys stop requests and {@code -opTimeout}.
   */
  public static Phase measured(String label, List<OpType> results, int barrierIndex) {
    return new Phase(label, results, false, true, barrierIndex, 0, -1, 0, 0, 0, 0, 0, false,
        null);
  }

  /**
   * An unmeasured phase (cleanup's bookkeeping): no barrier, no progress or series, not stopped
   * by a stop request (what it removes must be removed), closed loop.
   */
  public static Phase unmeasured(OpType op) {
    return new Phase(op.id(), Collections.singletonList(op), false, false, -1, 0, -1, 0, 0, 0,
        0, 0, false, null);
  }

  /** This phase with its results named {@code mix:<operation>}. */
  public Phase inMix() {
    return new Phase(label, results, true, measured, barrierIndex, startAtEpochMillis,
        expectedOps, durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        seriesLabels);
  }

  /** Workers wait for this wall-clock time before starting (NNBench's -startTime); 0: none. */
  public Phase startingAt(long epochMillis) {
    return new Phase(label, results, inMix, measured, barrierIndex, epochMillis, expectedOps,
        durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        seriesLabels);
  }

  /** How many operations progress counts towards; negative: unknown (time-bound, a walk). */
  public Phase expecting(long ops) {
    return new Phase(label, results, inMix, measured, barrierIndex, startAtEpochMillis, ops,
        durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        seriesLabels);
  }

  /**
   * Paced: measured for {@code durationNanos} (0: until the sources run out) after a warm-up of
   * {@code warmupNanos}, at {@code processRate} operations per second over this process's
   * workers (0: closed loop). Ignored for an unmeasured phase.
   */
  public Phase pacedBy(long durationNanos, long warmupNanos, double processRate) {
    return new Phase(label, results, inMix, measured, barrierIndex, startAtEpochMillis,
        expectedOps, durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        seriesLabels);
  }

  /**
   * Guarded: {@code retries} extra attempts per operation, calls interrupted after
   * {@code opTimeoutNanos} (0: no limit), and with {@code failFast} the run stopped at the first
   * failed operation. Only retries apply to an unmeasured phase.
   */
  public Phase guardedBy(int retries, long opTimeoutNanos, boolean failFast) {
    return new Phase(label, results, inMix, measured, barrierIndex, startAtEpochMillis,
        expectedOps, durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        seriesLabels);
  }

  /**
   * This phase with its results' series named {@code labels} (by slot) in the series file,
   * instead of the phase's label (one result) or {@code mix:<op>} (a mix).
   */
  public Phase withSeriesLabels(List<String> labels) {
    return new Phase(label, results, inMix, measured, barrierIndex, startAtEpochMillis,
        expectedOps, durationNanos, warmupNanos, processRate, retries, opTimeoutNanos, failFast,
        Collections.unmodifiableList(new ArrayList<>(labels)));
  }

  /** The name of slot {@code s}'s series: the phase's label for a one-result phase. */
  public String seriesLabel(int s) {
    if (seriesLabels != null) {
      return seriesLabels.get(s);
    }
    return results.size() == 1 && !inMix ? label
        : (inMix ? io.metabench.stats.PhaseResult.MIX_PREFIX : "") + results.get(s).id();
  }

  /** The name progress and the series file show (the operation, or "mix"). */
  public String label() {
    return label;
  }

  /** The operations the phase's results are of, by slot. */
  public List<OpType> results() {
    return results;
  }

  /** Whether this is a mix: its results are named {@code mix:<operation>}. */
  public boolean isMix() {
    return inMix;
  }

  public boolean measured() {
    return measured;
  }

  /** The barrier index; negative for an unmeasured phase, which meets nobody. */
  public int barrierIndex() {
    return measured ? barrierIndex : -1;
  }

  public long startAtEpochMillis() {
    return startAtEpochMillis;
  }

  public long expectedOps() {
    return expectedOps;
  }

  public int retries() {
    return retries;
  }

  public long opTimeoutNanos() {
    return measured ? opTimeoutNanos : 0;
  }

  public boolean failFast() {
    return measured && failFast;
  }

  /** How worker {@code t} of {@code workers} paces this phase. */
  Pacing pacing(int t, int workers) {
    return measured ? Pacing.of(durationNanos, warmupNanos, processRate, t, workers)
        : Pacing.CLOSED_LOOP;
  }

  /** Whether the phase is bound by time rather than by its sources running out. */
  public boolean timeBound() {
    return measured && durationNanos > 0;
  }
}
