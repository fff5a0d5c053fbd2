package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.metabench.op.OpType;
import io.metabench.stats.OpRecorder;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PassRatesTest {
  private static final long MS = 1_000_000L;

  /** A pass of {@code calls} calls of {@code latencyMs} each, {@code gapMs} apart. */
  private static OpRecorder pass(int calls, long latencyMs, long gapMs) {
    OpRecorder r = new OpRecorder(0);
    long t = 0;
    for (int i = 0; i < calls; i++) {
      r.success(t, 0, t + latencyMs * MS, 0);
      t += (latencyMs + gapMs) * MS;
    }
    return r;
  }

  @Test
  void aFileSystemsRateIsOneOverItsCallsLatency() {
    PassRates a = new PassRates();
    PassRates b = new PassRates();
    // Calls of 2 ms with nothing between them: 500 a second per worker.
    a.add(OpType.DELETE, pass(16, 2, 0));
    b.add(OpType.DELETE, pass(16, 2, 0));
    Map<OpType, Double> rates = PassRates.perWorker(Arrays.asList(a, b));
    assertThat(rates.get(OpType.DELETE)).isCloseTo(500.0, within(0.5));
    assertThat(rates).doesNotContainKey(OpType.CREATE_WRITE);
  }

  @Test
  void whereTheWorkersOwnTimeDominatesThePassesRateBoundsIt() {
    PassRates a = new PassRates();
    // Calls of 1 ms, 9 ms apart: 1,000 a second by latency, 100 by the pass; at most 3 x 100.
    a.add(OpType.STAT, pass(16, 1, 9));
    assertThat(PassRates.perWorker(Arrays.asList(a)).get(OpType.STAT))
        .isCloseTo(3 * 16 * 1000.0 / 151, within(0.5));
  }

  @Test
  void onlyTheRecentPassesCount() {
    PassRates a = new PassRates();
    // A cold start at 10 ms a call, then eight passes at 1 ms: the cold one has left the window.
    a.add(OpType.RENAME, pass(16, 10, 0));
    for (int i = 0; i < PassRates.RECENT; i++) {
      a.add(OpType.RENAME, pass(16, 1, 0));
    }
    assertThat(PassRates.perWorker(Arrays.asList(a)).get(OpType.RENAME))
        .isCloseTo(1000.0, within(1.0));
  }
}
