package io.metabench.report;

import static io.metabench.report.ReportFixture.MS;
import static io.metabench.report.ReportFixture.S;

import io.metabench.op.OpType;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A study built by hand: targets "hdfs" and "local, quoted" (a label needing CSV quoting) at 1
 * and 2 threads, 2 iterations; every TPS a round number, one run that could not start and one
 * phase that did not run.
 */
final class StudyFixture {
  static final List<String> PHASES = Arrays.asList("create_write", "delete");

  private StudyFixture() {
  }

  /** A phase of {@code ok} successes at {@code millis} each and {@code failed} failures. */
  static PhaseResult phase(OpType op, int workers, long ok, long failed, long windowNanos,
      long millis) {
    Histogram h = new Histogram(3);
    if (ok > 0) {
      h.recordValueWithCount(millis * MS, ok);
    }
    Map<String, FailureCount> failures = new TreeMap<>();
    if (failed > 0) {
      failures.put("IOException", new FailureCount(failed, "injected"));
    }
    return new PhaseResult(op, workers, ok + failed, ok, failures,
        Collections.<String, FailureCount>emptyMap(), 0, 0, 0, windowNanos, windowNanos * workers,
        0, ok * millis * MS, 0, h, ReportFixture.RUN_STARTED);
  }

  private static RunResult run(PhaseResult... phases) {
    return new RunResult(ReportFixture.info(), ReportFixture.config(),
        new ArrayList<>(Arrays.asList(phases)), Collections.<String, FailureCount>emptyMap());
  }

  /** One target, one iteration, at 1 and 4 threads: a study with nothing to compare or repeat. */
  static StudyResult single() {
    List<StudyRun> runs = new ArrayList<>();
    runs.add(StudyRun.finished("hdfs", "hdfs://nn.example:8020", 1, 1,
        run(phase(OpType.CREATE_WRITE, 1, 1000, 0, S, 1))));
    runs.add(StudyRun.finished("hdfs", "hdfs://nn.example:8020", 4, 1,
        run(phase(OpType.CREATE_WRITE, 4, 4000, 0, S, 1))));
    return new StudyResult(runs, Arrays.asList(1, 4), 1, Arrays.asList("hdfs"),
        ReportFixture.RUN_STARTED);
  }

  static StudyResult result() {
    String hdfs = "hdfs://nn.example:8020";
    String local = "file:///";
    List<StudyRun> runs = new ArrayList<>();
    // iteration 1
    runs.add(StudyRun.finished("hdfs", hdfs, 1, 1, run(
        phase(OpType.CREATE_WRITE, 1, 1000, 0, S, 1), phase(OpType.DELETE, 1, 1000, 0, S / 2, 1))));
    runs.add(StudyRun.finished("local, quoted", local, 1, 1, run(
        phase(OpType.CREATE_WRITE, 1, 1000, 0, S / 4, 1),
        phase(OpType.DELETE, 1, 1000, 0, S / 10, 1))));
    runs.add(StudyRun.finished("hdfs", hdfs, 2, 1, run(
        phase(OpType.CREATE_WRITE, 2, 2000, 0, S, 1), phase(OpType.DELETE, 2, 2000, 0, S / 2, 2))));
    runs.add(StudyRun.finished("local, quoted", local, 2, 1, run(
        phase(OpType.CREATE_WRITE, 2, 1990, 10, S / 2, 1))
        .withNotRun(Collections.singletonList("delete"), "10 files were not created")));
    // iteration 2
    runs.add(StudyRun.finished("hdfs", hdfs, 1, 2, run(
        phase(OpType.CREATE_WRITE, 1, 1000, 0, 4 * S / 5, 3),
        phase(OpType.DELETE, 1, 1000, 0, S / 2, 1))));
    runs.add(StudyRun.missing("local, quoted", local, 1, 2, "run 6 could not start: refused"));
    runs.add(StudyRun.finished("hdfs", hdfs, 2, 2, run(
        phase(OpType.CREATE_WRITE, 2, 2000, 0, S, 1), phase(OpType.DELETE, 2, 2000, 0, S / 2, 2))));
    runs.add(StudyRun.missing("local, quoted", local, 2, 2, "run 6 could not start: refused"));
    return new StudyResult(runs, Arrays.asList(1, 2), 2, Arrays.asList("hdfs", "local, quoted"),
        ReportFixture.RUN_STARTED);
  }
}
