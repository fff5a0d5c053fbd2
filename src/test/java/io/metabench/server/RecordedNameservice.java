package io.metabench.server;

import io.metabench.testing.RecordedJmx;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;

/**
 * The NameNode view's own probe of an HA nameservice {@code ns1} whose NameNodes are recorded
 * {@code /jmx} documents served on loopback: for tests outside this package that read the view
 * as a run does.
 */
public final class RecordedNameservice {
  private RecordedNameservice() {
  }

  /**
   * The probe MetaBench makes for {@code hdfs://ns1}, with NameNode {@code nn<i+1>} served by
   * {@code nameNodes[i]} on RPC port {@code rpcPorts[i]} (the port its recording names).
   */
  public static ServerProbe probe(RecordedJmx[] nameNodes, int[] rpcPorts) {
    Configuration conf = new Configuration(false);
    StringBuilder ids = new StringBuilder();
    for (int i = 0; i < nameNodes.length; i++) {
      String id = "nn" + (i + 1);
      ids.append(i == 0 ? "" : ",").append(id);
      conf.set("dfs.namenode.rpc-address.ns1." + id, "127.0.0.1:" + rpcPorts[i]);
      conf.set("dfs.namenode.http-address.ns1." + id, nameNodes[i].address());
    }
    conf.set("dfs.ha.namenodes.ns1", ids.toString());
    return NameNodeMetrics.of("", URI.create("hdfs://ns1"), conf);
  }
}
