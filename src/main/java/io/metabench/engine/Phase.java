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
  // Not final only so that a with* method can change its copy before publishing it: no phase
  // is changed once a caller has it.
  private String label;
  private List<OpType> results;
  private boolean inMix;
  private boolean measured;
  private int barrierIndex;
  private long startAtEpochMillis;
  private long expectedOps = -1;
  private long durationNanos;
  private long warmupNanos;
  private double processRate;
  private int retries;
  private long opTimeoutNanos;
  private boolean failFast;
  private boolean scheduled;
  /** The series' names by slot; null: derived from the label and the results. */
  private List<String> seriesLabels;

  private Phase(String label, List<OpType> results, boolean measured, int barrierIndex) {
    this.label = label;
    this.results = Collections.unmodifiableList(new ArrayList<>(results));
    this.measured = measured;
    this.barrierIndex = barrierIndex;
  }

  private Phase copy() {
    Phase p = new Phase(label, results, measured, barrierIndex);
    p.inMix = inMix;
    p.startAtEpochMillis = startAtEpochMillis;
    p.expectedOps = expectedOps;
    p.durationNanos = durationNanos;
    p.warmupNanos = warmupNanos;
    p.processRate = processRate;
    p.retries = retries;
    p.opTimeoutNanos = opTimeoutNanos;
    p.failFast = failFast;
    p.scheduled = scheduled;
    p.seriesLabels = seriesLabels;
    return p;
  }

  /**
   * A measured phase: it meets the other processes at barrier {@code barrierIndex} (its index in
   * the run; negative: none), shows progress, writes its series, obeys stop requests and
   * {@code -opTimeout}.
   */
  public static Phase measured(String label, List<OpType> results, int barrierIndex) {
    return new Phase(label, results, true, barrierIndex);
  }

  /**
   * An unmeasured phase (cleanup's bookkeeping): no barrier, no progress or series, not stopped
   * by a stop request (what it removes must be removed), closed loop.
   */
  public static Phase unmeasured(OpType op) {
    return new Phase(op.id(), Collections.singletonList(op), false, -1);
  }

  /** This phase with its results named {@code mix:<operation>}. */
  public Phase inMix() {
    Phase p = copy();
    p.inMix = true;
    return p;
  }

  /** Workers wait for this wall-clock time before starting (NNBench's -startTime); 0: none. */
  public Phase startingAt(long epochMillis) {
    Phase p = copy();
    p.startAtEpochMillis = epochMillis;
    return p;
  }

  /** How many operations progress counts towards; negative: unknown (time-bound, a walk). */
  public Phase expecting(long ops) {
    Phase p = copy();
    p.expectedOps = ops;
    return p;
  }

  /**
   * Paced: measured for {@code durationNanos} (0: until the sources run out) after a warm-up of
   * {@code warmupNanos}, at {@code processRate} operations per second over this process's
   * workers (0: closed loop). Ignored for an unmeasured phase.
   *
   * @throws IllegalArgumentException for a warm-up of a count-bound phase in a closed loop: the
   *     items its warm-up takes are known only at a fixed rate (a capacity step sizes them)
   */
  public Phase pacedBy(long durationNanos, long warmupNanos, double processRate) {
    if (warmupNanos > 0 && durationNanos == 0 && processRate == 0) {
      throw new IllegalArgumentException("a warm-up needs a duration-bound or paced phase");
    }
    Phase p = copy();
    p.durationNanos = durationNanos;
    p.warmupNanos = warmupNanos;
    p.processRate = processRate;
    return p;
  }

  /**
   * Guarded: {@code retries} extra attempts per operation, calls interrupted after
   * {@code opTimeoutNanos} (0: no limit), and with {@code failFast} the run stopped at the first
   * failed operation. Only retries apply to an unmeasured phase.
   */
  public Phase guardedBy(int retries, long opTimeoutNanos, boolean failFast) {
    Phase p = copy();
    p.retries = retries;
    p.opTimeoutNanos = opTimeoutNanos;
    p.failFast = failFast;
    return p;
  }

  /**
   * Scheduled by its sources: steps may carry due times ({@link Step#dueAt}), counted from the
   * moment the phase's start gate opened, the same for all its workers (a paced replay).
   */
  public Phase scheduled() {
    Phase p = copy();
    p.scheduled = true;
    return p;
  }

  /** Whether the sources set due times, and so the workers share one start. */
  public boolean isScheduled() {
    return scheduled;
  }

  /**
   * This phase with its results' series named {@code labels} (by slot) in the series file,
   * instead of the phase's label (one result) or {@code mix:<op>} (a mix).
   */
  public Phase withSeriesLabels(List<String> labels) {
    Phase p = copy();
    p.seriesLabels = Collections.unmodifiableList(new ArrayList<>(labels));
    return p;
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

  /** The rate this process offers in a paced phase, operations a second; 0: closed loop. */
  public double processRate() {
    return paced() ? processRate : 0;
  }

  /** Whether the phase is measured at a fixed rate (open loop, latencies from when due). */
  boolean paced() {
    return measured && processRate > 0;
  }

  /** The warm-up at the start of a measured phase, whose operations are counted apart. */
  public long warmupNanos() {
    return measured ? warmupNanos : 0;
  }

  /** Whether the phase is bound by time rather than by its sources running out. */
  public boolean timeBound() {
    return measured && durationNanos > 0;
  }
}
