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
   * Names in {@code dir} for items below {@code items}: {@code <dir>/[d_<x>/...]file_<i>},
   * {@code file_<i>_r} and {@code dir_<i>}, spread over buckets {@code depth} levels deep (as deep
   * as {@code items} allows; 0: directly in {@code dir}), made like a phase's (scheme-less, by
   * {@link ItemTree}), so that code using them runs as it does on a phase's names, bucketed as a
   * larger run's items are (the client warm-up's scratch names).
   */
  public static WorkerPaths shapedIn(Path dir, long items, int depth) {
    long perDir = 2;
    for (long e = Math.max(2, items); e >= 2; e--) {
      if (new FanOut(items, e).depth() == depth) {
        perDir = e;
        break;
      }
    }
    FanOut shape = new FanOut(items, perDir);
    Path root = Path.getPathWithoutSchemeAndAuthority(dir);
    return new WorkerPaths(new ItemTree(root, "file_", shape), new ItemTree(root, "dir_", shape));
  }

  /** How many bucket levels the deeper of its two trees has (0: flat). */
  public int depth() {
    return Math.max(files.fanOut().depth(), dirs.fanOut().depth());
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
