package io.metabench.engine;

import java.util.BitSet;

/**
 * Which of a worker's items this run has made visible under their current names, so that a
 * "not found" for one of them is told apart from a "not found" for an item that was never made:
 * an object store or a caching client that lags behind its own successful create (or rename) is
 * a finding in itself, not an ordinary failure.
 *
 * <p>One instance per worker and phase: {@code known} is read, {@code made} written, both only by
 * that worker's thread (the executor's hand-over publishes them to the next phase).
 */
public final class Visibility {
  /** The cause a not-found failure of an item this run made visible is counted under. */
  static final String NOT_VISIBLE = "not found after it was made (visibility lag)";

  public static final Visibility UNTRACKED = new Visibility(null, null);

  private final BitSet known;
  private final BitSet made;

  /**
   * @param known items made visible by an earlier phase of this run; null when unknown (they were
   *     made by an earlier run, or there are too many to track)
   * @param made where this phase records the items it makes visible; null when it makes none
   */
  public Visibility(BitSet known, BitSet made) {
    this.known = known;
    this.made = made;
  }

  /** Item indexes beyond this are not tracked: BitSet is int-indexed. */
  public static boolean trackable(long items) {
    return items <= Integer.MAX_VALUE;
  }

  void succeeded(long item) {
    if (made != null) {
      made.set((int) item);
    }
  }

  /** The cause to count a failure of {@code item} under, given its usual cause. */
  String causeOfFailure(long item, String cause) {
    if (known != null && cause.equals("FileNotFoundException") && known.get((int) item)) {
      return NOT_VISIBLE;
    }
    return cause;
  }

  public BitSet made() {
    return made;
  }
}
