package io.metabench.path;

import org.apache.hadoop.fs.Path;

/**
 * Where everything MetaBench makes lives under the base directory. Per-map and per-worker
 * sequence-numbered names, never host names, so several processes on one host never collide:
 *
 * <pre>
 *   &lt;baseDir&gt;/.metabench/          marker and per-map namespace state
 *   &lt;baseDir&gt;/data/map_&lt;m&gt;/thread_&lt;t&gt;/[d_&lt;x&gt;/...]file_&lt;i&gt;
 *       files (renamed: file_&lt;i&gt;_r)
 *   &lt;baseDir&gt;/dirs/map_&lt;m&gt;/thread_&lt;t&gt;/[d_&lt;x&gt;/...]dir_&lt;i&gt;    directories of mkdirs/rmdir
 *   &lt;baseDir&gt;/data/map_&lt;m&gt;/shared/[d_&lt;x&gt;/...]file_&lt;i x threads + t&gt;   -sharedDir
 *   &lt;baseDir&gt;/prefill/map_&lt;m&gt;/d_&lt;x1&gt;/.../d_&lt;xd&gt;/file_&lt;i&gt;
 *       the prefill tree ({@link PrefillTree})
 * </pre>
 *
 * <p>With {@code -sharedDir} (mdtest's "hard" mode) the workers of a map share one tree, their
 * items interleaved so that they all work in the same directory at the same time.
 *
 * <p>Every path below the base directory is scheme-less (a path on the file system of the client
 * that uses it): each worker's client belongs to the target already, and parsing the authority
 * for every item would be most of MetaBench's own cost per operation.
 *
 * <p>Immutable and thread-safe; {@link #forWorker} hands each worker its own caching view.
 */
public final class PathSchema {
  public static final String DATA_DIR = "data";
  public static final String DIRS_DIR = "dirs";
  public static final String PREFILL_DIR = "prefill";
  public static final String RENAMED_SUFFIX = "_r";

  private final Path baseDir;
  private final Path root;
  private final int mapIndex;
  public static final String SHARED_DIR = "shared";

  private final FanOut fanOut;
  /** Workers sharing one tree; 0 when each has its own. */
  private final int sharing;

  public PathSchema(Path baseDir, int mapIndex, long itemsPerWorker, int entriesPerDir) {
    this(baseDir, mapIndex, new FanOut(itemsPerWorker, entriesPerDir), 0);
  }

  private PathSchema(Path baseDir, int mapIndex, FanOut fanOut, int sharing) {
    this.baseDir = baseDir;
    this.root = Path.getPathWithoutSchemeAndAuthority(baseDir);
    this.mapIndex = mapIndex;
    this.fanOut = fanOut;
    this.sharing = sharing;
  }

  /** The paths of map {@code mapIndex}'s items made with {@code layout}. */
  public static PathSchema of(Path baseDir, int mapIndex, Layout layout) {
    return layout.sharedDir()
        ? new PathSchema(baseDir, mapIndex,
            new FanOut(layout.itemsPerWorker() * layout.threads(), layout.entriesPerDir()),
            layout.threads())
        : new PathSchema(baseDir, mapIndex, layout.itemsPerWorker(), layout.entriesPerDir());
  }

  /** Whether the workers share one tree. */
  public boolean shared() {
    return sharing > 0;
  }

  public Path baseDir() {
    return baseDir;
  }

  public FanOut fanOut() {
    return fanOut;
  }

  /** {@code <baseDir>/data} or {@code <baseDir>/dirs}. */
  public Path kindDir(boolean files) {
    return new Path(root, files ? DATA_DIR : DIRS_DIR);
  }

  /** {@code <baseDir>/data/map_<m>} or {@code <baseDir>/dirs/map_<m>}. */
  public Path mapDir(boolean files) {
    return new Path(kindDir(files), "map_" + mapIndex);
  }

  /** {@code <baseDir>/prefill}, which holds every map's prefill tree. */
  public Path prefillDir() {
    return new Path(root, PREFILL_DIR);
  }

  /** {@code <baseDir>/prefill/map_<m>}: the root of this map's {@link PrefillTree}. */
  public Path prefillMapDir() {
    return new Path(prefillDir(), "map_" + mapIndex);
  }

  /** The paths of worker {@code thread}, for that worker alone. */
  public WorkerPaths forWorker(int thread) {
    if (sharing > 0) {
      return new WorkerPaths(
          new ItemTree(new Path(mapDir(true), SHARED_DIR), "file_", fanOut, sharing, thread),
          new ItemTree(new Path(mapDir(false), SHARED_DIR), "dir_", fanOut, sharing, thread));
    }
    String threadDir = "thread_" + thread;
    return new WorkerPaths(
        new ItemTree(new Path(mapDir(true), threadDir), "file_", fanOut),
        new ItemTree(new Path(mapDir(false), threadDir), "dir_", fanOut));
  }
}
