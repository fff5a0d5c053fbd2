package io.metabench.compare;

import java.util.Collections;
import java.util.List;

/**
 * A candidate compared with a baseline, row by row: the verdicts, their settings, and what
 * differs between the two beyond the figures. Immutable.
 */
public final class Comparison {
  /** Exit code of {@code compare} when some row is slower beyond the threshold. */
  public static final int EXIT_WORSE = 3;

  /** A row's verdict on throughput. */
  public enum Verdict {
    FASTER("faster"), SLOWER("slower"), SAME("no significant change");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** What a row's interval rests on. */
  public enum Basis {
    ITERATIONS("iterations"), SECONDS("per-second"), NONE("too few samples");

    private final String id;

    Basis(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  /** One phase at one concurrency, baseline beside candidate. Immutable. */
  public static final class Row {
    public final Side.Row baseline;
    public final Side.Row candidate;
    public final Basis basis;
    /** Samples behind the interval on each side (iterations or whole seconds). */
    public final int baselineSamples;
    public final int candidateSamples;
    public final Statistics.Interval tps;
    public final Verdict verdict;
    public final double[] latencyRatios;
    public final Statistics.KsResult ks;
    public final boolean latencyDiffers;

    Row(Side.Row baseline, Side.Row candidate, Basis basis, int baselineSamples,
        int candidateSamples, Statistics.Interval tps, Verdict verdict, double[] latencyRatios,
        Statistics.KsResult ks, boolean latencyDiffers) {
      this.baseline = baseline;
      this.candidate = candidate;
      this.basis = basis;
      this.baselineSamples = baselineSamples;
      this.candidateSamples = candidateSamples;
      this.tps = tps;
      this.verdict = verdict;
      this.latencyRatios = latencyRatios;
      this.ks = ks;
      this.latencyDiffers = latencyDiffers;
    }
  }

  /** The latency percentiles compared, in percent. */
  public static final double[] PERCENTILES = {50, 99, 99.9};
  /** Their names in tables and JSON. */
  public static final String[] PERCENTILE_NAMES = {"p50", "p99", "p999"};

  private final String baseline;
  private final String candidate;
  private final double threshold;
  private final double confidence;
  private final List<Row> rows;
  private final List<String> warnings;

  Comparison(String baseline, String candidate, double threshold, double confidence,
      List<Row> rows, List<String> warnings) {
    this.baseline = baseline;
    this.candidate = candidate;
    this.threshold = threshold;
    this.confidence = confidence;
    this.rows = Collections.unmodifiableList(rows);
    this.warnings = Collections.unmodifiableList(warnings);
  }

  public String baseline() {
    return baseline;
  }

  public String candidate() {
    return candidate;
  }

  /** The smallest change that counts, as a fraction (0.05 for 5 %). */
  public double threshold() {
    return threshold;
  }

  /** The confidence level of the intervals (0.95). */
  public double confidence() {
    return confidence;
  }

  public List<Row> rows() {
    return rows;
  }

  /** What differs between the two runs beyond their figures, one sentence each. */
  public List<String> warnings() {
    return warnings;
  }

  /** How many rows have {@code v}. */
  public int count(Verdict v) {
    int n = 0;
    for (Row r : rows) {
      if (r.verdict == v) {
        n++;
      }
    }
    return n;
  }

  /** 0, or {@link #EXIT_WORSE} when a row is slower. */
  public int exitCode() {
    return count(Verdict.SLOWER) > 0 ? EXIT_WORSE : 0;
  }
}
