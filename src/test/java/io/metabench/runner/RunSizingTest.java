package io.metabench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.op.OpType;
import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class RunSizingTest {

  private static BenchConfig config(String operations) {
    Configuration c = new Configuration(false);
    c.set(ConfigKeys.OPERATIONS, operations);
    c.set(ConfigKeys.THREADS, "4");
    return BenchConfig.fromConfiguration(c);
  }

  private static Map<OpType, Double> rates(Object... opAndRate) {
    Map<OpType, Double> m = new EnumMap<>(OpType.class);
    for (int i = 0; i < opAndRate.length; i += 2) {
      m.put((OpType) opAndRate[i], (Double) opAndRate[i + 1]);
    }
    return m;
  }

  @Test
  void theFastestPhaseThatUsesEachItemOnceGetsTheTimeAndPhasesThatKeepNamesRunIt() {
    BenchConfig given = config("create_write,open_read,rename,delete");
    assertThat(given.sizeForMillis()).isEqualTo(4000);
    // open_read is the fastest, but keeps its names: it runs 4 s whatever the count.
    BenchConfig sized = RunSizing.size(given, rates(OpType.CREATE_WRITE, 700.0,
        OpType.OPEN_READ, 9000.0, OpType.RENAME, 2500.0, OpType.DELETE, 2000.0));
    // 1.3 x 4 s x 2,500 ops/s: the phases run faster than the warm-up's short passes.
    assertThat(sized.filesPerWorker()).isEqualTo(13_000);
    assertThat(sized.threads()).isEqualTo(4);
    assertThat(sized.durationMillis()).isEqualTo(4000);
    assertThat(sized.durationBound(OpType.OPEN_READ)).isTrue();
    assertThat(sized.durationBound(OpType.RENAME)).isFalse();
    assertThat(sized.durationBound(OpType.CREATE_WRITE)).isFalse();
    assertThat(sized.sized()).isEqualTo("sized to measure about 4 s a phase (-sizeFor; no "
        + "-numberOfFiles or -duration was given): 13000 items per worker, 4 s of rename at the "
        + "2500 ops/s per worker its client warm-up reached; phases that keep names run 4 s "
        + "(open_read)");
    assertThat(sized.adjustments()).contains(sized.sized());
  }

  @Test
  void directoriesAreSizedByTheirOwnPhasesToo() {
    BenchConfig sized = RunSizing.size(config("mkdirs,rmdir"),
        rates(OpType.MKDIRS, 700.0, OpType.RMDIR, 900.5, OpType.DELETE, 5000.0));
    // The warm-up's rounds delete too, but no delete phase is in the run.
    assertThat(sized.filesPerWorker()).isEqualTo(4683);
    assertThat(sized.durationBound(OpType.RMDIR)).isFalse();
  }

  @Test
  void aWarmupThatMeasuredNoneOfTheCountBoundPhasesLeavesTheRunUnsized() {
    BenchConfig given = config("create_write,stat");
    BenchConfig left = RunSizing.size(given, rates(OpType.STAT, 3000.0));
    assertThat(left.sizeForMillis()).isZero();
    assertThat(left.sized()).isEmpty();
    assertThat(left.filesPerWorker()).isEqualTo(given.filesPerWorker());
    assertThat(left.durationMillis()).isZero();
  }

  @Test
  void thePhaseThatMakesTheItemsRunsAtMostFiveTimesTheTime() {
    BenchConfig sized = RunSizing.size(config("create_write,delete"),
        rates(OpType.CREATE_WRITE, 100.0, OpType.DELETE, 10_000.0));
    // 4 s of deletes would take 400 s of creates: 20 s of creates, and a shorter delete.
    assertThat(sized.filesPerWorker()).isEqualTo(2000);
    assertThat(sized.sized()).endsWith("4 s of delete at the 10000 ops/s per worker its client "
        + "warm-up reached, lowered so create_write, at 100 ops/s per worker, runs about 20 s");
  }

  @Test
  void aWarmupThatDidNotSettleSizesForTheFasterPhasesItsPassesWereHeadingFor() {
    BenchConfig sized = RunSizing.size(config("create_write,delete"),
        rates(OpType.CREATE_WRITE, 1000.0, OpType.DELETE, 2000.0), false);
    // 2.5 x 4 s x 2,000 ops/s, not 1.3 x: a warm-up cut off at its cap measured slower passes.
    assertThat(sized.filesPerWorker()).isEqualTo(20_000);
    assertThat(sized.sized()).endsWith("(the warm-up ended at its cap before its rate settled: "
        + "sized for 2.5 times the rates it reached)");
    // The makers' limit grows with it: 5 x 4 s x 2.5 x 100 ops/s.
    BenchConfig capped = RunSizing.size(config("create_write,delete"),
        rates(OpType.CREATE_WRITE, 100.0, OpType.DELETE, 10_000.0), false);
    assertThat(capped.filesPerWorker()).isEqualTo(5000);
  }

  @Test
  void theCountIsBounded() {
    BenchConfig sized = RunSizing.size(config("create_write"),
        rates(OpType.CREATE_WRITE, 1e15));
    assertThat(sized.filesPerWorker()).isEqualTo(RunSizing.MAX_PER_WORKER);
  }
}
