package io.metabench.replay;

import io.metabench.core.StopRequest;
import io.metabench.engine.ItemSource;
import io.metabench.engine.Step;
import io.metabench.op.OpContext;
import io.metabench.stats.FailureCount;

/**
 * One replay thread's commands as an {@link ItemSource}: its share of the log in log order, taken
 * from the {@link ReplayFeed} as the log streams past, each counted in its operation's result and,
 * when the replay is paced, due at its scheduled time (the engine waits for it, and times it from
 * then, as with {@code -rate}). A failure of a command whose path is absent by the log's own
 * account is counted as the log's ({@link FailureCount#EXPECTED_BY_THE_LOG}).
 *
 * <p>One instance per worker; used by that worker's thread only.
 */
final class ReplaySource implements ItemSource {
  private final OpContext ctx;
  private final ReplayOp op;
  private final ReplayFeed feed;
  private final int thread;
  private final boolean paced;
  private final StopRequest stop;

  ReplaySource(OpContext ctx, ReplayOp op, ReplayFeed feed, int thread, boolean paced,
      StopRequest stop) {
    this.ctx = ctx;
    this.op = op;
    this.feed = feed;
    this.thread = thread;
    this.paced = paced;
    this.stop = stop;
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) throws InterruptedException {
    ReplayFeed.Item item = feed.next(thread, stop);
    if (item == null) {
      return false;
    }
    op.current = item;
    step.set(op, item.index, item.slot);
    if (paced) {
      step.dueAt(item.dueOffsetNanos);
    }
    return true;
  }

  @Override
  public void done(Step step, boolean ok) {
    feed.finished(thread);
  }

  @Override
  public String causeOf(Step step, String cause) {
    return op.current != null && op.current.absent ? FailureCount.EXPECTED_BY_THE_LOG + cause
        : cause;
  }
}
