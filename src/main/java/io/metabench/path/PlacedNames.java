package io.metabench.path;

import io.metabench.op.ItemNames;
import org.apache.hadoop.fs.Path;

/**
 * One worker's own items placed in the prefill's directories (docs/namespaces.md#writing-in-it):
 * with {@code -onPrefill}, the phases that make, change and remove items (create_write, rename,
 * delete, mkdirs, rmdir, chmod, set_times, append) work on the run's own files and directories,
 * each in a directory of the prefill picked as the read phases pick their files
 * ({@link PrefillNames}: a file drawn by the popularity, its directory taken), so a directory
 * takes creates in proportion to the files it holds (and its popularity): every size class of
 * the namespace gets its share, the largest directories the most. A rename moves a file into a
 * directory of a second, independent draw: across directories, as production's renames are.
 *
 * <p>Names: {@code <picked dir>/file_<map>_<worker>_<index>}, renamed
 * {@code <other picked dir>/file_<map>_<worker>_<index>_r}, directories
 * {@code <picked dir>/dir_<map>_<worker>_<index>}: never a name of the prefill's (its files are
 * {@code file_<n>}), so no phase touches one of its files, and each a pure function of (seed,
 * map, worker, index), so a later run (delete, cleanup) finds what an earlier one made.
 *
 * <p>Not thread-safe: one instance belongs to one worker.
 */
public final class PlacedNames implements ItemNames {
  /** What a rename's draw is salted with, so its directory is not the create's. */
  private static final long RENAME_SALT = 0x52454E414D45L;

  private final PrefillNames at;
  private final PrefillNames renamedTo;
  private final String stem;

  public PlacedNames(PrefillShape shape, Popularity popularity, long seed, int map, int worker) {
    this.at = new PrefillNames(shape, popularity, seed, map, worker);
    this.renamedTo = new PrefillNames(shape, popularity, seed ^ RENAME_SALT, map, worker);
    this.stem = "_" + map + "_" + worker + "_";
  }

  @Override
  public Path file(long index) {
    return new Path(at.dir(index), "file" + stem + index);
  }

  @Override
  public Path renamedFile(long index) {
    return new Path(renamedTo.dir(index), "file" + stem + index + PathSchema.RENAMED_SUFFIX);
  }

  @Override
  public Path dir(long index) {
    return new Path(at.dir(index), "dir" + stem + index);
  }
}
