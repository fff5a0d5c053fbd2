package io.metabench.stats.study;

import io.metabench.stats.ClientLoad;
import io.metabench.stats.Steadiness;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

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

  /**
   * The Universal Scalability Law projection of one target's operation over the thread levels
   * (their mean rates), or null when fewer than {@link UslFit#LEVELS} levels ran or the model
   * fits none ({@link UslFit#of}).
   */
  public UslFit projection(String target, String phase) {
    List<Integer> threads = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    for (SummaryRow r : rows) {
      if (r.target().equals(target) && r.phase().equals(phase)) {
        threads.add(r.threads());
        rates.add(r.tpsMean());
      }
    }
    return UslFit.of(threads, rates);
  }

  /**
   * Collects the phases of a study's runs and computes the summary rows. Not thread-safe; the
   * histograms given are copied, not changed.
   */
  public static final class Builder {
    private final Map<List<Object>, Cell> cells = new LinkedHashMap<>();
    private final List<String> targetOrder = new ArrayList<>();
    private final List<String> phaseOrder = new ArrayList<>();

    /**
     * One phase of one run (one iteration of one target at one concurrency); {@code steady}
     * false when the phase showed no steady rate ({@link Steadiness}).
     */
    public Builder add(String target, String fsUri, String phase, int threads, double tps,
        long successes, long failed, Histogram latency, boolean steady) {
      return add(target, fsUri, phase, threads, tps, successes, failed, latency, steady,
          Collections.<double[]>emptyList());
    }

    /**
     * As {@link #add(String, String, String, int, double, long, long, Histogram, boolean)}, with
     * the phase's TPS over time; the row keeps the first iteration's that is not empty.
     */
    public Builder add(String target, String fsUri, String phase, int threads, double tps,
        long successes, long failed, Histogram latency, boolean steady,
        List<double[]> timeline) {
      return add(target, fsUri, phase, threads, tps, successes, failed, latency, steady,
          timeline, Collections.<double[]>emptyList());
    }

    /**
     * As above, with the server's times over the phase ({@code stats.ServerPhaseView#timeline}); the
     * row keeps the first iteration's that is not empty.
     */
    public Builder add(String target, String fsUri, String phase, int threads, double tps,
        long successes, long failed, Histogram latency, boolean steady,
        List<double[]> timeline, List<double[]> serverTimeline) {
      return add(target, fsUri, phase, threads, tps, successes, failed, latency, steady, timeline,
          serverTimeline, false);
    }

    /**
     * As above; {@code clientBound} true when the phase's client was the bottleneck
     * ({@link ClientLoad#bound}).
     */
    public Builder add(String target, String fsUri, String phase, int threads, double tps,
        long successes, long failed, Histogram latency, boolean steady,
        List<double[]> timeline, List<double[]> serverTimeline, boolean clientBound) {
      if (!targetOrder.contains(target)) {
        targetOrder.add(target);
      }
      if (!phaseOrder.contains(phase)) {
        phaseOrder.add(phase);
      }
      List<Object> key = java.util.Arrays.<Object>asList(target, phase, threads);
      Cell c = cells.get(key);
      if (c == null) {
        c = new Cell(target, fsUri, phase, threads);
        cells.put(key, c);
      }
      c.tps.add(tps);
      c.unsteady += steady ? 0 : 1;
      c.clientBound += clientBound ? 1 : 0;
      c.successes += successes;
      c.failed += failed;
      c.latency.add(latency);
      if (c.timeline.isEmpty()) {
        c.timeline = timeline;
      }
      if (c.serverTimeline.isEmpty()) {
        c.serverTimeline = serverTimeline;
      }
      return this;
    }

    public StudySummary build() {
      List<Cell> sorted = new ArrayList<>(cells.values());
      sorted.sort(Comparator.<Cell>comparingInt(c -> targetOrder.indexOf(c.target))
          .thenComparingInt(c -> phaseOrder.indexOf(c.phase))
          .thenComparingInt(c -> c.threads));
      Map<List<String>, Double> peak = new LinkedHashMap<>();
      Map<List<String>, Integer> levels = new LinkedHashMap<>();
      for (Cell c : sorted) {
        List<String> curve = java.util.Arrays.asList(c.target, c.phase);
        peak.merge(curve, c.mean(), Math::max);
        levels.merge(curve, 1, Integer::sum);
      }
      Set<List<String>> kneeFound = new java.util.HashSet<>();
      List<SummaryRow> rows = new ArrayList<>();
      for (Cell c : sorted) {
        List<String> curve = java.util.Arrays.asList(c.target, c.phase);
        // Ascending threads within a curve: the first level reaching the fraction is the knee.
        boolean knee = levels.get(curve) > 1 && peak.get(curve) > 0
            && c.mean() >= KNEE_FRACTION * peak.get(curve) && kneeFound.add(curve);
        rows.add(c.toRow(knee));
      }
      return new StudySummary(rows);
    }
  }

  /** The iterations of one target, operation and concurrency. */
  private static final class Cell {
    final String target;
    final String fsUri;
    final String phase;
    final int threads;
    final List<Double> tps = new ArrayList<>();
    final Histogram latency = new Histogram(3);
    long successes;
    long failed;
    int unsteady;
    int clientBound;
    List<double[]> timeline = Collections.emptyList();
    List<double[]> serverTimeline = Collections.emptyList();

    Cell(String target, String fsUri, String phase, int threads) {
      this.target = target;
      this.fsUri = fsUri;
      this.phase = phase;
      this.threads = threads;
    }

    double mean() {
      double sum = 0;
      for (double v : tps) {
        sum += v;
      }
      return sum / tps.size();
    }

    /** Sample standard deviation (n − 1); 0 for a single iteration. */
    double stdDev() {
      if (tps.size() < 2) {
        return 0;
      }
      double mean = mean();
      double squares = 0;
      for (double v : tps) {
        squares += (v - mean) * (v - mean);
      }
      return Math.sqrt(squares / (tps.size() - 1));
    }

    SummaryRow toRow(boolean knee) {
      SummaryRow.Latency l = latency.getTotalCount() == 0 ? SummaryRow.Latency.NONE
          : new SummaryRow.Latency(latency.getMean() / 1e6,
              latency.getValueAtPercentile(50) / 1e6, latency.getValueAtPercentile(90) / 1e6,
              latency.getValueAtPercentile(99) / 1e6, latency.getValueAtPercentile(99.9) / 1e6,
              latency.getMaxValue() / 1e6);
      return new SummaryRow(target, fsUri, phase, threads, tps.size(), mean(),
          Collections.min(tps), Collections.max(tps), stdDev(), successes, failed, l, knee)
          .withUnsteady(unsteady).withClientBound(clientBound).withTimeline(timeline)
          .withServerTimeline(serverTimeline);
    }
  }
}
