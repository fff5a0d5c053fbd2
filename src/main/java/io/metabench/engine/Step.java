package io.metabench.engine;

import io.metabench.op.MetaOp;

/**
 * One operation a worker is about to run, as its {@link ItemSource} set it: what to call, on which
 * item, and which of the phase's results it counts towards.
 *
 * <p>Mutable and reused: one instance per worker, written by its source and read by the worker
 * on the worker's thread, so the measured path allocates nothing per operation.
 */
public final class Step {
  private MetaOp op;
  private long item;
  private int slot;

  /** Sets the next operation: {@code op} on {@code item}, counted in result {@code slot}. */
  public void set(MetaOp op, long item, int slot) {
    this.op = op;
    this.item = item;
    this.slot = slot;
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
