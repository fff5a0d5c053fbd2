package io.metabench.stats;

import io.metabench.config.BenchConfig;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything a finished run reports: where and with what it ran, each phase's result, and what
 * cleanup could not remove. Exit code 0 only when no operation failed and cleanup (if asked)
 * removed everything.
 *
 * <p>Immutable.
 */
public final class RunResult {
  /** The result file format version; bumped whenever a field changes meaning or goes away. */
  public static final int SCHEMA_VERSION = 1;

  private final RunInfo info;
  private final BenchConfig config;
  private final List<PhaseResult> phases;
  private final Map<String, FailureCount> cleanupFailures;

  public RunResult(RunInfo info, BenchConfig config, List<PhaseResult> phases,
      Map<String, FailureCount> cleanupFailures) {
    this.info = info;
    this.config = config;
    this.phases = Collections.unmodifiableList(phases);
    this.cleanupFailures = Collections.unmodifiableMap(new TreeMap<>(cleanupFailures));
  }

  public RunInfo info() {
    return info;
  }

  public BenchConfig config() {
    return config;
  }

  public List<PhaseResult> phases() {
    return phases;
  }

  /** Items cleanup could not remove, by cause; empty when cleanup was not asked or succeeded. */
  public Map<String, FailureCount> cleanupFailures() {
    return cleanupFailures;
  }

  public long failedOperations() {
    long n = 0;
    for (PhaseResult p : phases) {
      n += p.failed();
    }
    return n;
  }

  /** 0 when every operation succeeded (and cleanup, if asked, removed everything), else 1. */
  public int exitCode() {
    return failedOperations() == 0 && cleanupFailures.isEmpty() ? 0 : 1;
  }
}
