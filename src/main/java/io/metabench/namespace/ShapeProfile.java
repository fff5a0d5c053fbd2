package io.metabench.namespace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.core.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * A profile a namespace is drawn from (docs/namespaces.md#a-namespace-from-a-profile), as a run
 * names it: a built-in profile by name ({@code yahoo}), a {@code profile.json} file, or the
 * profile's JSON itself (how a {@code -maps} job's configuration carries it to every map).
 * Checked on loading: it parses, is of a version a synthesis reads, and its distributions agree
 * with its counts. Its identity is the SHA-256 of its compact JSON, so the same profile gives
 * the same digest however it was named or indented.
 *
 * <p>Immutable and thread-safe; {@link #json()} returns a copy.
 */
public final class ShapeProfile {
  /** The profiles shipped in the jar, by the name a run gives. */
  public static final String[] BUILT_IN = {"yahoo", "hive"};
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The field that names a profile {@link #carried()} carries. */
  private static final String CARRIED_NAME = "metabenchProfileName";
  private static final String HINT = "give a profile.json the profile command wrote, or a "
      + "built-in profile: " + String.join(", ", BUILT_IN);

  private final String name;
  private final JsonNode json;
  private final String text;
  private final String sha256;

  private ShapeProfile(String name, JsonNode json) {
    this.name = name;
    this.json = json;
    try {
      this.text = JSON.writeValueAsString(json);
      this.sha256 = hex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The profile {@code given} names: the JSON itself when it begins with <code>{</code>, a
   * built-in profile's name, or a file.
   *
   * @throws InvalidInputException when it is none of those, does not parse, or is not a profile
   *     a synthesis reads
   */
  public static ShapeProfile load(String given) {
    String g = given.trim();
    if (g.startsWith("{")) {
      JsonNode json = parse(g, "the profile given inline");
      if (json.has(CARRIED_NAME) && json.has("profile")) {
        return checked(json.get(CARRIED_NAME).asText(), json.get("profile"));
      }
      return checked("the profile given inline", json);
    }
    File file = new File(g);
    if (!file.isFile()) {
      for (String b : BUILT_IN) {
        if (b.equals(g)) {
          return checked(b, parse(resource(b), "the built-in profile " + b));
        }
      }
      throw new InvalidInputException("-prefillProfile " + g + " is neither a file nor a "
          + "built-in profile: " + HINT);
    }
    try {
      return checked(g, parse(new String(Files.readAllBytes(file.toPath()),
          StandardCharsets.UTF_8), "-prefillProfile " + g));
    } catch (IOException e) {
      throw new InvalidInputException("-prefillProfile " + g + " cannot be read (" + e + "): "
          + HINT);
    }
  }

  private static String resource(String name) {
    try (InputStream in = ShapeProfile.class.getResourceAsStream("profiles/" + name + ".json")) {
      if (in == null) {
        throw new IllegalStateException("the built-in profile " + name + " is missing from the jar");
      }
      return JSON.writeValueAsString(JSON.readTree(in));
    } catch (IOException e) {
      throw new IllegalStateException("the built-in profile " + name + " does not parse", e);
    }
  }

  private static JsonNode parse(String text, String what) {
    try {
      return JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new InvalidInputException(what + " is not JSON (" + e.getOriginalMessage() + "): "
          + HINT);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Refuses what is not a profile of a version a synthesis reads, or disagrees with itself. */
  private static ShapeProfile checked(String name, JsonNode json) {
    String what = name.startsWith("the profile") ? name : "the profile " + name;
    if (!json.isObject() || !json.has("profileVersion") || !json.path("byDepth").isArray()) {
      throw new InvalidInputException(what + " is not a namespace profile (it has no "
          + "profileVersion or byDepth): " + HINT);
    }
    int version = json.path("profileVersion").asInt();
    if (version < 2 || version > NamespaceProfile.VERSION) {
      throw new InvalidInputException(what + " is of version " + version + ", and a synthesis "
          + "reads version 2 (" + (version < 2 ? "version 1 has no filesPerDirectory by depth"
          : "made by a newer MetaBench") + "): make it again with this MetaBench's profile command");
    }
    JsonNode rows = json.path("byDepth");
    long directories = 0;
    for (int d = 0; d < rows.size(); d++) {
      JsonNode row = rows.get(d);
      long dirs = row.path("directories").asLong();
      directories += dirs;
      for (String field : new String[] {"filesPerDirectory", "subdirectoriesPerDirectory"}) {
        long counted = 0;
        for (JsonNode pair : row.path(field).path("histogram")) {
          counted += pair.path(1).asLong();
        }
        if (dirs > 0 && counted != dirs) {
          throw new InvalidInputException(String.format(Locale.ROOT, "%s is inconsistent: at "
              + "depth %d its %s counts %,d directories, and the depth has %,d: make it again "
              + "with the profile command", what, d, field, counted, dirs));
        }
      }
    }
    if (directories != json.path("directories").asLong() - json.path("directoriesNotUnderRoot")
        .asLong()) {
      throw new InvalidInputException(String.format(Locale.ROOT, "%s is inconsistent: its "
          + "depths hold %,d directories, and it counts %,d under the root: make it again with "
          + "the profile command", what, directories, json.path("directories").asLong()
          - json.path("directoriesNotUnderRoot").asLong()));
    }
    return new ShapeProfile(name, json);
  }

  /** How the run named it: a built-in's name, a file, or {@code the profile given inline}. */
  public String name() {
    return name;
  }

  /** The profile (a copy). */
  public JsonNode json() {
    return json.deepCopy();
  }

  /** The compact JSON, which {@link #load} reads back as an equal profile. */
  public String text() {
    return text;
  }

  /**
   * The profile and its name as one JSON text, which {@link #load} reads back as this profile
   * named as it was: how a job's configuration carries it to maps that do not have its file.
   */
  public String carried() {
    return "{\"" + CARRIED_NAME + "\":" + JSON.valueToTree(name) + ",\"profile\":" + text + "}";
  }

  /** The SHA-256 of {@link #text()}, in hex: what identifies the profile in records. */
  public String sha256() {
    return sha256;
  }

  private static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      s.append(String.format(Locale.ROOT, "%02x", x));
    }
    return s.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShapeProfile && sha256.equals(((ShapeProfile) o).sha256);
  }

  @Override
  public int hashCode() {
    return sha256.hashCode();
  }

  /** {@code name (sha256 0123456789ab)}: how results name it. */
  @Override
  public String toString() {
    return name + " (sha256 " + sha256.substring(0, 12) + ")";
  }
}
