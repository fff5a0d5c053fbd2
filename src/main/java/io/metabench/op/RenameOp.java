package io.metabench.op;

import java.io.IOException;

/**
 * Renames a file to its sibling name ({@code file_<i>} to {@code file_<i>_r}; in a mix, a file
 * that has its renamed name back again); a {@code false} return is a failure.
 */
public final class RenameOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.filesRenamed()
        ? ctx.fs().rename(ctx.paths().renamedFile(index), ctx.paths().file(index))
        : ctx.fs().rename(ctx.paths().file(index), ctx.paths().renamedFile(index));
  }
}
