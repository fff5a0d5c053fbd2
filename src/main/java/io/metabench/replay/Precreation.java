package io.metabench.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The paths that existed in the recorded namespace before the log began, as far as the log
 * shows: those a command needs (open, rename's source, delete, listStatus, setPermission,
 * setTimes, append) before any command of the log made them. A replay creates them, unmeasured,
 * before it starts, so it is not a wall of FileNotFoundException.
 *
 * <p>The log is walked in order, following renames: after {@code rename /a → /b}, a command on
 * {@code /b/f} is about the file that was {@code /a/f}, so it is {@code /a/f} that is created
 * beforehand. A path is not precreated when it, or a directory above it, was made earlier in
 * the log (create, mkdirs, or as a rename's destination), or when an earlier command already
 * settled it. getfileinfo settles nothing: programs probe for paths that are not there.
 *
 * <p>A precreated path is a directory when listStatus needs it or when the log names anything
 * below it; otherwise a file (empty). Directories come first in {@link #dirs()}; files are created
 * with their parents.
 *
 * <p>Immutable.
 */
public final class Precreation {
  private final List<String> dirs;
  private final List<String> files;

  private Precreation(List<String> dirs, List<String> files) {
    this.dirs = Collections.unmodifiableList(dirs);
    this.files = Collections.unmodifiableList(files);
  }

  /** Nothing to create ({@code -replayPrecreate false}). */
  public static final Precreation NONE = new Precreation(Collections.<String>emptyList(),
      Collections.<String>emptyList());

  /** Works out what {@code entries} (in log order) find already there. */
  public static Precreation of(List<AuditLog.Entry> entries) {
    Set<String> made = new HashSet<>();
    Set<String> settled = new HashSet<>();
    // (destination, resolved source) of each rename so far, oldest first.
    List<String[]> renames = new ArrayList<>();
    Map<String, ReplayCommand.Kind> needed = new LinkedHashMap<>();
    NavigableSet<String> seen = new TreeSet<>();
    for (AuditLog.Entry entry : entries) {
      AuditEvent e = entry.event();
      ReplayCommand c = entry.command();
      String p = resolve(e.src(), renames);
      seen.add(p);
      if (c.existence() == ReplayCommand.Existence.MAKES) {
        made.add(p);
        settled.add(p);
      } else if (c.existence() == ReplayCommand.Existence.NEEDS) {
        if (!settled.contains(p) && !madeAtOrAbove(p, made) && !p.equals("/")) {
          needed.put(p, c.kind());
        }
        settled.add(p);
      }
      if (c == ReplayCommand.RENAME && e.dst() != null) {
        renames.add(new String[] {e.dst(), p});
        seen.add(e.dst());
      }
    }
    List<String> dirs = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (Map.Entry<String, ReplayCommand.Kind> n : needed.entrySet()) {
      String p = n.getKey();
      boolean dir = n.getValue() == ReplayCommand.Kind.DIR
          || (n.getValue() == ReplayCommand.Kind.ANY && hasBelow(p, seen));
      (dir ? dirs : files).add(p);
    }
    return new Precreation(dirs, files);
  }

  /** The path's name before the log's renames, newest rename first. */
  static String resolve(String path, List<String[]> renames) {
    for (int i = renames.size() - 1; i >= 0; i--) {
      String dst = renames.get(i)[0];
      if (path.equals(dst) || path.startsWith(dst.endsWith("/") ? dst : dst + "/")) {
        return renames.get(i)[1] + path.substring(dst.length());
      }
    }
    return path;
  }

  private static boolean madeAtOrAbove(String p, Set<String> made) {
    for (String q = p; ; q = ReplaySchedule.parent(q)) {
      if (made.contains(q)) {
        return true;
      }
      if (q.equals("/")) {
        return false;
      }
    }
  }

  private static boolean hasBelow(String p, NavigableSet<String> seen) {
    String prefix = p.endsWith("/") ? p : p + "/";
    String next = seen.ceiling(prefix);
    return next != null && next.startsWith(prefix);
  }

  /** Directories to make (with parents), as log paths. */
  public List<String> dirs() {
    return dirs;
  }

  /** Empty files to create (with parents), as log paths. */
  public List<String> files() {
    return files;
  }

  public int size() {
    return dirs.size() + files.size();
  }
}
