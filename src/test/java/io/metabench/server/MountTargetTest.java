package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** Which file system a ViewFs base directory lies on, from the mount table. */
class MountTargetTest {
  @Test
  void theLongestMountThatHoldsTheBaseDirectoryWins() {
    Configuration conf = new Configuration(false);
    conf.set("fs.viewfs.mounttable.cluster.link./data", "hdfs://ns1/data");
    conf.set("fs.viewfs.mounttable.cluster.link./data/hot", "hdfs://ns2/hot");
    conf.set("fs.viewfs.mounttable.other.link./data", "hdfs://ns3/data");
    assertThat(NameNodeMetrics.mountTarget(new Path("viewfs://cluster/data/x"), conf))
        .isEqualTo(URI.create("hdfs://ns1/data"));
    assertThat(NameNodeMetrics.mountTarget(new Path("viewfs://cluster/data/hot/x"), conf))
        .isEqualTo(URI.create("hdfs://ns2/hot"));
    // A name that only starts like a mount point is not under it.
    assertThat(NameNodeMetrics.mountTarget(new Path("viewfs://cluster/database"), conf)).isNull();
    assertThat(NameNodeMetrics.mountTarget(new Path("viewfs://other/data"), conf))
        .isEqualTo(URI.create("hdfs://ns3/data"));
  }
}
