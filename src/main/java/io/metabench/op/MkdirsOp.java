package io.metabench.op;

import java.io.IOException;

/** Makes one directory (its parent exists already); a {@code false} return is a failure. */
public final class MkdirsOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.fs().mkdirs(ctx.paths().dir(index));
  }
}
