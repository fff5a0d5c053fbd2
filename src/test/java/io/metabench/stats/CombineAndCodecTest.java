package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.op.OpType;
import io.metabench.testing.MapResults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Results of several maps travel intact and combine exactly. */
class CombineAndCodecTest {
  private static final long MS = 1_000_000L;

  private static PhaseResult map(long firstStart, long lastEnd, long[] latenciesMs,
      Map<String, FailureCount> failures, int lateMaps) {
    Histogram h = new Histogram(3);
    for (long v : latenciesMs) {
      h.recordValue(v * MS);
    }
    long failed = 0;
    for (FailureCount c : failures.values()) {
      failed += c.count();
    }
    return new PhaseResult(OpType.RENAME, 2, latenciesMs.length + failed, latenciesMs.length,
        failures, Collections.emptyMap(), 1, lateMaps, firstStart, lastEnd,
        lastEnd - firstStart, 100, 5 * MS, 0, h, firstStart / MS);
  }

  @Test
  void combiningMapsAddsCountsAndSpansTheirTimelines() {
    Map<String, FailureCount> f = new TreeMap<>();
    f.put("IOException", new FailureCount(2, "boom"));
    PhaseResult a = map(10_000 * MS, 12_000 * MS, new long[] {1, 2, 3, 4}, f, 0);
    PhaseResult b = map(10_500 * MS, 14_000 * MS, new long[] {10, 20}, Collections.emptyMap(), 1);
    PhaseResult all = PhaseResult.combine(OpType.RENAME, Arrays.asList(a, b));
    assertThat(all.successes()).isEqualTo(6);
    assertThat(all.attempted()).isEqualTo(8);
    assertThat(all.failed()).isEqualTo(2);
    assertThat(all.workers()).isEqualTo(4);
    assertThat(all.lateWorkers()).isEqualTo(2);
    assertThat(all.lateMaps()).isEqualTo(1);
    // Window: 10.0 s to 14.0 s on the shared timeline, so 6 ops in 4 s.
    assertThat(all.windowSeconds()).isEqualTo(4.0);
    assertThat(all.tps()).isEqualTo(1.5);
    assertThat(all.bytes()).isEqualTo(200);
    assertThat(all.latency().getTotalCount()).isEqualTo(6);
    assertThat(all.latency().getMaxValue()).isEqualTo(all.latency().highestEquivalentValue(20 * MS));
    // Median of {1,2,3,4,10,20} ms is 3 ms (HdrHistogram takes the lower of the two middles).
    assertThat(all.latencyMillisAt(50)).isCloseTo(3.0, org.assertj.core.data.Offset.offset(0.01));
    assertThat(all.startedAtEpochMillis()).isEqualTo(10_000);
  }

  @Test
  void aMapThatDidNothingDoesNotMoveTheWindow() {
    PhaseResult a = map(10_000 * MS, 12_000 * MS, new long[] {1, 2}, Collections.emptyMap(), 0);
    PhaseResult idle = new PhaseResult(OpType.RENAME, 2, 0, 0, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, 0, 0, 0, 0, 0, 0, new Histogram(3), 1);
    PhaseResult all = PhaseResult.combine(OpType.RENAME, Arrays.asList(a, idle));
    assertThat(all.windowSeconds()).isEqualTo(2.0);
  }

  @Test
  void aPhaseResultSurvivesTheCodecIntact() throws Exception {
    Map<String, FailureCount> f = new TreeMap<>();
    f.put("returned false", new FailureCount(3, ""));
    f.put("RemoteException", new FailureCount(1, "quota \u00e9xceeded"));
    PhaseResult original = map(7 * MS, 9 * MS, new long[] {1, 1, 250, 7}, f, 1);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(original, new DataOutputStream(bytes));
    PhaseResult copy = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(copy.op()).isEqualTo(original.op());
    assertThat(copy.attempted()).isEqualTo(original.attempted());
    assertThat(copy.successes()).isEqualTo(original.successes());
    assertThat(copy.failures().keySet()).containsExactlyElementsOf(original.failures().keySet());
    assertThat(copy.failures().get("RemoteException").example()).isEqualTo("quota \u00e9xceeded");
    assertThat(copy.lateWorkers()).isEqualTo(1);
    assertThat(copy.lateMaps()).isEqualTo(1);
    assertThat(copy.firstStartEpochNanos()).isEqualTo(7 * MS);
    assertThat(copy.lastEndEpochNanos()).isEqualTo(9 * MS);
    assertThat(copy.workerBusyNanos()).isEqualTo(original.workerBusyNanos());
    assertThat(copy.firstPartNanos()).isEqualTo(5 * MS);
    assertThat(copy.latency()).isEqualTo(original.latency());
  }

