package io.metabench.op;

import java.io.IOException;

/**
 * One metadata operation applied to one item (a file or directory named by its index).
 *
 * <p>Contract: an implementation is stateless and may be shared by all workers; everything that
 * changes per call lives in the worker's {@link OpContext}. {@code execute} returns {@code true}
 * when the file system reports success and {@code false} when it reports failure through a
 * {@code false} return (rename, delete, mkdirs); a thrown exception is also a failure. The caller
 * times the call, so an implementation does no timing of its own beyond {@link OpContext#split()}.
 */
public interface MetaOp {

  /**
   * Applies the operation to item {@code index} of the calling worker.
   *
   * @return true on success, false when the file system returned false
   */
  boolean execute(OpContext ctx, long index) throws IOException;
}
