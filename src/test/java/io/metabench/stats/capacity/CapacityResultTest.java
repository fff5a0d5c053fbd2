package io.metabench.stats.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.report.CapacityFixture;
import org.junit.jupiter.api.Test;

/** The answer's line as a person reads it. */
class CapacityResultTest {
  @Test
  void oneStepIsOneStepAndTheProbeIsNotCounted() {
    CapacityResult r = CapacityFixture.result();
    CapacityResult one = new CapacityResult(r.plan(), r.target(), r.threads(),
        r.steps().subList(0, 2), 400, Double.NaN, false, "stopped: SIGINT", 30);
    assertThat(one.answer()).isEqualTo("create_write holds 400 ops/s at p99 <= 50 ms (held 400, "
        + "none broke; 1 step, 30 s); stopped: SIGINT");
    assertThat(r.answer()).contains("; 2 steps, 1 min 36 s)");
  }
}
