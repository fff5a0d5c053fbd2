package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;

/** The check that a built-in profile shipped in the jar is the reference a test draws. */
final class ShippedProfile {
  private ShippedProfile() {
  }

  /**
   * Asserts the built-in profile {@code name} is {@code reference}, its {@code source} aside
   * (which must say {@code reference}). With {@code -Dmetabench.write<Name>=<file>} (for {@code
   * yahoo}, {@code metabench.writeYahoo}) the reference is first written there, its source
   * described by {@code description}: how the shipped file is made again.
   */
  static void check(String name, JsonNode reference, String description) throws IOException {
    ObjectNode expected = reference.deepCopy();
    String out = System.getProperty("metabench.write" + Character.toUpperCase(name.charAt(0))
        + name.substring(1));
    if (out != null) {
      expected.putObject("source").put("kind", "reference").put("description", description);
      new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(new File(out), expected);
    }
    ObjectNode builtIn = (ObjectNode) ShapeProfile.load(name).json();
    assertThat(builtIn.path("source").path("kind").asText()).isEqualTo("reference");
    builtIn.remove("source");
    expected.remove("source");
    // As text: a built profile holds longs where one read back holds ints.
    ObjectMapper json = new ObjectMapper();
    assertThat(json.writeValueAsString(builtIn)).isEqualTo(json.writeValueAsString(expected));
  }
}
