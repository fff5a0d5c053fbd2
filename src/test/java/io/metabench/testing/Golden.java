package io.metabench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.UnaryOperator;

/**
 * Golden-file checks: output compared with src/test/resources/golden/NAME, which
 * {@code -Dmetabench.golden.update=true} rewrites from the output instead.
 */
public final class Golden {
  private Golden() {
  }

  /** Asserts {@code actual} equals the golden file {@code name}, both after {@code normalise}. */
  public static void assertGolden(String name, String actual, UnaryOperator<String> normalise)
      throws IOException {
    Path file = Paths.get("src", "test", "resources", "golden", name);
    if (Boolean.getBoolean("metabench.golden.update")) {
      Files.createDirectories(file.getParent());
      Files.write(file, actual.getBytes(StandardCharsets.UTF_8));
      return;
    }
    String expected = Resources.text("/golden/" + name);
    assertThat(expected).as("golden file %s (generate with -Dmetabench.golden.update=true)", name)
        .isNotNull();
    assertThat(normalise.apply(actual)).as("output vs golden/%s", name)
        .isEqualTo(normalise.apply(expected));
  }
}
