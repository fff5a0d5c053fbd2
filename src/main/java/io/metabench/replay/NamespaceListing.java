package io.metabench.replay;

import io.metabench.core.InvalidInputException;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.Reader;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A listing of the recorded namespace, as Hadoop's own tools print it, read to learn which paths
 * a log touches existed before it began and whether each was a file or a directory:
 * <ul>
 *   <li>{@code hdfs oiv -p Delimited -i fsimage -o listing.tsv}: tab-separated, a header line
 *       ({@code Path Replication ModificationTime ... Permission UserName GroupName}), the path
 *       first and the permission (a leading {@code d} for a directory) in the 10th column;</li>
 *   <li>{@code hdfs dfs -ls -R /}: {@code drwxr-xr-x - user group 0 2026-11-22 08:45 /path},
 *       the path after the time (it may hold spaces; a full URI is cut to its path).</li>
 * </ul>
 * A real image lists hundreds of millions of paths: the file is streamed and only the paths
 * asked for are kept ({@link #keeping}), with how many were read and kept. A {@code .gz} file is
 * decompressed.
 *
 * <p>Immutable; the kept map is read-only after {@link #keeping}.
 */
public final class NamespaceListing {
  /** What a listed path is. */
  public enum Kind {
    FILE, DIR
  }

  private static final Pattern LS = Pattern.compile(
      "^([-dl])[-rwxsStT]{9}[+.@t]?\\s+\\S+\\s+\\S+\\s+\\S+\\s+(\\d+)\\s+"
      + "\\d{4}-\\d{2}-\\d{2}\\s+\\d{2}:\\d{2}\\s+(.+)$");

  private final File file;
  private final Map<String, Kind> kept;
  private final long read;

  private NamespaceListing(File file, Map<String, Kind> kept, long read) {
    this.file = file;
    this.kept = kept;
    this.read = read;
  }

  /**
   * A listing in {@code file}, not yet read.
   *
   * @throws InvalidInputException when the file cannot be read
   */
  public static NamespaceListing in(File file) {
    if (!file.isFile() || !file.canRead()) {
      throw new InvalidInputException("-replayNamespace " + file + " is not a readable file: "
          + "give the output of `hdfs oiv -p Delimited` or `hdfs dfs -ls -R`");
    }
    return new NamespaceListing(file, null, 0);
  }

  /**
   * Streams the listing and keeps the paths in {@code wanted} (log paths, from /).
   *
   * @throws InvalidInputException when no line of it is a listing line
   */
  public NamespaceListing keeping(Set<String> wanted) throws IOException {
    Map<String, Kind> keep = new HashMap<>();
    long lines = 0;
    long listed = 0;
    try (Reader r = AuditLog.reader(new FileInputStream(file), file.getName());
        BufferedReader in = new BufferedReader(r, 1 << 16)) {
      for (String line; (line = in.readLine()) != null;) {
        lines++;
        String[] entry = parse(line);
        if (entry == null) {
          continue;
        }
        listed++;
        if (wanted.contains(entry[0])) {
          keep.put(entry[0], entry[1].equals("d") ? Kind.DIR : Kind.FILE);
        }
      }
    }
    if (listed == 0 && lines > 0) {
      throw new InvalidInputException("-replayNamespace " + file + " holds no listing lines: "
          + "give the output of `hdfs oiv -p Delimited` or `hdfs dfs -ls -R`");
    }
    return new NamespaceListing(file, keep, listed);
  }

  /** {path, "d" or "-"} of a listing line; null for a header, blank or other line. */
  static String[] parse(String line) {
    int tab = line.indexOf('\t');
    if (tab > 0 && line.charAt(0) == '/') {
      String[] cols = line.split("\t", -1);
      if (cols.length < 10 || cols[9].isEmpty()) {
        return null;
      }
      return new String[] {trim(cols[0]), cols[9].charAt(0) == 'd' ? "d" : "-"};
    }
    Matcher m = LS.matcher(line);
    if (!m.matches()) {
      return null;
    }
    String path = m.group(3);
    int scheme = path.indexOf("://");
    if (scheme > 0) {
      int slash = path.indexOf('/', scheme + 3);
      path = slash < 0 ? "/" : path.substring(slash);
    }
    return path.startsWith("/") ? new String[] {trim(path), m.group(1)} : null;
  }

  private static String trim(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1)
        : path;
  }

  /** The kind of a kept path, or null when the listing does not have it. */
  public Kind kindOf(String path) {
    return kept.get(path.isEmpty() ? "/" : path);
  }

  /** Listing lines read. */
  public long read() {
    return read;
  }

  /** Paths kept: those the log touches. */
  public int kept() {
    return kept.size();
  }

  public File file() {
    return file;
  }
}
