package io.metabench.stats.capacity;

import io.metabench.config.LatencyBounds;
import io.metabench.config.MixSpec;
import io.metabench.op.OpType;
import io.metabench.stats.IntervalSeries;
import java.util.List;
import java.util.Locale;

/**
 * Whether a step is broken before its end (docs/capacity.md, "A step broken early"). A bound
 * pX ≤ b breaks once more than (100 − X) % of the operations the step offers in all (its rate ×
 * its length) have taken longer than b from when they were due: whatever its remaining seconds
 * bring, its pX is then over b, so running them tells nothing more. For one operation of a mix,
 * the operations it is offered are its weight's share of those, with a tenth more for the
 * draws' chance; the bounds on every operation are also counted over the whole mix. Judged from
 * the second second on, before the step's last.
 *
 * <p>Stateless.
 */
public final class EarlyBreak {
  /** Room for the draws' chance in a mix operation's share. */
  static final double SHARE_ROOM = 1.1;

  private EarlyBreak() {
  }

  /**
   * Why the step is already broken, or null.
   *
   * @param ops the operation of each series (one, or a mix's)
   * @param soFar each operation's per-second series so far
   * @param offered the step's rate, operations a second
   * @param seconds the step's length
   */
  public static String check(List<OpType> ops, List<IntervalSeries> soFar, LatencyBounds bounds,
      MixSpec mix, double offered, double seconds) {
    int elapsed = soFar.isEmpty() ? 0 : soFar.get(0).intervals().size();
    if (elapsed < 2 || elapsed >= seconds || offered <= 0) {
      // Nothing to end in the first second, nor at the step's own end.
      return null;
    }
    double all = offered * seconds;
    for (int i = 0; i < ops.size(); i++) {
      int at = mix.ops().indexOf(ops.get(i));
      double offeredHere = at < 0 ? all : all * mix.share(at) * SHARE_ROOM;
      for (LatencyBounds.Bound b : bounds.of(ops.get(i))) {
        String why = over(b, count(soFar.subList(i, i + 1), b), offeredHere, elapsed,
            at < 0 ? "" : ops.get(i).id() + ": ");
        if (why != null) {
          return why;
        }
      }
    }
    if (!mix.isEmpty()) {
      for (LatencyBounds.Bound b : bounds.of(null)) {
        String why = over(b, count(soFar, b), all, elapsed, "mix: ");
        if (why != null) {
          return why;
        }
      }
    }
    return null;
  }

  private static String over(LatencyBounds.Bound b, long late, double offered, int elapsed,
      String what) {
    // Rounded to a millionth: 100 - 99.9 is 0.0999... in binary.
    double share = Math.round((100 - b.percentile()) * 1e6) / 1e6;
    double allowed = share / 100 * offered;
    return late <= allowed ? null : String.format(Locale.ROOT, "%sended after %d s: %d "
        + "operations took over %s ms from when due, more than the %s %% of the %.0f the step "
        + "offers that p%s <= %s ms allows", what, elapsed, late,
        LatencyBounds.number(b.millis()), LatencyBounds.number(share), offered,
        LatencyBounds.number(b.percentile()), LatencyBounds.number(b.millis()));
  }

  /** Operations in {@code series} that took longer than the bound. */
  private static long count(List<IntervalSeries> series, LatencyBounds.Bound b) {
    long limit = (long) (b.millis() * 1e6);
    long n = 0;
    for (IntervalSeries s : series) {
      for (IntervalSeries.Interval i : s.intervals()) {
        org.HdrHistogram.Histogram h = i.latency();
        n += h.getTotalCount() - h.getCountBetweenValues(0, limit);
      }
    }
    return n;
  }
}
