package io.metabench.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server read as it is, or, when its first reading shows a Router-based Federation router, read
 * with the NameNodes behind it (docs/fs/hdfs.md#router-based-federation), found once:
 *
 * <ol>
 *   <li>those its State Store lists ({@code FederationState}'s {@code Namenodes}: each one's web
 *       and RPC address), as a production router serves them;</li>
 *   <li>else, for each nameservice the router proxies to (its {@code NameserviceActivity-<ns>}
 *       beans), the NameNodes the client configuration names for it (as the router's own
 *       hdfs-site.xml does);</li>
 *   <li>else none, and the description says why and what to give.</li>
 * </ol>
 *
 * <p>They are read together each second as one nameservice ({@link NameserviceMetrics}): each
 * one's state and calls as {@code nn.<ns>[.<id>].state} and {@code nn.<ns>[.<id>].calls}, so the
 * phase's NameNodes line shows which served its calls, and their combined figures under
 * {@code behind.} ({@code behind.rpc.queueMs}, {@code behind.rpc.processingMs}, ...), which split
 * the router's proxied time into the NameNodes' own queue and processing. A reading of them that
 * fails is warned of once, and the router's own figures go on.
 *
 * <p>Not thread-safe: one sampler thread uses it.
 */
final class BehindRouter implements ServerProbe {
  private static final Logger LOG = LoggerFactory.getLogger(BehindRouter.class);
  private static final String PROXIED = "proxy.ns.";

  private final ServerProbe server;
  private final Configuration conf;
  private boolean looked;
  private NameserviceMetrics behind;
  /** How the NameNodes behind were found, or why none are read; empty for a NameNode. */
  private String how = "";
  private boolean warned;

  BehindRouter(ServerProbe server, Configuration conf) {
    this.server = server;
    this.conf = conf;
  }

  @Override
  public String describe() {
    return server.describe() + (how.isEmpty() ? "" : "; " + how
        + (behind == null ? "" : ": " + behind.describe()));
  }

  @Override
  public Map<String, Double> sample() throws IOException {
    Map<String, Double> v = server.sample();
    if (!v.containsKey("proxy.calls")) {
      return v;
    }
    if (!looked) {
      looked = true;
      find(v);
    }
    if (behind != null) {
      try {
        for (Map.Entry<String, Double> e : behind.sample().entrySet()) {
          v.put(e.getKey().startsWith("nn.") ? e.getKey() : "behind." + e.getKey(), e.getValue());
        }
      } catch (IOException e) {
        if (!warned) {
          warned = true;
          LOG.warn("could not read the NameNodes behind the router ({}): the router's own figures "
              + "go on", e.getMessage());
        }
      }
    }
    return v;
  }

  @Override
  public JsonNode federationNamenodes() throws IOException {
    return server.federationNamenodes();
  }

  private void find(Map<String, Double> firstReading) {
    Map<String, NameNodeMetrics> byId = new TreeMap<>();
    JsonNode listed = null;
    try {
      listed = server.federationNamenodes();
    } catch (IOException e) {
      LOG.debug("the router's FederationState could not be read: {}", e.getMessage());
    }
    if (listed != null) {
      for (JsonNode n : listed) {
        String ns = n.path("nameserviceId").asText("");
        String nn = n.path("namenodeId").asText("");
        String web = n.path("webAddress").asText("");
        String rpc = n.path("rpcAddress").asText("");
        if (!ns.isEmpty() && web.contains(":") && rpc.contains(":")) {
          byId.put(nn.isEmpty() || "null".equals(nn) ? ns : ns + "." + nn, new NameNodeMetrics(
              n.path("webScheme").asText("http") + "://" + web + "/jmx",
              NameNodeMetrics.portOf(rpc), conf));
        }
      }
      how = "the NameNodes behind it, as its State Store lists them";
    } else {
      TreeSet<String> undescribed = new TreeSet<>();
      for (String key : firstReading.keySet()) {
        if (key.startsWith(PROXIED) && key.endsWith(".calls")) {
          String ns = key.substring(PROXIED.length(), key.length() - ".calls".length());
          Map<String, NameNodeMetrics> named = NameNodeMetrics.describedFor(ns,
              NameNodeMetrics.DEFAULT_RPC_PORT, conf);
          for (Map.Entry<String, NameNodeMetrics> e : named.entrySet()) {
            byId.put(e.getKey().equals(ns) ? ns : ns + "." + e.getKey(), e.getValue());
          }
          if (named.isEmpty()) {
            undescribed.add(ns);
          }
        }
      }
      how = byId.isEmpty() ? "the NameNodes behind it are not read: it lists none (it has no "
          + "State Store) and the client configuration names none of the nameservices it proxies "
          + "to (" + String.join(", ", undescribed) + "): give their dfs.namenode.rpc-address.<ns>"
          + " and dfs.namenode.http-address.<ns> (as the router's hdfs-site.xml does) with "
          + "-confDir or -D"
          : "the NameNodes behind it, as the client configuration names them" + (undescribed
          .isEmpty() ? "" : " (not " + String.join(", ", undescribed) + ": it names none)");
    }
    if (!byId.isEmpty()) {
      behind = new NameserviceMetrics("its federation", byId);
      LOG.info("Router view: reading {} NameNodes behind the router: {}", byId.size(),
          new ArrayList<>(byId.keySet()));
    }
  }
}
