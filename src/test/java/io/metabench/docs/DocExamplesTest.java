package io.metabench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.DocExamples;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which commands of a page the docs' example check runs: fenced shell blocks, indented too. */
class DocExamplesTest {
  @Test
  void aBlockInsideAListItemIsAnExampleToo() {
    String page = "# Page\n\n```sh\nscripts/meta-bench.sh -operation stat\n```\n\n"
        + "- **A mix.** Like this:\n\n  ```sh\n  scripts/meta-bench.sh -mix stat:1 \\\n"
        + "      -threads 2\n  ```\n\n  and more text.\n\n```text\nscripts/meta-bench.sh "
        + "-output-not-a-command\n```\n";
    List<DocExamples.Example> examples = DocExamples.parse("page.md", page, new File("."));
    assertThat(examples).hasSize(2);
    assertThat(examples.get(0).args).containsExactly("-operation", "stat");
    assertThat(examples.get(1).args).containsExactly("-mix", "stat:1", "-threads", "2");
    assertThat(examples.get(1).where).isEqualTo("page.md:10");
  }

  @Test
  void aScaledExampleStartsItsJvmWithTheQuickJitUnlessItChoosesOne() {
    assertThat(DocExamples.scaledEnv(Collections.emptyMap(), Arrays.asList("-operation", "stat")))
        .containsEntry("META_BENCH_JIT", ScriptRun.QUICK_JIT);
    Map<String, String> chosen = Collections.singletonMap("META_BENCH_JIT", "");
    assertThat(DocExamples.scaledEnv(chosen, Arrays.asList("all")))
        .containsEntry("META_BENCH_JIT", "").containsEntry("THREADS", "2");
  }
}
