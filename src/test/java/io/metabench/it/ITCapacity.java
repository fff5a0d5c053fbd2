package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.CappedFileSystem;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity search against a metadata service of known capacity ({@link CappedFileSystem}: k
 * servers of a fixed service time s, so it holds k ÷ s stats a second, a call taking s below
 * that and the queue growing without bound above it). Under a bound of 10-20 service times, which
 * that model holds at any rate under its capacity (its steady arrivals never queue; the client's
 * scheduling on two cores adds a little) and breaks within a 2 s step from 1 % above it (the
 * backlog's wait at the step's end is the excess share × the step's length), the search
 * finds the capacity within 2.5 %; where the capacity is above what this client can offer, it
 * says so and reports no store limit.
 */
class ITCapacity {
  @TempDir
  File scratch;

  private MetaBenchRun search(int servers, long serviceMicros, int threads, String bound,
      String... more) throws Exception {
    Configuration conf = new Configuration();
    conf.setClass("fs.capped.impl", CappedFileSystem.class, FileSystem.class);
    conf.setInt(CappedFileSystem.SERVERS, servers);
    conf.setLong(CappedFileSystem.SERVICE_MICROS, serviceMicros);
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList(
        "-operation", "stat", "-threads", Integer.toString(threads), "-numFiles", "20",
        "-clientWarmup", "0", "-capacity", bound, "-capacityStep", "2", "-baseDir",
        CappedFileSystem.uriOf(new File(scratch, "b" + servers + "-" + serviceMicros)),
        "-outDir", new File(scratch, "out" + servers + "-" + serviceMicros).getPath()));
    args.addAll(java.util.Arrays.asList(more));
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, args.toArray(new String[0]));
    System.out.println("=== ITCapacity: " + servers + " servers of " + serviceMicros + " us\n"
        + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    return r;
  }

  private static void foundWithin(MetaBenchRun r, double capacity) throws Exception {
    JsonNode answer = r.json().path("answer");
    double held = answer.path("heldPerSecond").asDouble();
    assertThat(answer.path("clientLimited").asBoolean()).as(r.stdout).isFalse();
    assertThat(Math.abs(held - capacity) / capacity).as(r.stdout).isLessThanOrEqualTo(0.025);
    assertThat(answer.path("brokeAtPerSecond").asDouble()).isGreaterThan(held);
    assertThat(r.stdout).contains(String.format(Locale.ROOT, "stat holds %s ops/s at p99 <= ",
        io.metabench.stats.capacity.CapacityResult.rate(held)));
    // Every step carries its whole run, and the steps' files are there.
    JsonNode steps = r.json().path("steps");
    assertThat(steps.size()).isGreaterThan(3);
    assertThat(steps.get(1).path("run").path("phases").get(0).path("operation").asText())
        .isEqualTo("stat");
  }

  @Test
  void findsFiveHundredAndFourThousandWithin2Point5Percent() throws Exception {
    // Workers enough to judge the bound near the capacity: capacity × bound × 2 and more.
    foundWithin(search(1, 2_000, 24, "p99=20ms"), 500);
    // One server of 250 us: a 5 ms bound needs only 20 workers, so 32 threads' scheduling on two
    // cores jitters the arrivals less than the 96 that 4 servers of 1 ms would need.
    foundWithin(search(1, 250, 32, "p99=5ms", "-capacityStep", "3"), 4_000);
  }

  @Test
  void aCapacityBeyondTheClientIsReportedAsTheClientsLimit() throws Exception {
    // 400,000 stats a second: far more than this client offers on two cores.
    MetaBenchRun r = search(40, 100, 16, "p99=1ms", "-capacityPrecision", "20");
    JsonNode answer = r.json().path("answer");
    assertThat(answer.path("clientLimited").asBoolean()).as(r.stdout).isTrue();
    assertThat(answer.path("heldPerSecond").asDouble()).isLessThan(400_000);
    assertThat(r.stdout).contains("stat holds at least ").contains("the client could not offer");
    boolean invalid = false;
    for (JsonNode s : r.json().path("steps")) {
      invalid |= "invalid".equals(s.path("outcome").asText());
    }
    assertThat(invalid).isTrue();
  }
}
