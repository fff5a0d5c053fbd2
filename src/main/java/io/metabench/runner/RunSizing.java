package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.op.OpType;
import java.util.Locale;
import java.util.Map;

/**
 * Sizes a run that gives no item count and no duration (docs/metrics.md#sized-runs), from the
 * client warm-up run ahead of its phases: each phase is to measure about {@code -sizeFor}. A
 * phase that keeps names (open_read, stat, ...) is bound by that time and cycles over the items;
 * a phase that uses each item once (create_write, rename, delete, mkdirs, rmdir) lasts as long as
 * its items, so every worker gets {@code -sizeFor}'s worth of items at the fastest per-worker
 * rate the warm-up reached for those phases ({@link #PHASE_SPEED_UP} times it): the fastest of
 * them then measures about {@code -sizeFor}, the slower ones longer; but a phase that makes the items (create_write,
 * mkdirs) is not to run more than {@link #MAKER_TIMES} times {@code -sizeFor}: where making is
 * much slower than removing (a local disk's creates against its deletes), the fastest phase is
 * then shorter, and its steadiness note says so. Stateless.
 */
final class RunSizing {
  /** The most items a worker is given (each costs a bit of memory per phase). */
  static final long MAX_PER_WORKER = 50_000_000L;
  /**
   * How much faster a fast phase runs than its warm-up's short passes measured (the embedded
   * HDFS here: renames, deletes, mkdirs and rmdirs 1.2 to 1.35 times; creates as fast as their
   * passes): the count is sized for this many times {@code -sizeFor}, so the fastest phase lasts
   * about {@code -sizeFor}, not three quarters of it.
   */
  static final double PHASE_SPEED_UP = 1.3;
  /**
   * The same for a warm-up that ended at its cap before its rate settled: its passes were still
   * speeding up, so the phases run faster than it measured by more than a settled one's (a no-op
   * file system here, whose calls the JIT was still compiling: 1.6 to 2 times); both the count
   * and the makers' limit are sized for this many times the rates.
   */
  static final double UNSETTLED_SPEED_UP = 2.5;
  /** How many times {@code -sizeFor} a phase that makes the items may run at most. */
  static final int MAKER_TIMES = 5;

  private RunSizing() {
  }

  /** Whether a phase of {@code op} uses each item once, so its length is its item count's. */
  static boolean countBound(OpType op) {
    return !op.keepsNames() && !op.traverses() && op != OpType.MIX;
  }

  /**
   * {@code config} sized from {@code ratesPerWorker} (operations per second of one worker, per
   * operation, from the warm-up); {@code config} with sizing off when the warm-up measured none
   * of its count-bound phases, and it has some.
   */
  static BenchConfig size(BenchConfig config, Map<OpType, Double> ratesPerWorker) {
    return size(config, ratesPerWorker, true);
  }

  /**
   * As {@link #size(BenchConfig, Map)}, from a warm-up whose rate {@code settled}, or did not
   * (it ended at its cap): then for {@link #UNSETTLED_SPEED_UP} times the rates it reached.
   */
  static BenchConfig size(BenchConfig config, Map<OpType, Double> ratesPerWorker,
      boolean settled) {
    double speedUp = settled ? PHASE_SPEED_UP : UNSETTLED_SPEED_UP;
    double makerSpeedUp = settled ? 1 : UNSETTLED_SPEED_UP;
    long millis = config.sizeForMillis();
    OpType fastest = null;
    double best = 0;
    boolean any = false;
    StringBuilder timed = new StringBuilder();
    for (OpType op : config.operations()) {
      if (countBound(op)) {
        any = true;
        Double rate = ratesPerWorker.get(op);
        if (rate != null && rate > best) {
          best = rate;
          fastest = op;
        }
      } else if (BenchConfig.canBeTimed(op)) {
        timed.append(timed.length() == 0 ? "" : ", ").append(op.id());
      }
    }
    if (any && fastest == null) {
      return config.unsized();
    }
    long items = fastest == null ? config.filesPerWorker()
        : Math.max(1, Math.min(MAX_PER_WORKER,
            (long) Math.ceil(speedUp * best * millis / 1000.0)));
    OpType capping = null;
    for (OpType op : config.operations()) {
      Double rate = ratesPerWorker.get(op);
      long most = rate == null ? Long.MAX_VALUE
          // Not sped up when settled: creates ran at their warm-up's rate (the fast phases did
          // not).
          : Math.max(1, (long) Math.ceil(makerSpeedUp * rate * millis * MAKER_TIMES / 1000.0));
      if (fastest != null && op.createsItems() && most < items) {
        items = most;
        capping = op;
      }
    }
    String seconds = seconds(millis);
    StringBuilder how = new StringBuilder("sized to measure about ").append(seconds)
        .append(" a phase (-sizeFor; no -numberOfFiles or -duration was given): ");
    if (fastest != null) {
      how.append(String.format(Locale.ROOT, "%d items per worker, %s of %s at the %.0f ops/s "
          + "per worker its client warm-up reached", items, seconds, fastest.id(), best));
      if (capping != null) {
        how.append(String.format(Locale.ROOT, ", lowered so %s, at %.0f ops/s per worker, runs "
            + "about %s", capping.id(), ratesPerWorker.get(capping),
            seconds(millis * MAKER_TIMES)));
      }
      if (!settled) {
        how.append(String.format(Locale.ROOT, " (the warm-up ended at its cap before its rate "
            + "settled: sized for %.1f times the rates it reached)", UNSETTLED_SPEED_UP));
      }
    } else {
      how.append(items).append(" items per worker");
    }
    if (timed.length() > 0) {
      how.append("; phases that keep names run ").append(seconds).append(" (").append(timed)
          .append(')');
    }
    return config.sizedAs(items, millis, how.toString());
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0 ? (millis / 1000) + " s"
        : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }
}
