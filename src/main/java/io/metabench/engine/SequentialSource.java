package io.metabench.engine;

import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;

/**
 * A worker's items in order, {@code 0..count-1}, each once, with one operation: NNBench's phases.
 * Bound by time instead ({@code cycle}), it goes round its items until the engine ends the phase.
 * Tells a not-found of an item this run made visible apart as a visibility lag.
 *
 * <p>One per worker; used by that worker's thread only.
 */
public final class SequentialSource implements ItemSource {
  private final MetaOp op;
  private final OpContext ctx;
  private final long count;
  private final boolean cycle;
  private final Visibility visibility;
  /** The steps it gives: its items once, or without end when it cycles ({@link #endingAfter}). */
  private long limit;

  /**
   * @param cycle whether the phase is bound by time, so the items are gone through again
   * @param visibility what this worker knows of its items' visibility, and where it records
   *     what it makes visible
   */
  public SequentialSource(MetaOp op, OpContext ctx, long count, boolean cycle,
      Visibility visibility) {
    this.op = op;
    this.ctx = ctx;
    this.count = count;
    this.cycle = cycle;
    this.visibility = visibility;
    this.limit = cycle ? Long.MAX_VALUE : count;
  }

  /**
   * This source, ending after {@code steps} steps however it goes round its items: a client
   * warm-up's pass of an operation that keeps names goes round as that operation's phase bound by
   * time does (so the JIT compiles that way too; {@code WarmupRounds#passSource} says why), and
   * ends as a pass must.
   */
  SequentialSource endingAfter(long steps) {
    this.limit = steps;
    return this;
  }

  /** Whether it goes round its items, as a phase bound by time does. */
  boolean cycles() {
    return cycle;
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) {
    if (k >= limit) {
      return false;
    }
    step.set(op, cycle ? k % count : k, 0);
    return true;
  }

  @Override
  public void done(Step step, boolean ok) {
    if (ok) {
      visibility.succeeded(step.item());
    }
  }

  @Override
  public String causeOf(Step step, String cause) {
    return visibility.causeOfFailure(step.item(), cause);
  }
}
