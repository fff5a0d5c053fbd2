package io.metabench.op;

import org.apache.hadoop.fs.Path;

/**
 * The names one worker's items have: what an operation on item {@code index} works on. The path
 * package's {@code WorkerPaths} is the implementation; operations see only this.
 *
 * <p>Implementations need not be thread-safe: one instance belongs to one worker.
 */
public interface ItemNames {
  /** The name create_write gives file {@code index}. */
  Path file(long index);

  /** The name rename gives file {@code index}. */
  Path renamedFile(long index);

  /** The name mkdirs gives directory {@code index}. */
  Path dir(long index);

  /**
   * The names operation {@code op} works on, drawn by a mix for its next call: these, unless
   * the mix's reads and writes work on different files (a mix in the prefill's namespace reads
   * its files and writes the worker's own).
   */
  default ItemNames forOp(OpType op) {
    return this;
  }

  /** The name file {@code index} has now. */
  default Path currentFile(long index, boolean renamed) {
    return renamed ? renamedFile(index) : file(index);
  }
}
