package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Lists the directory that holds the file, all of it: one listing per item, of a directory of up
 * to {@code -filesPerDir} entries (or a prefill's directory, of any size), so the directory size
 * the listing pays for is the user's choice. Through {@code listStatusIterator}, as
 * {@code hadoop fs -ls} lists: HDFS's client fetches a large directory in pages of the
 * NameNode's {@code dfs.ls.limit} entries (1,000 by default) and holds one page at a time, so a
 * listing of a million entries is a thousand calls in the operation's one latency, not a
 * million statuses in the heap. The entries listed are counted ({@link OpType.Unit#ENTRIES}).
 */
public final class ListOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    RemoteIterator<?> entries = ctx.fs().listStatusIterator(
        ctx.paths().currentFile(index, ctx.filesRenamed()).getParent());
    long n = 0;
    while (entries.hasNext()) {
      entries.next();
      n++;
    }
    ctx.addAmount(n);
    return true;
  }
}
