package io.metabench.stats.study;

import io.metabench.stats.RunResult;
import java.util.Objects;

/**
 * One run of a study: one target at one concurrency in one iteration, with its result, or the
 * reason it has none (it could not start or could not complete).
 *
 * <p>Immutable.
 */
public final class StudyRun {
  private final String target;
  private final String fsUri;
  private final int threads;
  private final int iteration;
  private final RunResult result;
  private final String error;

  private StudyRun(String target, String fsUri, int threads, int iteration, RunResult result,
      String error) {
    this.target = Objects.requireNonNull(target);
    this.fsUri = Objects.requireNonNull(fsUri);
    this.threads = threads;
    this.iteration = iteration;
    this.result = result;
    this.error = Objects.requireNonNull(error);
  }

  /** A run that finished (its operations may still have failed). */
  public static StudyRun finished(String target, String fsUri, int threads, int iteration,
      RunResult result) {
    return new StudyRun(target, fsUri, threads, iteration, Objects.requireNonNull(result), "");
  }

  /** A run that did not start or did not complete, and why. */
  public static StudyRun missing(String target, String fsUri, int threads, int iteration,
      String why) {
    return new StudyRun(target, fsUri, threads, iteration, null, why);
  }

  public String target() {
    return target;
  }

  public String fsUri() {
    return fsUri;
  }

  public int threads() {
    return threads;
  }

  /** 1-based. */
  public int iteration() {
    return iteration;
  }

  /** The run's result; null when {@link #error()} says why there is none. */
  public RunResult result() {
    return result;
  }

  /** Why the run has no result; empty when it has one. */
  public String error() {
    return error;
  }

  /** 0 when the run finished with every operation successful; else 1. */
  public int exitCode() {
    return result == null ? 1 : result.exitCode();
  }
}
