package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A base directory on ViewFs ({@code viewfs://cluster/...}) over a real HDFS (MiniDFSCluster):
 * the run's items land on the mounted HDFS, and the NameNode view reads the NameNode the base
 * directory's mount point leads to.
 */
class ITViewFs {
  private static MiniHdfs hdfs;
  @TempDir
  File scratch;

  @BeforeAll
  static void start() throws Exception {
    hdfs = MiniHdfs.start();
  }

  @AfterAll
  static void stop() throws Exception {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void theViewReadsTheNameNodeBehindTheMountOfTheBaseDirectory() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.viewfs.mounttable.cluster.link./bench", hdfs.uri() + "/mounted/bench");
    conf.set("fs.viewfs.mounttable.cluster.link./tmp", "file:///tmp");
    // As a cluster's hdfs-site.xml names it.
    conf.set("dfs.namenode.http-address", "127.0.0.1:"
        + hdfs.cluster().getNameNode().getHttpAddress().getPort());
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write,stat",
        "-threads", "2", "-numberOfFiles", "100", "-baseDir", "viewfs://cluster/bench/run",
        "-D", "metabench.namenode.jmx=");
    System.out.println("=== ITViewFs\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(200);
    // The items are on the mounted HDFS, under the mount's target path.
    assertThat(hdfs.fs().exists(new Path("/mounted/bench/run/data/map_0/thread_1/file_99")))
        .isTrue();
    assertThat(r.stdout).containsPattern("NameNode view: NameNode http://[^ ]+/jmx, RPC port "
        + hdfs.uri().getPort() + ".*the mount of viewfs://cluster/bench/run \\(" + hdfs.uri()
        + "/mounted/bench\\), [0-9]+ samples").doesNotContain("stopped reading");
  }
}
