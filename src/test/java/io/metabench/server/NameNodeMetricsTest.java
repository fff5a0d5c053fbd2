package io.metabench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Where the NameNode's metrics are read, from what a client's configuration says. */
class NameNodeMetricsTest {
  private static String source(String given, String fs, Configuration conf) {
    ServerProbe m = NameNodeMetrics.of(given, URI.create(fs), conf);
    return m == null ? null : m.describe();
  }

  @Test
  void theClientConfigurationNamesTheAddress() {
    Configuration conf = new Configuration(false);
    // Hadoop's default binds every interface: the file system's host is the one to ask.
    assertThat(source("", "hdfs://nn1.example:8020", conf))
        .isEqualTo("NameNode http://nn1.example:9870/jmx, RPC port 8020");
    conf.set("dfs.namenode.http-address", "0.0.0.0:50070");
    assertThat(source("", "hdfs://nn1.example", conf))
        .isEqualTo("NameNode http://nn1.example:50070/jmx, RPC port 8020");
    conf.set("dfs.namenode.http-address", "web.example:9870");
    assertThat(source("", "hdfs://nn1.example:9000", conf))
        .isEqualTo("NameNode http://web.example:9870/jmx, RPC port 9000");
    conf.set("dfs.http.policy", "HTTPS_ONLY");
    conf.set("dfs.namenode.https-address", "web.example:9871");
    assertThat(source("", "hdfs://nn1.example:9000", conf))
        .isEqualTo("NameNode https://web.example:9871/jmx, RPC port 9000");
  }

  /** With HA, every NameNode of the nameservice is read, each at its own addresses. */
  @Test
  void withHaEveryNameNodeOfTheNameserviceIsRead() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.ha.namenodes.prod", "nn1, nn2");
    conf.set("dfs.namenode.rpc-address.prod.nn1", "host1.example:8021");
    conf.set("dfs.namenode.http-address.prod.nn1", "host1.example:9880");
    conf.set("dfs.namenode.rpc-address.prod.nn2", "host2.example:8022");
    conf.set("dfs.namenode.http-address.prod.nn2", "host2.example:9881");
    assertThat(source("", "hdfs://prod", conf))
        .isEqualTo("NameNodes of prod: nn1 http://host1.example:9880/jmx, RPC port 8021; "
            + "nn2 http://host2.example:9881/jmx, RPC port 8022");
  }

  @Test
  void aGivenUrlOrOffWinsAndOnlyHdfsIsRead() {
    Configuration conf = new Configuration(false);
    assertThat(source("https://jmx.example/jmx", "hdfs://nn1.example:8020", conf))
        .isEqualTo("NameNode https://jmx.example/jmx, RPC port 8020");
    assertThat(source("off", "hdfs://nn1.example:8020", conf)).isNull();
    assertThat(source("OFF", "hdfs://nn1.example:8020", conf)).isNull();
    assertThat(source("", "s3a://bucket/x", conf)).isNull();
    assertThat(source("", "file:///tmp/x", conf)).isNull();
  }
}
