package io.metabench.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * One side of a comparison: what a result file (a run's JSON or a study's result.json) says of
 * each phase at each concurrency on each target, with what shaped it (versions, parameters).
 * Built by {@link SideReader}; immutable once built.
 */
public final class Side {
  /** One phase at one concurrency on one target, over every iteration of the file. */
  public static final class Row {
    final String target;
    final String fsUri;
    final String phase;
    final int threads;
    final List<Double> iterationTps = new ArrayList<>();
    /** Per iteration, the TPS of each whole second of the phase. */
    final List<List<Double>> secondTps = new ArrayList<>();
    /** Per iteration, each interval's start (s from the phase's start) and TPS. */
    final List<List<double[]>> timeline = new ArrayList<>();
    final Histogram latency = new Histogram(3);
    long successes;
    long failed;

    Row(String target, String fsUri, String phase, int threads) {
      this.target = target;
      this.fsUri = fsUri;
      this.phase = phase;
      this.threads = threads;
    }

    public String target() {
      return target;
    }

    public String fsUri() {
      return fsUri;
    }

    public String phase() {
      return phase;
    }

    public int threads() {
      return threads;
    }

    public int iterations() {
      return iterationTps.size();
    }

    /** The mean of the iterations' TPS. */
    public double tpsMean() {
      double sum = 0;
      for (double t : iterationTps) {
        sum += t;
      }
      return iterationTps.isEmpty() ? 0 : sum / iterationTps.size();
    }

    public List<Double> iterationTps() {
      return Collections.unmodifiableList(iterationTps);
    }

    /** The whole seconds' TPS of every iteration. */
    public List<Double> secondTps() {
      return Statistics.concat(secondTps);
    }

    /** The first iteration's timeline: (start s, TPS) per interval. */
    public List<double[]> timeline() {
      return timeline.isEmpty() ? Collections.<double[]>emptyList() : timeline.get(0);
    }

    /** Every iteration's latencies, merged. */
    public Histogram latency() {
      return latency;
    }

    public long successes() {
      return successes;
    }

    public long failed() {
      return failed;
    }
  }

  private final String source;
  final Map<String, Row> rows = new LinkedHashMap<>();
  final Map<String, Set<String>> facts = new LinkedHashMap<>();

  Side(String source) {
    this.source = source;
  }

  /** The file (or study directory) this side was read from. */
  public String source() {
    return source;
  }

  /** The rows in file order. */
  public List<Row> rows() {
    return new ArrayList<>(rows.values());
  }

  /** The targets, in file order. */
  public List<String> targets() {
    Set<String> t = new LinkedHashSet<>();
    for (Row r : rows.values()) {
      t.add(r.target);
    }
    return new ArrayList<>(t);
  }

  /**
   * What shaped the figures, by name (tool and Hadoop versions, JVM, client mode, each run
   * parameter): every value the file's runs had, in order.
   */
  public Map<String, Set<String>> facts() {
    return Collections.unmodifiableMap(facts);
  }

  Row row(String target, String fsUri, String phase, int threads) {
    return rows.computeIfAbsent(key(target, phase, threads),
        k -> new Row(target, fsUri, phase, threads));
  }

  static String key(String target, String phase, int threads) {
    return target + "\u0000" + phase + "\u0000" + threads;
  }

  void fact(String name, String value) {
    facts.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(value);
  }
}
