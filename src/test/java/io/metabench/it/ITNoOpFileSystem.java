package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * noop:// (the do-nothing file system for measuring MetaBench's own cost) is found by its scheme
 * alone and carries every phase through the whole harness.
 */
@Isolated
class ITNoOpFileSystem {
  @TempDir
  File scratch;

  @Test
  void everyPhaseRunsOnNoopWithoutConfiguration() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation", "all",
        "-threads", "3", "-numFiles", "5000", "-filesPerDir", "1000", "-bytesToWrite", "100",
        "-readFileAfterOpen", "-baseDir", "noop:///harness");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("phases")).hasSize(6);
    for (JsonNode phase : r.json().get("phases")) {
      assertThat(phase.get("successful").asLong()).as(phase.toString()).isEqualTo(15_000);
    }
    assertThat(r.phase("create_write").get("bytes").asLong()).isEqualTo(1_500_000);
    // A count given (NNBench's dialect) is kept exactly: the run is not sized.
    assertThat(r.json().get("parameters").get("numberOfFiles").asLong()).isEqualTo(5000);
    assertThat(r.json().get("parameters").get("sized").asText()).isEmpty();
    assertThat(r.json().get("parameters").get("sizeForMs").asLong()).isZero();
    // Nothing is stored, so every file reads as empty.
    assertThat(r.phase("open_read").get("bytes").asLong()).isZero();
  }

  /**
   * Sized from a warm-up that settled, every phase shows a steady rate. A no-op call's rate is
   * the JIT's: on a busy machine (CI, 2026-11-28) a warm-up cut off at its cap measured deletes
   * at 179,380 a second a worker that then ran 2.15 M, ten times more than any margin allows.
   * Such a run says its warm-up did not settle, and a phase it sized too short is flagged so,
   * with its fix, never reported steady: that is checked instead.
   */
  @Test
  void aRunThatGivesNoCountIsSizedSoEveryPhaseShowsASteadyRate() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write,open_read,delete", "-threads", "2", "-clientWarmup", "20",
        "-baseDir", "noop:///sized");
    if (!r.stdout.contains("the warm-up ended at its cap before its rate settled")) {
      assertSizedAndSteady(r, 2, "create_write", "open_read", "delete");
      return;
    }
    System.out.println("=== ITNoOpFileSystem: the sizing warm-up did not settle\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String op : new String[] {"create_write", "delete"}) {
      if ("too_short".equals(r.phase(op).get("steadiness").get("verdict").asText())) {
        assertThat(r.stdout).contains("~ " + op + ": too short to show a steady rate");
      }
    }
  }

  /**
   * {@code r}, a run of {@code threads} workers that gave no count, was sized: phases that keep
   * names ran 4 s, the others had the sized count, none too short to show a steady rate.
   */
  static void assertSizedAndSteady(MetaBenchRun r, int threads, String... ops) throws Exception {
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode params = r.json().get("parameters");
    long perWorker = params.get("numberOfFiles").asLong();
    assertThat(perWorker).isGreaterThan(100);
    assertThat(params.get("durationMs").asLong()).isEqualTo(4000);
    assertThat(params.get("sized").asText()).startsWith("sized to measure about 4 s a phase");
    assertThat(r.stdout).contains("sized to measure about 4 s a phase");
    for (String op : ops) {
      JsonNode p = r.phase(op);
      assertThat(p.get("steadiness").get("verdict").asText()).as(op + ": " + r.stdout)
          .isNotEqualTo("too_short");
      assertThat(p.get("elapsedSeconds").asDouble()).as(op + ": " + r.stdout).isGreaterThan(3.0);
      if (!op.equals("open_read") && !op.equals("stat")) {
        assertThat(p.get("successful").asLong()).as(op).isEqualTo(threads * perWorker);
      }
    }
    // The warm-up that measured the rates is the first phase's own, not a second one.
    assertThat(r.phase(ops[0]).get("clientWarmup").get("calls").asLong()).isPositive();
  }

  @Test
  void aPhaseWhoseClientIsSaturatedIsFlaggedClientBoundAndALightOneIsNot() throws Exception {
    // A light phase: 50 opens a second for 3 s.
    MetaBenchRun light = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write,open_read", "-threads", "1", "-numFiles", "10", "-rate", "50", "-duration", "3",
        "-clientWarmup", "0", "-baseDir", "noop:///light");
    assertThat(light.exitCode).as(light.toString()).isZero();
    JsonNode calm = light.phase("open_read").get("clientLoad");
    assertThat(calm.get("clientBound").asBoolean()).as(calm.toString()).isFalse();
    assertThat(calm.get("cpuShare").asDouble()).isLessThan(0.9);
    assertThat(light.stdout).containsPattern("client JVM, cores used of [0-9]+: create_write ")
        .doesNotContain("client-bound");
    // Paced: how long the client stood still at most, in the line and the JSON.
    assertThat(light.stdout).containsPattern("open_read [-0-9.]+ .*\\(stood still up to "
        + "[0-9]+\\.[0-9] ms\\)");
    assertThat(calm.get("longestPauseMillis").asDouble(-1)).as(calm.toString())
        .isGreaterThanOrEqualTo(0);

    // The same JVM kept busy by neighbours spinning on every core: the phase measures the
    // machine, and says so.
    int cores = Runtime.getRuntime().availableProcessors();
    java.util.concurrent.atomic.AtomicBoolean spin = new java.util.concurrent.atomic.AtomicBoolean(
        true);
    List<Thread> spinners = new java.util.ArrayList<>();
    for (int i = 0; i < cores; i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (spin.get()) {
          x += System.nanoTime() & 1;
        }
        if (x == 42) {
          System.out.print("");
        }
      });
      t.setDaemon(true);
      t.start();
      spinners.add(t);
    }
    MetaBenchRun busy;
    try {
      busy = MetaBenchRun.run(new Configuration(), scratch, "-operation", "create_write,open_read",
          "-threads", "2", "-numFiles", "10", "-duration", "3", "-clientWarmup", "0", "-baseDir",
          "noop:///busy");
    } finally {
      spin.set(false);
    }
    assertThat(busy.exitCode).as(busy.toString()).isZero();
    JsonNode load = busy.phase("open_read").get("clientLoad");
    assertThat(load.get("clientBound").asBoolean()).as(load.toString()).isTrue();
    assertThat(load.get("cpuShare").asDouble()).isGreaterThanOrEqualTo(0.9);
    assertThat(load.get("workersCpuSeconds").asDouble()).isPositive();
    assertThat(busy.stdout).containsPattern("(?m)^open_read +2 +[0-9]+ .* [0-9.~]+!")
        .contains("  ! open_read: client-bound: this JVM used ");
  }
}
