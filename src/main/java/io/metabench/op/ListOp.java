package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;

/**
 * listStatus of the directory that holds the file: one listing per item, of a directory of up to
 * {@code -filesPerDir} entries, so the directory size the listing pays for is the user's choice.
 * The entries listed are counted ({@link OpType.Unit#ENTRIES}).
 */
public final class ListOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    FileStatus[] entries = ctx.fs().listStatus(
        ctx.paths().currentFile(index, ctx.filesRenamed()).getParent());
    ctx.addAmount(entries.length);
    return true;
  }
}
