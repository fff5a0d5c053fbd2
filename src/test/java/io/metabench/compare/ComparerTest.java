package io.metabench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ComparerTest {
  /** A side with one row per phase given, each with these iterations' TPS. */
  static Side side(String source, String target, double[] tps, String... phases) {
    Side s = new Side(source);
    s.fact("numberOfFiles", "1000");
    for (String phase : phases) {
      Side.Row r = s.row(target, target + "://x/", phase, 4);
      for (double t : tps) {
        r.iterationTps.add(t);
        r.secondTps.add(new ArrayList<>());
        r.timeline.add(new ArrayList<>());
        r.successes += 1000;
      }
      for (int i = 1; i <= 1000; i++) {
        r.latency.recordValue(1_000_000L + i * 1000L);
      }
    }
    return s;
  }

  static double[] scaled(double[] xs, double f) {
    return Arrays.stream(xs).map(x -> x * f).toArray();
  }

  private static final double[] STEADY = {1000, 1010, 990, 1005, 995};

  @Test
  void aResultComparedWithItselfChangesNothingAndExitsZero() {
    Side a = side("a.json", "hdfs", STEADY, "create_write", "stat");
    Comparison c = Comparer.compare(a, a, 0.05, 0.95);
    assertThat(c.rows()).hasSize(2).allMatch(r -> r.verdict == Comparison.Verdict.SAME);
    assertThat(c.rows()).allMatch(r -> r.tps.ratio == 1.0 && r.tps.low < 1 && r.tps.high > 1);
    assertThat(c.rows()).allMatch(r -> !r.latencyDiffers && r.ks.d == 0);
    assertThat(c.exitCode()).isZero();
    assertThat(c.warnings()).isEmpty();
  }

  @Test
  void aClearDropIsSlowerAndGatesAClearGainIsFaster() {
    Side base = side("a.json", "hdfs", STEADY, "rename");
    Comparison slower = Comparer.compare(base, side("b.json", "hdfs", scaled(STEADY, 0.8),
        "rename"), 0.05, 0.95);
    Comparison.Row r = slower.rows().get(0);
    assertThat(r.verdict).isEqualTo(Comparison.Verdict.SLOWER);
    assertThat(r.basis).isEqualTo(Comparison.Basis.ITERATIONS);
    assertThat(r.tps.ratio).isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(r.tps.low).isLessThan(0.8);
    assertThat(r.tps.high).isGreaterThan(0.8).isLessThan(1);
    assertThat(slower.exitCode()).isEqualTo(Comparison.EXIT_WORSE).isEqualTo(3);
    Comparison faster = Comparer.compare(base, side("c.json", "hdfs", scaled(STEADY, 1.25),
        "rename"), 0.05, 0.95);
    assertThat(faster.rows().get(0).verdict).isEqualTo(Comparison.Verdict.FASTER);
    assertThat(faster.exitCode()).isZero();
  }

  @Test
  void aSignificantChangeSmallerThanTheThresholdIsNoSignificantChange() {
    Side base = side("a.json", "hdfs", STEADY, "rename");
    Comparison c = Comparer.compare(base, side("b.json", "hdfs", scaled(STEADY, 0.97),
        "rename"), 0.05, 0.95);
    Comparison.Row r = c.rows().get(0);
    assertThat(r.tps.high).isLessThan(1); // significant ...
    assertThat(r.verdict).isEqualTo(Comparison.Verdict.SAME); // ... but below 5 %
    assertThat(Comparer.compare(base, side("b.json", "hdfs", scaled(STEADY, 0.97), "rename"),
        0.02, 0.95).rows().get(0).verdict).isEqualTo(Comparison.Verdict.SLOWER);
  }

  @Test
  void aNoisyShiftIsNoSignificantChange() {
    // ±30 % noise between iterations, as this machine shows: a 10 % drop cannot be told apart.
    Random rnd = new Random(42);
    double[] b = new double[3];
    double[] c = new double[3];
    for (int i = 0; i < 3; i++) {
      b[i] = 1000 * (1 + 0.3 * (rnd.nextDouble() * 2 - 1));
      c[i] = 900 * (1 + 0.3 * (rnd.nextDouble() * 2 - 1));
    }
    Comparison cmp = Comparer.compare(side("a", "hdfs", b, "stat"), side("b", "hdfs", c, "stat"),
        0.05, 0.95);
    Comparison.Row r = cmp.rows().get(0);
    assertThat(r.tps.low).isLessThan(1);
    assertThat(r.tps.high).isGreaterThan(1);
    assertThat(r.verdict).isEqualTo(Comparison.Verdict.SAME);
    assertThat(cmp.exitCode()).isZero();
  }

  @Test
  void oneRunEachRestsOnTheWholeSecondsAndTooFewOfThemDecideNothing() {
    Side b = side("a", "hdfs", new double[] {1000}, "create_write");
    Side c = side("b", "hdfs", new double[] {700}, "create_write");
    Comparison none = Comparer.compare(b, c, 0.05, 0.95);
    assertThat(none.rows().get(0).basis).isEqualTo(Comparison.Basis.NONE);
    assertThat(none.rows().get(0).verdict).isEqualTo(Comparison.Verdict.SAME);
    assertThat(none.rows().get(0).tps.ratio).isCloseTo(0.7, org.assertj.core.data.Offset
        .offset(1e-9));
    b.rows().get(0).secondTps.set(0, seconds(1000, 20));
    c.rows().get(0).secondTps.set(0, seconds(700, 20));
    Comparison.Row r = Comparer.compare(b, c, 0.05, 0.95).rows().get(0);
    assertThat(r.basis).isEqualTo(Comparison.Basis.SECONDS);
    assertThat(r.baselineSamples).isEqualTo(10);
    assertThat(r.verdict).isEqualTo(Comparison.Verdict.SLOWER);
    assertThat(r.tps.low).isLessThan(0.7);
    assertThat(r.tps.high).isGreaterThan(0.7).isLessThan(0.95);
  }

  /** Ten whole seconds around {@code mean}, ±{@code spread}. */
  private static List<Double> seconds(double mean, double spread) {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      out.add(mean + (i % 2 == 0 ? spread : -spread) * (i % 3) / 2);
    }
    return out;
  }

  @Test
  void shiftedLatenciesDifferTheSameOnesDoNot() {
    Side b = side("a", "hdfs", STEADY, "open_read");
    Side c = side("b", "hdfs", STEADY, "open_read");
    Side.Row cr = c.rows().get(0);
    cr.latency.reset();
    for (int i = 1; i <= 1000; i++) {
      cr.latency.recordValue(2_000_000L + i * 2000L);
    }
    Comparison.Row r = Comparer.compare(b, c, 0.05, 0.95).rows().get(0);
    assertThat(r.latencyDiffers).isTrue();
    assertThat(r.ks.d).isGreaterThan(0.9);
    assertThat(r.ks.p).isLessThan(0.001);
    assertThat(r.latencyRatios[0]).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.05));
    assertThat(r.verdict).isEqualTo(Comparison.Verdict.SAME); // TPS decides the verdict
  }

  @Test
  void differentPhasesConcurrenciesOrFileCountsAreRefusedInOneLine() {
    Side a = side("a.json", "hdfs", STEADY, "create_write", "stat");
    assertThatThrownBy(() -> Comparer.compare(a, side("b.json", "hdfs", STEADY, "create_write"),
        0.05, 0.95)).isInstanceOf(InvalidInputException.class)
        .hasMessage("compare: a.json and b.json did not run the same phases and concurrencies "
            + "(only in the baseline: stat at 4 threads on hdfs; only in the candidate: "
            + "nothing); compare runs of the same work");
    Side other = side("c.json", "hdfs", STEADY, "create_write", "stat");
    other.facts.put("numberOfFiles", new java.util.LinkedHashSet<>(Arrays.asList("2000")));
    assertThatThrownBy(() -> Comparer.compare(a, other, 0.05, 0.95))
        .hasMessage("compare: a.json ran -numberOfFiles 1000 and c.json -numberOfFiles 2000; "
            + "compare runs of the same work");
  }

  @Test
  void differentTargetsAndSettingsAreNamedInWarnings() {
    Side a = side("a.json", "hdfs", STEADY, "stat");
    a.fact("hadoopVersion", "3.4.3");
    Side b = side("b.json", "jfs", STEADY, "stat");
    b.fact("hadoopVersion", "3.3.6");
    Comparison c = Comparer.compare(a, b, 0.05, 0.95);
    assertThat(c.warnings()).containsExactly("hadoopVersion differs: baseline 3.4.3, candidate "
        + "3.3.6", "targets differ: baseline hdfs (hdfs://x/); candidate jfs (jfs://x/)");
  }

  @Test
  void aClientSettingOnlyOneSideHadIsNamedToo() {
    Side a = side("a.json", "hdfs", STEADY, "stat");
    a.fact("client setting dfs.client.read.shortcircuit", "true");
    Side b = side("b.json", "hdfs", STEADY, "stat");
    assertThat(Comparer.compare(a, b, 0.05, 0.95).warnings()).containsExactly(
        "client setting dfs.client.read.shortcircuit differs: baseline true, candidate (unset)");
  }
}
