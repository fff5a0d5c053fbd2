package io.metabench.path;

/**
 * The shape of what one map made: workers, items per worker, entries per directory, whether
 * the workers share one directory tree (mdtest's "hard" mode) or each has its own, and whether
 * the items were placed in the prefill's directories ({@code -onPrefill}, by a popularity and a
 * seed: {@link PlacedNames}). Names are a function of this shape, so a later phase must use the
 * same one to find them.
 *
 * <p>Immutable.
 */
public final class Layout {
  private final int threads;
  private final long itemsPerWorker;
  private final int entriesPerDir;
  private final boolean sharedDir;
  private final Popularity placedBy;
  private final long placedSeed;

  public Layout(int threads, long itemsPerWorker, int entriesPerDir) {
    this(threads, itemsPerWorker, entriesPerDir, false);
  }

  public Layout(int threads, long itemsPerWorker, int entriesPerDir, boolean sharedDir) {
    this(threads, itemsPerWorker, entriesPerDir, sharedDir, Popularity.NONE, 0);
  }

  /**
   * @param placedBy how the items' directories were picked from the prefill's;
   *     {@link Popularity#NONE}: the workers' own directories (then {@code placedSeed} is not
   *     part of the layout)
   */
  public Layout(int threads, long itemsPerWorker, int entriesPerDir, boolean sharedDir,
      Popularity placedBy, long placedSeed) {
    this.threads = threads;
    this.itemsPerWorker = itemsPerWorker;
    this.entriesPerDir = entriesPerDir;
    this.sharedDir = sharedDir;
    this.placedBy = placedBy;
    this.placedSeed = placedBy.picks() ? placedSeed : 0;
  }

  /** How the items were placed in the prefill's directories; {@link Popularity#NONE}: not. */
  public Popularity placedBy() {
    return placedBy;
  }

  /** The seed the placement drew with (0 when not placed). */
  public long placedSeed() {
    return placedSeed;
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
        + entriesPerDir + (sharedDir ? " -sharedDir" : "")
        + (placedBy.picks() ? " -onPrefill " + placedBy + " -seed " + placedSeed : "");
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Layout)) {
      return false;
    }
    Layout other = (Layout) o;
    return threads == other.threads && itemsPerWorker == other.itemsPerWorker
        && entriesPerDir == other.entriesPerDir && sharedDir == other.sharedDir
        && placedBy.equals(other.placedBy) && placedSeed == other.placedSeed;
  }

  @Override
  public int hashCode() {
    return (int) (31 * (31 * threads + itemsPerWorker) + entriesPerDir) + (sharedDir ? 1 : 0)
        + 17 * placedBy.hashCode() + Long.hashCode(placedSeed);
  }

  @Override
  public String toString() {
    return asOptions();
  }
}
