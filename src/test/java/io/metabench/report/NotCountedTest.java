package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.server.RecordedNameservice;
import io.metabench.server.ServerProbe;
import io.metabench.stats.RunResult;
import io.metabench.stats.ServerSamples;
import io.metabench.testing.RecordedJmx;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 47: a NameNode count the view did not see is "not counted", never 0. An HA nameservice's
 * two NameNodes (recorded /jmx of a standby, nn1, and an active, nn2) are read by the view's own
 * probe at scripted times around the fixture's create_write phase (0 to 2.5 s), and the run is
 * written as text and JSON.
 */
class NotCountedTest {
  private static final String NN2_RPC = "RpcActivityForPort11900";

  /**
   * Reads the nameservice at -1 s, 0 s, ... 4 s; {@code afterPhase} calls are added to nn2's
   * counter before the reading at {@code at} s (none when it is past the last).
   */
  private static RunResult readAround(long afterPhase, int at) throws Exception {
    try (RecordedJmx standby = RecordedJmx.serve("standby");
        RecordedJmx active = RecordedJmx.serve("active")) {
      ServerProbe probe = RecordedNameservice.probe(new RecordedJmx[] {standby, active},
          new int[] {11902, 11900});
      List<ServerSamples.Sample> samples = new ArrayList<>();
      for (int s = -1; s <= 4; s++) {
        if (s == at) {
          active.add(NN2_RPC, "RpcProcessingTimeNumOps", afterPhase);
          active.add(NN2_RPC, "RpcQueueTimeNumOps", afterPhase);
        }
        samples.add(new ServerSamples.Sample(s * 1000L, probe.sample()));
      }
      return ReportFixture.result().withServer(new ServerSamples(probe.describe(), "",
          samples));
    }
  }

  private static JsonNode nameNode(RunResult r, String id) throws Exception {
    JsonNode json = new ObjectMapper().readTree(ReportFixture.write(new JsonFormat(), r));
    for (JsonNode nn : json.path("server").path("phases").get(0).path("nameNodes")) {
      if (nn.path("id").asText().equals(id)) {
        return nn;
      }
    }
    throw new AssertionError("no " + id);
  }

  @Test
  void aCounterThatStoodStillToTheRunsEndIsNotCountedInTextAndJson() throws Exception {
    // The run: nn2 served the phase, but its counter stood still in every reading.
    RunResult r = readAround(0, 99);
    String text = ReportFixture.write(new TextFormat(), r);
    assertThat(text).contains("  NameNodes, create_write: calls served (around the phase: it held"
        + " fewer than two refreshes): nn1 standby not counted, nn2 active not counted; not "
        + "counted: nn1 did not refresh its figures after the phase (its refresh period was not "
        + "measured); the reading ended 2 s after it; not counted: nn2 did not refresh its "
        + "figures after the phase (its refresh period was not measured); the reading ended 2 s "
        + "after it\n");
    JsonNode nn2 = nameNode(r, "nn2");
    assertThat(nn2.path("calls").isNull()).isTrue();
    assertThat(nn2.path("notCounted").asText()).isEqualTo("nn2 did not refresh its figures "
        + "after the phase (its refresh period was not measured); the reading ended 2 s after it");
    // Nor is the nameservice's count, with no refresh inside the phase.
    JsonNode phase = new ObjectMapper().readTree(ReportFixture.write(new JsonFormat(), r))
        .path("server").path("phases").get(0);
    assertThat(phase.path("rpcCalls").isNull()).isTrue();
    assertThat(phase.path("seconds").isNull()).isTrue();
  }

  @Test
  void aRefreshSeenAfterThePhaseCountsItsCalls() throws Exception {
    // nn2's figures refreshed between the readings at 3 s and 4 s, both after the phase ended
    // (2.5 s): that refresh holds all its calls.
    RunResult r = readAround(1000, 4);
    JsonNode nn2 = nameNode(r, "nn2");
    assertThat(nn2.path("calls").asLong()).isEqualTo(1000);
    assertThat(nn2.path("notCounted").asText()).isEmpty();
    assertThat(ReportFixture.write(new TextFormat(), r)).contains("nn2 active 1000");
    // A refresh between 2 s and 3 s may have come before the phase's end: not known to hold its
    // last calls, so with none after it nn2 is not counted.
    assertThat(nameNode(readAround(1000, 3), "nn2").path("calls").isNull()).isTrue();
  }
}
