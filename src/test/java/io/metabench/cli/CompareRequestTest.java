package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import org.junit.jupiter.api.Test;

class CompareRequestTest {
  @Test
  void defaultsAreFivePercentAndNinetyFivePercent() {
    CompareRequest r = CompareRequest.parse(new String[] {"a.json", "b.json", "c"});
    assertThat(r.threshold()).isEqualTo(0.05);
    assertThat(r.confidence()).isEqualTo(0.95);
    assertThat(r.baseline().getPath()).isEqualTo("a.json");
    assertThat(r.candidates()).extracting(java.io.File::getPath).containsExactly("b.json", "c");
    assertThat(r.outDir()).isEmpty();
  }

  @Test
  void percentagesTakeASignANumberOrAFraction() {
    assertThat(CompareRequest.parse(new String[] {"-threshold", "2%", "a", "b"}).threshold())
        .isEqualTo(0.02);
    assertThat(CompareRequest.parse(new String[] {"-threshold", "10", "a", "b"}).threshold())
        .isEqualTo(0.10);
    assertThat(CompareRequest.parse(new String[] {"-confidence", "0.99", "a", "b"})
        .confidence()).isEqualTo(0.99);
    assertThat(CompareRequest.parse(new String[] {"-confidence", "90%", "-outDir", "d", "a",
        "b"}).outDir()).isEqualTo("d");
  }

  @Test
  void badInputIsOneLineNamingTheFix() {
    assertThatThrownBy(() -> CompareRequest.parse(new String[] {"a.json"}))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("compare: only a baseline given; usage: compare ");
    assertThatThrownBy(() -> CompareRequest.parse(new String[] {"-threshold", "lots", "a", "b"}))
        .hasMessage("compare: -threshold 'lots' is not a percentage from 0% to 100% (e.g. "
            + "-threshold 5%)");
    assertThatThrownBy(() -> CompareRequest.parse(new String[] {"-confidence", "30%", "a", "b"}))
        .hasMessage("compare: -confidence '30%' is not a percentage from 50% to 99.99% (e.g. "
            + "-confidence 95%)");
    assertThatThrownBy(() -> CompareRequest.parse(new String[] {"-bogus", "a", "b"}))
        .hasMessageStartingWith("compare: Unrecognized option: -bogus; usage: compare ");
  }
}
