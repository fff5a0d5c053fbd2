package io.metabench.stats.capacity;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Capacity searches of several targets under the same bounds, searched one after another
 * (docs/capacity.md, "Side by side"): each target's label and search, in the order given, the
 * first the base of the ratios. Immutable.
 */
public final class CapacityStudy {
  private final List<String> labels;
  private final List<CapacityResult> results;

  /** {@code labels.get(i)} names the target {@code results.get(i)} searched. */
  public CapacityStudy(List<String> labels, List<CapacityResult> results) {
    if (labels.size() != results.size() || labels.isEmpty()) {
      throw new IllegalArgumentException("one label a search, at least one: " + labels.size()
          + " labels, " + results.size() + " searches");
    }
    this.labels = Collections.unmodifiableList(new ArrayList<>(labels));
    this.results = Collections.unmodifiableList(new ArrayList<>(results));
  }

  public List<String> labels() {
    return labels;
  }

  public List<CapacityResult> results() {
    return results;
  }

  /**
   * The rate {@code i} held over the first target's; NaN where either held none. A client's
   * limit (an answer of "at least") makes its ratio a lower bound too, which the formats say.
   */
  public double ratio(int i) {
    double base = results.get(0).held();
    double mine = results.get(i).held();
    return Double.isNaN(base) || Double.isNaN(mine) || base == 0 ? Double.NaN : mine / base;
  }
}
