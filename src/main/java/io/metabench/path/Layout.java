package io.metabench.path;

/**
 * The shape of what one map made: workers, items per worker, entries per directory, and whether
 * the workers share one directory tree (mdtest's "hard" mode) or each has its own. Names are a
 * function of this shape, so a later phase must use the same one to find them.
 */
public final class Layout {
  private final int threads;
  private final long itemsPerWorker;
  private final int entriesPerDir;
  private final boolean sharedDir;

  public Layout(int threads, long itemsPerWorker, int entriesPerDir) {
    this(threads, itemsPerWorker, entriesPerDir, false);
  }

  public Layout(int threads, long itemsPerWorker, int entriesPerDir, boolean sharedDir) {
    this.threads = threads;
    this.itemsPerWorker = itemsPerWorker;
    this.entriesPerDir = entriesPerDir;
    this.sharedDir = sharedDir;
  }

  /** Whether all workers' items are in one shared tree rather than one per worker. */
  public boolean sharedDir() {
    return sharedDir;
  }

  public int threads() {
    return threads;
  }

  public long itemsPerWorker() {
    return itemsPerWorker;
  }

  public int entriesPerDir() {
    return entriesPerDir;
  }

  /** The options that reproduce this layout. */
  public String asOptions() {
    return "-threads " + threads + " -numberOfFiles " + itemsPerWorker + " -filesPerDir "
        + entriesPerDir + (sharedDir ? " -sharedDir" : "");
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Layout)) {
      return false;
    }
    Layout other = (Layout) o;
    return threads == other.threads && itemsPerWorker == other.itemsPerWorker
        && entriesPerDir == other.entriesPerDir && sharedDir == other.sharedDir;
  }

  @Override
  public int hashCode() {
    return (int) (31 * (31 * threads + itemsPerWorker) + entriesPerDir) + (sharedDir ? 1 : 0);
  }

  @Override
  public String toString() {
    return asOptions();
  }
}