  @Test
  void whatTheClientWarmUpDidTravelsAndCombinesOverMaps() throws Exception {
    PhaseResult a = map(7 * MS, 9 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(1_000, 2, 3_000 * MS));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(a, new DataOutputStream(bytes));
    PhaseResult copy = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(copy.clientWarmup().calls()).isEqualTo(1_000);
    assertThat(copy.clientWarmup().failed()).isEqualTo(2);
    assertThat(copy.clientWarmup().nanos()).isEqualTo(3_000 * MS);
    PhaseResult b = map(8 * MS, 10 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(500, 0, 5_000 * MS));
    ClientWarmupFigures both = PhaseResult.combine(OpType.RENAME, Arrays.asList(copy, b))
        .clientWarmup();
    // Calls add up; the maps warmed up at once, so the time is the longest.
    assertThat(both.calls()).isEqualTo(1_500);
    assertThat(both.failed()).isEqualTo(2);
    assertThat(both.nanos()).isEqualTo(5_000 * MS);
    PhaseResult cold = map(1, 2, new long[] {3}, Collections.emptyMap(), 0);
    assertThat(cold.clientWarmup().ran()).isFalse();
  }

  @Test
  void aRewarmTravelsAndCombinesOverMapsAsOneWhenEveryMapsWas() throws Exception {
    PhaseResult a = map(7 * MS, 9 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(1_000, 0, 800 * MS).asRewarm(true));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(a, new DataOutputStream(bytes));
    PhaseResult copy = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(copy.clientWarmup().rewarm()).isTrue();
    PhaseResult alsoRewarmed = map(8 * MS, 10 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(900, 0, 900 * MS).asRewarm(true));
    PhaseResult cold = map(8 * MS, 10 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(5_000, 0, 9_000 * MS));
    assertThat(PhaseResult.combine(OpType.DELETE, Arrays.asList(copy, alsoRewarmed))
        .clientWarmup().rewarm()).isTrue();
    // A map whose JVM warmed the phase's calls from cold makes the whole a cold warm-up.
    assertThat(PhaseResult.combine(OpType.DELETE, Arrays.asList(copy, cold)).clientWarmup()
        .rewarm()).isFalse();
    // No warm-up is no re-warm.
    assertThat(ClientWarmupFigures.NONE.asRewarm(true).rewarm()).isFalse();
  }

