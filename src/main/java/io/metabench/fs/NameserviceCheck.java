package io.metabench.fs;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Whether an {@code hdfs://} URI without a port names a nameservice the client configuration
 * describes, before any client is made: a logical URI needs {@code dfs.ha.namenodes.<ns>}, an RPC
 * address for each of its NameNodes and {@code dfs.client.failover.proxy.provider.<ns>}, and
 * without them Hadoop's client reports only an unknown host. Stateless.
 */
final class NameserviceCheck {
  private static final String HOW = "in the hdfs-site.xml of -confDir, or as -D key=value";

  private NameserviceCheck() {
  }

  /** One line naming what is missing and where to put it; null when nothing is. */
  static String problem(URI fs, Configuration conf) {
    if (!"hdfs".equals(fs.getScheme()) || fs.getHost() == null || fs.getPort() > 0) {
      return null;
    }
    String ns = fs.getHost();
    String[] ids = conf.getTrimmedStrings("dfs.ha.namenodes." + ns);
    boolean named = Arrays.asList(conf.getTrimmedStrings("dfs.nameservices")).contains(ns);
    if (ids.length == 0) {
      if (!named && resolves(ns)) {
        return null;
      }
      return fs + " names " + ns + ", " + (named ? "a nameservice of dfs.nameservices without "
          + "dfs.ha.namenodes." + ns : "neither a host this machine resolves nor a nameservice of "
          + "the client configuration") + ": for a nameservice set dfs.nameservices=" + ns
          + ", dfs.ha.namenodes." + ns + "=<id>,<id>, dfs.namenode.rpc-address." + ns
          + ".<id>=<host:port> for each id and dfs.client.failover.proxy.provider." + ns + " "
          + HOW + "; for one NameNode give its host and port (hdfs://host:8020/...)";
    }
    List<String> missing = new ArrayList<>();
    for (String id : ids) {
      String key = "dfs.namenode.rpc-address." + ns + "." + id;
      if (conf.getTrimmed(key, "").isEmpty()) {
        missing.add(key);
      }
    }
    String provider = "dfs.client.failover.proxy.provider." + ns;
    if (conf.getTrimmed(provider, "").isEmpty()) {
      missing.add(provider + " (e.g. org.apache.hadoop.hdfs.server.namenode.ha."
          + "ConfiguredFailoverProxyProvider)");
    }
    return missing.isEmpty() ? null : "the nameservice " + ns + " of " + fs + " lacks "
        + String.join(", ", missing) + ": set " + (missing.size() == 1 ? "it " : "them ") + HOW;
  }

  private static boolean resolves(String host) {
    try {
      InetAddress.getByName(host);
      return true;
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
