package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import org.junit.jupiter.api.Test;

class LatencyBoundsTest {
  @Test
  void boundsParseWithTheirUnitsAndOperations() {
    LatencyBounds b = LatencyBounds.parse("p99=10ms, p99.9=0.05s,stat:p50=500us,P100=2s");
    assertThat(b.present()).isTrue();
    assertThat(b.bounds()).extracting(LatencyBounds.Bound::describe).containsExactly(
        "p99 <= 10 ms", "p99.9 <= 50 ms", "stat p50 <= 0.5 ms", "p100 <= 2000 ms");
    assertThat(b.of(OpType.STAT)).hasSize(4);
    assertThat(b.of(OpType.CREATE_WRITE)).hasSize(3);
    assertThat(b.toString()).isEqualTo("p99=10ms, p99.9=0.05s,stat:p50=500us,P100=2s");
    assertThat(LatencyBounds.parse(" ").present()).isFalse();
  }

  @Test
  void aBoundThatDoesNotParseIsNamedWithTheFix() {
    String fix = ": give bounds such as p99=10ms or p99=10ms,p99.9=50ms (stat:p99=5ms for one "
        + "operation; units us, ms, s)";
    assertThatThrownBy(() -> LatencyBounds.parse("p101=3ms")).isInstanceOf(
        InvalidInputException.class).hasMessage("-capacity p101=3ms asks for percentile 101, "
        + "which is not over 0 and at most 100" + fix);
    assertThatThrownBy(() -> LatencyBounds.parse("p99=-1ms"))
        .hasMessage("-capacity p99=-1ms is not a positive time" + fix);
    assertThatThrownBy(() -> LatencyBounds.parse("p99=10"))
        .hasMessage("-capacity p99=10 has no unit" + fix);
    assertThatThrownBy(() -> LatencyBounds.parse("p99=10xs"))
        .hasMessage("-capacity p99=10xs has the unit 'xs', which is none of us, ms, s" + fix);
    assertThatThrownBy(() -> LatencyBounds.parse("p0=1ms"))
        .hasMessageStartingWith("-capacity p0=1ms asks for percentile 0");
    assertThatThrownBy(() -> LatencyBounds.parse("99=10ms"))
        .hasMessage("-capacity 99=10ms is not a bound" + fix);
    assertThatThrownBy(() -> LatencyBounds.parse("frob:p99=1ms"))
        .hasMessageStartingWith("-capacity frob:p99=1ms names no operation (frob; operations: ");
  }
}
