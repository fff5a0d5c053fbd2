package io.metabench.op;

import java.io.IOException;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * setPermission of the file under its current name to {@link #PERMISSION}: a metadata write that
 * moves no data and changes no name.
 */
public final class ChmodOp implements MetaOp {
  /** rw-r-----: differs from the default a create gives (rw-r--r-- with umask 022). */
  public static final FsPermission PERMISSION = new FsPermission((short) 0640);

  @Override
  public boolean execute(OpContext ctx, long index) throws IOException {
    ctx.fs().setPermission(ctx.paths().currentFile(index, ctx.filesRenamed()), PERMISSION);
    return true;
  }
}
