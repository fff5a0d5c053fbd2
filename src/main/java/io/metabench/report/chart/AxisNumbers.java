package io.metabench.report.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Axis numbers as a person reads them on a chart: {@code 950}, {@code 2.5k}, {@code 180k},
 * {@code 1.2M}, {@code 0.25} (XChart's default prints {@code 1.8E5}), the same on every machine
 * ({@link Locale#ROOT}).
 *
 * <p>Stateless and thread-safe.
 */
final class AxisNumbers {
  private static final String[] SUFFIXES = {"", "k", "M", "G", "T"};

  private AxisNumbers() {}

  /** {@code v} with at most two decimals, scaled by thousands to a suffix. */
  static String compact(Double v) {
    if (v == null || v.isNaN() || v.isInfinite()) {
      return "";
    }
    double x = v;
    int k = 0;
    while (Math.abs(x) >= 1000 && k < SUFFIXES.length - 1) {
      x /= 1000;
      k++;
    }
    // A DecimalFormat is not thread-safe; one per call costs nothing beside drawing a chart.
    DecimalFormat f = new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
    String s = f.format(x);
    return "-0".equals(s) ? "0" : s + SUFFIXES[k];
  }
}
