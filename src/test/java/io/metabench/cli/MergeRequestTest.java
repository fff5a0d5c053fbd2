package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.io.File;
import org.junit.jupiter.api.Test;

/** The merge command's own arguments. */
class MergeRequestTest {
  @Test
  void readsTheFilesInOrderAndTheDirectory() {
    MergeRequest r = MergeRequest.parse(new String[] {"-outDir", "out", "b.json", "a.json"});
    assertThat(r.processes()).containsExactly(new File("b.json"), new File("a.json"));
    assertThat(r.outDir()).isEqualTo("out");
    assertThat(MergeRequest.parse(new String[] {"a.json"}).outDir()).isEmpty();
  }

  @Test
  void anUnknownOptionIsOneLineWithTheUsage() {
    assertThatThrownBy(() -> MergeRequest.parse(new String[] {"-out", "x", "a.json"}))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("merge: Unrecognized option: -out; " + MergeRequest.USAGE);
    assertThatThrownBy(() -> MergeRequest.parse(new String[] {"a.json", "-outDir"}))
        .hasMessage("merge: Missing argument for option: outDir; " + MergeRequest.USAGE);
  }
}
