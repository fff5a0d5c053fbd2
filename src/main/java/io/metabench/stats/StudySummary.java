package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The summary of a study: one {@link SummaryRow} per target × operation × concurrency, plus the
 * orders in which targets, operations and concurrencies were asked for (the order of tables,
 * chart series and ratios: ratios are to the first target).
 *
 * <p>Immutable.
 */
public final class StudySummary {
  /** A concurrency is the knee when its mean TPS reaches this fraction of the highest. */
  public static final double KNEE_FRACTION = 0.9;

  private final List<String> targets;
  private final List<String> phases;
  private final List<Integer> threadLevels;
  private final List<SummaryRow> rows;

  /** Targets, phases and thread levels follow the order in which {@code rows} first name them. */
  public StudySummary(List<SummaryRow> rows) {
    Set<String> t = new LinkedHashSet<>();
    Set<String> p = new LinkedHashSet<>();
    Set<Integer> levels = new TreeSet<>();
    for (SummaryRow r : rows) {
      t.add(r.target());
      p.add(r.phase());
      levels.add(r.threads());
    }
    this.targets = Collections.unmodifiableList(new ArrayList<>(t));
    this.phases = Collections.unmodifiableList(new ArrayList<>(p));
    this.threadLevels = Collections.unmodifiableList(new ArrayList<>(levels));
    this.rows = Collections.unmodifiableList(new ArrayList<>(rows));
  }

  /** Target labels, first-named first; ratios are to {@code targets().get(0)}. */
  public List<String> targets() {
    return targets;
  }

  /** Operation ids in phase order. */
  public List<String> phases() {
    return phases;
  }

  /** Concurrencies (threads per process), ascending. */
  public List<Integer> threadLevels() {
    return threadLevels;
  }

  public List<SummaryRow> rows() {
    return rows;
  }

  /** The row of one target, operation and concurrency, or null when that combination did not run. */
  public SummaryRow row(String target, String phase, int threads) {
    for (SummaryRow r : rows) {
      if (r.target().equals(target) && r.phase().equals(phase) && r.threads() == threads) {
        return r;
      }
    }
    return null;
  }
}
