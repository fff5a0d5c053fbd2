package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.stats.ServerSamples;
import io.metabench.testing.RecordedJmx;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The NameNode view of an HA nameservice, read from recorded {@code /jmx} documents of an
 * active, a standby and an observer NameNode served on loopback: each one's state and calls,
 * the nameservice's figures combined, across a failover, an unreachable NameNode and a restart.
 */
class NameserviceMetricsTest {
  private static final String[] KINDS = {"active", "standby", "observer"};
  private static final int[] RPC_PORTS = {11900, 11902, 11904};
  private final RecordedJmx[] nn = new RecordedJmx[3];

  @BeforeEach
  void serve() throws IOException {
    for (int i = 0; i < 3; i++) {
      nn[i] = RecordedJmx.serve(KINDS[i]);
    }
  }

  @AfterEach
  void stop() {
    for (RecordedJmx j : nn) {
      j.close();
    }
  }

  private ServerProbe probe() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.ha.namenodes.prod", "nn1,nn2,nn3");
    for (int i = 0; i < 3; i++) {
      conf.set("dfs.namenode.rpc-address.prod.nn" + (i + 1), "127.0.0.1:" + RPC_PORTS[i]);
      conf.set("dfs.namenode.http-address.prod.nn" + (i + 1), nn[i].address());
    }
    return NameNodeMetrics.of("", URI.create("hdfs://prod"), conf);
  }

  private static String state(Map<String, Double> s, String id) {
    return ServerSamples.stateName(s.get("nn." + id + ".state"));
  }

  @Test
  void everyNameNodeIsReadAndTheNameservicesCallsAreTheirSum() throws IOException {
    ServerProbe p = probe();
    Map<String, Double> s = p.sample();
    assertThat(state(s, "nn1")).isEqualTo("active");
    assertThat(state(s, "nn2")).isEqualTo("standby");
    assertThat(state(s, "nn3")).isEqualTo("observer");
    // As recorded: the observer served the 200 stats, the active the creates.
    assertThat(s.get("method.GetFileInfo.calls")).isGreaterThanOrEqualTo(200);
    assertThat(s.get("rpc.calls")).isEqualTo(s.get("nn.nn1.calls") + s.get("nn.nn2.calls")
        + s.get("nn.nn3.calls"));
    assertThat(s.get("nn.nn3.calls")).isEqualTo(213);
    assertThat(p.describe()).startsWith("NameNodes of prod (nn1 active, nn2 standby, nn3 observer "
        + "when reading began): nn1 http://" + nn[0].address() + "/jmx, RPC port 11900, times in "
        + "microseconds, shown in ms; nn2 ");
  }

  @Test
  void averagesAreWeightedByEachNameNodesCallsSinceTheLastReading() throws IOException {
    ServerProbe p = probe();
    p.sample();
    // 100 calls at 2 ms on the active NameNode, 300 at 6 ms on the observer: 5 ms combined.
    nn[0].add("RpcActivityForPort11900", "RpcProcessingTimeNumOps", 100);
    nn[0].set("RpcActivityForPort11900", "RpcProcessingTimeAvgTime", 2000);
    nn[2].add("RpcActivityForPort11904", "RpcProcessingTimeNumOps", 300);
    nn[2].set("RpcActivityForPort11904", "RpcProcessingTimeAvgTime", 6000);
    Map<String, Double> s = p.sample();
    assertThat(s.get("rpc.processingMs")).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
    // Nothing rose since: the average stands as it was.
    assertThat(p.sample().get("rpc.processingMs")).isCloseTo(5.0,
        org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aFailoverIsSeenAndCallsAreCountedOnBothSides() throws IOException {
    ServerProbe p = probe();
    double before = p.sample().get("rpc.calls");
    nn[0].state("standby");
    nn[1].state("active");
    nn[1].add("RpcActivityForPort11902", "RpcProcessingTimeNumOps", 500);
    Map<String, Double> s = p.sample();
    assertThat(state(s, "nn1")).isEqualTo("standby");
    assertThat(state(s, "nn2")).isEqualTo("active");
    assertThat(s.get("rpc.calls") - before).isEqualTo(500);
  }

  @Test
  void anUnreachableOrRestartedNameNodeNeverLowersTheCounts() throws IOException {
    ServerProbe p = probe();
    Map<String, Double> first = p.sample();
    nn[1].close();
    Map<String, Double> s = p.sample();
    assertThat(state(s, "nn2")).isEqualTo("unreachable");
    assertThat(s.get("rpc.calls")).isEqualTo(first.get("rpc.calls"));
    assertThat(s.get("nn.nn2.calls")).isEqualTo(first.get("nn.nn2.calls"));
    // The active NameNode restarts: its counters start again from 10.
    nn[0].set("RpcActivityForPort11900", "RpcProcessingTimeNumOps", 10);
    Map<String, Double> after = p.sample();
    assertThat(after.get("nn.nn1.calls")).isEqualTo(first.get("nn.nn1.calls") + 10);
    assertThat(after.get("rpc.calls")).isEqualTo(first.get("rpc.calls") + 10);
  }

  @Test
  void readingStopsOnlyWhenNoNameNodeAnswers() {
    ServerProbe p = probe();
    for (RecordedJmx j : nn) {
      j.close();
    }
    assertThatThrownBy(p::sample).isInstanceOf(IOException.class)
        .hasMessageStartingWith("no NameNode of prod could be read: ");
  }
}
