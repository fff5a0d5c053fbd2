package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.op.OpType;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A mix is reported as its operations and as one whole: a total row and a JSON object. */
class MixReportTest {
  private static final long MS = ReportFixture.MS;
  private static final long S = ReportFixture.S;

  private static BenchConfig mixConfig() {
    Configuration c = new Configuration(false);
    c.set(ConfigKeys.OPERATIONS, "create_write,mix");
    c.set(ConfigKeys.MIX, "stat:30,open_read:70");
    c.set(ConfigKeys.FILES_PER_WORKER, "100");
    c.set(ConfigKeys.THREADS, "2");
    c.set(ConfigKeys.BASE_DIR, "hdfs://nn.example:8020/benchmarks/MetaBench");
    c.set(ConfigKeys.RATE, "300");
    c.set(ConfigKeys.DURATION_MILLIS, "10000");
    c.set(ConfigKeys.WARMUP_MILLIS, "1000");
    return BenchConfig.fromConfiguration(c);
  }

  /** One operation of the mix: {@code ok} successes of {@code latencyMs}, over 10 s. */
  private static PhaseResult op(OpType op, long ok, long failed, long latencyMs, long warmup,
      long lateMs) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(latencyMs * MS, ok);
    Histogram service = new Histogram(3);
    service.recordValueWithCount(MS, ok);
    Map<String, FailureCount> failures = new TreeMap<>();
    if (failed > 0) {
      failures.put("IOException", new FailureCount(failed, "x"));
    }
    return new PhaseResult(op, 2, ok + failed, ok, failures, Collections.emptyMap(), 0, 0, S,
        11 * S, 20 * S, 0, 0, 0, latency, 1_000).withPacing(warmup, service, lateMs * MS).inMix();
  }

  private static RunResult run() {
    PhaseResult stat = op(OpType.STAT, 900, 0, 2, 90, 3);
    PhaseResult read = op(OpType.OPEN_READ, 2_000, 100, 4, 210, 7);
    return new RunResult(ReportFixture.info(), mixConfig(), Arrays.asList(stat, read),
        Collections.emptyMap());
  }

  @Test
  void theTotalIsTheSumOfTheOperationsAndEachOperationGetsItsShareOfTheRate() throws Exception {
    RunResult r = run();
    PhaseResult total = r.mixTotal();
    assertThat(total.name()).isEqualTo("mix");
    assertThat(total.attempted()).isEqualTo(3_000);
    assertThat(total.successes()).isEqualTo(2_900);
    assertThat(total.failed()).isEqualTo(100);
    assertThat(total.workers()).isEqualTo(2);
    assertThat(total.warmupOps()).isEqualTo(300);
    assertThat(total.maxLateNanos()).isEqualTo(7 * MS);
    assertThat(total.latency().getTotalCount()).isEqualTo(2_900);
    assertThat(total.tps()).isEqualTo(290.0);

    String text = ReportFixture.write(new TextFormat(), r);
    assertThat(text).containsPattern("(?m)^mix +2 +2900 +100 +0 +10\\.000 +290\\.0 ");
    assertThat(text)
        .contains("mix:stat: its 30.0% of the mix's fixed rate, 90.0 ops/s asked, 90.0 achieved")
        .contains("mix:open_read: its 70.0% of the mix's fixed rate, 210.0 ops/s asked, 210.0 "
            + "achieved")
        .contains("mix: fixed rate 300.0 ops/s asked, 300.0 achieved")
        .contains("mix: 300 operations in the warm-up (first 1.0 s)")
        .doesNotContain("mix:stat: 90 operations in the warm-up");

    JsonNode json = new ObjectMapper().readTree(ReportFixture.write(new JsonFormat(), r));
    JsonNode mix = json.get("mixTotal");
    assertThat(mix.get("operation").asText()).isEqualTo("mix");
    assertThat(mix.get("attempted").asLong()).isEqualTo(3_000);
    assertThat(mix.get("successful").asLong()).isEqualTo(2_900);
    assertThat(mix.get("warmupOperations").asLong()).isEqualTo(300);
    assertThat(mix.get("achievedRate").asDouble()).isEqualTo(300.0);
    long sum = 0;
    for (JsonNode p : json.get("phases")) {
      sum += p.get("attempted").asLong();
    }
    assertThat(sum).isEqualTo(mix.get("attempted").asLong());
  }

  @Test
  void aRunWithoutAMixHasNoTotal() {
    assertThat(ReportFixture.result().mixTotal()).isNull();
  }
}
