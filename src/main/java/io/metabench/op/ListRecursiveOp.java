package io.metabench.op;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * {@code hadoop fs -ls -R}: listStatus of every directory of the subtree, each listing one
 * operation; the entries it returns are counted and its subdirectories visited next.
 */
public final class ListRecursiveOp implements TreeOp {
  @Override
  public List<Path> visit(OpContext ctx, Path dir, boolean root, boolean parallel)
      throws IOException {
    FileStatus[] entries = ctx.fs().listStatus(dir);
    ctx.addAmount(entries.length);
    List<Path> subdirs = new ArrayList<>();
    for (FileStatus e : entries) {
      if (e.isDirectory()) {
        subdirs.add(e.getPath());
      }
    }
    return subdirs;
  }
}
