package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.config.StudyPlan;
import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long a study will take: before it starts, what its plan alone says (how many runs, what
 * bounds each phase); after each run, the time left, from the runs' measured wall times.
 *
 * <p>The time a run left to do will take is, in this order of preference: the mean of the runs
 * already done in its cell (the same target at the same concurrency: later iterations repeat the
 * first), without their client warm-up (a cell warms once, in its first run), else the mean of
 * the runs done on its target, else the mean of every run done, warm-ups included. The first
 * iteration's estimates are therefore rough (a run at 16 threads does 16 workers' items) and
 * every later one is the cell's own; docs/studies.md says so.
 *
 * <p>Not thread-safe: the study's one thread feeds and reads it.
 */
final class StudyEta {
  /** One run of the plan, in the order the study runs them. */
  private static final class Slot {
    final int target;
    final int threads;

    Slot(int target, int threads) {
      this.target = target;
      this.threads = threads;
    }
  }

  private final List<Slot> order = new ArrayList<>();
  private final Map<String, double[]> byCell = new HashMap<>();
  private final Map<Integer, double[]> byTarget = new HashMap<>();
  private final double[] all = new double[2];

  /** The runs of {@code plan} in the study's order: iteration, then concurrency, then target. */
  StudyEta(StudyPlan plan) {
    for (int i = 0; i < plan.iterations(); i++) {
      for (int threads : plan.threadLevels()) {
        for (int t = 0; t < plan.targets().size(); t++) {
          order.add(new Slot(t, threads));
        }
      }
    }
  }

  /**
   * Run {@code number} (1-based, in order) took {@code seconds} of wall time, {@code warmup} of
   * them in its client warm-ups.
   */
  void finished(int number, double seconds, double warmup) {
    Slot s = order.get(number - 1);
    add(byCell.computeIfAbsent(s.target + "/" + s.threads, k -> new double[2]),
        Math.max(0, seconds - warmup));
    add(byTarget.computeIfAbsent(s.target, k -> new double[2]), seconds);
    add(all, seconds);
  }

  private static void add(double[] sumCount, double seconds) {
    sumCount[0] += seconds;
    sumCount[1]++;
  }

  /** The seconds runs {@code from} (1-based) to the last will take; NaN before any finished. */
  double secondsLeft(int from) {
    if (all[1] == 0) {
      return Double.NaN;
    }
    double left = 0;
    for (Slot s : order.subList(from - 1, order.size())) {
      double[] m = byCell.get(s.target + "/" + s.threads);
      if (m == null) {
        m = byTarget.getOrDefault(s.target, all);
      }
      left += m[0] / m[1];
    }
    return left;
  }

  /**
   * The line a study prints before it starts: how many runs, of what, and what bounds their time
   * ({@code first} is the first run's configuration; every run has the same phases).
   */
  static String plan(StudyPlan plan, BenchConfig first) {
    List<OpType> ops = first.operations();
    int timed = 0;
    for (OpType op : ops) {
      timed += first.durationBound(op) ? 1 : 0;
    }
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "study: %d target%s x %d concurrenc%s %s x %d iteration%s = %d runs of %d phase%s",
        plan.targets().size(), plural(plan.targets().size()), plan.threadLevels().size(),
        plan.threadLevels().size() == 1 ? "y" : "ies", plan.threadLevels(), plan.iterations(),
        plural(plan.iterations()), plan.runs(), ops.size(), plural(ops.size())));
    double warmupSeconds = first.clientWarmupMillis() / 1000.0;
    double measured = plan.runs() * timed * first.durationMillis() / 1000.0;
    if (timed == ops.size()) {
      b.append(String.format(Locale.ROOT, ": at least %s measured", duration(measured)));
    } else if (timed > 0) {
      b.append(String.format(Locale.ROOT, ": at least %s measured by -duration, and %d phase%s "
          + "of counts", duration(measured), ops.size() - timed, plural(ops.size() - timed)));
    } else {
      b.append(": their item counts decide their time");
    }
    if (warmupSeconds > 0) {
      b.append(String.format(Locale.ROOT, ", each phase after a client warm-up of up to %s",
          duration(warmupSeconds)));
    }
    return b.append("; the time left is estimated after each run").toString();
  }

  private static String plural(int n) {
    return n == 1 ? "" : "s";
  }

  /** {@code 45 s}, {@code 6 min 10 s}, {@code 2 h 5 min}. */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min " + s % 60 + " s";
    }
    return s / 3600 + " h " + s % 3600 / 60 + " min";
  }
}
