package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.core.StopRequest;
import io.metabench.stats.ServerSamples;
import io.metabench.testing.LogCapture;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The watch's own rules, with a scripted probe standing for a server's metrics (the real
 * NameNode's are in ITNameNodeView): it fails soft with one warning, and its end waits for the
 * server's next refresh so the last phase's calls are counted.
 */
class ServerWatchTest {
  /** A calls counter that moves every {@code every} readings; failing at {@code failAt}. */
  private static final class Scripted implements ServerProbe {
    final AtomicInteger readings = new AtomicInteger();
    final int every;
    final int failAt;

    Scripted(int every, int failAt) {
      this.every = every;
      this.failAt = failAt;
    }

    @Override
    public String describe() {
      return "scripted server";
    }

    @Override
    public Map<String, Double> sample() throws IOException {
      int n = readings.incrementAndGet();
      if (n == failAt) {
        throw new IOException("connection refused\nsecond line");
      }
      return Collections.singletonMap("rpc.calls", (double) (n / every));
    }
  }

  @Test
  void aFailedReadingStopsTheWatchWithOneWarningAndSaysWhy() throws Exception {
    Scripted probe = new Scripted(1, 2);
    ServerSamples s;
    try (LogCapture log = new LogCapture("io.metabench.server")) {
      ServerWatch w = ServerWatch.start(probe, StopRequest.NEVER);
      Thread.sleep(2500);
      w.close();
      s = w.samples();
      assertThat(log.text().split("could not read scripted server", -1)).hasSize(2);
    }
    assertThat(s.samples()).hasSize(1);
    assertThat(s.problem()).isEqualTo("stopped reading after 1 samples: connection refused");
    assertThat(probe.readings.get()).isEqualTo(2);
  }

  @Test
  void everyReadingIsToldAsItIsReadForTheLiveFigures() {
    Scripted probe = new Scripted(4, -1);
    java.util.List<java.util.Map<String, Double>> told = new java.util.concurrent
        .CopyOnWriteArrayList<>();
    ServerWatch w = ServerWatch.start(probe, StopRequest.NEVER, told::add);
    w.close();
    ServerSamples s = w.samples();
    assertThat(told).hasSize(s.samples().size());
    for (int i = 0; i < told.size(); i++) {
      assertThat(told.get(i)).isEqualTo(s.samples().get(i).values());
    }
  }

  @Test
  void closingWaitsForTheServersNextRefresh() {
    // The counter moves every 4th reading: the end keeps reading until it has seen it move.
    Scripted probe = new Scripted(4, -1);
    ServerWatch w = ServerWatch.start(probe, StopRequest.NEVER);
    w.close();
    ServerSamples s = w.samples();
    int n = s.samples().size();
    assertThat(s.samples().get(n - 1).values().get("rpc.calls"))
        .isNotEqualTo(s.samples().get(n - 2).values().get("rpc.calls"));
    assertThat(s.problem()).isEmpty();
    assertThat(s.source()).isEqualTo("scripted server");
  }

  /**
   * With HA, the end waits for every NameNode's refresh: the active one's, not only a standby's
   * whose counter moves at every reading.
   */
  @Test
  void withHaClosingWaitsForTheServingNameNodesRefresh() {
    ServerProbe ha = activeAndStandby(new AtomicInteger(), n -> n);
    ServerWatch w = ServerWatch.start(ha, StopRequest.NEVER);
    w.close();
    java.util.List<ServerSamples.Sample> s = w.samples().samples();
    int n = s.size();
    assertThat(s.get(n - 1).values().get("nn.nn2.calls"))
        .isNotEqualTo(s.get(n - 2).values().get("nn.nn2.calls"));
  }

  /**
   * An active NameNode whose counter moves every 4th reading, and a standby whose counter stands
   * at {@code standbyCalls} of the reading's number.
   */
  private static ServerProbe activeAndStandby(AtomicInteger readings,
      java.util.function.IntToDoubleFunction standbyCalls) {
    return new ServerProbe() {
      @Override
      public String describe() {
        return "scripted nameservice";
      }

      @Override
      public Map<String, Double> sample() {
        int n = readings.incrementAndGet();
        Map<String, Double> v = new java.util.TreeMap<>();
        v.put("nn.nn1.state", ServerSamples.stateCode("standby"));
        v.put("nn.nn1.calls", standbyCalls.applyAsDouble(n));
        v.put("nn.nn2.state", ServerSamples.stateCode("active"));
        v.put("nn.nn2.calls", (double) (n / 4));
        v.put("rpc.calls", v.get("nn.nn1.calls") + v.get("nn.nn2.calls"));
        return v;
      }
    };
  }

  /** An active NameNode whose counter moves every 4th reading, and a standby's that never does. */
  private static ServerProbe activeAndIdleStandby(AtomicInteger readings) {
    return activeAndStandby(readings, n -> 8);
  }

  /**
   * A NameNode whose counter does not move (a standby with no calls) is waited for one refresh
   * period (measured on the other's moves) and the slack: then its figure is known to hold every
   * call, and the wait ends, long before the wait for an unmeasured period.
   */
  @Test
  void theEndWaitsOneMeasuredPeriodForACounterThatDoesNotMove() {
    ServerWatch w = ServerWatch.start(activeAndIdleStandby(new AtomicInteger()),
        StopRequest.NEVER);
    long begun = System.currentTimeMillis();
    w.close();
    java.util.List<ServerSamples.Sample> s = w.samples().samples();
    // The active one's counter moves every 4 readings of 250 ms: a period of about 1 s.
    double period = ServerSamples.longestRefreshPeriodSeconds(s,
        java.util.Arrays.asList("nn.nn1.calls", "nn.nn2.calls"));
    assertThat(period).isBetween(0.5, 2.0);
    long waited = s.get(s.size() - 1).epochMillis() - begun;
    assertThat(waited).isGreaterThanOrEqualTo(Math.round(period * 1000) + 2_000)
        .isLessThan(ServerWatch.UNMEASURED_WAIT_MILLIS);
    assertThat(ServerSamples.completeAfter(s, "nn.nn1.calls", begun, period))
        .isEqualTo(s.size() - 1);
  }

  /** A stop asked for by a signal (Ctrl-C) ends the wait at once. */
  @Test
  void aSignalsStopEndsTheWait() {
    StopRequest stop = new StopRequest();
    stop.request("SIGINT");
    AtomicInteger readings = new AtomicInteger();
    ServerWatch w = ServerWatch.start(activeAndIdleStandby(readings), stop);
    w.close();
    // One reading at the start, one at the end: no wait for the refreshes.
    assertThat(readings.get()).isLessThanOrEqualTo(2);
    assertThat(w.samples().samples()).isNotEmpty();
  }

  @Test
  void theLongestWaitFollowsThePeriodUpToItsBound() {
    assertThat(ServerWatch.finalWaitMillis(10)).isEqualTo(22_000);
    assertThat(ServerWatch.finalWaitMillis(1.5)).isEqualTo(5_000);
    assertThat(ServerWatch.finalWaitMillis(60)).isEqualTo(ServerWatch.LONGEST_WAIT_MILLIS);
    assertThat(ServerWatch.finalWaitMillis(Double.NaN))
        .isEqualTo(ServerWatch.UNMEASURED_WAIT_MILLIS);
  }

  @Test
  void nothingToReadIsNone() {
    ServerWatch w = ServerWatch.start((ServerProbe) null, StopRequest.NEVER);
    w.close();
    assertThat(w.samples()).isSameAs(ServerSamples.NONE);
  }
}
