package io.metabench.path;

/**
 * How a worker's items are spread over directories so that none holds more than
 * {@code entriesPerDir} entries (HDFS refuses more than 1,048,576 items in one directory by
 * default). Items {@code 0..items-1} go into buckets of {@code entriesPerDir}; when there are more
 * buckets than fit in one directory, buckets are nested, {@link #depth()} levels deep.
 *
 * <p>Immutable and thread-safe. The layout depends only on (items, entriesPerDir), so a later run
 * with the same values finds the same names.
 */
public final class FanOut {
  private final long items;
  private final long entriesPerDir;
  private final int depth;

  public FanOut(long items, long entriesPerDir) {
    if (items < 1 || entriesPerDir < 2) {
      throw new IllegalArgumentException("items >= 1 and entriesPerDir >= 2 required");
    }
    this.items = items;
    this.entriesPerDir = entriesPerDir;
    int d = 0;
    long capacity = entriesPerDir;
    while (capacity < items) {
      d++;
      capacity = multiplyCapped(capacity, entriesPerDir);
    }
    this.depth = d;
  }

  private static long multiplyCapped(long a, long b) {
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  public long items() {
    return items;
  }

  public long entriesPerDir() {
    return entriesPerDir;
  }

  /** Bucket levels between the worker's directory and its items; 0 when all fit in one. */
  public int depth() {
    return depth;
  }

  /** Number of leaf buckets (directories that hold items). */
  public long leafBuckets() {
    return depth == 0 ? 1 : (items + entriesPerDir - 1) / entriesPerDir;
  }

  /** The leaf bucket holding item {@code index}. */
  public long bucketOf(long index) {
    return depth == 0 ? 0 : index / entriesPerDir;
  }

  /**
   * The directory names from the worker's directory down to leaf bucket {@code bucket}, most
   * significant first; empty when {@link #depth()} is 0.
   */
  public String[] bucketNames(long bucket) {
    String[] names = new String[depth];
    long rest = bucket;
    for (int level = depth - 1; level >= 0; level--) {
      names[level] = "d_" + (rest % entriesPerDir);
      rest /= entriesPerDir;
    }
    return names;
  }
}
