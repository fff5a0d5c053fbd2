package io.metabench.engine;

import io.metabench.op.OpType;
import io.metabench.stats.OpRecorder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The rate one worker reached for each operation in a client warm-up's most recent passes (its
 * last {@link #RECENT}, so a warm-up that sped up as the JIT compiled reports what it reached,
 * not its cold start): successes ÷ the time the calls themselves took (1 ÷ their mean latency),
 * but at most three times successes ÷ the time from each pass's first start to its last end. The first
 * leaves out the worker's own time between calls, the second adds a pass's start-up, which
 * weighs on calls of a microsecond (a no-op file system) and not on a file system's: the phase's
 * rate lies between them. A sized run (docs/metrics.md#sized-runs) reads its item count from
 * them.
 *
 * <p>Not thread-safe: one per warm-up worker, read once the workers have ended.
 */
final class PassRates {
  /** Passes of each operation kept. */
  static final int RECENT = 8;

  private final Map<OpType, Deque<long[]>> recent = new EnumMap<>(OpType.class);

  /** A pass of {@code op} whose figures {@code r} holds. */
  void add(OpType op, OpRecorder r) {
    if (r.successes() == 0 || r.busyNanos() <= 0) {
      return;
    }
    Deque<long[]> passes = recent.computeIfAbsent(op, k -> new ArrayDeque<>());
    if (passes.size() == RECENT) {
      passes.removeFirst();
    }
    passes.addLast(new long[] {r.successes(), r.busyNanos(),
        Math.round(r.latency().getMean() * r.latency().getTotalCount())});
  }

  /**
   * Per operation, one worker's rate (operations per second) over the recent passes of all of
   * {@code workers}; an operation no pass completed is absent.
   */
  static Map<OpType, Double> perWorker(List<PassRates> workers) {
    Map<OpType, long[]> sums = new EnumMap<>(OpType.class);
    for (PassRates w : workers) {
      for (Map.Entry<OpType, Deque<long[]>> e : w.recent.entrySet()) {
        long[] sum = sums.computeIfAbsent(e.getKey(), k -> new long[3]);
        for (long[] pass : e.getValue()) {
          for (int i = 0; i < sum.length; i++) {
            sum[i] += pass[i];
          }
        }
      }
    }
    Map<OpType, Double> rates = new EnumMap<>(OpType.class);
    for (Map.Entry<OpType, long[]> e : sums.entrySet()) {
      long[] sum = e.getValue();
      double passes = sum[0] * 1e9 / sum[1];
      rates.put(e.getKey(), Math.min(3 * passes, sum[0] * 1e9 / Math.max(1, sum[2])));
    }
    return rates;
  }
}
