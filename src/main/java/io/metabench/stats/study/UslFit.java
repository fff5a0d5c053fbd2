package io.metabench.stats.study;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * A Universal Scalability Law fit of a thread sweep (docs/studies.md#usl-projection): the
 * throughput of N workers modelled as {@code X(N) = λN ÷ (1 + σ(N − 1) + κN(N − 1))}, σ the
 * contention, κ the coherency cost, λ one worker's rate. Fitted by ordinary least squares on its
 * linear form {@code N ÷ X(N) = a + b(N − 1) + cN(N − 1)} (λ = 1 ÷ a, σ = b ÷ a, κ = c ÷ a) over
 * the sweep's mean rates, which needs at least {@link #LEVELS} levels. Its ceiling, at
 * {@code N* = √((1 − σ) ÷ κ)}, is a projection beyond what was measured, never a measurement.
 *
 * <p>Immutable.
 */
public final class UslFit {
  /** The fewest thread levels a fit is made from. */
  public static final int LEVELS = 6;

  private final double lambda;
  private final double sigma;
  private final double kappa;
  private final double rSquared;
  private final int levels;

  private UslFit(double lambda, double sigma, double kappa, double rSquared, int levels) {
    this.lambda = lambda;
    this.sigma = sigma;
    this.kappa = kappa;
    this.rSquared = rSquared;
    this.levels = levels;
  }

  /**
   * The fit of {@code rates[i]} operations a second at {@code threads[i]} workers; null with
   * fewer than {@link #LEVELS} distinct levels, a rate that is not positive, or a fit the model
   * cannot mean (λ not positive, or σ or κ negative beyond rounding: a curve that scales better
   * than linearly).
   */
  public static UslFit of(List<Integer> threads, List<Double> rates) {
    int n = threads.size();
    if (n < LEVELS || new java.util.HashSet<>(threads).size() < LEVELS) {
      return null;
    }
    double[] y = new double[n];
    double[][] x = new double[n][2];
    for (int i = 0; i < n; i++) {
      double workers = threads.get(i);
      if (!(rates.get(i) > 0)) {
        return null;
      }
      y[i] = workers / rates.get(i);
      x[i][0] = workers - 1;
      x[i][1] = workers * (workers - 1);
    }
    OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
    ols.newSampleData(y, x);
    double[] beta;
    double r2;
    try {
      beta = ols.estimateRegressionParameters();
      r2 = ols.calculateRSquared();
    } catch (RuntimeException e) {
      // A singular design (levels too few or too alike): no fit.
      return null;
    }
    if (!(beta[0] > 0)) {
      return null;
    }
    double sigma = beta[1] / beta[0];
    double kappa = beta[2] / beta[0];
    if (sigma < -1e-3 || kappa < -1e-6) {
      return null;
    }
    return new UslFit(1 / beta[0], Math.max(0, sigma), Math.max(0, kappa), r2, n);
  }

  /** One worker's rate, λ. */
  public double lambda() {
    return lambda;
  }

  /** Contention, σ. */
  public double sigma() {
    return sigma;
  }

  /** Coherency, κ. */
  public double kappa() {
    return kappa;
  }

  /** R² of the linear form's fit. */
  public double rSquared() {
    return rSquared;
  }

  /** The thread levels it was fitted over. */
  public int levels() {
    return levels;
  }

  /** The modelled rate of {@code n} workers. */
  public double rateAt(double n) {
    return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
  }

  /**
   * The workers at which the modelled rate peaks, √((1 − σ) ÷ κ); infinite when κ is 0 (the
   * rate then approaches λ ÷ σ, or grows without bound when σ is 0 too).
   */
  public double peakThreads() {
    return kappa > 0 ? Math.sqrt(Math.max(0, 1 - sigma) / kappa) : Double.POSITIVE_INFINITY;
  }

  /** The modelled ceiling: the rate at {@link #peakThreads}; λ ÷ σ without coherency cost. */
  public double ceiling() {
    double peak = peakThreads();
    return Double.isInfinite(peak) ? sigma > 0 ? lambda / sigma : Double.POSITIVE_INFINITY
        : rateAt(Math.max(1, peak));
  }

  /**
   * {@code USL projection (projected, not measured; 6 levels, R² 0.993): ceiling 12,340 ops/s
   * at 48 threads (σ 0.0312, κ 0.000420, λ 1,020 ops/s a thread)}.
   */
  public String describe() {
    double peak = peakThreads();
    return String.format(Locale.ROOT, "USL projection (projected, not measured; %d levels, R² "
        + "%.3f): ceiling %s ops/s%s (σ %.4f, κ %.6f, λ %,.0f ops/s a thread)", levels,
        rSquared, Double.isInfinite(ceiling()) ? "unbounded" : String.format(Locale.ROOT, "%,.0f",
        ceiling()), Double.isInfinite(peak) ? " as threads grow" : String.format(Locale.ROOT,
        " at %.0f threads", Math.max(1, peak)), sigma, kappa, lambda);
  }
}
