package io.metabench.op;

import java.io.IOException;

/**
 * Deletes one directory that mkdirs made, non-recursively, so a directory that somehow gained
 * content is refused by the file system rather than emptied. A {@code false} return is a failure.
 */
public final class RmdirOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.fs().delete(ctx.paths().dir(index), false);
  }
}
