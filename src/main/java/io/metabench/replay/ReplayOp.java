package io.metabench.replay;

import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * A recorded command as an ordinary {@link MetaOp}: the command its thread's {@link ReplaySource}
 * took last, replayed by its {@link AuditCommand} on its paths remapped under
 * {@code <baseDir>/replay}, or onto a namespace ({@link NamespaceMapping}). What the command
 * moved (entries listed, summarised) is the operation's amount.
 *
 * <p>One instance per replay thread, used by that thread only.
 */
final class ReplayOp implements MetaOp {
  private final java.util.function.Function<String, Path> remap;
  ReplayFeed.Item current;

  /** A replay thread's operation, each log path replayed where {@code remap} puts it. */
  ReplayOp(java.util.function.Function<String, Path> remap) {
    this.remap = remap;
  }

  @Override
  public boolean execute(OpContext ctx, long k) throws IOException {
    AuditEvent e = current.entry.event();
    Path src = remap.apply(e.src());
    Path dst = e.dst() == null ? null : remap.apply(e.dst());
    long moved = current.entry.command().execute(ctx.fs(), src, dst, e);
    if (moved == AuditCommand.RETURNED_FALSE) {
      return false;
    }
    ctx.addAmount(moved);
    return true;
  }
}
