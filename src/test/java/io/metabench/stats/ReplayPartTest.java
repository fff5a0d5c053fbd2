package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.op.OpType;
import io.metabench.testing.MapResults;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A replay's own figures, and the scheduled-phase figures its phases carry, travel and combine. */
class ReplayPartTest {
  private static final long MS = 1_000_000L;

  private static RunResult withInfo(RunResult r) {
    RunInfo info = new RunInfo("t", "h", "jvm", "file:///", false, "/b", "per-worker", "posix", 1);
    RunResult copy = new RunResult(info, r.config(), r.phases(), r.cleanupFailures())
        .withTask(r.task());
    return r.replay() == null ? copy : copy.withReplay(r.replay());
  }

  /** A scheduled phase of {@code op}: {@code attempted} commands from first to last ms. */
  private static PhaseResult scheduled(OpType op, long attempted, long firstMs, long lastMs,
      long maxLateMs) {
    Histogram latency = new Histogram(3);
    Histogram service = new Histogram(3);
    for (long i = 0; i < attempted; i++) {
      latency.recordValue(5 * MS);
      service.recordValue(2 * MS);
    }
    return new PhaseResult(op, 1, attempted, attempted, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, firstMs * MS, lastMs * MS, (lastMs - firstMs) * MS, 0, 0,
        0, latency, firstMs).withPacing(0, service, maxLateMs * MS);
  }

  @Test
  void aProcesssPartIsReadFromItsPhases() {
    ReplayPart p = ReplayPart.of(Arrays.asList(
        scheduled(OpType.CREATE_WRITE, 3, 1_000, 1_500, 0),
        scheduled(OpType.RENAME, 2, 1_200, 3_000, 0),
        scheduled(OpType.DELETE, 0, 0, 0, 0)));
    assertThat(p.executed()).isEqualTo(5);
    assertThat(p.spanNanos()).isEqualTo(2_000 * MS);
    assertThat(ReplayPart.of(Collections.emptyList()).spanNanos()).isZero();
  }

  @Test
  void aMapsPartTravelsInItsResult() throws Exception {
    ReplayPart p = new ReplayPart(3, 2_000_000_000L);
    RunResult report = MapResults.of(null, null, 4, "host", "attempt_1", Collections.emptyList(),
        new TreeMap<>()).withReplay(ReplaySummary.ofPart(p));
    byte[] bytes = ResultCodec.toBytes(withInfo(report));
    ReplayPart back = ResultCodec.fromBytes(bytes, bytes.length, MapResults.configOf(null, 4))
        .replay().part();
    assertThat(back.executed()).isEqualTo(3);
    assertThat(back.spanNanos()).isEqualTo(2_000_000_000L);
    RunResult plain = withInfo(MapResults.of(null, null, 1, "h", "a", Collections.emptyList(),
        new TreeMap<>()));
    byte[] plainBytes = ResultCodec.toBytes(plain);
    assertThat(ResultCodec.fromBytes(plainBytes, plainBytes.length,
        MapResults.configOf(null, 1)).replay()).isNull();
  }

  @Test
  void partsCombineByAddingCountsAndTakingTheLongestSpan() {
    ReplayPart all = ReplayPart.combine(Arrays.asList(new ReplayPart(2, 1_000),
        new ReplayPart(1, 3_000)));
    assertThat(all.executed()).isEqualTo(3);
    assertThat(all.spanNanos()).isEqualTo(3_000);
  }

  @Test
  void aScheduledPhasesServiceTimeAndLatenessTravelAndCombine() throws Exception {
    PhaseResult a = scheduled(OpType.CREATE_WRITE, 3, 1_000, 1_500, 7);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultCodec.writePhase(a, new DataOutputStream(bytes));
    PhaseResult copy = ResultCodec.readPhase(new DataInputStream(
        new ByteArrayInputStream(bytes.toByteArray())));
    assertThat(copy.maxLateNanos()).isEqualTo(7 * MS);
    assertThat(copy.serviceTime()).isEqualTo(a.serviceTime());
    PhaseResult all = PhaseResult.combine(OpType.CREATE_WRITE,
        Arrays.asList(copy, scheduled(OpType.CREATE_WRITE, 2, 1_100, 1_900, 11)));
    assertThat(all.maxLateNanos()).isEqualTo(11 * MS);
    assertThat(all.serviceTime().getTotalCount()).isEqualTo(5);
    assertThat(all.withLateMaps(1).maxLateNanos()).isEqualTo(11 * MS);
  }
}
