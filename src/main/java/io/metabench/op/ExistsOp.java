package io.metabench.op;

import java.io.IOException;

/** exists() of the file under its current name; {@code false} is a failure (it should exist). */
public final class ExistsOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    return ctx.fs().exists(ctx.paths().currentFile(index, ctx.filesRenamed()));
  }
}
