package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.op.OpType;
import io.metabench.testing.MapResults;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ReplayPartTest {
  private static ReplayPart part(long executed, long span, long... createLatencies) {
    Histogram h = new Histogram(3);
    for (long v : createLatencies) {
      h.recordValue(v);
    }
    Map<OpType, Histogram> fromDue = new EnumMap<>(OpType.class);
    fromDue.put(OpType.CREATE_WRITE, h);
    Map<OpType, Long> late = new EnumMap<>(OpType.class);
    late.put(OpType.CREATE_WRITE, span / 10);
    return new ReplayPart(executed, span, fromDue, late);
  }

  private static RunResult withInfo(RunResult r) {
    RunInfo info = new RunInfo("t", "h", "jvm", "file:///", false, "/b", "per-worker", 1);
    RunResult copy = new RunResult(info, r.config(), r.phases(), r.cleanupFailures())
        .withTask(r.task());
    return r.replay() == null ? copy : copy.withReplay(r.replay());
  }

  @Test
  void aMapsPartTravelsInItsResultWithItsHistograms() throws Exception {
    ReplayPart p = part(3, 2_000_000_000L, 1_000_000, 2_000_000, 3_000_000);
    RunResult report = MapResults.of(null, null, 4, "host", "attempt_1", Collections.emptyList(),
        new TreeMap<>()).withReplay(ReplaySummary.ofPart(p));
    byte[] bytes = ResultCodec.toBytes(withInfo(report));
    ReplayPart back = ResultCodec.fromBytes(bytes, bytes.length, MapResults.configOf(null, 4))
        .replay().part();
    assertThat(back.executed()).isEqualTo(3);
    assertThat(back.spanNanos()).isEqualTo(2_000_000_000L);
    assertThat(back.maxLateNanos()).containsEntry(OpType.CREATE_WRITE, 200_000_000L);
    assertThat(back.fromDue().get(OpType.CREATE_WRITE))
        .isEqualTo(p.fromDue().get(OpType.CREATE_WRITE));
    RunResult plain = withInfo(MapResults.of(null, null, 1, "h", "a", Collections.emptyList(),
        new TreeMap<>()));
    byte[] plainBytes = ResultCodec.toBytes(plain);
    assertThat(ResultCodec.fromBytes(plainBytes, plainBytes.length,
        MapResults.configOf(null, 1)).replay()).isNull();
  }

  @Test
  void partsCombineByAddingCountsAndHistogramsAndTakingTheLargestSpanAndLateness() {
    ReplayPart all = ReplayPart.combine(Arrays.asList(part(2, 1_000, 5, 6),
        part(1, 3_000, 7)));
    assertThat(all.executed()).isEqualTo(3);
    assertThat(all.spanNanos()).isEqualTo(3_000);
    assertThat(all.fromDue().get(OpType.CREATE_WRITE).getTotalCount()).isEqualTo(3);
    assertThat(all.maxLateNanos()).containsEntry(OpType.CREATE_WRITE, 300L);
  }
}
