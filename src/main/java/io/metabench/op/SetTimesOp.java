package io.metabench.op;

import java.io.IOException;

/**
 * setTimes of the file under its current name: modification time set to {@link #MTIME}, access
 * time left alone (-1). A metadata write that moves no data and changes no name.
 */
public final class SetTimesOp implements MetaOp {
  /** 2020-01-01T00:00:00Z, so a test can tell the call happened. */
  public static final long MTIME = 1_577_836_800_000L;

  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    ctx.fs().setTimes(ctx.paths().currentFile(index, ctx.filesRenamed()), MTIME, -1);
    return true;
  }
}
