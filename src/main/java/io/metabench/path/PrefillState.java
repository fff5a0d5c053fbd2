package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.util.Properties;

/**
 * What one map's prefill has done, as recorded in the marker directory: the tree's shape (files,
 * depth, fan-out, sizes) and the leaf directories completed so far. A run with the same shape
 * resumes from it (completed leaves are skipped); a run with another shape is refused; cleanup
 * removes the tree it describes. {@code seq} orders the checkpoints (see
 * {@link BaseDirMarker#writePrefill}).
 *
 * <p>Immutable and thread-safe.
 */
public final class PrefillState {
  private final long files;
  private final int depth;
  private final int fanOut;
  private final String sizes;
  private final LeafRanges completed;
  private final long seq;

  public PrefillState(long files, int depth, int fanOut, String sizes, LeafRanges completed,
      long seq) {
    this.files = files;
    this.depth = depth;
    this.fanOut = fanOut;
    this.sizes = sizes;
    this.completed = completed;
    this.seq = seq;
  }

  /** The state of a prefill of {@code tree} with nothing done yet. */
  public static PrefillState started(PrefillTree tree) {
    return new PrefillState(tree.files(), tree.depth(), tree.fanOut(), tree.sizes().toString(),
        LeafRanges.NONE, 0);
  }

  /** The tree this state describes, under {@code root} ({@code <baseDir>/prefill/map_<m>}). */
  public PrefillTree tree(org.apache.hadoop.fs.Path root) {
    return new PrefillTree(root, files, depth, fanOut, PrefillSizes.parse(sizes));
  }

  public long files() {
    return files;
  }

  public LeafRanges completed() {
    return completed;
  }

  public long seq() {
    return seq;
  }

  /** Whether every leaf directory of the shape is complete. */
  public boolean complete() {
    return completed.coversAll(PrefillTree.leafCount(depth, fanOut));
  }

  /** This state with {@code done} completed and the next sequence number. */
  public PrefillState withCompleted(LeafRanges done) {
    return new PrefillState(files, depth, fanOut, sizes, done, seq + 1);
  }

  /** Whether {@code tree} has this state's shape. */
  public boolean sameShape(PrefillTree tree) {
    return files == tree.files() && depth == tree.depth() && fanOut == tree.fanOut()
        && sizes.equals(tree.sizes().toString());
  }

  /** The options that make this shape. */
  public String asOptions() {
    return "-prefillFiles " + files + " -prefillDepth " + depth + " -prefillFanOut " + fanOut
        + " -prefillSizes " + sizes;
  }

  /**
   * Refuses a prefill of {@code tree} where this state records another shape.
   *
   * @throws InvalidInputException naming the recorded shape and the fix
   */
  public void requireShape(PrefillTree tree, String where) {
    if (!sameShape(tree)) {
      throw new InvalidInputException("prefill: " + where + " already holds a prefill made with "
          + asOptions() + "; give those same values to resume or reuse it (it was given "
          + tree.asOptions() + "), remove it with -cleanup, or choose a new -baseDir");
    }
  }

  /** Serialises into properties; {@code end} marks a file written to its end. */
  public Properties toProperties() {
    Properties p = new Properties();
    p.setProperty("files", Long.toString(files));
    p.setProperty("depth", Integer.toString(depth));
    p.setProperty("fan.out", Integer.toString(fanOut));
    p.setProperty("sizes", sizes);
    p.setProperty("completed.leaves", completed.toString());
    p.setProperty("complete", Boolean.toString(complete()));
    p.setProperty("seq", Long.toString(seq));
    p.setProperty("end", "true");
    return p;
  }

  /**
   * Reads what {@link #toProperties} wrote.
   *
   * @throws IllegalArgumentException when the properties are not a whole state MetaBench wrote
   */
  public static PrefillState fromProperties(Properties p) {
    if (!"true".equals(p.getProperty("end"))) {
      throw new IllegalArgumentException("it was not written to its end");
    }
    String sizes = p.getProperty("sizes");
    PrefillSizes.parse(sizes); // refuses what MetaBench would not have written
    return new PrefillState(Long.parseLong(p.getProperty("files")),
        Integer.parseInt(p.getProperty("depth")), Integer.parseInt(p.getProperty("fan.out")),
        sizes, LeafRanges.parse(p.getProperty("completed.leaves", "")),
        Long.parseLong(p.getProperty("seq")));
  }

  @Override
  public String toString() {
    return asOptions() + ", completed leaves " + completed + " (seq " + seq + ")";
  }
}
