package io.metabench.path;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.Locale;
import java.util.Properties;

/**
 * What one map's earlier phases left in the base directory: whether its files exist and under
 * which names, whether its directories exist, and the layout they were made with. Phases check
 * it before anything runs (so an impossible sequence is refused with nothing touched) and advance
 * it as they complete; the marker stores it between runs.
 *
 * <p>Immutable and thread-safe.
 */
public final class NamespaceState {
  /** Where the files of a map stand. */
  public enum Files {
    ABSENT, CREATED, RENAMED,
    /** As a mix left them: each present under either name, or absent; only cleanup follows. */
    MIXED
  }

  /** Where the directories of a map stand. */
  public enum Dirs {
    ABSENT, MADE
  }

  public static final NamespaceState EMPTY =
      new NamespaceState(Files.ABSENT, null, Dirs.ABSENT, null);

  private final Files files;
  private final Layout fileLayout;
  private final Dirs dirs;
  private final Layout dirLayout;

  public NamespaceState(Files files, Layout fileLayout, Dirs dirs, Layout dirLayout) {
    this.files = files;
    this.fileLayout = files == Files.ABSENT ? null : fileLayout;
    this.dirs = dirs;
    this.dirLayout = dirs == Dirs.ABSENT ? null : dirLayout;
  }

  public Files files() {
    return files;
  }

  public Dirs dirs() {
    return dirs;
  }

  public Layout fileLayout() {
    return fileLayout;
  }

  public Layout dirLayout() {
    return dirLayout;
  }

  public boolean isEmpty() {
    return files == Files.ABSENT && dirs == Dirs.ABSENT;
  }

  /**
   * The state after {@code op} runs with {@code layout}.
   *
   * @throws InvalidInputException when the operation cannot run from this state, naming the fix
   */
  public NamespaceState after(OpType op, Layout layout, String where) {
    return after(op, false, layout, where);
  }

  /**
   * As {@link #after(OpType, Layout, String)}; {@code mixKeepsNames}: the run's mix has only
   * operations that leave their items as they are (stat, open_read, ...), so, run on files an
   * earlier create_write made, it leaves them as a read does, for any phase to follow (a capacity
   * search's steps read one set so); any other mix leaves them as only cleanup can follow.
   */
  public NamespaceState after(OpType op, boolean mixKeepsNames, Layout layout, String where) {
    if (op == OpType.MIX && mixKeepsNames && (files == Files.CREATED || files == Files.RENAMED)) {
      return after(OpType.STAT, layout, where);
    }
    switch (op) {
      case CREATE_WRITE:
        requireNotMixed(op, where);
        if (files != Files.ABSENT) {
          throw new InvalidInputException("create_write: files from an earlier create_write are "
              + "still in " + where + "; run delete first (with " + fileLayout.asOptions()
              + "), add -cleanup to that run, or choose a new -baseDir");
        }
        return new NamespaceState(Files.CREATED, layout, dirs, dirLayout);
      case LS_R:
      case COUNT:
      case DU:
        return this; // reads whatever the subtree holds
      case MIX:
        requireNotMixed(op, where);
        if (files != Files.ABSENT) {
          requireLayout(op, fileLayout, layout, "create_write", where);
        }
        return new NamespaceState(Files.MIXED, layout, dirs, dirLayout);
      case OPEN_READ:
      case STAT:
      case EXISTS:
      case CHMOD:
      case SET_TIMES:
      case LIST:
      case APPEND:
        requireFiles(op, layout, where);
        return this;
      case RENAME:
        requireFiles(op, layout, where);
        if (files == Files.RENAMED) {
          throw new InvalidInputException("rename: the files in " + where + " were already "
              + "renamed; run delete, then create_write, before renaming again");
        }
        return new NamespaceState(Files.RENAMED, fileLayout, dirs, dirLayout);
      case DELETE:
        requireFiles(op, layout, where);
        return new NamespaceState(Files.ABSENT, null, dirs, dirLayout);
      case MKDIRS:
        if (dirs != Dirs.ABSENT) {
          throw new InvalidInputException("mkdirs: directories from an earlier mkdirs are still in "
              + where + "; run rmdir first (with " + dirLayout.asOptions() + ") or choose a new "
              + "-baseDir");
        }
        return new NamespaceState(files, fileLayout, Dirs.MADE, layout);
      case RMDIR:
        if (dirs != Dirs.MADE) {
          throw new InvalidInputException("rmdir: " + where + " has no directories made by "
              + "mkdirs; run mkdirs first (e.g. -operation mkdirs,rmdir)");
        }
        requireLayout(op, dirLayout, layout, "mkdirs", where);
        return new NamespaceState(files, fileLayout, Dirs.ABSENT, null);
      default:
        throw new AssertionError(op);
    }
  }

