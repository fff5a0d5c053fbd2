package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A window of a phase's per-second series in which the file system misbehaved: consecutive
 * intervals with failed operations ({@link Kind#FAILURES}), or consecutive intervals in which no
 * operation completed at all although the phase was not over ({@link Kind#STALL}: a NameNode
 * restarting, a store that stopped answering). Times are seconds since the series began.
 *
 * <p>Immutable.
 */
public final class Disruption {
  /** What made the window. */
  public enum Kind {
    FAILURES("failures"), STALL("stall");

    private final String id;

    Kind(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  private final Kind kind;
  private final double fromSeconds;
  private final double toSeconds;
  private final long successes;
  private final long failed;

  Disruption(Kind kind, double fromSeconds, double toSeconds, long successes, long failed) {
    this.kind = kind;
    this.fromSeconds = fromSeconds;
    this.toSeconds = toSeconds;
    this.successes = successes;
    this.failed = failed;
  }

  /**
   * The disruptions of a series, in time order. The last interval never counts as a stall: it is
   * usually cut short by the phase's end.
   */
  public static List<Disruption> of(IntervalSeries series) {
    List<IntervalSeries.Interval> in = series.intervals();
    if (in.isEmpty()) {
      return Collections.emptyList();
    }
    long origin = in.get(0).startEpochNanos();
    List<Disruption> found = new ArrayList<>();
    Kind open = null;
    int from = 0;
    for (int i = 0; i <= in.size(); i++) {
      Kind k = null;
      if (i < in.size()) {
        IntervalSeries.Interval iv = in.get(i);
        k = iv.failed() > 0 ? Kind.FAILURES
            : iv.successes() == 0 && i < in.size() - 1 && i > 0 ? Kind.STALL : null;
      }
      if (k != open) {
        if (open != null) {
          long ok = 0;
          long failed = 0;
          for (int j = from; j < i; j++) {
            ok += in.get(j).successes();
            failed += in.get(j).failed();
          }
          found.add(new Disruption(open, (in.get(from).startEpochNanos() - origin) / 1e9,
              (in.get(i - 1).endEpochNanos() - origin) / 1e9, ok, failed));
        }
        open = k;
        from = i;
      }
    }
    return found;
  }

  public Kind kind() {
    return kind;
  }

  /** Start of the window, seconds after the series began. */
  public double fromSeconds() {
    return fromSeconds;
  }

  /** End of the window, seconds after the series began. */
  public double toSeconds() {
    return toSeconds;
  }

  /** Successful operations in the window. */
  public long successes() {
    return successes;
  }

  /** Failed operations in the window. */
  public long failed() {
    return failed;
  }
}
