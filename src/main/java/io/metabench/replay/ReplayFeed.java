package io.metabench.replay;

import io.metabench.core.StopRequest;
import io.metabench.op.OpType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Streams a log to the replay threads: one reader thread reads the log again, in order, and puts
 * each command of this process (or map) in its thread's bounded queue, so memory does not grow
 * with the log; each replay thread takes its commands from its queue in log order.
 *
 * <p><b>Order across threads.</b> Some commands must not overtake commands that come before them
 * in the log and run on other threads ({@link Precreation#waitsForOthers}): a directory's
 * delete, rename or mode change (its children's deletes may be on other threads), and the first
 * command on a path another path's command made or moved there (a listing of the directory a
 * create made, a read of a rename's destination). When the
 * reader queues such a command it records, for every thread, how many commands it had queued
 * for that thread so far; the thread that takes it waits until each thread has finished that
 * many. Every command before it was queued before it, so the wait always ends (the thread with
 * the earliest pending command never waits on a later one). The waits are counted.
 *
 * <p>Thread-safe: one reader thread, each queue taken by one replay thread.
 */
final class ReplayFeed implements AutoCloseable {
  /** One command, on its way to its thread. */
  static final class Item {
    final long index;
    final AuditLog.Entry entry;
    final int slot;
    final long dueOffsetNanos;
    final boolean absent;
    /** Commands each thread must have finished first; null when it may run at once. */
    final long[] after;

    Item(long index, AuditLog.Entry entry, int slot, long dueOffsetNanos, boolean absent,
        long[] after) {
      this.index = index;
      this.entry = entry;
      this.slot = slot;
      this.dueOffsetNanos = dueOffsetNanos;
      this.absent = absent;
      this.after = after;
    }
  }

  private static final Item END = new Item(-1, null, 0, 0, false, null);
  private static final int CAPACITY = 4096;

  private final AuditLog log;
  private final ReplaySchedule schedule;
  private final Precreation pre;
  private final List<OpType> ops;
  private final List<BlockingQueue<Item>> queues = new ArrayList<>();
  private final long[] queued;
  private final AtomicLongArray finished;
  private final AtomicLong waits = new AtomicLong();
  private final AtomicLong waitNanos = new AtomicLong();
  private final Thread reader;
  private volatile boolean closed;
  private volatile IOException failure;

  ReplayFeed(AuditLog log, ReplaySchedule schedule, Precreation pre, List<OpType> ops) {
    this.log = log;
    this.schedule = schedule;
    this.pre = pre;
    this.ops = ops;
    for (int t = 0; t < schedule.threads(); t++) {
      queues.add(new ArrayBlockingQueue<>(CAPACITY));
    }
    this.queued = new long[schedule.threads()];
    this.finished = new AtomicLongArray(schedule.threads());
    this.reader = new Thread(this::read, "metabench-replay-reader");
    reader.setDaemon(true);
  }

  /** Starts reading the log into the queues. */
  ReplayFeed start() {
    reader.start();
    return this;
  }

  private void read() {
    try {
      log.forEachEntry((k, e) -> {
        int t = schedule.owner(e.event().src());
        if (t < 0) {
          return;
        }
        long[] after = pre.waitsForOthers(k) ? queued.clone() : null;
        offer(t, new Item(k, e, ops.indexOf(e.command().op()),
            schedule.dueOffsetNanosAt(e.event().epochMillis()), pre.absent(k), after));
        queued[t]++;
      });
    } catch (java.io.InterruptedIOException e) {
      return; // closed: the replay ended before the log did
    } catch (IOException e) {
      failure = e;
    }
    for (int t = 0; t < queues.size(); t++) {
      try {
        offer(t, END);
      } catch (IOException e) {
        return;
      }
    }
  }

  private void offer(int t, Item item) throws IOException {
    try {
      while (!queues.get(t).offer(item, 100, TimeUnit.MILLISECONDS)) {
        if (closed) {
          throw new java.io.InterruptedIOException("the replay ended");
        }
      }
    } catch (InterruptedException e) {
      throw new java.io.InterruptedIOException("the replay ended");
    }
  }

  /**
   * Thread {@code t}'s next command, once it may run; null when it has no more, or the replay is
   * stopping.
   */
  Item next(int t, StopRequest stop) throws InterruptedException {
    Item item;
    do {
      item = queues.get(t).poll(100, TimeUnit.MILLISECONDS);
      if (stop.isRequested()) {
        return null;
      }
    } while (item == null);
    if (item == END) {
      return null;
    }
    if (item.after != null && !mayRun(t, item.after)) {
      long since = System.nanoTime();
      waits.incrementAndGet();
      while (!mayRun(t, item.after)) {
        if (stop.isRequested()) {
          return null;
        }
        LockSupport.parkNanos(100_000);
      }
      waitNanos.addAndGet(System.nanoTime() - since);
    }
    return item;
  }

  private boolean mayRun(int self, long[] after) {
    for (int t = 0; t < after.length; t++) {
      if (t != self && finished.get(t) < after[t]) {
        return false;
      }
    }
    return true;
  }

  /** Thread {@code t} finished (or set aside) a command. */
  void finished(int t) {
    finished.incrementAndGet(t);
  }

  /** How many commands waited for earlier ones on other threads. */
  long waits() {
    return waits.get();
  }

  /** How long they waited in all, in nanoseconds. */
  long waitNanos() {
    return waitNanos.get();
  }

  /** The log could not be read again (the replay then ended early), or null. */
  IOException failure() {
    return failure;
  }

  @Override
  public void close() {
    closed = true;
    reader.interrupt();
  }
}
