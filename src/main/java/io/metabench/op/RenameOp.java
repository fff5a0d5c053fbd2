package io.metabench.op;

import java.io.IOException;

/** Renames a file to its sibling name; a {@code false} return is a failure. */
public final class RenameOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.fs().rename(ctx.paths().file(index), ctx.paths().renamedFile(index));
  }
}
