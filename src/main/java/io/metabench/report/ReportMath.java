package io.metabench.report;

import io.metabench.stats.PhaseResult;

/** Figures derived the same way by every format. */
final class ReportMath {
  private ReportMath() {
  }

  /**
   * How long after the run's first operation of a phase one map's first operation started, in
   * milliseconds; 0 when the map did nothing.
   */
  static double startSkewMillis(PhaseResult ofMap, PhaseResult ofRun) {
    return ofMap.attempted() == 0 ? 0.0
        : (ofMap.firstStartEpochNanos() - ofRun.firstStartEpochNanos()) / 1e6;
  }
}
