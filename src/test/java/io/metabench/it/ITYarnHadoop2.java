package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.Hadoop2Cluster;
import io.metabench.testing.HadoopLines;
import io.metabench.testing.PrivateNetwork;
import io.metabench.testing.ScriptRun;
import java.io.File;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code -maps} job on a Hadoop 2.10 cluster, as its users submit one: the thin jar through
 * {@code RunJar} with the 2.10.2 client jars and the cluster's configuration directory first on
 * the class path, to a real YARN of that line (MiniMRYarnCluster 2.10.2: a ResourceManager and a
 * NodeManager whose ApplicationMaster and map containers are JVMs of their own) over its HDFS,
 * all in a child JVM with the 2.10.2 class path. Runs in Failsafe's yarn-in-netns execution,
 * since the ApplicationMaster listens on all interfaces.
 */
class ITYarnHadoop2 {
  private static Hadoop2Cluster cluster;

  @TempDir
  File work;
  @TempDir
  File captures;

  @BeforeAll
  static void start() throws Exception {
    PrivateNetwork.require(ITYarnHadoop2.class.getSimpleName());
    // The job's JVMs live for seconds and are checked for what they do (as ITYarnJob's).
    cluster = Hadoop2Cluster.start(0, ScriptRun.QUICK_JIT + " " + PrivateNetwork.jvmOpens(), 900);
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void aJobOfTheThinJarRunsOnHadoop2Yarn() throws Exception {
    assertThat(cluster.version()).isEqualTo("2.10.2");
    ScriptRun r = HadoopLines.runJar("2.10.2", cluster.confDir(), work, captures, "-maps", "2",
        "-threads", "2", "-numberOfFiles", "20", "-operation", "create_write,open_read,delete",
        "-baseDir", cluster.uri() + "/benchmarks/MetaBench", "-clientWarmup", "0",
        "-nnbenchLog", "", "-jsonOut", "job.json");
    assertThat(r.exitCode).as(r + "\n--- the 2.10 cluster\n" + cluster.output()).isZero();
    assertThat(r.stdout + r.stderr).as(r.toString()).doesNotContain("NoSuchMethodError")
        .doesNotContain("NoClassDefFoundError");
    // Submitted to YARN (a tracking URL of an application), not run by the local job runner.
    assertThat(r.stderr).containsPattern("Job job_\\d+_\\d+ submitted: .*application_")
        .doesNotContain("local job runner");
    JsonNode json = new ObjectMapper().readTree(new File(work, "job.json"));
    assertThat(json.get("hadoopVersion").asText()).isEqualTo("2.10.2");
    assertThat(json.get("maps").get("reported").asInt()).isEqualTo(2);
    for (JsonNode p : json.get("phases")) {
      assertThat(p.get("successful").asLong()).as(p.get("operation").asText()).isEqualTo(80);
    }
    // Each map ran as a YARN task attempt (the local job runner's are attempt_local...).
    for (JsonNode m : json.get("maps").get("perMap")) {
      assertThat(m.get("taskAttempt").asText()).matches("attempt_\\d+_\\d+_m_\\d+_\\d+");
    }
  }
}
