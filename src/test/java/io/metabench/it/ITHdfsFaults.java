package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of a real HDFS in the middle of a phase: the NameNode restarting, a DataNode dying. The
 * run goes on, every operation is counted exactly once (as a success or a failure with its
 * cause), and the outage shows as a window of the per-second series.
 */
class ITHdfsFaults {
  @TempDir
  File scratch;
  private MiniHdfs hdfs;
  private final ExecutorService runner = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    runner.shutdownNow();
    if (hdfs != null) {
      hdfs.close();
    }
  }

  private void waitForFile(String path) throws Exception {
    for (int i = 0; i < 600 && !hdfs.fs().exists(new Path(path)); i++) {
      Thread.sleep(50);
    }
    assertThat(hdfs.fs().exists(new Path(path))).as("the run got going").isTrue();
  }

  /** Every planned operation is either one success or one failure. */
  private static void assertEveryOperationCounted(JsonNode phase, long planned) {
    assertThat(phase.get("attempted").asLong()).isEqualTo(planned);
    assertThat(phase.get("successful").asLong() + phase.get("failed").asLong())
        .isEqualTo(planned);
    long byCause = 0;
    for (JsonNode cause : phase.get("failures")) {
      byCause += cause.get("count").asLong();
    }
    assertThat(byCause).isEqualTo(phase.get("failed").asLong());
  }

  @Test
  void aNameNodeRestartMidPhaseShowsAsAWindowAndEveryOperationIsCounted() throws Exception {
    hdfs = MiniHdfs.start();
    Configuration client = new Configuration();
    // the client waits out the restart (10 x 1 s by default) instead of failing at once
    client.setInt("ipc.client.connect.max.retries", 100);
    client.setInt("ipc.client.connect.retry.interval", 200);
    String base = hdfs.uri() + "/faults/nn-restart";
    Future<MetaBenchRun> run = runner.submit(() -> MetaBenchRun.run(client, scratch,
        "-operation", "create_write", "-threads", "2", "-numFiles", "1500", "-baseDir", base));
    waitForFile("/faults/nn-restart/data/map_0/thread_0/file_100");
    long restartStarted = System.nanoTime();
    hdfs.cluster().restartNameNode(true);
    double restartSeconds = (System.nanoTime() - restartStarted) / 1e9;
    MetaBenchRun r = run.get(3, TimeUnit.MINUTES);
    System.out.println(r.stdout); // the report, in the test's output, for the record

    assertThat(r.exitCode).as(r.toString()).isIn(0, 1);
    JsonNode create = r.phase("create_write");
    assertEveryOperationCounted(create, 3000);
    assertThat(r.exitCode).isEqualTo(create.get("failed").asLong() == 0 ? 0 : 1);
    // the restart (restartSeconds long) left a window in which nothing completed or calls failed
    JsonNode disruptions = create.get("disruptions");
    assertThat(disruptions.size()).as("disruptions of a %.1f s restart: %s", restartSeconds,
        r.stdout).isPositive();
    assertThat(r.stdout).contains("into the phase");
  }

  @Test
  void aDataNodeDyingMidPhaseLeavesNoOperationUncounted() throws Exception {
    Configuration conf = new Configuration();
    conf.setInt("dfs.replication", 1);
    // the NameNode notices the dead DataNode after about 11 s instead of 10 min, and stops
    // offering it for new blocks; until then every create that gets it waits and retries
    conf.setInt("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.namenode.heartbeat.recheck-interval", 500);
    hdfs = MiniHdfs.start(conf, 2);
    String base = hdfs.uri() + "/faults/dn-dies";
    Configuration client = new Configuration();
    client.setInt("dfs.client.max.block.acquire.failures", 0);
    client.setInt("dfs.client.retry.window.base", 1);
    // as the embedded HDFS does: Hadoop's 400 ms first wait for a block's completion would make
    // this test about the client's back-off rather than the DataNode
    client.setLong("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 10);
    Future<MetaBenchRun> run = runner.submit(() -> MetaBenchRun.run(client,
        scratch, "-operation", "create_write,open_read", "-threads", "2", "-numFiles", "200",
        "-bytesToWrite", "1024", "-readFileAfterOpen", "-baseDir", base));
    waitForFile("/faults/dn-dies/data/map_0/thread_0/file_60");
    hdfs.cluster().stopDataNode(0);
    MetaBenchRun r = run.get(3, TimeUnit.MINUTES);
    System.out.println(r.stdout); // the report, in the test's output, for the record

    assertThat(r.exitCode).as(r.toString()).isIn(0, 1);
    assertEveryOperationCounted(r.phase("create_write"), 400);
    JsonNode open = r.phase("open_read");
    assertEveryOperationCounted(open, 400);
    // files whose only replica died cannot be read: counted, with the client's cause
    assertThat(r.exitCode).isEqualTo(r.json().get("phases").get(0).get("failed").asLong()
        + open.get("failed").asLong() == 0 ? 0 : 1);
  }
}
