package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.HaCluster;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 47: an HA nameservice whose NameNodes refresh their metrics every 10 s, Hadoop's default
 * (in a process of its own), and a 3 s phase last in the run, as a user's first try on a
 * production cluster. The end of the run waits for the NameNodes' refreshes after it, so the
 * active NameNode's count is the calls it served; it is never 0, in five runs out of five
 * (before the change, three of five were 0).
 *
 * <p>It spends most of its minute waiting for the NameNodes' 10 s refreshes, so it runs beside
 * the suite's other classes ({@code junit.jupiter.execution.parallel} in pom.xml), not alone;
 * the classes whose figures a second test in the JVM could shift are {@code @Isolated}.
 */
@Execution(ExecutionMode.CONCURRENT)
class ITSlowMetricsPeriod {
  private static HaCluster cluster;
  @TempDir
  File scratch;

  @BeforeAll
  static void start() throws Exception {
    cluster = HaCluster.start(10, 900);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void theLastPhasesCountIsTheCallsServedInFiveRunsOfFive() throws Exception {
    String ns = cluster.nameservice();
    List<String> counts = new ArrayList<>();
    // The files the stat runs read, as the issue's runs read those an earlier run made.
    MetaBenchRun made = MetaBenchRun.run(new Configuration(), scratch, "-confDir",
        cluster.confDir().getPath(), "-operation", "create_write", "-threads", "2", "-numFiles",
        "300", "-clientWarmup", "0", "-baseDir", "hdfs://" + ns + "/mb");
    assertThat(made.exitCode).as(made.toString()).isZero();
    for (int run = 0; run < 5; run++) {
      MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-confDir",
          cluster.confDir().getPath(), "-operation", "stat", "-threads", "2", "-numFiles", "300",
          "-duration", "3", "-clientWarmup", "0", "-baseDir", "hdfs://" + ns + "/mb");
      assertThat(r.exitCode).as(r.toString()).isZero();
      long ok = r.phase("stat").get("successful").asLong();
      JsonNode phase = r.json().path("server").path("phases").get(0);
      assertThat(phase.path("operation").asText()).isEqualTo("stat");
      JsonNode active = null;
      for (JsonNode nn : phase.path("nameNodes")) {
        if ("active".equals(nn.path("stateAtEnd").asText())) {
          active = nn;
        }
        // No NameNode is ever shown as 0 calls without having been seen to serve none: a count
        // is a number only with no reason, and a reason comes with null.
        assertThat(nn.path("calls").isNull()).as(nn.toString())
            .isEqualTo(!nn.path("notCounted").asText().isEmpty());
      }
      assertThat(active).as(phase.toString()).isNotNull();
      java.util.regex.Matcher line = java.util.regex.Pattern.compile("NameNodes, stat: .*")
          .matcher(r.stdout);
      counts.add(ok + " stats; " + (line.find() ? line.group() : "no NameNodes line"));
      // The end of the run waited for its refresh: every stat it served is counted (and the
      // few calls of the run's own around the phase: its checks, its state file).
      assertThat(active.path("calls").isNumber()).as(r.stdout).isTrue();
      assertThat(active.path("calls").asLong()).as(r.stdout).isBetween(ok, ok + 5_000);
      assertThat(r.stdout).containsPattern("NameNodes, stat: calls served \\(around the phase: "
          + "it held fewer than two refreshes\\): nn2 active [0-9]+");
    }
    System.out.println("=== ITSlowMetricsPeriod: each run's stats and NameNodes line:\n"
        + String.join("\n", counts));
  }
}
