package io.metabench.stats.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.metabench.report.StudyTextFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class UslFitTest {
  private static final List<Integer> SWEEP = Arrays.asList(1, 2, 4, 8, 16, 32, 64);

  /** The rates of the sweep under λ, σ, κ, each times {@code noise[i]}. */
  private static List<Double> rates(double lambda, double sigma, double kappa, double... noise) {
    List<Double> r = new ArrayList<>();
    for (int i = 0; i < SWEEP.size(); i++) {
      double n = SWEEP.get(i);
      r.add(lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1))
          * (noise.length > i ? noise[i] : 1));
    }
    return r;
  }

  @Test
  void aCurveOfTheModelGivesBackItsParametersAndCeiling() {
    UslFit f = UslFit.of(SWEEP, rates(1000, 0.05, 0.001));
    assertThat(f.lambda()).isCloseTo(1000, within(0.01));
    assertThat(f.sigma()).isCloseTo(0.05, within(1e-6));
    assertThat(f.kappa()).isCloseTo(0.001, within(1e-8));
    assertThat(f.rSquared()).isCloseTo(1, within(1e-9));
    // N* = √(0.95 ÷ 0.001) = 30.8 workers; the ceiling is the model's rate there.
    assertThat(f.peakThreads()).isCloseTo(30.82, within(0.01));
    assertThat(f.ceiling()).isCloseTo(f.rateAt(30.82), within(0.5));
    assertThat(f.describe()).startsWith("USL projection (projected, not measured; 7 levels, R² "
        + "1.000): ceiling ").contains(" ops/s at 31 threads (σ 0.0500, κ 0.001000, λ 1,000 ");
  }

  @Test
  void aNoisyCurveStillFitsNearItsParameters() {
    UslFit f = UslFit.of(SWEEP, rates(500, 0.1, 0.0005, 1.02, 0.98, 1.01, 0.99, 1.02, 0.98,
        1.01));
    assertThat(f.sigma()).isCloseTo(0.1, within(0.02));
    assertThat(f.peakThreads()).isBetween(35.0, 50.0);
  }

  @Test
  void noFitFromFewerThanSixLevelsOrAGainBetterThanLinear() {
    assertThat(UslFit.of(SWEEP.subList(0, 5), rates(1000, 0.05, 0.001).subList(0, 5))).isNull();
    List<Double> superLinear = new ArrayList<>();
    for (int n : SWEEP) {
      superLinear.add(100.0 * n * n);
    }
    assertThat(UslFit.of(SWEEP, superLinear)).isNull();
    // Without coherency cost the rate approaches λ ÷ σ.
    UslFit amdahl = UslFit.of(SWEEP, rates(1000, 0.1, 0));
    assertThat(amdahl.ceiling()).isCloseTo(10_000, within(1.0));
    assertThat(amdahl.describe()).contains("as threads grow");
  }

  @Test
  void aStudyWithSixLevelsPrintsTheProjectionAndFlagsAMeasuredRateAboveIt() throws Exception {
    StudySummary.Builder b = new StudySummary.Builder();
    List<Double> r = rates(1000, 0.05, 0.001);
    for (int i = 0; i < SWEEP.size(); i++) {
      Histogram h = new Histogram(3);
      h.recordValue(1_000_000);
      b.add("a", "hdfs://nn:8020", "stat", SWEEP.get(i), r.get(i), 100, 0, h, true);
    }
    StringBuilder text = new StringBuilder();
    new StudyTextFormat().writeTables(b.build(), text);
    assertThat(text.toString()).contains("  stat on a: USL projection (projected, not measured; "
        + "7 levels").doesNotContain("above it");

    // The level at 32 threads 20 % above the model: the fit's ceiling (10,235 ops/s at 27
    // threads) falls under that measured rate, which is said, not hidden.
    StudySummary.Builder odd = new StudySummary.Builder();
    for (int i = 0; i < SWEEP.size(); i++) {
      Histogram h = new Histogram(3);
      h.recordValue(1_000_000);
      odd.add("a", "hdfs://nn:8020", "stat", SWEEP.get(i), r.get(i) * (i == 5 ? 1.2 : 1), 100,
          0, h, true);
    }
    StudySummary s = odd.build();
    assertThat(s.projection("a", "stat").ceiling()).isCloseTo(10_235, within(5.0));
    StringBuilder t = new StringBuilder();
    new StudyTextFormat().writeTables(s, t);
    assertThat(t.toString()).contains("; measured 10,841 ops/s at 32 threads, above it: the "
        + "model does not describe this curve");
  }
}
