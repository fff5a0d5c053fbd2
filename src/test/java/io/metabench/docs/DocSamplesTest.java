package io.metabench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.DocSamples;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the docs' sample check compares: kinds of lines, numbers and operations masked. */
class DocSamplesTest {
  private static final List<String> PRINTED = Arrays.asList(
      "  store calls, create_write: 2.00 NameNode RPCs/op (Complete 1.00, Create 1.00)",
      "  store calls, rename: 1.00 NameNode RPCs/op (Rename 1.00)",
      "  client warm-up before each phase, on scratch names removed after it, in no figure: "
          + "create_write 1.1 s 100 calls, delete 0.5 s 10 calls");

  private static DocSamples.Result check(String sample) {
    return DocSamples.check(DocSamples.parse("doc.md", "```\n" + sample + "\n```\n"), PRINTED);
  }

  @Test
  void aSampleOfTodaysWordingPassesWhateverItsNumbersAndOperations() {
    DocSamples.Result r = check("  store calls, delete: 1.00 NameNode RPCs/op (Delete 1.00)\n"
        + "  client warm-up before each phase, on scratch names removed after it, in no figure: "
        + "mkdirs 9.9 s 9 calls, ...");
    assertThat(r.drifted).isEmpty();
    assertThat(r.checked).isEqualTo(2);
  }

  @Test
  void aSampleOfYesterdaysWordingIsCaught() {
    DocSamples.Result r = check("  store calls, create_write: 1.00 calls/op (op_create 1.00)");
    assertThat(r.drifted).hasSize(1);
    assertThat(r.drifted.get(0)).contains("doc.md: store calls, create_write: 1.00 calls/op");
  }

  @Test
  void aKindTheRunsDidNotPrintIsListedNotChecked() {
    DocSamples.Result r = check("  NameNode, rename: client mean 0.299 ms = NameNode queue 0.034");
    assertThat(r.checked).isZero();
    assertThat(r.unchecked).hasSize(1);
    assertThat(r.drifted).isEmpty();
  }

  @Test
  void theCompareSampleIsTheGoldenFileTheProgramsOutputIsCheckedAgainst() throws Exception {
    String doc = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("docs",
        "compare.md")), java.nio.charset.StandardCharsets.UTF_8);
    int from = doc.indexOf("```text\n", doc.indexOf("The table it prints")) + "```text\n".length();
    String block = doc.substring(from, doc.indexOf("```", from));
    assertThat(block).isEqualTo(new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths
        .get("src", "test", "resources", "golden", "compare.txt")),
        java.nio.charset.StandardCharsets.UTF_8));
  }
}
