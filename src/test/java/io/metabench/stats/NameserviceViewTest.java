package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * An HA nameservice's NameNodes in a phase, from scripted per-NameNode samples: nn1 active and
 * serving until a failover between the readings at 3 s and 4 s, nn2 active and serving after.
 */
class NameserviceViewTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long MS = 1_000_000L;

  private static ServerSamples failover() {
    List<ServerSamples.Sample> samples = new ArrayList<>();
    double nn1 = 100;
    double nn2 = 5;
    for (int s = 0; s <= 8; s++) {
      boolean firstActive = s <= 3;
      if (s > 0) {
        nn1 += firstActive ? 1000 : 1;
        nn2 += firstActive ? 1 : 1000;
      }
      Map<String, Double> v = new TreeMap<>();
      v.put("nn.nn1.state", ServerSamples.stateCode(firstActive ? "active" : "standby"));
      v.put("nn.nn2.state", ServerSamples.stateCode(firstActive ? "standby" : "active"));
      v.put("nn.nn1.calls", nn1);
      v.put("nn.nn2.calls", nn2);
      v.put("rpc.calls", nn1 + nn2);
      samples.add(new ServerSamples.Sample(T0 + s * 1000L, v));
    }
    return new ServerSamples("NameNodes of ns1", "", samples);
  }

  private static PhaseResult stat(long from, long to) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(MS, 5000);
    return new PhaseResult(OpType.STAT, 2, 5000, 5000, Collections.emptyMap(),
        Collections.emptyMap(), 0, 0, (T0 + from) * MS, (T0 + to) * MS, 4000 * MS, 0, 0, 0, h,
        T0 + from);
  }

  @Test
  void eachNameNodesCallsAndTheFailoverAreShown() {
    NameserviceView v = failover().during(stat(1500, 6500)).nameservice();
    // Inside the phase: the rises after the reading at 3 s to the one at 6 s (the calls before
    // the first refresh inside are not counted, as none of the view's figures count them).
    assertThat(v.around()).isFalse();
    assertThat(v.nameNodes()).extracting(NameserviceView.NameNode::describe)
        .containsExactly("nn2 standby→active 3000", "nn1 active→standby 3");
    assertThat(v.failovers()).hasSize(1);
    assertThat(v.failovers().get(0).describe()).isEqualTo("a failover: nn2 became active "
        + "between 1.5 s and 2.5 s into the phase");
    assertThat(v.describe()).isEqualTo("calls served: nn2 standby→active 3000, nn1 "
        + "active→standby 3; a failover: nn2 became active between 1.5 s and 2.5 s into the "
        + "phase");
  }

  @Test
  void aShortPhaseCountsAroundItAndSaysSo() {
    NameserviceView v = failover().during(stat(1500, 2400)).nameservice();
    // From the reading at 1 s to the first refresh after the end (at 4 s, after the failover,
    // which came after the phase ended and is not the phase's).
    assertThat(v.around()).isTrue();
    assertThat(v.failovers()).isEmpty();
    assertThat(v.describe()).isEqualTo("calls served (around the phase: it held fewer than two "
        + "refreshes): nn1 active 2001, nn2 standby 1002");
  }

  @Test
  void aSingleNameNodeHasNoNameserviceView() {
    List<ServerSamples.Sample> samples = new ArrayList<>();
    for (int s = 0; s <= 8; s++) {
      samples.add(new ServerSamples.Sample(T0 + s * 1000L,
          Collections.singletonMap("rpc.calls", 100.0 * s)));
    }
    NameserviceView v = new ServerSamples("NameNode", "", samples).during(stat(1500, 6500))
        .nameservice();
    assertThat(v.nameNodes()).isEmpty();
    assertThat(v.describe()).isEmpty();
  }

  /**
   * Counted around a short phase, each NameNode's calls run to its own first refresh after the
   * phase: an observer that refreshes its figures later than the active one is not cut short.
   */
  @Test
  void aroundAPhaseEachNameNodeIsCountedToItsOwnNextRefresh() {
    // The active NameNode refreshes every second; the observer at 0 s and 6 s only, when its
    // figure takes in the 5,000 reads of the phase (1.5 s to 2.4 s).
    List<ServerSamples.Sample> samples = activeAndObserver(8, s -> s < 6 ? 0.0 : 5000.0);
    NameserviceView v = new ServerSamples("NameNodes of ns1", "", samples)
        .during(stat(1500, 2400)).nameservice();
    assertThat(v.around()).isTrue();
    assertThat(v.describe()).isEqualTo("calls served (around the phase: it held fewer than two "
        + "refreshes): nn3 observer 5000, nn1 active 30");
  }

  /**
   * A NameNode with fewer than two refreshes of its own inside the phase is counted around it,
   * even when the others' refreshes make the phase's window: an observer refreshing at 2 s and 5 s
   * is not cut to the calls between the active NameNode's refreshes.
   */
  @Test
  void aNameNodeIsCountedBetweenItsOwnRefreshes() {
    List<ServerSamples.Sample> samples = activeAndObserver(12,
        s -> s < 2 ? 0.0 : s < 5 ? 2000.0 : 5000.0);
    NameserviceView v = new ServerSamples("NameNodes of ns1", "", samples)
        .during(stat(1500, 6500)).nameservice();
    // nn1 between its refreshes seen at 3 s and 6 s; nn3 around: from 1 s to the first reading
    // one refresh period (the longest, nn3's 3 s) and 2 s after the end (11.5 s): at 12 s.
    assertThat(v.around()).isTrue();
    assertThat(v.nameNodes()).extracting(NameserviceView.NameNode::describe)
        .containsExactly("nn3 observer 5000", "nn1 active 30");
  }

  /**
   * Issue 47: a NameNode whose counter stood still from the phase to the run's end, with no
   * reading a refresh period after it, did not show the phase's calls: not counted, never 0.
   */
  @Test
  void aCounterThatNeverMovedAfterThePhaseIsNotCountedAndSaysWhy() {
    // As above, the samples ending at 8 s: 1.5 s after the phase, short of nn3's 3 s period.
    List<ServerSamples.Sample> samples = activeAndObserver(8,
        s -> s < 2 ? 0.0 : s < 5 ? 2000.0 : 5000.0);
    NameserviceView v = new ServerSamples("NameNodes of ns1", "", samples)
        .during(stat(1500, 6500)).nameservice();
    NameserviceView.NameNode nn3 = v.nameNodes().get(1);
    assertThat(nn3.counted()).isFalse();
    assertThat(nn3.notCounted()).isEqualTo("nn3 did not refresh its figures after the phase "
        + "(every 3 s); the reading ended 2 s after it");
    assertThat(v.describe()).isEqualTo("calls served (around the phase: it held fewer than two "
        + "refreshes): nn1 active 30, nn3 observer not counted; not counted: nn3 did not refresh "
        + "its figures after the phase (every 3 s); the reading ended 2 s after it");
    // The issue's run: both NameNodes' counters stood still from before the phase to the end.
    List<ServerSamples.Sample> still = new ArrayList<>();
    for (int s = 0; s <= 8; s++) {
      Map<String, Double> r = new TreeMap<>();
      r.put("nn.nn1.state", ServerSamples.stateCode("standby"));
      r.put("nn.nn2.state", ServerSamples.stateCode("active"));
      r.put("nn.nn1.calls", 50.0);
      r.put("nn.nn2.calls", 93_530.0);
      r.put("rpc.calls", 93_580.0);
      still.add(new ServerSamples.Sample(T0 + s * 1000L, r));
    }
    NameserviceView issue = new ServerSamples("NameNodes of ns1", "", still)
        .during(stat(1500, 6500)).nameservice();
    assertThat(issue.nameNodes()).extracting(NameserviceView.NameNode::describe)
        .containsExactly("nn1 standby not counted", "nn2 active not counted");
    assertThat(issue.nameNodes().get(1).notCounted()).isEqualTo("nn2 did not refresh its "
        + "figures after the phase (its refresh period was not measured); the reading ended 2 s "
        + "after it");
  }

  /**
   * A NameNode unreachable after the phase (its figures carried from its last reading), or not
   * read before it, is not counted: the carried or missing figure is not a count.
   */
  @Test
  void aNameNodeNotReadOnBothSidesOfThePhaseIsNotCounted() {
    List<ServerSamples.Sample> samples = activeAndObserver(12, s -> 100.0 * s);
    List<ServerSamples.Sample> changed = new ArrayList<>();
    for (ServerSamples.Sample x : samples) {
      Map<String, Double> r = new TreeMap<>(x.values());
      int second = (int) ((x.epochMillis() - T0) / 1000);
      if (second >= 3) {
        // nn3 stops answering at 3 s, after the phase: its last counter is carried.
        r.put("nn.nn3.state", ServerSamples.stateCode("unreachable"));
        r.put("nn.nn3.calls", 200.0);
      }
      if (second <= 2) {
        // nn1 was not read until 3 s.
        r.remove("nn.nn1.calls");
        r.put("nn.nn1.state", ServerSamples.stateCode("unreachable"));
      }
      changed.add(new ServerSamples.Sample(x.epochMillis(), r));
    }
    NameserviceView v = new ServerSamples("NameNodes of ns1", "", changed)
        .during(stat(1500, 2400)).nameservice();
    assertThat(v.nameNodes()).extracting(NameserviceView.NameNode::notCounted).containsExactly(
        "nn1 was not read before the phase", "nn3 could not be read after the phase");
  }

  /**
   * A second a sample for {@code seconds} s: nn1 active, refreshing every second with 10 calls a
   * second; nn3 an observer whose calls at second s are {@code observerCalls(s)}.
   */
  private static List<ServerSamples.Sample> activeAndObserver(int seconds,
      java.util.function.IntToDoubleFunction observerCalls) {
    List<ServerSamples.Sample> samples = new ArrayList<>();
    for (int s = 0; s <= seconds; s++) {
      Map<String, Double> v = new TreeMap<>();
      v.put("nn.nn1.state", ServerSamples.stateCode("active"));
      v.put("nn.nn3.state", ServerSamples.stateCode("observer"));
      v.put("nn.nn1.calls", 10.0 * s);
      v.put("nn.nn3.calls", observerCalls.applyAsDouble(s));
      v.put("rpc.calls", v.get("nn.nn1.calls") + v.get("nn.nn3.calls"));
      samples.add(new ServerSamples.Sample(T0 + s * 1000L, v));
    }
    return samples;
  }
}
