package io.metabench.stats;

import io.metabench.op.OpType;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The replay figures of one process (one map task of a MapReduce replay, or the whole replay in
 * one process): commands executed, the replay span, and per operation the latency from due time
 * and the most a command started late. Parts of several maps {@link #combine} into one; a part
 * travels from a map task to the driver in binary form with its full histograms.
 *
 * <p>Immutable; the histograms must not be modified.
 */
public final class ReplayPart {
  private final long executed;
  private final long spanNanos;
  private final Map<OpType, Histogram> fromDue;
  private final Map<OpType, Long> maxLateNanos;

  public ReplayPart(long executed, long spanNanos, Map<OpType, Histogram> fromDue,
      Map<OpType, Long> maxLateNanos) {
    this.executed = executed;
    this.spanNanos = spanNanos;
    Map<OpType, Histogram> h = new EnumMap<>(OpType.class);
    h.putAll(fromDue);
    this.fromDue = Collections.unmodifiableMap(h);
    Map<OpType, Long> l = new EnumMap<>(OpType.class);
    l.putAll(maxLateNanos);
    this.maxLateNanos = Collections.unmodifiableMap(l);
  }

  /**
   * Several maps' parts as one: counts and histograms add up, the span and the lateness are the
   * largest of any map (each map's span runs from its own start, taken when the maps left their
   * common barrier).
   */
  public static ReplayPart combine(List<ReplayPart> parts) {
    long executed = 0;
    long span = 0;
    Map<OpType, Histogram> fromDue = new EnumMap<>(OpType.class);
    Map<OpType, Long> late = new EnumMap<>(OpType.class);
    for (ReplayPart p : parts) {
      executed += p.executed;
      span = Math.max(span, p.spanNanos);
      for (Map.Entry<OpType, Histogram> h : p.fromDue.entrySet()) {
        fromDue.computeIfAbsent(h.getKey(), k -> new Histogram(3)).add(h.getValue());
      }
      for (Map.Entry<OpType, Long> l : p.maxLateNanos.entrySet()) {
        late.merge(l.getKey(), l.getValue(), Math::max);
      }
    }
    return new ReplayPart(executed, span, fromDue, late);
  }

  /** Commands executed (succeeded or failed). */
  public long executed() {
    return executed;
  }

  /** From the replay's start to the start of its last command, in nanoseconds; 0 if none ran. */
  public long spanNanos() {
    return spanNanos;
  }

  /** Per operation, latency from due time of successful commands, in nanoseconds. */
  public Map<OpType, Histogram> fromDue() {
    return fromDue;
  }

  /** Per operation, the most any command started after its due time, in nanoseconds. */
  public Map<OpType, Long> maxLateNanos() {
    return maxLateNanos;
  }
}
