package io.metabench.replay;

import io.metabench.core.Causes;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.OpType;
import io.metabench.stats.OpRecorder;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One replay thread: its commands, in log order, each started at its due time or, when the thread
 * is behind, at once (it never sleeps to catch up). Each command is timed twice on the monotonic
 * clock: service time = end − actual start (the phases' latency), and latency from due = end −
 * due (so a slow server that makes commands start late shows, as coordinated-omission correction
 * does). A failure is counted by its cause and the thread goes on.
 *
 * <p>Runs on one thread and owns everything it records (no shared counters, except its own slot
 * of the progress array); returns its {@link Outcome} for the runner to merge.
 */
final class ReplayThread implements Callable<ReplayThread.Outcome> {
  static final String RETURNED_FALSE = "returned false";
  /** The longest a waiting thread sleeps before it looks at the stop request again. */
  private static final long MAX_PARK_NANOS = 100_000_000L;

  /** What one thread recorded, per operation. */
  static final class Outcome {
    final Map<OpType, OpRecorder> service = new EnumMap<>(OpType.class);
    final Map<OpType, Histogram> fromDue = new EnumMap<>(OpType.class);
    final Map<OpType, Long> maxBehind = new EnumMap<>(OpType.class);
    /** Actual start of this thread's last command, or Long.MIN_VALUE when it ran none. */
    long lastStart = Long.MIN_VALUE;
    long executed;
  }

  private final int index;
  private final int[] commands;
  private final List<AuditLog.Entry> entries;
  private final ReplaySchedule schedule;
  private final FileSystem fs;
  private final Path baseDir;
  private final NanoClock clock;
  private final CyclicBarrier start;
  private final long[] startNanos;
  private final AtomicLongArray progress;
  private final StopRequest stop;
  private final Outcome out = new Outcome();

  /**
   * @param startNanos where the start barrier's action leaves the replay's start; read after
   *     the barrier
   */
  ReplayThread(int index, List<AuditLog.Entry> entries, ReplaySchedule schedule, FileSystem fs,
      Path baseDir, NanoClock clock, CyclicBarrier start, long[] startNanos,
      AtomicLongArray progress, StopRequest stop) {
    this.index = index;
    this.commands = schedule.commandsOf(index);
    this.entries = entries;
    this.schedule = schedule;
    this.fs = fs;
    this.baseDir = baseDir;
    this.clock = clock;
    this.start = start;
    this.startNanos = startNanos;
    this.progress = progress;
    this.stop = stop;
    for (int k : commands) {
      OpType op = entries.get(k).command().op();
      if (!out.service.containsKey(op)) {
        out.service.put(op, new OpRecorder(index));
        out.fromDue.put(op, new Histogram(3));
        out.maxBehind.put(op, 0L);
      }
    }
  }

  @Override
  public Outcome call() throws InterruptedException {
    try {
      start.await();
    } catch (BrokenBarrierException e) {
      throw new IllegalStateException("another replay thread failed before the replay started",
          e);
    }
    long replayStart = startNanos[0];
    for (int i = 0; i < commands.length && !stop.isRequested(); i++) {
      int k = commands[i];
      long due = replayStart + schedule.dueOffsetNanos(k);
      if (schedule.paced()) {
        // In slices, so a stop (Ctrl-C) is seen during a long gap in the log, not after it.
        for (long wait; (wait = due - clock.nanoTime()) > 0 && !stop.isRequested();) {
          LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
          if (Thread.interrupted()) {
            throw new InterruptedException();
          }
        }
        if (stop.isRequested()) {
          break;
        }
      }
      runOne(entries.get(k), schedule.paced() ? due : Long.MIN_VALUE);
      progress.lazySet(index, i + 1);
    }
    return out;
  }

  /** Replays one command; {@code due} is Long.MIN_VALUE when there is no schedule. */
  private void runOne(AuditLog.Entry entry, long due) {
    AuditEvent e = entry.event();
    OpType op = entry.command().op();
    OpRecorder recorder = out.service.get(op);
    Path src = ReplaySchedule.remap(baseDir, e.src());
    Path dst = e.dst() == null ? null : ReplaySchedule.remap(baseDir, e.dst());
    long begin = clock.nanoTime();
    long moved;
    Exception failure = null;
    try {
      moved = entry.command().execute(fs, src, dst, e);
    } catch (Exception x) {
      moved = ReplayCommand.RETURNED_FALSE;
      failure = x;
    }
    long end = clock.nanoTime();
    out.lastStart = begin;
    out.executed++;
    if (failure != null) {
      recorder.failure(begin, end, Causes.of(failure), failure.getMessage());
    } else if (moved == ReplayCommand.RETURNED_FALSE) {
      recorder.failure(begin, end, RETURNED_FALSE, "");
    } else {
      recorder.success(begin, 0, end, moved);
      long from = due == Long.MIN_VALUE ? begin : due;
      out.fromDue.get(op).recordValue(Math.max(0, end - from));
    }
    if (due != Long.MIN_VALUE && begin - due > out.maxBehind.get(op)) {
      out.maxBehind.put(op, begin - due);
    }
  }
}
