package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Properties;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The marker that makes a base directory MetaBench's: {@code <baseDir>/.metabench/MARKER}, written
 * when MetaBench first uses a directory that is absent or empty, plus one namespace-state file per
 * map and, for a map that prefilled, its prefill record ({@link #readPrefill}). MetaBench works,
 * and deletes, only in a directory that carries the marker; a directory that
 * holds other content and no marker is refused before anything is touched.
 *
 * <p>Stateless; every method goes to the file system.
 */
public final class BaseDirMarker {
  public static final String MARKER_DIR = ".metabench";
  public static final String MARKER_FILE = "MARKER";
  private static final String CREATED_BASE_DIR = "created.base.dir";
  /** How long a claim waits for another process to finish marking a directory. */
  private static final long CLAIM_WAIT_MILLIS = 5_000;
  private static final String MARKER_COMMENT =
      "MetaBench: do not edit; remove only together with this base directory";

  /**
   * Where map {@code mapIndex}'s client warm-up works before each phase (engine.ClientWarmup):
   * {@code <baseDir>/.metabench/client-warmup-map_<m>}, made and removed by the warm-up.
   */
  public static Path clientWarmupDir(Path baseDir, int mapIndex) {
    return new Path(new Path(baseDir, MARKER_DIR), "client-warmup-map_" + mapIndex);
  }

  /** What a base directory is, as far as MetaBench is concerned. */
  public enum Ownership {
    /** Does not exist: MetaBench will create it and own it. */
    ABSENT,
    /** An empty directory: MetaBench will mark it and own it. */
    EMPTY,
    /** Carries the marker. */
    OWNED,
    /**
     * Holds only MetaBench's marker directory, without its marker file: another process is
     * claiming it at this moment (processes started together with {@code -mapIndex}), or a claim
     * was cut short. Usable: MetaBench will mark it, as it marks an empty directory.
     */
    BEING_CLAIMED,
    /** Holds other content and no marker: refused. */
    FOREIGN,
    /** A file, not a directory: refused. */
    NOT_A_DIRECTORY
  }

  private BaseDirMarker() {
  }

  /** Refuses a root directory ({@code /}, {@code s3a://bucket/}) as a base directory. */
  public static void requireNotRoot(Path baseDir) {
    if (baseDir.isRoot() || baseDir.toUri().getPath().isEmpty()) {
      throw new InvalidInputException("-baseDir " + baseDir + " is the root of its file system; "
          + "MetaBench works only in a directory of its own: give a subdirectory such as "
          + new Path(baseDir, "benchmarks/MetaBench"));
    }
  }

  public static Path markerDir(Path baseDir) {
    return new Path(baseDir, MARKER_DIR);
  }

  static Path markerFile(Path baseDir) {
    return new Path(markerDir(baseDir), MARKER_FILE);
  }

  private static Path stateFile(Path baseDir, int mapIndex) {
    return new Path(markerDir(baseDir), "map_" + mapIndex + ".state");
  }

  /** Looks at the base directory without changing anything. */
  public static Ownership inspect(FileSystem fs, Path baseDir) throws IOException {
    FileStatus status;
    try {
      status = fs.getFileStatus(baseDir);
    } catch (FileNotFoundException e) {
      return Ownership.ABSENT;
    }
    if (!status.isDirectory()) {
      return Ownership.NOT_A_DIRECTORY;
    }
    if (fs.exists(markerFile(baseDir))) {
      return Ownership.OWNED;
    }
    RemoteIterator<FileStatus> children = fs.listStatusIterator(baseDir);
    if (!children.hasNext()) {
      return Ownership.EMPTY;
    }
    FileStatus first = children.next();
    return !children.hasNext() && first.isDirectory()
        && first.getPath().getName().equals(MARKER_DIR) ? Ownership.BEING_CLAIMED
        : Ownership.FOREIGN;
  }

  /**
   * Makes sure the base directory is MetaBench's, marking it if it is absent or empty.
   *
   * @throws InvalidInputException when the directory is a file or holds foreign content
   */
  public static void claim(FileSystem fs, Path baseDir, String toolVersion) throws IOException {
    claim(fs, baseDir, toolVersion, CLAIM_WAIT_MILLIS);
  }

  /** As {@link #claim(FileSystem, Path, String)}, waiting {@code waitMillis} for another. */
  static void claim(FileSystem fs, Path baseDir, String toolVersion, long waitMillis)
      throws IOException {
    Ownership ownership = inspect(fs, baseDir);
    requireUsable(ownership, baseDir);
    if (ownership == Ownership.OWNED || ownership == Ownership.BEING_CLAIMED
        && markedWithin(fs, baseDir, waitMillis)) {
      return;
    }
    if (!fs.mkdirs(markerDir(baseDir))) {
      throw new IOException("could not create " + markerDir(baseDir));
    }
    // A directory found being claimed may have been created by the other process: not knowing,
    // MetaBench records that it did not create it, so it never removes it.
    try {
      writeMarker(fs, baseDir, toolVersion, ownership == Ownership.ABSENT, false);
    } catch (IOException e) {
      // Another process started at the same moment wrote it first: the directory is marked.
      if (!fs.exists(markerFile(baseDir))) {
        throw e;
      }
    }
  }

  /**
   * Writes the marker: made by MetaBench {@code toolVersion}, which created the base directory
   * or not ({@code createdBaseDir}); over one there only when {@code overwrite}.
   */
  static void writeMarker(FileSystem fs, Path baseDir, String toolVersion,
      boolean createdBaseDir, boolean overwrite) throws IOException {
    Properties p = new Properties();
    p.setProperty("created.by", "MetaBench " + toolVersion);
    p.setProperty(CREATED_BASE_DIR, Boolean.toString(createdBaseDir));
    try (OutputStream out = fs.create(markerFile(baseDir), overwrite)) {
      p.store(out, MARKER_COMMENT);
    }
  }

  /** Whether the marker file appears within {@code millis} (polled every 100 ms). */
  private static boolean markedWithin(FileSystem fs, Path baseDir, long millis)
      throws IOException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    while (!fs.exists(markerFile(baseDir))) {
      if (System.nanoTime() - deadline >= 0) {
        return false;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while " + baseDir + " was being "
            + "marked by another process");
      }
    }
    return true;
  }

  /**
   * Refuses a base directory MetaBench may not use: a file, or a directory with other content and
   * no marker.
   */
  public static void requireUsable(Ownership ownership, Path baseDir) {
    if (ownership == Ownership.NOT_A_DIRECTORY) {
      throw new InvalidInputException("-baseDir " + baseDir + " is a file; give a directory "
          + "that is new, empty, or was made by MetaBench");
    }
    if (ownership == Ownership.FOREIGN) {
      throw new InvalidInputException("-baseDir " + baseDir + " holds other content and no "
          + "MetaBench marker (" + MARKER_DIR + "/" + MARKER_FILE + "); MetaBench works and "
          + "deletes only in a directory of its own: give a new or empty directory");
    }
  }

  /** The namespace state of map {@code mapIndex}; {@link NamespaceState#EMPTY} when none. */
  public static NamespaceState readState(FileSystem fs, Path baseDir, int mapIndex)
      throws IOException {
    Path file = stateFile(baseDir, mapIndex);
    Properties p = new Properties();
    try (InputStream in = fs.open(file)) {
      p.load(in);
    } catch (FileNotFoundException e) {
      return NamespaceState.EMPTY;
    }
    try {
      return NamespaceState.fromProperties(p);
    } catch (RuntimeException e) {
      throw new InvalidInputException("the MetaBench state file " + file + " is damaged ("
          + e.getMessage() + "); remove the base directory's MetaBench content by hand or use "
          + "a new -baseDir");
    }
  }

  /** Records the namespace state of map {@code mapIndex}. */
  public static void writeState(FileSystem fs, Path baseDir, int mapIndex, NamespaceState state)
      throws IOException {
    write(fs, stateFile(baseDir, mapIndex), state.toProperties());
  }

  /** The two checkpoint slots of map {@code mapIndex}'s prefill record. */
  private static Path prefillFile(Path baseDir, int mapIndex, long slot) {
    return new Path(markerDir(baseDir), "map_" + mapIndex + ".prefill." + slot);
  }

  /**
   * Map {@code mapIndex}'s prefill record, or null when it has none. Of the two slots
   * {@link #writePrefill} alternates between, the whole one with the higher sequence number wins,
   * so a checkpoint cut short by a crash leaves the one before it in force.
   *
   * @throws InvalidInputException when a record exists but neither slot is whole
   */
  public static PrefillState readPrefill(FileSystem fs, Path baseDir, int mapIndex)
      throws IOException {
    PrefillState best = null;
    String damage = null;
    for (int slot = 0; slot < 2; slot++) {
      Path file = prefillFile(baseDir, mapIndex, slot);
      Properties p = new Properties();
      try (InputStream in = fs.open(file)) {
        p.load(in);
      } catch (FileNotFoundException e) {
        continue;
      }
      if (p.isEmpty()) {
        // Nothing in it: a writer that died before its first byte (the shape is recorded before
        // any file is made, so no file can depend on it), or a file system that stores nothing.
        continue;
      }
      try {
        PrefillState s = PrefillState.fromProperties(p);
        if (best == null || s.seq() > best.seq()) {
          best = s;
        }
      } catch (RuntimeException e) {
        damage = file + " is damaged (" + e.getMessage() + ")";
      }
    }
    if (best == null && damage != null) {
      throw new InvalidInputException("the MetaBench prefill record " + damage + "; remove "
          + "the base directory's MetaBench content by hand or use a new -baseDir");
    }
    return best;
  }

  /**
   * Records map {@code mapIndex}'s prefill: into the slot {@code seq mod 2}, which is first
   * removed (non-recursively; a writer that died may still hold it open) and then written with
   * {@code overwrite=false}. The other slot keeps the previous checkpoint until this one is
   * whole, which is what makes a checkpoint atomic without an overwriting rename.
   */
  public static void writePrefill(FileSystem fs, Path baseDir, int mapIndex, PrefillState state)
      throws IOException {
    Path file = prefillFile(baseDir, mapIndex, state.seq() % 2);
    fs.delete(file, false);
    try (OutputStream out = fs.create(file, false)) {
      state.toProperties().store(out, "MetaBench prefill: do not edit; remove only with -cleanup");
    }
  }

  /** Where map {@code mapIndex}'s prefill keeps the profile its namespace was drawn from. */
  private static Path prefillProfileFile(Path baseDir, int mapIndex) {
    return new Path(markerDir(baseDir), "map_" + mapIndex + ".prefill.profile.json");
  }

  /**
   * Keeps the profile map {@code mapIndex}'s namespace is drawn from ({@code text}, its JSON)
   * beside its record, before the record: what resumes and cleans it up draws it again from this
   * copy, whatever became of the file the run was given.
   */
  public static void writePrefillProfile(FileSystem fs, Path baseDir, int mapIndex, String text)
      throws IOException {
    try (OutputStream out = fs.create(prefillProfileFile(baseDir, mapIndex), true)) {
      out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** The profile {@link #writePrefillProfile} kept for map {@code mapIndex}, or null when none. */
  public static String readPrefillProfile(FileSystem fs, Path baseDir, int mapIndex)
      throws IOException {
    try (InputStream in = fs.open(prefillProfileFile(baseDir, mapIndex))) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      org.apache.hadoop.io.IOUtils.copyBytes(in, out, 1 << 16, false);
      return new String(out.toByteArray(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /** Removes map {@code mapIndex}'s prefill record, once cleanup has removed its tree. */
  public static void deletePrefill(FileSystem fs, Path baseDir, int mapIndex) throws IOException {
    for (int slot = 0; slot < 2; slot++) {
      fs.delete(prefillFile(baseDir, mapIndex, slot), false);
    }
    fs.delete(prefillProfileFile(baseDir, mapIndex), false);
  }

  /**
   * Removes map {@code mapIndex}'s state and, when no other map's state is left, the marker; the
   * base directory itself goes too when MetaBench created it and it is now empty. Called by
   * cleanup once the map's items are gone.
   */
  public static void release(FileSystem fs, Path baseDir, int mapIndex) throws IOException {
    fs.delete(stateFile(baseDir, mapIndex), false);
    releaseIfUnused(fs, baseDir);
  }

  /**
   * Removes the marker when no map's state (nor anything else) is left beside it, and the base
   * directory when MetaBench created it and it is then empty.
   */
  public static void releaseIfUnused(FileSystem fs, Path baseDir) throws IOException {
    Path markerDir = markerDir(baseDir);
    FileStatus[] left = fs.listStatus(markerDir);
    if (left.length != 1 || !left[0].getPath().getName().equals(MARKER_FILE)) {
      return;
    }
    boolean createdBaseDir = Boolean.parseBoolean(read(fs, markerFile(baseDir))
        .getProperty(CREATED_BASE_DIR, "false"));
    if (fs.listStatus(baseDir).length != 1) {
      return;
    }
    fs.delete(markerFile(baseDir), false);
    fs.delete(markerDir, false);
    if (createdBaseDir) {
      fs.delete(baseDir, false);
    }
  }

  private static Properties read(FileSystem fs, Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = fs.open(file)) {
      p.load(in);
    }
    return p;
  }

  private static void write(FileSystem fs, Path file, Properties p) throws IOException {
    try (OutputStream out = fs.create(file, true)) {
      p.store(out, MARKER_COMMENT);
    }
  }
}
