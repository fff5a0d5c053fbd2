package io.metabench.fs;

import io.metabench.compat.HadoopLine;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What the file system under test says about itself, and what MetaBench knows of it, reported
 * next to the figures so they are read for what they are: on an object store, {@code rename} is
 * a copy and a delete of the object, not a change of one namespace entry, and a listing can lag
 * behind a create.
 *
 * <p>Immutable.
 */
public final class FsSemantics {
  /** Hadoop's common path capabilities, asked of the base directory (hasPathCapability). */
  static final List<String> CAPABILITIES = Collections.unmodifiableList(Arrays.asList(
      CommonPathCapabilities.FS_APPEND, CommonPathCapabilities.FS_PERMISSIONS,
      CommonPathCapabilities.FS_ACLS, CommonPathCapabilities.FS_XATTRS,
      CommonPathCapabilities.FS_SYMLINKS, CommonPathCapabilities.FS_CONCAT,
      CommonPathCapabilities.FS_TRUNCATE, CommonPathCapabilities.FS_SNAPSHOTS,
      CommonPathCapabilities.FS_CHECKSUMS, CommonPathCapabilities.ETAGS_AVAILABLE,
      CommonPathCapabilities.DIRECTORY_LISTING_INCONSISTENT, CommonPathCapabilities.BULK_DELETE,
      CommonPathCapabilities.VIRTUAL_BLOCK_LOCATIONS,
      CommonPathCapabilities.LEASE_RECOVERABLE));

  /**
   * Schemes whose Hadoop connector renames a file by copying and deleting the object: S3 (s3a),
   * Aliyun OSS, Google Cloud Storage, Tencent COS, Huawei OBS, Azure Blob (wasb). Azure's abfs
   * is left out: with a hierarchical namespace its rename is a metadata operation.
   */
  static final Set<String> COPYING_RENAME = Collections.unmodifiableSet(new HashSet<>(
      Arrays.asList("s3a", "s3", "s3n", "oss", "gs", "cosn", "obs", "wasb", "wasbs")));

  public static final FsSemantics UNKNOWN =
      new FsSemantics("", Collections.<String, String>emptyMap());

  private final String scheme;
  private final Map<String, String> capabilities;

  /** Semantics as recorded (say, read back from a result); capabilities "true"/"false"/"unknown". */
  public static FsSemantics recorded(String scheme, Map<String, String> capabilities) {
    return new FsSemantics(scheme, capabilities);
  }

  FsSemantics(String scheme, Map<String, String> capabilities) {
    this.scheme = scheme;
    this.capabilities = Collections.unmodifiableMap(new TreeMap<>(capabilities));
  }

  /**
   * Asks {@code fs} about {@code path}; a capability it cannot answer is "unknown", and so is
   * every one on a Hadoop line that cannot ask (before 3.2.2, see {@link HadoopLine}).
   */
  public static FsSemantics of(FileSystem fs, Path path) {
    Map<String, String> caps = new TreeMap<>();
    for (String c : CAPABILITIES) {
      String answer;
      try {
        Boolean has = HadoopLine.current().pathCapability(fs, path, c);
        answer = has == null ? "unknown" : has.toString();
      } catch (IOException | RuntimeException e) {
        answer = "unknown";
      }
      caps.put(c, answer);
    }
    return new FsSemantics(fs.getUri().getScheme().toLowerCase(Locale.ROOT), caps);
  }

  /** Each capability asked, answered "true", "false" or "unknown"; empty when not asked. */
  public Map<String, String> capabilities() {
    return capabilities;
  }

  /** Whether rename copies and deletes each object rather than changing a namespace entry. */
  public boolean renameCopies() {
    return COPYING_RENAME.contains(scheme);
  }

  /**
   * What a rename is on this file system, for reports: "copy+delete", "metadata", or "unknown"
   * when the file system was not asked (a run that never reached it).
   */
  public String renameKind() {
    return scheme.isEmpty() ? "unknown" : renameCopies() ? "copy+delete" : "metadata";
  }

  /** The file system's scheme; empty when unknown. */
  public String scheme() {
    return scheme;
  }
}
