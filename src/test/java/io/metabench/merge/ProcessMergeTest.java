package io.metabench.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Processes run by hand combine into what a -maps job reports, and only those of one run. */
class ProcessMergeTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;
  private static final long T0 = 1_700_000_000L * S;
  private static final String BASE = "hdfs://nn.example:8020/benchmarks/MetaBench";

  private static BenchConfig config(int mapIndex, long startTime, String threads, String base,
      int processes) {
    Configuration c = new Configuration(false);
    c.setInt(ConfigKeys.PROCESSES, processes);
    c.set(ConfigKeys.OPERATIONS, "create_write,stat");
    c.set(ConfigKeys.FILES_PER_WORKER, "100");
    c.set(ConfigKeys.THREADS, threads);
    c.set(ConfigKeys.BASE_DIR, base);
    c.setInt(ConfigKeys.MAP_INDEX, mapIndex);
    c.setLong(ConfigKeys.START_TIME, startTime);
    return BenchConfig.fromConfiguration(c);
  }

  private static PhaseResult phase(OpType op, long startNanos, long endNanos, long okMs,
      int ok, int late, Map<String, FailureCount> failures) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(okMs * MS, ok);
    long failed = 0;
    for (FailureCount f : failures.values()) {
      failed += f.count();
    }
    return new PhaseResult(op, 2, ok + failed, ok, failures, Collections.emptyMap(), late, 0,
        startNanos, endNanos, 2 * (endNanos - startNanos), 0, 0, 0, h, startNanos / MS);
  }

  /** A process of 2 workers: create_write from {@code at} for 2 s, stat for 1 s after it. */
  private static ProcessMerge.Process process(int mapIndex, long startTime, long at, long createMs,
      int lateWorkers, String threads, String base) {
    return process(mapIndex, startTime, at, createMs, lateWorkers, threads, base, 0);
  }

  private static ProcessMerge.Process process(int mapIndex, long startTime, long at, long createMs,
      int lateWorkers, String threads, String base, int processes) {
    Map<String, FailureCount> none = Collections.emptyMap();
    Map<String, FailureCount> failures = new TreeMap<>();
    if (mapIndex == 1) {
      failures.put("FileNotFoundException", new FailureCount(3, "gone"));
    }
    List<PhaseResult> phases = Arrays.asList(
        phase(OpType.CREATE_WRITE, at, at + 2 * S, createMs, 200, lateWorkers, none),
        phase(OpType.STAT, at + 2 * S, at + 3 * S, 1, 197, 0, failures));
    RunInfo info = new RunInfo("0.1.0-test", "3.4.3", "jvm", "hdfs://nn.example:8020", false,
        base, "per-worker", "", at / MS);
    RunResult r = new RunResult(info, config(mapIndex, startTime, threads, base, processes), phases,
        Collections.emptyMap());
    return new ProcessMerge.Process(new File("p" + mapIndex + ".json"), r);
  }

  private static ProcessMerge.Process process(int mapIndex, long at, long createMs) {
    return process(mapIndex, T0 / S, at, createMs, 0, "2", BASE);
  }

  @Test
  void threeProcessesAddUpAsAJobsMapsDo() {
    ProcessMerge.Merged m = ProcessMerge.merge(Arrays.asList(
        process(2, T0 / S, T0 + 300 * MS, 4, 0, "2", BASE, 3),
        process(0, T0 / S, T0, 2, 0, "2", BASE, 3),
        process(1, T0 / S, T0 + 100 * MS, 3, 0, "2", BASE, 3)));
    RunResult r = m.result();
    assertThat(r.config().maps()).isEqualTo(3);
    assertThat(r.config().processes()).isZero();
    assertThat(r.mapsRequested()).isEqualTo(3);
    assertThat(r.missingMaps()).isEmpty();
    assertThat(r.maps()).extracting(p -> p.config().mapIndex()).containsExactly(0, 1, 2);
    assertThat(r.maps().get(1).task().source()).isEqualTo("p1.json");

    PhaseResult create = r.phases().get(0);
    assertThat(create.successes()).isEqualTo(600);
    assertThat(create.workers()).isEqualTo(6);
    // From the first process's start (T0) to the last one's end (T0 + 2.3 s).
    assertThat(create.windowNanos()).isEqualTo(2_300 * MS);
    Histogram sum = new Histogram(3);
    for (RunResult p : r.maps()) {
      sum.add(p.phases().get(0).latency());
    }
    assertThat(create.latency()).isEqualTo(sum);
    PhaseResult stat = r.phases().get(1);
    assertThat(stat.successes()).isEqualTo(591);
    assertThat(stat.failed()).isEqualTo(3);
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.info().startedAtEpochMillis()).isEqualTo(T0 / MS);
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void aProcessThatMissedTheCommonStartIsFlaggedLate() throws Exception {
    ProcessMerge.Merged m = ProcessMerge.merge(Arrays.asList(process(0, T0, 2),
        process(1, T0 / S, T0 + 5 * S, 2, 2, "2", BASE)));
    assertThat(m.result().maps().get(1).phases().get(0).lateMaps()).isEqualTo(1);
    assertThat(m.result().maps().get(1).phases().get(1).lateMaps()).isZero();
    assertThat(m.result().maps().get(0).phases().get(0).lateMaps()).isZero();
    assertThat(m.result().phases().get(0).lateMaps()).isEqualTo(1);
    StringBuilder table = new StringBuilder();
    ResultFormatFactory.forRun(ResultFormatType.TEXT).write(m.result(), table);
    assertThat(table).contains("Merged processes: 2 expected (-mapIndex 0 to 1), 2 given, "
        + "missing: none");
    assertThat(table.toString()).containsPattern("(?m)^1 +\\S+ +create_write +200 +0 +yes +2 ");
    // It began create_write after process 0 had finished it.
    assertThat(m.warnings()).anySatisfy(w -> assertThat(w).startsWith("create_write: -mapIndex 1 "
        + "began it 3.000 s after -mapIndex 0 had finished it"));
  }

  @Test
  void withoutAStartTimeNothingIsLateButTheMergeSaysSo() {
    ProcessMerge.Merged m = ProcessMerge.merge(Arrays.asList(process(0, 0, T0, 2, 0, "2", BASE),
        process(1, 0, T0, 2, 1, "2", BASE)));
    assertThat(m.result().phases().get(0).lateMaps()).isZero();
    assertThat(m.warnings()).anySatisfy(w -> assertThat(w).startsWith("the processes were "
        + "run without -processes, so nothing lined them up before each phase (nor started "
        + "them together: no -startTime)"));
  }

  @Test
  void withProcessesTheExpectedCountIsTheirsAndLatenessIsTheBarriers() {
    ProcessMerge.Merged m = ProcessMerge.merge(Arrays.asList(
        process(0, T0 / S, T0, 2, 0, "2", BASE, 4),
        process(1, T0 / S, T0, 2, 2, "2", BASE, 4)));
    assertThat(m.result().mapsRequested()).isEqualTo(4);
    assertThat(m.result().missingMaps()).containsExactly(2, 3);
    // Workers late at the start time after the barrier are late workers, as in a job.
    assertThat(m.result().phases().get(0).lateMaps()).isZero();
    assertThat(m.result().phases().get(0).lateWorkers()).isEqualTo(2);
    assertThat(m.warnings()).isEmpty();
  }

  @Test
  void aMissingMapIndexIsReportedMissing() {
    RunResult r = ProcessMerge.merge(Arrays.asList(process(0, T0, 2), process(2, T0, 2)))
        .result();
    assertThat(r.mapsRequested()).isEqualTo(3);
    assertThat(r.missingMaps()).containsExactly(1);
  }

  @Test
  void processesOfDifferentRunsAreRefusedInOneLine() {
    assertThatThrownBy(() -> ProcessMerge.merge(Collections.singletonList(process(0, T0, 2))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("merge: give the JSON files of at least two processes (one per -mapIndex); "
            + io.metabench.cli.MergeRequest.USAGE);
    assertThatThrownBy(() -> ProcessMerge.merge(Arrays.asList(process(1, T0, 2),
        process(1, T0, 3))))
        .hasMessage("merge: p1.json and p1.json are both -mapIndex 1; each process needs its "
            + "own -mapIndex (is one file given twice?)");
    assertThatThrownBy(() -> ProcessMerge.merge(Arrays.asList(process(0, T0, 2),
        process(1, T0 / S, T0, 2, 0, "4", BASE))))
        .hasMessage("merge: p0.json and p1.json ran with different -threads (2 and 4); merge "
            + "combines the processes of one run, started with the same options and different "
            + "-mapIndex");
    assertThatThrownBy(() -> ProcessMerge.merge(Arrays.asList(process(0, T0, 2),
        process(1, T0 / S, T0, 2, 0, "2", BASE + "2"))))
        .hasMessage("merge: p0.json and p1.json ran against different base directories (" + BASE
            + " and " + BASE + "2); merge combines processes that shared one base directory");
    ProcessMerge.Process job = process(0, T0, 2);
    Configuration c = new Configuration(false);
    job.result().config().writeTo(c);
    c.setInt(ConfigKeys.MAPS, 3);
    ProcessMerge.Process combined = new ProcessMerge.Process(new File("job.json"),
        new RunResult(job.result().info(), BenchConfig.fromConfiguration(c),
            new ArrayList<>(job.result().phases()), Collections.emptyMap()));
    assertThatThrownBy(() -> ProcessMerge.merge(Arrays.asList(combined, process(1, T0, 2))))
        .hasMessage("merge: job.json is already the combined result of a -maps 3 job; merge the "
            + "JSON files of processes run with -mapIndex");
  }
}
