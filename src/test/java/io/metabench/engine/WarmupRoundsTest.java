package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.core.NanoClock;
import io.metabench.op.OpContext;
import io.metabench.op.OpType;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up's workers, on the local file system: they run the same passes in step, stop
 * together when told at a gate, and leave nothing behind.
 */
class WarmupRoundsTest {
  @TempDir
  File scratch;

  private long[] run(int workers, Phase phase, boolean filesRenamed, long settleAfterCalls)
      throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    NanoClock clock = System::nanoTime;
    LongAdder progress = new LongAdder();
    AtomicBoolean enough = new AtomicBoolean();
    AtomicBoolean settled = new AtomicBoolean();
    // As ClientWarmup does: the decision is read at the gate, so all workers see the same one.
    StartGate gate = new StartGate(workers, () -> {
      if (progress.sum() >= settleAfterCalls) {
        enough.set(true);
      }
      settled.set(enough.get());
    });
    ExecutorService pool = Executors.newFixedThreadPool(workers);
    long[] calls = new long[workers];
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < workers; t++) {
        int w = t;
        OpContext ctx = new OpContext(fs, null, clock, 10, (short) 1, 1048576, 4096, true,
            filesRenamed);
        WarmupRounds rounds = new WarmupRounds(phase, ctx,
            new Path(new Path(scratch.toURI()), "w" + t), clock, progress, gate, null);
        done.add(pool.submit(() -> {
          rounds.run(settled);
          assertThat(rounds.failed()).as("worker %d's failed calls", w).isZero();
          calls[w] = rounds.calls();
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return calls;
  }

  @Test
  void everyWorkerRunsTheSamePassesAndLeavesNothing() throws Exception {
    Phase phase = Phase.measured("all", Arrays.asList(OpType.CREATE_WRITE, OpType.OPEN_READ,
        OpType.STAT, OpType.RENAME, OpType.DELETE, OpType.MKDIRS, OpType.RMDIR, OpType.LS_R),
        -1);
    long[] calls = run(3, phase, false, 2_000);
    assertThat(calls[0]).isGreaterThanOrEqualTo(2_000 / 3);
    assertThat(calls[1]).isEqualTo(calls[0]);
    assertThat(calls[2]).isEqualTo(calls[0]);
    assertThat(scratch.list()).isEmpty();
  }

  @Test
  void filesThatStartRenamedAreWarmedUnderTheirRenamedNames() throws Exception {
    // A delete after a rename deletes file_<i>_r: the warm-up's files carry those names, or
    // each of its deletes would fail.
    Phase phase = Phase.measured("delete", Arrays.asList(OpType.DELETE, OpType.STAT), -1);
    long[] calls = run(2, phase, true, 500);
    assertThat(calls[0]).isEqualTo(calls[1]).isPositive();
    assertThat(scratch.list()).isEmpty();
  }

  /**
   * What a warm-up settles on, which decides the later phases it lets re-warm: a phase's own
   * operations, the other half of a create/delete or mkdirs/rmdir pair its rounds run on every
   * item, and not the one item a round deletes and makes again for a phase that does neither.
   */
  @Test
  void aWarmUpSettlesOnThePhasesOperationsAndThePairsItsRoundsRunOnEveryItem() {
    assertThat(WarmupRounds.warmedOnEveryItem(Phase.measured("create_write",
        Arrays.asList(OpType.CREATE_WRITE), -1)))
        .containsExactlyInAnyOrder(OpType.CREATE_WRITE, OpType.DELETE);
    assertThat(WarmupRounds.warmedOnEveryItem(Phase.measured("rmdir",
        Arrays.asList(OpType.RMDIR), -1))).containsExactlyInAnyOrder(OpType.MKDIRS, OpType.RMDIR);
    assertThat(WarmupRounds.warmedOnEveryItem(Phase.measured("stat",
        Arrays.asList(OpType.STAT), -1))).containsExactly(OpType.STAT);
  }

  /**
   * A pass of an operation that keeps names goes round its items, as that operation's phase
   * bound by time does, whatever binds the phase it warms for, and still ends after its items;
   * the rounds' creates and deletes do not go round. (Warmed only on sources that did not, the
   * JVM threw the compiled worker loop away as a timed open_read started: -Xlog:jit+compilation
   * showed Worker::call and SequentialSource::next made not entrant then.)
   */
  @Test
  void aPassOfAnOperationThatKeepsNamesGoesRoundItsItemsAsATimedPhaseDoes() {
    OpContext ctx = new OpContext(null, null, System::nanoTime, 10, (short) 1, 1048576, 4096,
        true, false);
    for (Phase phase : new Phase[] {Phase.measured("open_read", Arrays.asList(OpType.OPEN_READ),
        -1).pacedBy(4_000_000_000L, 0, 0), Phase.measured("open_read",
        Arrays.asList(OpType.OPEN_READ), -1)}) {
      WarmupRounds rounds = new WarmupRounds(phase, ctx, new Path("/w0"), System::nanoTime,
          new LongAdder(), new StartGate(1, () -> { }), null);
      SequentialSource open = rounds.passSource(OpType.OPEN_READ, 16);
      assertThat(open.cycles()).isTrue();
      Step step = new Step();
      assertThat(open.next(15, step)).isTrue();
      assertThat(step.item()).isEqualTo(15);
      assertThat(open.next(16, step)).as("the pass ends after its items").isFalse();
      assertThat(rounds.passSource(OpType.DELETE, 1).cycles()).isFalse();
    }
  }
}
