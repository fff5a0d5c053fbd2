package io.metabench.stats;

import java.util.List;

/**
 * The replay figures of one process (one map task of a MapReduce replay, or the whole replay in
 * one process) that its phases do not already hold: commands executed and the replay span. Every
 * other figure of a replay (latency from due time, service time, how late commands started) is in
 * its phases, one per operation, as for any scheduled phase. Parts of several maps
 * {@link #combine} into one.
 *
 * <p>Immutable.
 */
public final class ReplayPart {
  private final long executed;
  private final long spanNanos;
  private final long orderWaits;
  private final long orderWaitNanos;

  public ReplayPart(long executed, long spanNanos) {
    this(executed, spanNanos, 0, 0);
  }

  public ReplayPart(long executed, long spanNanos, long orderWaits, long orderWaitNanos) {
    this.executed = executed;
    this.spanNanos = spanNanos;
    this.orderWaits = orderWaits;
    this.orderWaitNanos = orderWaitNanos;
  }

  /**
   * This part with the waits the order across threads forced: commands that changed a subtree
   * and waited for earlier commands on other threads, and how long they waited in all.
   */
  public ReplayPart withOrderWaits(long waits, long waitNanos) {
    return new ReplayPart(executed, spanNanos, waits, waitNanos);
  }

  /**
   * This process's part, from its replay phases: commands executed are the operations attempted,
   * the span runs from the first command's start (due time, when paced) to the last one's end,
   * on this process's clock.
   */
  public static ReplayPart of(List<PhaseResult> phases) {
    long executed = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (PhaseResult p : phases) {
      executed += p.attempted();
      if (p.attempted() > 0) {
        first = Math.min(first, p.firstStartEpochNanos());
        last = Math.max(last, p.lastEndEpochNanos());
      }
    }
    return new ReplayPart(executed, executed == 0 ? 0 : last - first);
  }

  /**
   * Several maps' parts as one: counts add up, the span is the longest of any map (each map's
   * span is measured on its own clock, so no two maps' times are compared).
   */
  public static ReplayPart combine(List<ReplayPart> parts) {
    long executed = 0;
    long span = 0;
    long waits = 0;
    long waitNanos = 0;
    for (ReplayPart p : parts) {
      executed += p.executed;
      span = Math.max(span, p.spanNanos);
      waits += p.orderWaits;
      waitNanos += p.orderWaitNanos;
    }
    return new ReplayPart(executed, span, waits, waitNanos);
  }

  /** Commands executed (succeeded or failed). */
  public long executed() {
    return executed;
  }

  /** From the start of the first command to the end of the last, in nanoseconds; 0 if none ran. */
  public long spanNanos() {
    return spanNanos;
  }

  /** Commands that waited for earlier commands on other threads (a directory's delete, say). */
  public long orderWaits() {
    return orderWaits;
  }

  /** How long those commands waited in all, in nanoseconds. */
  public long orderWaitNanos() {
    return orderWaitNanos;
  }
}
