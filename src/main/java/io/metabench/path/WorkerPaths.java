package io.metabench.path;

import io.metabench.op.ItemNames;
import org.apache.hadoop.fs.Path;

/**
 * One worker's names: its files and its directories. Not thread-safe (see {@link ItemTree}).
 */
public final class WorkerPaths implements ItemNames {
  private final ItemTree files;
  private final ItemTree dirs;

  WorkerPaths(ItemTree files, ItemTree dirs) {
    this.files = files;
    this.dirs = dirs;
  }

  /**
   * Names directly in {@code dir} for items below {@code items}: {@code <dir>/file_<i>},
   * {@code file_<i>_r} and {@code dir_<i>}, made like a phase's (scheme-less, by {@link ItemTree}),
   * so that code using them runs as it does on a phase's names (the client warm-up's scratch
   * names).
   */
  public static WorkerPaths flatIn(Path dir, long items) {
    FanOut flat = new FanOut(items, Math.max(2, items));
    Path root = Path.getPathWithoutSchemeAndAuthority(dir);
    return new WorkerPaths(new ItemTree(root, "file_", flat), new ItemTree(root, "dir_", flat));
  }

  public ItemTree files() {
    return files;
  }

  public ItemTree dirs() {
    return dirs;
  }

  public ItemTree tree(boolean ofFiles) {
    return ofFiles ? files : dirs;
  }

  /** The name create_write gives file {@code index}. */
  @Override
  public Path file(long index) {
    return files.item(index);
  }

  /** The name rename gives file {@code index}. */
  @Override
  public Path renamedFile(long index) {
    return files.sibling(index, PathSchema.RENAMED_SUFFIX);
  }


  /** The name mkdirs gives directory {@code index}. */
  @Override
  public Path dir(long index) {
    return dirs.item(index);
  }
}
