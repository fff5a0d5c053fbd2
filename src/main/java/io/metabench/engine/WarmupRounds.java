package io.metabench.engine;

import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.op.ItemNames;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import io.metabench.op.TreeOp;
import io.metabench.path.WorkerPaths;
import io.metabench.stats.OpRecorder;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.ipc.RemoteException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker's client warm-up ({@link ClientWarmup}): rounds of short passes over
 * {@link #ITEMS} scratch items in a directory of its own, each pass a {@link Worker} running one
 * of the phase's operations through a {@link SequentialSource} (a traversal's through a
 * {@link TreeWalkSource}), paced, gated and watched as the phase's workers are. The phase then
 * runs code the JIT has compiled for what it does: the same worker loop, operation classes,
 * name class ({@link WorkerPaths}), path form and recorder. Warmed on other classes or paths, a
 * JVM throws the compiled code away when the phase starts (measured: the first measured seconds
 * of a stat phase at 60 % of its rate, docs/performance.md#5-steady-state).
 *
 * <p>A round runs, in order: each operation of the phase that keeps names (stat, open_read,
 * chmod, ...) on every item; each traversal over the directory; a rename of every item and back
 * when the phase renames; a delete and a create of every item when the phase deletes or
 * creates, of one item otherwise; mkdirs and rmdir of every directory when it makes or removes
 * directories. The items
 * carry the names the phase's files carry (renamed when the phase starts on renamed files).
 * What it made is removed at the end.
 *
 * <p>Runs on one worker's thread; not thread-safe.
 */
final class WarmupRounds {
  private static final Logger LOG = LoggerFactory.getLogger(WarmupRounds.class);
  /** Items each worker works on: enough for a pass to amortise its start, few enough to be quick. */
  static final long ITEMS = 16;
  /** Bounds the rounds on a very fast file system (a no-op one). */
  static final long MAX_ROUNDS = 100_000;
  /** A duration no warm-up pass reaches: its passes are paced as a time-bound phase's are. */
  private static final long UNREACHED_NANOS = 1_000_000_000L * 3600 * 24 * 365;

  private final Phase phase;
  private final OpContext phaseContext;
  private final FileSystem fs;
  private final Path dir;
  private final NanoClock clock;
  private final LongAdder progress;
  private final OpTimeout.Watch watch;
  private final StartGate gate;
  private final Pacing pacing;
  private final boolean renamed;
  /** Whether the items carry their renamed names now. */
  private boolean renamedNow;
  private long calls;
  private long failed;
  private long passes;
  private final PassRates rates = new PassRates();
  private final List<OpType> keepNames = new ArrayList<>();
  private final List<TreeOp> traversals = new ArrayList<>();
  private final boolean renames;
  private final boolean lifecycle;
  private final boolean dirs;
  private final boolean files;

  /**
   * @param phaseContext the context of the worker's phase: its client and settings
   * @param dir this worker's scratch directory (made and removed here)
   * @param gate the gate all the warm-up's workers pass before each pass, as before a phase
   * @param watch this worker's {@code -opTimeout} watch, or null when there is no limit
   */
  WarmupRounds(Phase phase, OpContext phaseContext, Path dir, NanoClock clock,
      LongAdder progress, StartGate gate, OpTimeout.Watch watch) {
    this.phase = phase;
    this.phaseContext = phaseContext;
    // Scheme-less, as a phase's names are: a qualified path takes other branches in the client.
    this.dir = Path.getPathWithoutSchemeAndAuthority(dir);
    this.clock = clock;
    this.progress = progress;
    this.gate = gate;
    this.watch = watch;
    this.fs = phaseContext.fs();
    this.renamed = phaseContext.filesRenamed();
    this.pacing = phase.timeBound() ? new Pacing(UNREACHED_NANOS, 0, 0, 0) : Pacing.CLOSED_LOOP;
    List<OpType> ops = phase.results();
    for (OpType op : ops) {
      if (op.traverses()) {
        traversals.add(op.treeOp());
      } else if (op.keepsNames()) {
        keepNames.add(op);
      }
    }
    this.renames = ops.contains(OpType.RENAME);
    this.lifecycle = makesAndRemovesFiles(ops);
    this.dirs = makesAndRemovesDirs(ops);
    this.files = !keepNames.isEmpty() || !traversals.isEmpty() || renames || lifecycle;
  }

  /**
   * The operations a warm-up for {@code phase} runs on every item of each round: the phase's own,
   * and a create and a delete when it creates or deletes, mkdirs and rmdir when it makes or
   * removes directories. (Where it does neither, its one item's delete and create a round are
   * too few calls for the JIT to compile them.)
   */
  static Set<OpType> warmedOnEveryItem(Phase phase) {
    Set<OpType> ops = EnumSet.noneOf(OpType.class);
    ops.addAll(phase.results());
    if (makesAndRemovesFiles(phase.results())) {
      ops.add(OpType.CREATE_WRITE);
      ops.add(OpType.DELETE);
    }
    if (makesAndRemovesDirs(phase.results())) {
      ops.add(OpType.MKDIRS);
      ops.add(OpType.RMDIR);
    }
    return ops;
  }

  /** Whether a round deletes and creates every item (the phase creates or deletes files). */
  private static boolean makesAndRemovesFiles(List<OpType> ops) {
    return ops.contains(OpType.CREATE_WRITE) || ops.contains(OpType.DELETE);
  }

  /** Whether a round makes and removes every directory (the phase makes or removes them). */
  private static boolean makesAndRemovesDirs(List<OpType> ops) {
    return ops.contains(OpType.MKDIRS) || ops.contains(OpType.RMDIR);
  }

  /**
   * Runs rounds until {@code settled}, which the gate sets as it opens (so every worker runs the
   * same rounds and passes, and none waits at the gate for one that has stopped), then removes
   * everything it made. Leaves the gate when it ends.
   */
  void run(AtomicBoolean settled) throws InterruptedException {
    try {
      try {
        if (!fs.mkdirs(dir)) {
          LOG.warn("client warm-up: mkdirs {} returned false", dir);
        }
        // Its buckets, as a phase's leaf directories are made before it.
        for (Path leaf : shaped().files().leafDirs()) {
          if (!leaf.equals(dir)) {
            fs.mkdirs(leaf);
          }
        }
      } catch (IOException e) {
        // Its passes then fail (counted), but it keeps passing the gate with the others.
        LOG.warn("client warm-up: could not make {}: {}", dir, e.toString());
      }
      try {
        if (files) {
          makeFiles(ITEMS);
        }
        for (long round = 0; round < MAX_ROUNDS && !settled.get(); round++) {
          round();
        }
      } finally {
        if (files) {
          pass(OpType.DELETE);
        }
      }
    } finally {
      gate.leave();
      removeWhatIsLeft();
    }
  }

  /** Calls made so far, failed ones included. */
  long calls() {
    return calls;
  }

  /** Calls that failed (in no figure: the warm-up goes on). */
  long failed() {
    return failed;
  }

  /** The rates of its recent passes of each operation. */
  PassRates rates() {
    return rates;
  }

  private void round() throws InterruptedException {
    for (OpType op : keepNames) {
      pass(op);
    }
    for (TreeOp op : traversals) {
      walk(op);
    }
    if (renames) {
      // There and back: the phase's own rename, repeated without changing the namespace.
      pass(OpType.RENAME);
      renamedNow = !renamed;
      pass(OpType.RENAME);
      renamedNow = renamed;
    }
    if (files) {
      // One item deleted and made again even when the phase does neither: the cleanup's deletes
      // then find code compiled for them too, instead of throwing away the code compiled for
      // the phase's own calls just before it starts (measured: its first second at 70 %).
      long items = lifecycle ? ITEMS : 1;
      pass(OpType.DELETE, items);
      makeFiles(items);
    }
    if (dirs) {
      pass(OpType.MKDIRS);
      pass(OpType.RMDIR);
    }
  }

  /** Creates the first {@code items} items, under the names the phase's files carry. */
  private void makeFiles(long items) throws InterruptedException {
    renamedNow = false;
    pass(OpType.CREATE_WRITE, items);
    if (renamed) {
      pass(OpType.RENAME, items);
      renamedNow = true;
    }
  }

  /** {@code op} on every item, by a worker as the phase's run. */
  private void pass(OpType op) throws InterruptedException {
    pass(op, ITEMS);
  }

  /**
   * {@code op} on the first {@code items} items, by a worker as the phase's run: what it makes
   * visible recorded when a phase of {@code op} records it (so a phase finds that compiled too).
   */
  private void pass(OpType op, long items) throws InterruptedException {
    rates.add(op, run(passSource(op, items)));
  }

  /**
   * The source of a pass of {@code op} over {@code items} items, ending after them: for an
   * operation that keeps names, one that goes round them, as that operation's phase does when it
   * is bound by time. The rounds' creates and deletes do not, so the JIT compiles both ways
   * through the source and neither kind of phase starts on a way the warm-up never took (warmed
   * only on sources that did not go round, the JVM threw the compiled worker loop away as a
   * timed open_read started, and the phase's re-warm, which took that way, ended before it was
   * compiled again).
   */
  SequentialSource passSource(OpType op, long items) {
    Visibility visibility = op.createsItems() || op == OpType.RENAME
        ? new Visibility(null, new BitSet()) : Visibility.UNTRACKED;
    return new SequentialSource(op.op(), passContext(), items, keepNames.contains(op),
        visibility).endingAfter(items);
  }

  /** A traversal of the scratch directory, by a worker as the phase's run. */
  private void walk(TreeOp op) throws InterruptedException {
    run(new TreeWalkSource(new TreeWalkSource.Walk(dir), op, passContext(), false,
        StopRequest.NEVER));
  }

  /**
   * A context, names and recorder of its own for each pass, as each phase has: code that starts
   * on fresh ones (a first name's directory, a first latency) is then compiled for that too.
   */
  private OpContext passContext() {
    OpContext c = phaseContext.withNames(shaped());
    c.setFilesRenamed(renamedNow);
    return c;
  }

  /**
   * Fresh names for the scratch items, spread over as many bucket levels as the phase's items
   * are: where the phase's names go through {@code d_<x>} directories and the warm-up's did not,
   * the phase's first names threw the warmed code away (its first second at 55-80 %).
   */
  private WorkerPaths shaped() {
    ItemNames names = phaseContext.paths();
    return WorkerPaths.shapedIn(dir, ITEMS, names instanceof WorkerPaths
        ? ((WorkerPaths) names).depth() : 0);
  }

  /** Runs one pass and returns what it recorded. */
  private OpRecorder run(ItemSource source) throws InterruptedException {
    // Thrown away: only the phase's own recorders count.
    OpRecorder[] recorders = {new OpRecorder(0)};
    // Every other pass runs after a read of its recorder's interval, as a phase's calls run on
    // either side of its sampler's reads each second: both of the recorder's write paths are
    // then compiled (else the phase's first read, a second in, threw the warmed code away).
    if (passes++ % 2 == 1) {
      recorders[0].sampleInto(new Histogram(3), new Histogram(3));
    }
    new Worker(source, phase.retries(), clock, gate, recorders, recorders, StopRequest.NEVER)
        .watchedBy(watch).pacedBy(pacing).call();
    OpRecorder r = recorders[0];
    calls += r.attempted();
    failed += r.attempted() - r.successes();
    progress.add(r.attempted());
    return r;
  }

  /**
   * Removes the scratch directory; when a failed delete left names in it, those (only names the
   * warm-up makes) first, one by one.
   */
  private void removeWhatIsLeft() {
    // Its buckets first, deepest first, then the directory itself (the last of them).
    for (Path d : shaped().files().dirsDeepestFirst()) {
      try {
        if (deleted(d)) {
          continue;
        }
        for (FileStatus st : fs.listStatus(d)) {
          String name = st.getPath().getName();
          if (name.startsWith("file_") || name.startsWith("dir_")) {
            fs.delete(st.getPath(), false);
          }
        }
        fs.delete(d, false);
      } catch (FileNotFoundException e) {
        // never made, or already gone
      } catch (IOException e) {
        LOG.warn("could not remove the client warm-up's directory {}: {}", d, e.toString());
      }
    }
  }

  /** Deletes {@code d} if it is empty; false when it is not (some refuse by throwing). */
  private boolean deleted(Path d) throws IOException {
    try {
      return fs.delete(d, false);
    } catch (FileNotFoundException e) {
      return true;
    } catch (PathIsNotEmptyDirectoryException e) {
      return false;
    } catch (RemoteException e) {
      // HDFS sends the same exception wrapped.
      IOException cause = e.unwrapRemoteException(PathIsNotEmptyDirectoryException.class);
      if (cause instanceof PathIsNotEmptyDirectoryException) {
        return false;
      }
      throw cause;
    }
  }
}
