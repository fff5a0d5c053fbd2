package io.metabench.path;

/**
 * The shape of what one map made: workers, items per worker and entries per directory. Names are a
 * function of this shape, so a later phase must use the same one to find them.
 */
public final class Layout {
  private final int threads;
  private final long itemsPerWorker;
  private final int entriesPerDir;

  public Layout(int threads, long itemsPerWorker, int entriesPerDir) {
    this.threads = threads;
    this.itemsPerWorker = itemsPerWorker;
    this.entriesPerDir = entriesPerDir;
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
        + entriesPerDir;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Layout)) {
      return false;
    }
    Layout other = (Layout) o;
    return threads == other.threads && itemsPerWorker == other.itemsPerWorker
        && entriesPerDir == other.entriesPerDir;
  }

  @Override
  public int hashCode() {
    return (int) (31 * (31 * threads + itemsPerWorker) + entriesPerDir);
  }

  @Override
  public String toString() {
    return asOptions();
  }
}