  @Test
  void howAWarmUpEndedAndTheClientsLoadTravelAndCombineOverMaps() throws Exception {
    PhaseResult a = map(7 * MS, 9 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(1_000, 0, 30_000 * MS, true, 800.5))
        .withClientLoad(new ClientLoad(10_000 * MS, 2, 19_000 * MS, 9_000 * MS, 5_000 * MS,
            100 * MS).withLongestPause(3 * MS));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(a, new DataOutputStream(bytes));
    PhaseResult copy = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(copy.clientWarmup().capped()).isTrue();
    assertThat(copy.clientWarmup().lastRate()).isEqualTo(800.5);
    assertThat(copy.clientLoad().cpuShare()).isEqualTo(0.95);
    assertThat(copy.clientLoad().workersCpuNanos()).isEqualTo(9_000 * MS);
    assertThat(copy.clientLoad().busiestWorkerCpuNanos()).isEqualTo(5_000 * MS);
    assertThat(copy.clientLoad().gcNanos()).isEqualTo(100 * MS);
    assertThat(copy.clientLoad().bound()).isTrue();
    assertThat(copy.clientLoad().longestPauseNanos()).isEqualTo(3 * MS);

    // A later run of a study: no warm-up, and which run warmed the JVM, through the codec too.
    PhaseResult warm = map(8 * MS, 10 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(ClientWarmupFigures.warmedBy(3));
    bytes.reset();
    ResultCodec.writePhase(warm, new DataOutputStream(bytes));
    assertThat(ResultCodec.readPhase(new DataInputStream(new ByteArrayInputStream(
        bytes.toByteArray()))).clientWarmup().warmedByRun()).isEqualTo(3);

    // Over maps: capped when any was; rates add, a map with none adds nothing; the busiest load.
    PhaseResult b = map(8 * MS, 10 * MS, new long[] {1}, Collections.emptyMap(), 0)
        .withClientWarmup(new ClientWarmupFigures(500, 0, 2_000 * MS, false, Double.NaN))
        .withClientLoad(new ClientLoad(10_000 * MS, 4, 4_000 * MS, 1_000 * MS, 500 * MS, 0)
            .withLongestPause(41 * MS));
    PhaseResult both = PhaseResult.combine(OpType.RENAME, Arrays.asList(copy, b));
    // The longest pause of any map, though another map's load is the busiest.
    assertThat(both.clientLoad().longestPauseNanos()).isEqualTo(41 * MS);
    assertThat(both.clientWarmup().capped()).isTrue();
    assertThat(both.clientWarmup().lastRate()).isEqualTo(800.5);
    assertThat(both.clientLoad().cores()).isEqualTo(2);
  }

  @Test
  void thePrefillsWarmUpTravelsAndCombinesOverMaps() throws Exception {
    PrefillResult a = new PrefillResult(PrefillResult.Status.CREATED, true, 10, 2, 0, 10, 0, 0,
        0, 40 * MS, Collections.emptyMap())
        .withClientWarmup(new ClientWarmupFigures(300, 1, 2_000 * MS));
    RunInfo info = new RunInfo("t", "h", "jvm", "hdfs://nn:8020", false, "/b", "per-worker", "", 5);
    RunResult result = MapResults.of(info, null, 0, "h", "a",
        Collections.<PhaseResult>emptyList(), Collections.emptyMap()).withPrefill(a);
    byte[] bytes = ResultCodec.toBytes(result);
    PrefillResult copy = ResultCodec.fromBytes(bytes, bytes.length, MapResults.configOf(null, 0))
        .prefill();
    assertThat(copy.created()).isEqualTo(10);
    assertThat(copy.elapsedNanos()).isEqualTo(40 * MS);
    assertThat(copy.clientWarmup().calls()).isEqualTo(300);
    assertThat(copy.clientWarmup().failed()).isEqualTo(1);
    assertThat(copy.clientWarmup().nanos()).isEqualTo(2_000 * MS);
    PrefillResult b = new PrefillResult(PrefillResult.Status.CREATED, true, 10, 2, 0, 10, 0, 0,
        0, 50 * MS, Collections.emptyMap())
        .withClientWarmup(new ClientWarmupFigures(200, 0, 3_000 * MS));
    ClientWarmupFigures both = PrefillResult.combine(Arrays.asList(copy, b)).clientWarmup();
    assertThat(both.calls()).isEqualTo(500);
    assertThat(both.nanos()).isEqualTo(3_000 * MS);
  }

  @Test
  void howANamespaceWasMadeOfflineTravelsWithItsPrefill() throws Exception {
    PrefillResult a = new PrefillResult(PrefillResult.Status.OFFLINE, true, 10, 2, 0, 10, 0, 0,
        0, 40 * MS, Collections.emptyMap()).withOffline(new PrefillResult.Offline(4096,
        10 * MS, 20 * MS));
    RunInfo info = new RunInfo("t", "h", "jvm", "hdfs://nn:8020", false, "/b", "per-worker", "", 5);
    byte[] bytes = ResultCodec.toBytes(MapResults.of(info, null, 0, "h", "a",
        Collections.<PhaseResult>emptyList(), Collections.emptyMap()).withPrefill(a));
    PrefillResult copy = ResultCodec.fromBytes(bytes, bytes.length, MapResults.configOf(null, 0))
        .prefill();
    assertThat(copy.status()).isEqualTo(PrefillResult.Status.OFFLINE);
    assertThat(copy.offline().imageBytes).isEqualTo(4096);
    assertThat(copy.offline().writeNanos).isEqualTo(10 * MS);
    assertThat(copy.offline().restartNanos).isEqualTo(20 * MS);
    PrefillResult one = PrefillResult.combine(Collections.singletonList(copy));
    assertThat(one.status()).isEqualTo(PrefillResult.Status.OFFLINE);
    assertThat(one.offline().imageBytes).isEqualTo(4096);
    PrefillResult made = new PrefillResult(PrefillResult.Status.CREATED, true, 10, 2, 0, 10, 0,
        0, 0, 50 * MS, Collections.emptyMap());
    byte[] madeBytes = ResultCodec.toBytes(MapResults.of(info, null, 0, "h", "a",
        Collections.<PhaseResult>emptyList(), Collections.emptyMap()).withPrefill(made));
    assertThat(ResultCodec.fromBytes(madeBytes, madeBytes.length, MapResults.configOf(null, 0))
        .prefill().offline()).isNull();
  }

  @Test
  void aMapsResultSurvivesItsBytesIntact() throws Exception {
    PhaseResult p = map(1, 2, new long[] {3}, Collections.emptyMap(), 0);
    Map<String, FailureCount> cleanup = new TreeMap<>();
    cleanup.put("AccessControlException", new FailureCount(4, "denied"));
    RunInfo info = new RunInfo("t", "h", "jvm", "hdfs://nn:8020", false, "/b", "per-worker", "", 5);
    RunResult result = MapResults.of(info, null, 7, "host-7", "attempt_1_0001_m_000007_0",
        Arrays.asList(p, p.inMix()), cleanup).withNotRun(Collections.singletonList("delete"),
            "why").withEarlyStop("stopped");
    byte[] bytes = ResultCodec.toBytes(result);
    byte[] padded = Arrays.copyOf(bytes, bytes.length + 16);
    RunResult copy = ResultCodec.fromBytes(padded, bytes.length, MapResults.configOf(null, 7));
    assertThat(copy.config().mapIndex()).isEqualTo(7);
    assertThat(copy.task().host()).isEqualTo("host-7");
    assertThat(copy.task().attempt()).isEqualTo("attempt_1_0001_m_000007_0");
    assertThat(copy.info().fileSystemUri()).isEqualTo("hdfs://nn:8020");
    assertThat(copy.phases()).hasSize(2);
    assertThat(copy.phases().get(1).name()).isEqualTo("mix:" + p.op().id());
    assertThat(copy.phases().get(1).latency()).isEqualTo(p.latency());
    assertThat(copy.cleanupFailures().get("AccessControlException").count()).isEqualTo(4);
    assertThat(copy.notRun()).containsExactly("delete");
    assertThat(copy.interruptedBy()).isEqualTo("stopped");
    assertThat(copy.stoppedBySignal()).isFalse();
  }

  @Test
  void aPhasesSeriesTravelsWithItAndMapsCombineByWallClockSecond() throws Exception {
    long s = 1_000_000_000L;
    PhaseResult a = map(10 * s, 12 * s, new long[] {1, 2, 3}, Collections.emptyMap(), 0)
        .withSeries(series(10 * s + s / 10, new long[] {2, 1}));
    PhaseResult b = map(10 * s, 13 * s, new long[] {4, 5, 6, 7}, Collections.emptyMap(), 0)
        .withSeries(series(10 * s + s / 2, new long[] {1, 0, 3}));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(b, new DataOutputStream(bytes));
    PhaseResult back = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(back.series().intervals()).hasSize(3);
    assertThat(back.series().intervals().get(2).successes()).isEqualTo(3);
    assertThat(back.series().intervals().get(2).latency().getTotalCount()).isEqualTo(3);

    IntervalSeries all = PhaseResult.combine(OpType.CREATE_WRITE, Arrays.asList(a, back))
        .series();
    // a's seconds have midpoints at 10.6 and 11.6 s, b's at 11.0, 12.0 and 13.0 s.
    assertThat(all.intervals()).extracting(IntervalSeries.Interval::successes)
        .containsExactly(2L, 2L, 0L, 3L);
    assertThat(all.operations()).isEqualTo(7);
    assertThat(all.intervals().get(0).startEpochNanos()).isEqualTo(10 * s + s / 10);
    assertThat(all.intervals().get(1).startEpochNanos()).isEqualTo(11 * s);
    assertThat(all.intervals().get(3).endEpochNanos()).isEqualTo(13 * s + s / 2);
  }

  /** One-second intervals from {@code start}, with {@code ok[i]} successes of 1 ms each. */
  private static IntervalSeries series(long start, long[] ok) {
    List<IntervalSeries.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < ok.length; i++) {
      Histogram h = new Histogram(3);
      for (long k = 0; k < ok[i]; k++) {
        h.recordValue(MS);
      }
      intervals.add(new IntervalSeries.Interval(start + i * 1_000_000_000L,
          start + (i + 1) * 1_000_000_000L, h, 0));
    }
    return new IntervalSeries(intervals);
  }

  @Test
  void missingMapsAreThoseWithoutAReport() {
    RunResult one = MapResults.of(null, null, 1, "h", "a", Collections.<PhaseResult>emptyList(),
        Collections.<String, FailureCount>emptyMap());
    RunResult r = new RunResult(null, null, Collections.<PhaseResult>emptyList(),
        io.metabench.stats.Cleanup.NOT_ASKED, 3, Collections.singletonList(one));
    assertThat(r.missingMaps()).containsExactly(0, 2);
    assertThat(r.exitCode()).isEqualTo(1);
  }
}
