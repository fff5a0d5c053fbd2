package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * noop:// (the do-nothing file system for measuring MetaBench's own cost) is found by its scheme
 * alone and carries every phase through the whole harness.
 */
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
    // Nothing is stored, so every file reads as empty.
    assertThat(r.phase("open_read").get("bytes").asLong()).isZero();
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
