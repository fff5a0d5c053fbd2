package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The name classes a profile keeps instead of names, first match winning. */
class NameClassTest {
  @Test
  void productionNamesFallIntoTheirClasses() {
    assertThat(NameClass.of("part-00000")).isEqualTo(NameClass.PART);
    assertThat(NameClass.of("part-r-00017")).isEqualTo(NameClass.PART);
    assertThat(NameClass.of("part-00003-1b2c.snappy.parquet")).isEqualTo(NameClass.PART);
    assertThat(NameClass.of("dt=2024-01-01")).isEqualTo(NameClass.KEY_VALUE);
    assertThat(NameClass.of("_SUCCESS")).isEqualTo(NameClass.HIDDEN);
    assertThat(NameClass.of(".staging")).isEqualTo(NameClass.HIDDEN);
    assertThat(NameClass.of("20240101")).isEqualTo(NameClass.NUMERIC);
    assertThat(NameClass.of("events.csv")).isEqualTo(NameClass.WITH_EXTENSION);
    assertThat(NameClass.of("README")).isEqualTo(NameClass.OTHER);
    assertThat(NameClass.of("partition")).isEqualTo(NameClass.OTHER);
    assertThat(NameClass.of("=x")).isEqualTo(NameClass.OTHER);
  }
}
