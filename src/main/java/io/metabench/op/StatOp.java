package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;

/**
 * getFileStatus of the file under its current name: the lookup every client does before most
 * calls. A status that is not a file is a failure.
 */
public final class StatOp implements MetaOp {
  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    FileStatus status = ctx.fs().getFileStatus(ctx.paths().currentFile(index, ctx.filesRenamed()));
    return status.isFile();
  }
}
