package io.metabench.engine;

import io.metabench.op.OpContext;

/**
 * A worker's mix ({@code -mix}): each operation and item drawn from its {@link MixWorkload}, each
 * operation of the mix counted in a result of its own (slot = its index in the mix). It makes
 * {@code draws} draws, or as many as the phase's time allows when bound by time; it ends early
 * when no operation of the mix has an item it can work on.
 *
 * <p>One per worker; used by that worker's thread only.
 */
public final class MixSource implements ItemSource {
  private final MixWorkload workload;
  private final OpContext ctx;
  private final long draws;
  private final boolean timeBound;
  private boolean exhausted;

  /** @param timeBound whether the phase is bound by time, so {@code draws} does not bound it */
  public MixSource(MixWorkload workload, OpContext ctx, long draws, boolean timeBound) {
    this.workload = workload;
    this.ctx = ctx;
    this.draws = draws;
    this.timeBound = timeBound;
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) {
    if (!timeBound && k >= draws) {
      return false;
    }
    if (!workload.draw()) {
      exhausted = true;
      return false;
    }
    ctx.setFilesRenamed(workload.renamed());
    ctx.setDrawn(workload.op());
    step.set(workload.metaOp(), workload.item(), workload.drawnIndex());
    return true;
  }

  @Override
  public void done(Step step, boolean ok) {
    workload.settle(ok);
  }

  /** Whether the worker stopped because none of the mix's operations had an item left. */
  public boolean exhausted() {
    return exhausted;
  }
}
