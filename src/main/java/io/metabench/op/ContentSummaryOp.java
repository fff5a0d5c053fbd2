package io.metabench.op;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * getContentSummary over a subtree, as {@code hadoop fs -count} ({@link #COUNT}: one call on the
 * root, which on HDFS the NameNode answers by walking the tree itself) and {@code hadoop fs -du}
 * ({@link #DU}: the root listed, then one call per child directory). With several workers count
 * also splits the root's children among them, the parallel count JindoFS describes. Entries
 * counted: files and directories the summaries (and the root's listing) cover.
 */
public final class ContentSummaryOp implements TreeOp {
  /** {@code hadoop fs -count}: one summary of the root unless the walk is shared. */
  public static final ContentSummaryOp COUNT = new ContentSummaryOp(false);
  /** {@code hadoop fs -du}: a summary per child of the root. */
  public static final ContentSummaryOp DU = new ContentSummaryOp(true);

  private final boolean perChild;

  private ContentSummaryOp(boolean perChild) {
    this.perChild = perChild;
  }

  @Override
  public List<Path> visit(OpContext ctx, Path dir, boolean root, boolean parallel)
      throws IOException {
    if (root && (perChild || parallel)) {
      FileStatus[] children = ctx.fs().listStatus(dir);
      List<Path> subdirs = new ArrayList<>();
      long files = 0;
      for (FileStatus c : children) {
        if (c.isDirectory()) {
          subdirs.add(c.getPath());
        } else {
          files++;
        }
      }
      ctx.addAmount(files + 1); // the root itself and the files directly in it
      return subdirs;
    }
    ContentSummary summary = ctx.fs().getContentSummary(dir);
    ctx.addAmount(summary.getFileCount() + summary.getDirectoryCount());
    return Collections.emptyList();
  }
}
