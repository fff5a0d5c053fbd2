package io.metabench.report;

import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;

/** Figures derived the same way by every format. */
final class ReportMath {
  private ReportMath() {
  }

  /**
   * How long after the run's first operation of a phase one map's first operation started, in
   * milliseconds, the run's phase being the one of the same name; 0 when the map did nothing.
   */
  static double startSkewMillis(PhaseResult ofMap, java.util.List<PhaseResult> ofRun) {
    for (PhaseResult all : ofRun) {
      if (all.name().equals(ofMap.name())) {
        return startSkewMillis(ofMap, all);
      }
    }
    return 0.0;
  }

  /**
   * How long after the run's first operation of a phase one map's first operation started, in
   * milliseconds; 0 when the map did nothing.
   */
  static double startSkewMillis(PhaseResult ofMap, PhaseResult ofRun) {
    return ofMap.attempted() == 0 ? 0.0
        : (ofMap.firstStartEpochNanos() - ofRun.firstStartEpochNanos()) / 1e6;
  }

  /** Whether a combined result's parts are processes merged from their files, not map tasks. */
  static boolean mergedProcesses(RunResult result) {
    return !result.maps().isEmpty() && result.maps().get(0).task() != null
        && result.maps().get(0).task().isProcess();
  }

  /**
   * {@code v} with {@code decimals} decimals and a dot whatever the locale; {@code missing} for a
   * value that is not a finite number (no operation succeeded, no baseline).
   */
  static String fixed(double v, int decimals, String missing) {
    return Double.isFinite(v) ? String.format(java.util.Locale.ROOT, "%." + decimals + "f", v)
        : missing;
  }

  /**
   * {@code v} rounded to {@code digits} significant figures, written out without an exponent
   * ({@code 11832.3} to 2: {@code 12000}; {@code 8.37}: {@code 8.4}): a figure shown with no more
   * digits than the run supports.
   */
  static String significant(double v, int digits) {
    if (!Double.isFinite(v)) {
      return "-";
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).stripTrailingZeros()
        .toPlainString();
  }
}
