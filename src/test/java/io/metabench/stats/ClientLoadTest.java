package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ClientLoadTest {
  private static final long S = 1_000_000_000L;

  @Test
  void aPhaseIsClientBoundAtNinetyPercentOfTheCoresOrTenPercentInGc() {
    // 10 s on 2 cores: 17.9 s of CPU is 89.5 %, 18 s is 90 %.
    assertThat(new ClientLoad(10 * S, 2, 17_900_000_000L, 5 * S, 3 * S, 0).bound()).isFalse();
    ClientLoad cpu = new ClientLoad(10 * S, 2, 18 * S, 5 * S, 3 * S, 0);
    assertThat(cpu.bound()).isTrue();
    assertThat(cpu.describe()).isEqualTo("this JVM used 1.80 of its 2 cores (90%), the workers' "
        + "threads 0.50; GC 0% of the phase");
    assertThat(new ClientLoad(10 * S, 2, 2 * S, S, S, S).bound()).isTrue();
    assertThat(new ClientLoad(10 * S, 2, 2 * S, S, S, S - 1).bound()).isFalse();
  }

  @Test
  void whatIsUnknownIsNeverABoundNorAZero() {
    ClientLoad noCpu = new ClientLoad(10 * S, 2, -1, -1, -1, 0);
    assertThat(noCpu.cpuShare()).isNaN();
    assertThat(noCpu.bound()).isFalse();
    assertThat(noCpu.describe()).isEqualTo("GC 0% of the phase");
    assertThat(ClientLoad.NONE.measured()).isFalse();
    // Under a second, CPU time counted in 10 ms ticks says nothing: 0.05 s of CPU in 15 ms.
    ClientLoad brief = new ClientLoad(15_000_000L, 2, 50_000_000L, 10_000_000L, 5_000_000L, 0);
    assertThat(brief.judged()).isFalse();
    assertThat(brief.cpuShare()).isNaN();
    assertThat(brief.bound()).isFalse();
    assertThat(ClientLoad.NONE.bound()).isFalse();
  }

  @Test
  void processesCombineToTheBusiestOne() {
    ClientLoad calm = new ClientLoad(10 * S, 4, 4 * S, S, S, 0);
    ClientLoad busy = new ClientLoad(10 * S, 2, 19 * S, 9 * S, 5 * S, 0);
    assertThat(ClientLoad.combine(Arrays.asList(calm, ClientLoad.NONE, busy))).isSameAs(busy);
    assertThat(ClientLoad.combine(Arrays.asList(ClientLoad.NONE))).isSameAs(ClientLoad.NONE);
  }
}
