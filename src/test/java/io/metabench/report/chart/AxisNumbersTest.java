package io.metabench.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AxisNumbersTest {
  @Test
  void thousandsAndMillionsReadAsAPersonWritesThem() {
    assertThat(AxisNumbers.compact(0.0)).isEqualTo("0");
    assertThat(AxisNumbers.compact(0.25)).isEqualTo("0.25");
    assertThat(AxisNumbers.compact(950.0)).isEqualTo("950");
    assertThat(AxisNumbers.compact(2_500.0)).isEqualTo("2.5k");
    assertThat(AxisNumbers.compact(180_000.0)).isEqualTo("180k");
    assertThat(AxisNumbers.compact(1_200_000.0)).isEqualTo("1.2M");
    assertThat(AxisNumbers.compact(-20_000.0)).isEqualTo("-20k");
    assertThat(AxisNumbers.compact(Double.NaN)).isEmpty();
  }
}
