package io.metabench.op;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * One step of a traversal of a subtree (ls_r, count, du): the work done on one directory, which
 * may hand back subdirectories to visit next. The runner's workers share the walk, so with more
 * workers the subtree is traversed in parallel (docs/usage.md#traversal).
 *
 * <p>Contract: stateless and shared by all workers; a call counts the entries it saw with
 * {@link OpContext#addAmount} and throws (or the file system throws) to fail, which leaves the
 * directory's subtree unvisited.
 */
public interface TreeOp {
  /**
   * Does this operation's work on {@code dir}.
   *
   * @param root whether {@code dir} is the subtree's root
   * @param parallel whether several workers share the walk
   * @return the subdirectories to visit next; empty when this call covered all below {@code dir}
   */
  List<Path> visit(OpContext ctx, Path dir, boolean root, boolean parallel) throws IOException;
}
