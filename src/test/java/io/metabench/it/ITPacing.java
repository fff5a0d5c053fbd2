package io.metabench.it;

import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_EVERY;
import static io.metabench.testing.FaultyLocalFileSystem.STAT_STALL_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.FaultyLocalFileSystem;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * -duration, -warmup and -rate on the real local file system (under faulty://, which can stall):
 * what each does to the counts, and that a fixed rate measures latency from when each operation
 * was due, so a stall shows in the high percentiles where the service time hides it. Bounds on
 * times are loose: the machine is shared.
 */
@Isolated
class ITPacing {
  @TempDir
  File root;
  @TempDir
  File scratch;

  @BeforeEach
  void reset() {
    FaultyLocalFileSystem.reset();
  }

  private Configuration conf() {
    return FaultyLocalFileSystem.registered();
  }

  private String base(String name) {
    return FaultyLocalFileSystem.uriOf(new File(root, name));
  }

  private MetaBenchRun run(String... args) throws Exception {
    return MetaBenchRun.run(conf(), scratch, args);
  }

  @Test
  void aDurationBoundsOnlyThePhasesThatKeepNamesAndTheyCycleOverTheItems() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,stat,delete", "-threads", "2",
        "-numberOfFiles", "5", "-duration", "1", "-baseDir", base("duration"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("create_write").get("attempted").asLong()).isEqualTo(10);
    assertThat(r.phase("delete").get("successful").asLong()).isEqualTo(10);
    JsonNode stat = r.phase("stat");
    // far more than the 10 items: each worker went round its 5 files for a second
    assertThat(stat.get("successful").asLong()).isGreaterThan(100);
    assertThat(stat.get("failed").asLong()).isZero();
    assertThat(stat.get("elapsedSeconds").asDouble()).isBetween(0.9, 5.0);
    assertThat(r.json().get("parameters").get("durationMs").asLong()).isEqualTo(1000);
  }

  @Test
  void warmUpOperationsAreCountedApartAndInNoOtherFigure() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,stat", "-threads", "2",
        "-numberOfFiles", "5", "-warmup", "500ms", "-duration", "500ms",
        "-baseDir", base("warmup"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode stat = r.phase("stat");
    assertThat(stat.get("warmupOperations").asLong()).isPositive();
    assertThat(stat.get("successful").asLong()).isPositive();
    // the measured window is the half second after the warm-up, not the whole second
    assertThat(stat.get("elapsedSeconds").asDouble()).isBetween(0.3, 0.9);
    // create_write is bound by its items: -warmup takes none of them, all 10 are measured
    JsonNode create = r.phase("create_write");
    assertThat(create.get("attempted").asLong()).isEqualTo(10);
    assertThat(create.get("warmupOperations").asLong()).isZero();
    assertThat(r.stdout).contains("operations in the warm-up")
        .contains("create_write: bound by its items, so no -warmup: every planned item is "
            + "measured");
    // The warm-up's seconds are not in the series: no second of the stat phase shows nothing
    // completed, so no false stall.
    assertThat(stat.get("disruptions")).isEmpty();
  }

  @Test
  void aFixedRateIsKeptAndReportedBesideTheRateAsked() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,stat", "-threads", "2",
        "-numberOfFiles", "5", "-rate", "200", "-duration", "2", "-baseDir", base("rate"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode stat = r.phase("stat");
    // 2 s at 200/s: 400 due; a closed loop would have done tens of thousands
    assertThat(stat.get("attempted").asLong()).isBetween(390L, 401L);
    assertThat(stat.get("achievedRate").asDouble()).isBetween(150.0, 210.0);
    assertThat(stat.get("serviceTimeMs").get("p50").asDouble()).isPositive();
    assertThat(r.stdout).contains("stat: fixed rate 200.0 ops/s asked");
  }

  /**
   * The test: every 1000th stat stalls 300 ms. Measured from when each operation was due,
   * the stall delays the hundreds due during it, so p99.9 shows it; measured from each call's
   * own start (what a closed-loop tool reports), only the stalled calls themselves — 0.1 % of
   * them — are slow, and p99.9 does not.
   */
  @Test
  void aStallShowsInTheCorrectedPercentilesButNotInTheServiceTime() throws Exception {
    String base = base("stall");
    MetaBenchRun created = run("-operation", "create_write", "-threads", "2",
        "-numberOfFiles", "50", "-baseDir", base);
    assertThat(created.exitCode).as(created.toString()).isZero();
    FaultyLocalFileSystem.reset(); // count only the measured phase's calls
    MetaBenchRun r = run("-D", STAT_STALL_EVERY + "=1000", "-D", STAT_STALL_MILLIS + "=300",
        "-operation", "stat", "-threads", "2", "-numberOfFiles", "50", "-rate", "2000",
        "-duration", "3", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode stat = r.phase("stat");
    long ops = stat.get("successful").asLong();
    assertThat(ops).isGreaterThan(4000);
    double corrected = stat.get("latencyMs").get("p999").asDouble();
    double service = stat.get("serviceTimeMs").get("p999").asDouble();
    double serviceMax = stat.get("serviceTimeMs").get("max").asDouble();
    assertThat(serviceMax).as("the stalled calls themselves").isGreaterThan(250);
    assertThat(corrected).as("corrected p99.9").isGreaterThan(150);
    assertThat(service).as("service-time p99.9").isLessThan(100);
  }
}
