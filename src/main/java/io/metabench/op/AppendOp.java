package io.metabench.op;

import java.io.IOException;

/**
 * append to the file under its current name: reopen it for writing (on HDFS a lease and a new
 * block or the last block reopened), write {@code -bytesToWrite} bytes, close. As in create_write,
 * the split falls before close. Refused before the run on a file system without the append capability.
 */
public final class AppendOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    CreateWriteOp.writeAndClose(ctx.fs().append(
        ctx.paths().currentFile(index, ctx.filesRenamed()), ctx.ioBufferSize()), ctx);
    return true;
  }
}
