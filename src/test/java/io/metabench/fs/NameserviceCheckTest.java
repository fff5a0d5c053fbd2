package io.metabench.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A logical HDFS URI is refused, naming the keys it lacks, before any client is made. */
class NameserviceCheckTest {
  @Test
  void aNameserviceTheConfigurationDoesNotDescribeIsNamedWithEveryKeyItNeeds() {
    Configuration conf = new Configuration(false);
    assertThat(NameserviceCheck.problem(URI.create("hdfs://ns-unknown.invalid/x"), conf))
        .isEqualTo("hdfs://ns-unknown.invalid/x names ns-unknown.invalid, neither a host this "
            + "machine resolves nor a nameservice of the client configuration: for a nameservice "
            + "set dfs.nameservices=ns-unknown.invalid, dfs.ha.namenodes.ns-unknown.invalid=<id>,"
            + "<id>, dfs.namenode.rpc-address.ns-unknown.invalid.<id>=<host:port> for each id and "
            + "dfs.client.failover.proxy.provider.ns-unknown.invalid in the hdfs-site.xml of "
            + "-confDir, or as -D key=value; for one NameNode give its host and port "
            + "(hdfs://host:8020/...)");
  }

  @Test
  void aPartlyDescribedNameserviceNamesWhatItLacks() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.nameservices", "ns1");
    assertThat(NameserviceCheck.problem(URI.create("hdfs://ns1/x"), conf))
        .startsWith("hdfs://ns1/x names ns1, a nameservice of dfs.nameservices without "
            + "dfs.ha.namenodes.ns1: ");
    conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
    conf.set("dfs.namenode.rpc-address.ns1.nn1", "a:8020");
    assertThat(NameserviceCheck.problem(URI.create("hdfs://ns1/x"), conf)).isEqualTo(
        "the nameservice ns1 of hdfs://ns1/x lacks dfs.namenode.rpc-address.ns1.nn2, "
        + "dfs.client.failover.proxy.provider.ns1 (e.g. org.apache.hadoop.hdfs.server.namenode.ha."
        + "ConfiguredFailoverProxyProvider): set them in the hdfs-site.xml of -confDir, or as -D "
        + "key=value");
    conf.set("dfs.namenode.rpc-address.ns1.nn2", "b:8020");
    conf.set("dfs.client.failover.proxy.provider.ns1", "x.Provider");
    assertThat(NameserviceCheck.problem(URI.create("hdfs://ns1/x"), conf)).isNull();
  }

  @Test
  void aHostAPortOrAnotherSchemeIsNotChecked() {
    Configuration conf = new Configuration(false);
    assertThat(NameserviceCheck.problem(URI.create("hdfs://localhost/x"), conf)).isNull();
    assertThat(NameserviceCheck.problem(URI.create("hdfs://ns1:8020/x"), conf)).isNull();
    assertThat(NameserviceCheck.problem(URI.create("s3a://ns1/x"), conf)).isNull();
  }
}
