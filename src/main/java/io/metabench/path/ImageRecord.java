package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The records {@code metabench image} writes into a stopped NameNode's image beside the prefill
 * it adds there (docs/namespaces.md#offline): an image's files hold no bytes, so the base
 * directory's marker is written empty and the prefill record as the empty file
 * {@code .metabench/map_<m>.prefill.image.<digest>}, its name carrying a digest of the prefill's
 * options. The first run on the NameNode that names the same prefill finds it by that digest,
 * checks the namespace as any prefill is checked, and writes the records in full through the
 * file system ({@link #complete}); a run naming another prefill is refused. Stateless.
 */
public final class ImageRecord {
  private static final String INFIX = ".prefill.image.";

  private ImageRecord() {
  }

  /** The empty files the image gets for map {@code mapIndex}'s prefill of {@code options}. */
  public static List<Path> files(Path baseDir, int mapIndex, String options) {
    return Arrays.asList(BaseDirMarker.markerFile(baseDir), record(baseDir, mapIndex, options));
  }

  private static Path record(Path baseDir, int mapIndex, String options) {
    return new Path(BaseDirMarker.markerDir(baseDir), "map_" + mapIndex + INFIX
        + digest(options));
  }

  /** The first 16 hex digits of the SHA-256 of {@code options}. */
  static String digest(String options) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256")
          .digest(options.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        hex.append(String.format("%02x", d[i]));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Whether map {@code mapIndex}'s prefill in {@code baseDir} was written into the NameNode's
   * image and not recorded yet.
   *
   * @throws InvalidInputException when it was, with other options than {@code options}
   */
  public static boolean pending(FileSystem fs, Path baseDir, int mapIndex, String options)
      throws IOException {
    FileStatus[] in;
    try {
      in = fs.listStatus(BaseDirMarker.markerDir(baseDir));
    } catch (FileNotFoundException e) {
      return false;
    }
    String prefix = "map_" + mapIndex + INFIX;
    for (FileStatus f : in) {
      String name = f.getPath().getName();
      if (name.startsWith(prefix)) {
        if (!name.equals(record(baseDir, mapIndex, options).getName())) {
          throw new InvalidInputException("the prefill in " + baseDir + " was written into the "
              + "NameNode's image by metabench image with other options than " + options
              + ": give the options it was given (it printed them)");
        }
        return true;
      }
    }
    return false;
  }

  /**
   * Completes the records of a prefill found {@link #pending}, once it was checked: the marker
   * in full (MetaBench made the base directory), then the empty record removed. The prefill's
   * own record is the caller's to write first.
   */
  public static void complete(FileSystem fs, Path baseDir, int mapIndex, String options,
      String toolVersion) throws IOException {
    BaseDirMarker.writeMarker(fs, baseDir, toolVersion, true, true);
    fs.delete(record(baseDir, mapIndex, options), false);
  }
}
