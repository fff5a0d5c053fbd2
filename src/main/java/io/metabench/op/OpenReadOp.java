package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * NNBench's open_read: open the file and, with {@code -readFileAfterOpen}, read it to its end.
 * The split falls after open, so open and read are reported apart as NNBench does.
 */
public final class OpenReadOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    try (FSDataInputStream in = ctx.fs().open(ctx.paths().currentFile(index, ctx.filesRenamed()),
        ctx.ioBufferSize())) {
      ctx.split();
      if (ctx.readFileAfterOpen()) {
        byte[] buffer = ctx.buffer();
        long total = 0;
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) > 0) {
          total += n;
        }
        ctx.addAmount(total);
      }
    }
    return true;
  }
}
