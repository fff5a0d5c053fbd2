package io.metabench.replay;

import io.metabench.engine.ItemSource;
import io.metabench.engine.Step;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import java.util.List;

/**
 * One replay thread's commands as an {@link ItemSource}: its share of the log in log order, each
 * counted in its operation's result and, when the replay is paced, due at its scheduled time
 * (the engine waits for it, and times it from then, as with {@code -rate}).
 *
 * <p>One instance per worker; used by that worker's thread only.
 */
final class ReplaySource implements ItemSource {
  private final OpContext ctx;
  private final ReplayOp op;
  private final int[] commands;
  private final int[] slots;
  private final ReplaySchedule schedule;

  /**
   * @param ops the phase's results, by slot: a command counts in its operation's slot
   */
  ReplaySource(OpContext ctx, ReplayOp op, List<AuditLog.Entry> entries,
      ReplaySchedule schedule, int thread, List<OpType> ops) {
    this.ctx = ctx;
    this.op = op;
    this.schedule = schedule;
    this.commands = schedule.commandsOf(thread);
    this.slots = new int[commands.length];
    for (int i = 0; i < commands.length; i++) {
      slots[i] = ops.indexOf(entries.get(commands[i]).command().op());
    }
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) {
    if (k >= commands.length) {
      return false;
    }
    int command = commands[(int) k];
    step.set(op, command, slots[(int) k]);
    if (schedule.paced()) {
      step.dueAt(schedule.dueOffsetNanos(command));
    }
    return true;
  }
}
