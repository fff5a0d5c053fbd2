package io.metabench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StopRequestTest {
  @Test
  void aRunsOwnStopLeavesItsParentAndTheSharedNeverAlone() {
    StopRequest process = new StopRequest();
    StopRequest run = new StopRequest(process);
    run.request("stopped at the first failure (-failFast)", false);
    assertThat(run.isRequested()).isTrue();
    assertThat(run.bySignal()).isFalse();
    assertThat(process.isRequested()).isFalse();

    StopRequest next = new StopRequest(process);
    process.request("interrupted by SIGINT");
    assertThat(next.isRequested()).isTrue();
    assertThat(next.reason()).isEqualTo("interrupted by SIGINT");
    assertThat(next.bySignal()).isTrue();
  }

  @Test
  void neverCannotBeRequested() {
    assertThatThrownBy(() -> StopRequest.NEVER.request("x", false))
        .isInstanceOf(IllegalStateException.class);
    assertThat(StopRequest.NEVER.isRequested()).isFalse();
  }
}
