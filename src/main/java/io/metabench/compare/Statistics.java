package io.metabench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

/**
 * The two tests {@code compare} makes (docs/compare.md gives the formulas): Welch's t-interval
 * on logarithms for a ratio of rates, and the two-sample Kolmogorov-Smirnov test on two latency
 * histograms. Stateless; every method is a pure function.
 */
public final class Statistics {
  private Statistics() {
  }

  /** A ratio with its confidence interval; {@code samples} says what the interval rests on. */
  public static final class Interval {
    public final double ratio;
    public final double low;
    public final double high;

    Interval(double ratio, double low, double high) {
      this.ratio = ratio;
      this.low = low;
      this.high = high;
    }
  }

  /**
   * The interval, at {@code confidence}, of the ratio {@code ratio} of the candidate's rate to
   * the baseline's, given samples of each side's rate: {@code ratio × exp(±t·se)}, with
   * {@code se = sqrt(s²b/nb + s²c/nc)} over the samples' natural logarithms and {@code t} the
   * Student quantile at Welch-Satterthwaite's degrees of freedom. Both sides need two positive
   * samples or more (see {@link #usable}).
   */
  public static Interval ratioInterval(double ratio, double[] baseline, double[] candidate,
      double confidence) {
    double[] lb = logs(baseline);
    double[] lc = logs(candidate);
    double vb = variance(lb) / lb.length;
    double vc = variance(lc) / lc.length;
    double se = Math.sqrt(vb + vc);
    if (se == 0) {
      return new Interval(ratio, ratio, ratio);
    }
    double df = (vb + vc) * (vb + vc)
        / (vb * vb / (lb.length - 1) + vc * vc / (lc.length - 1));
    double t = new TDistribution(null, df).inverseCumulativeProbability(
        1 - (1 - confidence) / 2);
    return new Interval(ratio, ratio * Math.exp(-t * se), ratio * Math.exp(t * se));
  }

  /** Whether samples can carry an interval: two or more, all positive. */
  public static boolean usable(double[] samples) {
    if (samples.length < 2) {
      return false;
    }
    for (double s : samples) {
      if (!(s > 0)) {
        return false;
      }
    }
    return true;
  }

  /** The geometric mean of positive samples: the centre of the log-scale interval. */
  public static double geometricMean(double[] samples) {
    double sum = 0;
    for (double s : samples) {
      sum += Math.log(s);
    }
    return Math.exp(sum / samples.length);
  }

  private static double[] logs(double[] xs) {
    double[] out = new double[xs.length];
    for (int i = 0; i < xs.length; i++) {
      out[i] = Math.log(xs[i]);
    }
    return out;
  }

  private static double variance(double[] xs) {
    double mean = 0;
    for (double x : xs) {
      mean += x;
    }
    mean /= xs.length;
    double ss = 0;
    for (double x : xs) {
      ss += (x - mean) * (x - mean);
    }
    return ss / (xs.length - 1);
  }

  /** The Kolmogorov-Smirnov statistic of two latency distributions and its p-value. */
  public static final class KsResult {
    public final double d;
    public final double p;

    KsResult(double d, double p) {
      this.d = d;
      this.p = p;
    }
  }

  /**
   * The two-sample Kolmogorov-Smirnov test on two histograms: {@code D} is the largest gap
   * between their cumulative distributions over every bucket either recorded (compared at each
   * bucket's upper edge, HdrHistogram's equivalent-value resolution), and {@code p} its
   * asymptotic p-value for the two counts. Empty histograms give D 0 and p 1.
   */
  public static KsResult ks(Histogram baseline, Histogram candidate) {
    long nb = baseline.getTotalCount();
    long nc = candidate.getTotalCount();
    if (nb == 0 || nc == 0) {
      return new KsResult(0, 1);
    }
    TreeMap<Long, long[]> buckets = new TreeMap<>();
    add(buckets, baseline, 0);
    add(buckets, candidate, 1);
    long cb = 0;
    long cc = 0;
    double d = 0;
    for (Map.Entry<Long, long[]> e : buckets.entrySet()) {
      cb += e.getValue()[0];
      cc += e.getValue()[1];
      d = Math.max(d, Math.abs((double) cb / nb - (double) cc / nc));
    }
    double p = new KolmogorovSmirnovTest().approximateP(d, (int) Math.min(nb, Integer.MAX_VALUE),
        (int) Math.min(nc, Integer.MAX_VALUE));
    return new KsResult(d, Math.max(0, Math.min(1, p)));
  }

  private static void add(TreeMap<Long, long[]> buckets, Histogram h, int side) {
    for (HistogramIterationValue v : h.recordedValues()) {
      long edge = h.highestEquivalentValue(v.getValueIteratedTo());
      buckets.computeIfAbsent(edge, k -> new long[2])[side] += v.getCountAtValueIteratedTo();
    }
  }

  /** The samples as an array. */
  static double[] array(List<Double> xs) {
    double[] out = new double[xs.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = xs.get(i);
    }
    return out;
  }

  /** Every sample of several lists, in order. */
  static List<Double> concat(List<List<Double>> lists) {
    List<Double> out = new ArrayList<>();
    for (List<Double> l : lists) {
      out.addAll(l);
    }
    return out;
  }
}
