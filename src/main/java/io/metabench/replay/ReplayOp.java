package io.metabench.replay;

import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * A recorded command as an ordinary {@link MetaOp}: item {@code k} is entry {@code k} of the log,
 * replayed by its {@link ReplayCommand} on its paths remapped under {@code <baseDir>/replay}.
 * What the command moved (entries listed, summarised) is the operation's amount.
 *
 * <p>Stateless apart from the log it reads; shared by all workers of a replay.
 */
final class ReplayOp implements MetaOp {
  private final List<AuditLog.Entry> entries;
  private final Path baseDir;

  ReplayOp(List<AuditLog.Entry> entries, Path baseDir) {
    this.entries = entries;
    this.baseDir = baseDir;
  }

  @Override
  public boolean execute(OpContext ctx, long k) throws IOException {
    AuditLog.Entry entry = entries.get((int) k);
    AuditEvent e = entry.event();
    Path src = ReplaySchedule.remap(baseDir, e.src());
    Path dst = e.dst() == null ? null : ReplaySchedule.remap(baseDir, e.dst());
    long moved = entry.command().execute(ctx.fs(), src, dst, e);
    if (moved == ReplayCommand.RETURNED_FALSE) {
      return false;
    }
    ctx.addAmount(moved);
    return true;
  }
}
