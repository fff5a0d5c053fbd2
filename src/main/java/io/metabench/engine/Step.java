package io.metabench.engine;

import io.metabench.op.MetaOp;

/**
 * One operation a worker is about to run, as its {@link ItemSource} set it: what to call, on which
 * item, which of the phase's results it counts towards and, for a scheduled source (a replay),
 * when it is due.
 *
 * <p>Mutable and reused: one instance per worker, written by its source and read by the worker
 * on the worker's thread, so the measured path allocates nothing per operation.
 */
public final class Step {
  private MetaOp op;
  private long item;
  private int slot;
  private long dueNanos = UNSCHEDULED;

  /** {@link #dueNanos()} of an operation that runs as soon as the worker gets to it. */
  public static final long UNSCHEDULED = Long.MIN_VALUE;

  /**
   * Sets the next operation: {@code op} on {@code item}, counted in result {@code slot}, run as
   * soon as the worker gets to it.
   */
  public void set(MetaOp op, long item, int slot) {
    this.op = op;
    this.item = item;
    this.slot = slot;
    this.dueNanos = UNSCHEDULED;
  }

  /**
   * Makes the operation just {@link #set} due {@code nanos} after the phase's start (the moment
   * its start gate opened, common to all its workers): the worker waits until then, and its
   * latency counts from then, as with {@code -rate}.
   */
  public void dueAt(long nanos) {
    this.dueNanos = nanos;
  }

  /** When the operation is due, after the phase's start; {@link #UNSCHEDULED}: at once. */
  public long dueNanos() {
    return dueNanos;
  }

  public MetaOp op() {
    return op;
  }

  public long item() {
    return item;
  }

  /** The index of the phase's result this operation counts in (0 for a one-result phase). */
  public int slot() {
    return slot;
  }
}
