package io.metabench.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.engine.Progress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** A map whose host cannot reach the Pushgateway: one warning, and it runs unwatched. */
class LiveWatchTest {
  @Test
  void aMapThatCannotReachThePushgatewayWarnsAndRunsUnwatched() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    try (LiveWatch w = LiveWatch.pushingOrWarn("http://127.0.0.1:" + closed, "r", 3,
        new PrintStream(said, true, "UTF-8"))) {
      assertThat(w).isSameAs(LiveWatch.NONE);
      assertThat(w.watched(Progress.QUIET, "t", 1, 3)).isSameAs(Progress.QUIET);
    }
    assertThat(said.toString("UTF-8")).startsWith("metabench: warning: map 3 pushes no live "
        + "figures: -prometheusPush http://127.0.0.1:" + closed + ": no Pushgateway answers there");
  }
}
