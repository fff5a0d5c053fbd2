package io.metabench.namespace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.util.Locale;

/**
 * The shape of a namespace, with no path in it, so a team can share it outside the company:
 * counts and distributions by depth, entries per directory, the largest directories' counts,
 * file sizes, blocks, replication, name lengths and classes, top-level subtrees' shares, ages
 * (docs/namespaces.md gives every field). Its JSON is the profile; this class adds the few
 * figures a summary line needs. Immutable.
 */
public final class NamespaceProfile {
  /** The profile format's version, {@code profileVersion} in the JSON. */
  public static final int VERSION = 2;
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private final ObjectNode json;
  private final long files;
  private final long directories;
  private final double meanDepth;
  private final long largestDirectory;
  private final double emptyShare;

  NamespaceProfile(ObjectNode json, long files, long directories, double meanDepth,
      long largestDirectory, double emptyShare) {
    this.json = json;
    this.files = files;
    this.directories = directories;
    this.meanDepth = meanDepth;
    this.largestDirectory = largestDirectory;
    this.emptyShare = emptyShare;
  }

  /** The profile itself (a copy). */
  public ObjectNode json() {
    return json.deepCopy();
  }

  public long files() {
    return files;
  }

  public long directories() {
    return directories;
  }

  /**
   * The one-line shape a result names its namespace by: {@code 1,234 files in 56 directories,
   * mean depth 3.2, largest directory 400 entries, 3.7 % of files empty}.
   */
  public String shape() {
    return String.format(Locale.ROOT, "%,d files in %,d directories, mean depth %.1f, largest "
        + "directory %,d entries, %s", files, directories, meanDepth, largestDirectory,
        Double.isNaN(emptyShare) ? "file sizes unknown"
        : String.format(Locale.ROOT, "%.1f %% of files empty", emptyShare * 100));
  }

  /** Writes the profile's JSON to {@code file}. */
  public void write(File file) throws IOException {
    JSON.writeValue(file, json);
  }
}