  /**
   * The state after all of {@code ops} in order ({@code mixKeepsNames} as for
   * {@link #after(OpType, boolean, Layout, String)}); refuses the first that cannot run.
   */
  public NamespaceState afterAll(java.util.List<OpType> ops, boolean mixKeepsNames, Layout layout,
      String where) {
    NamespaceState s = this;
    for (OpType op : ops) {
      s = s.after(op, mixKeepsNames, layout, where);
    }
    return s;
  }

  private void requireNotMixed(OpType op, String where) {
    if (files == Files.MIXED) {
      throw new InvalidInputException(op.id() + ": the files in " + where + " are as a mix left "
          + "them (some deleted, some renamed); only cleanup can follow a mix: run -cleanup with "
          + fileLayout.asOptions() + ", or choose a new -baseDir");
    }
  }

  private void requireFiles(OpType op, Layout layout, String where) {
    requireNotMixed(op, where);
    if (files == Files.ABSENT) {
      throw new InvalidInputException(op.id() + ": " + where + " has no files made by "
          + "create_write; run create_write first (e.g. -operation create_write," + op.id() + ")");
    }
    requireLayout(op, fileLayout, layout, "create_write", where);
  }

  private static void requireLayout(OpType op, Layout made, Layout given, String maker,
      String where) {
    if (!made.equals(given)) {
      throw new InvalidInputException(op.id() + ": " + maker + " made " + where + " with "
          + made.asOptions() + "; run " + op.id() + " with those same values (it was given "
          + given.asOptions() + "; each worker's items are named after it and spread by those "
          + "counts, so other values would not find them)");
    }
  }

  /** Serialises into properties for the marker directory. */
  public Properties toProperties() {
    Properties p = new Properties();
    p.setProperty("files", files.name().toLowerCase(Locale.ROOT));
    p.setProperty("dirs", dirs.name().toLowerCase(Locale.ROOT));
    putLayout(p, "files", fileLayout);
    putLayout(p, "dirs", dirLayout);
    return p;
  }

  private static void putLayout(Properties p, String prefix, Layout layout) {
    if (layout != null) {
      p.setProperty(prefix + ".threads", Integer.toString(layout.threads()));
      p.setProperty(prefix + ".items.per.worker", Long.toString(layout.itemsPerWorker()));
      p.setProperty(prefix + ".entries.per.dir", Integer.toString(layout.entriesPerDir()));
      if (layout.sharedDir()) {
        p.setProperty(prefix + ".shared.dir", "true");
      }
      if (layout.placedBy().picks()) {
        p.setProperty(prefix + ".placed.by", layout.placedBy().toString());
        p.setProperty(prefix + ".placed.seed", Long.toString(layout.placedSeed()));
      }
    }
  }

  /**
   * Reads what {@link #toProperties} wrote.
   *
   * @throws IllegalArgumentException when the properties are not a state MetaBench wrote
   */
  public static NamespaceState fromProperties(Properties p) {
    Files files = Files.valueOf(p.getProperty("files", "absent").toUpperCase(Locale.ROOT));
    Dirs dirs = Dirs.valueOf(p.getProperty("dirs", "absent").toUpperCase(Locale.ROOT));
    Layout fileLayout = layout(p, "files");
    Layout dirLayout = layout(p, "dirs");
    if (files != Files.ABSENT && fileLayout == null) {
      throw new IllegalArgumentException("files are " + p.getProperty("files")
          + " but their layout is missing");
    }
    if (dirs != Dirs.ABSENT && dirLayout == null) {
      throw new IllegalArgumentException("dirs are " + p.getProperty("dirs")
          + " but their layout is missing");
    }
    return new NamespaceState(files, fileLayout, dirs, dirLayout);
  }

  private static Layout layout(Properties p, String prefix) {
    String threads = p.getProperty(prefix + ".threads");
    if (threads == null) {
      return null;
    }
    return new Layout(Integer.parseInt(threads),
        Long.parseLong(p.getProperty(prefix + ".items.per.worker")),
        Integer.parseInt(p.getProperty(prefix + ".entries.per.dir")),
        Boolean.parseBoolean(p.getProperty(prefix + ".shared.dir", "false")),
        Popularity.parse(p.getProperty(prefix + ".placed.by", "")),
        Long.parseLong(p.getProperty(prefix + ".placed.seed", "0")));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof NamespaceState)) {
      return false;
    }
    NamespaceState s = (NamespaceState) o;
    return files == s.files && dirs == s.dirs && java.util.Objects.equals(fileLayout, s.fileLayout)
        && java.util.Objects.equals(dirLayout, s.dirLayout);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(files, dirs, fileLayout, dirLayout);
  }

  @Override
  public String toString() {
    return "files=" + files + (fileLayout == null ? "" : " (" + fileLayout + ")") + ", dirs=" + dirs
        + (dirLayout == null ? "" : " (" + dirLayout + ")");
  }
}
