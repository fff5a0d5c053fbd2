package io.metabench.op;

import java.io.IOException;

/**
 * Deletes a file, non-recursively, under the name it has now (the renamed name after a rename
 * phase): one call per file, no probing. A {@code false} return is a failure.
 */
public final class DeleteOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.fs().delete(ctx.paths().currentFile(index, ctx.filesRenamed()), false);
  }
}
