package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;

/**
 * NNBench's create_write: create the file (never overwriting, so a leftover name is a counted
 * failure rather than a silently cheaper or dearer overwrite), write {@code -bytesToWrite} bytes,
 * close. The split falls before close, which on HDFS waits for the block to complete.
 */
public final class CreateWriteOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    writeAndClose(ctx.fs().create(ctx.paths().file(index), ctx.filePermission(), false,
        ctx.ioBufferSize(), ctx.replication(), ctx.blockSize(), null), ctx);
    return true;
  }

  /**
   * Writes {@code -bytesToWrite} bytes, splits, and closes {@code out}; a failed write closes it
   * quietly and rethrows, so the write's failure is the one counted.
   */
  static void writeAndClose(FSDataOutputStream out, OpContext ctx) throws IOException {
    try {
      byte[] buffer = ctx.buffer();
      long remaining = ctx.bytesToWrite();
      while (remaining > 0) {
        int n = (int) Math.min(buffer.length, remaining);
        out.write(buffer, 0, n);
        remaining -= n;
      }
      ctx.split();
    } catch (IOException | RuntimeException e) {
      closeQuietly(out);
      throw e;
    }
    out.close();
    ctx.addAmount(ctx.bytesToWrite());
  }

  private static void closeQuietly(FSDataOutputStream out) {
    try {
      out.close();
    } catch (IOException | RuntimeException suppressed) {
      // The write already failed; that failure is the one counted.
    }
  }
}
