package io.metabench.stats.study;

import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.ServerPhaseView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every run of a study, in the order they ran, plus the plan's shape. Exit code 0 only when
 * every planned run finished with every operation successful.
 *
 * <p>Immutable.
 */
public final class StudyResult {
  private final List<StudyRun> runs;
  private final List<Integer> threadLevels;
  private final int iterations;
  private final List<String> targets;
  private final long startedAtEpochMillis;
  private final String interruptedBy;

  public StudyResult(List<StudyRun> runs, List<Integer> threadLevels, int iterations,
      List<String> targets, long startedAtEpochMillis) {
    this(runs, threadLevels, iterations, targets, startedAtEpochMillis, "");
  }

  /** A study stopped early by {@code interruptedBy} (empty: it was not). */
  public StudyResult(List<StudyRun> runs, List<Integer> threadLevels, int iterations,
      List<String> targets, long startedAtEpochMillis, String interruptedBy) {
    this.interruptedBy = interruptedBy;
    this.runs = Collections.unmodifiableList(new ArrayList<>(runs));
    this.threadLevels = Collections.unmodifiableList(new ArrayList<>(threadLevels));
    this.iterations = iterations;
    this.targets = Collections.unmodifiableList(new ArrayList<>(targets));
    this.startedAtEpochMillis = startedAtEpochMillis;
  }

  public List<StudyRun> runs() {
    return runs;
  }

  public List<Integer> threadLevels() {
    return threadLevels;
  }

  public int iterations() {
    return iterations;
  }

  /** Target labels in the order given. */
  public List<String> targets() {
    return targets;
  }

  public long startedAtEpochMillis() {
    return startedAtEpochMillis;
  }

  /** The runs that finished, with their results. */
  public List<StudyRun> finishedRuns() {
    List<StudyRun> finished = new ArrayList<>();
    for (StudyRun r : runs) {
      if (r.result() != null) {
        finished.add(r);
      }
    }
    return finished;
  }

  /** Why the study stopped early; empty when it was not interrupted. */
  public String interruptedBy() {
    return interruptedBy;
  }

  public int exitCode() {
    if (!interruptedBy.isEmpty()) {
      return RunResult.INTERRUPTED_EXIT_CODE;
    }
    for (StudyRun r : runs) {
      if (r.exitCode() != 0) {
        return 1;
      }
    }
    return 0;
  }

  /** Every finished run's phases summarised per target, operation and concurrency. */
  public StudySummary summary() {
    StudySummary.Builder b = new StudySummary.Builder();
    for (StudyRun r : finishedRuns()) {
      for (PhaseResult p : r.result().phases()) {
        ServerPhaseView server = r.result().server().during(p);
        b.add(r.target(), r.fsUri(), p.name(), r.threads(), p.tps(), p.successes(), p.failed(),
            p.latency(), !p.steadiness().flagged(), p.series().timeline(),
            server == null ? java.util.Collections.<double[]>emptyList() : server.timeline(),
            p.clientLoad().bound());
      }
    }
    return b.build();
  }
}
