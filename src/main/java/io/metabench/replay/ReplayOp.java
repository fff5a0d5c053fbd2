package io.metabench.replay;

import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * A recorded command as an ordinary {@link MetaOp}: the command its thread's {@link ReplaySource}
 * took last, replayed by its {@link AuditCommand} on its paths remapped under
 * {@code <baseDir>/replay}. What the command moved (entries listed, summarised) is the
 * operation's amount.
 *
 * <p>One instance per replay thread, used by that thread only.
 */
final class ReplayOp implements MetaOp {
  private final Path baseDir;
  ReplayFeed.Item current;

  ReplayOp(Path baseDir) {
    this.baseDir = baseDir;
  }

  @Override
  public boolean execute(OpContext ctx, long k) throws IOException {
    AuditEvent e = current.entry.event();
    Path src = ReplaySchedule.remap(baseDir, e.src());
    Path dst = e.dst() == null ? null : ReplaySchedule.remap(baseDir, e.dst());
    long moved = current.entry.command().execute(ctx.fs(), src, dst, e);
    if (moved == AuditCommand.RETURNED_FALSE) {
      return false;
    }
    ctx.addAmount(moved);
    return true;
  }
}
