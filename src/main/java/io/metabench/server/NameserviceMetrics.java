package io.metabench.server;

import io.metabench.stats.ServerSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every NameNode of an HA nameservice, read together each second: each one's state (active,
 * standby, observer; unreachable when its /jmx cannot be read) and its client RPC port's calls,
 * and the nameservice's figures combined, so a phase's calls are counted whichever NameNode
 * served them, across a failover and with observer reads.
 *
 * <p>Combined (docs/metrics.md, "The NameNode's view"): counters and the call queue are summed
 * over the NameNodes; an average (processing, queue, lock wait, a method's time) is the
 * NameNodes' averages weighted by the rise of its counter since the previous reading. A
 * NameNode that cannot be read keeps its last counters (so sums never fall) and is marked
 * unreachable; one whose counters fall has restarted, and its earlier counts are kept. Per
 * NameNode: {@code nn.<id>.state} ({@link ServerSamples#stateCode}) and {@code nn.<id>.calls}.
 * Reading stops only when no NameNode can be read.
 *
 * <p>Not thread-safe: one sampler thread uses it.
 */
final class NameserviceMetrics implements ServerProbe {
  private static final Logger LOG = LoggerFactory.getLogger(NameserviceMetrics.class);

  private final String nameservice;
  private final List<Member> members = new ArrayList<>();
  /** The combined averages of the last reading, kept where no NameNode's counter rose since. */
  private final Map<String, Double> lastAverages = new HashMap<>();
  private String statesAtStart = "";

  /** One NameNode: its reader, and its counters as last read. */
  private static final class Member {
    private final String id;
    private final NameNodeMetrics metrics;
    /** Counters as read last, and what earlier lives of a restarted NameNode counted. */
    private Map<String, Double> raw = new TreeMap<>();
    private final Map<String, Double> offset = new HashMap<>();
    /** Counters (with offsets) as of the reading before the last, and the last. */
    private Map<String, Double> previous = new TreeMap<>();
    private Map<String, Double> last = new TreeMap<>();
    private boolean warned;

    Member(String id, NameNodeMetrics metrics) {
      this.id = id;
      this.metrics = metrics;
    }

    /** Takes a new reading: counters kept from earlier lives of the server added in. */
    void read(Map<String, Double> now) {
      Map<String, Double> kept = new TreeMap<>();
      for (Map.Entry<String, Double> e : now.entrySet()) {
        String key = e.getKey();
        double v = e.getValue();
        if (weightOf(key) == null && !isGauge(key)) {
          Double before = raw.get(key);
          if (before != null && v < before) {
            offset.merge(key, before, Double::sum);
          }
          v += offset.getOrDefault(key, 0.0);
        }
        kept.put(key, v);
      }
      raw = new TreeMap<>(now);
      previous = last;
      last = kept;
    }

    /** Not read this time: its counters stay where they were. */
    void unread() {
      previous = last;
    }

    double rise(String counter) {
      Double now = last.get(counter);
      Double before = previous.get(counter);
      return now == null ? 0 : now - (before == null ? 0 : before);
    }
  }

  NameserviceMetrics(String nameservice, Map<String, NameNodeMetrics> byId) {
    this.nameservice = nameservice;
    for (Map.Entry<String, NameNodeMetrics> e : byId.entrySet()) {
      members.add(new Member(e.getKey(), e.getValue()));
    }
  }

  @Override
  public String describe() {
    List<String> each = new ArrayList<>();
    for (Member m : members) {
      each.add(m.id + " " + m.metrics.where());
    }
    boolean routers = true;
    for (Member m : members) {
      routers &= "Router".equals(m.metrics.service());
    }
    return (routers ? "Routers of " : "NameNodes of ") + nameservice + (statesAtStart.isEmpty()
        ? "" : " (" + statesAtStart + " when reading began)") + ": " + String.join("; ", each);
  }

  @Override
  public Map<String, Double> sample() throws IOException {
    Map<String, Double> out = new TreeMap<>();
    List<String> states = new ArrayList<>();
    int read = 0;
    IOException failure = null;
    for (Member m : members) {
      String state;
      try {
        Map<String, Double> now = m.metrics.sample();
        state = m.metrics.state();
        m.read(now);
        read++;
      } catch (IOException e) {
        state = "unreachable";
        m.unread();
        failure = e;
        if (!m.warned) {
          m.warned = true;
          LOG.warn("could not read NameNode {} of {} ({}): its calls are counted as of its last "
              + "reading while it cannot be read", m.id, nameservice, e.getMessage());
        }
      }
      states.add(m.id + " " + state);
      out.put("nn." + m.id + ".state", ServerSamples.stateCode(state));
      Double calls = m.last.get("rpc.calls");
      if (calls != null) {
        out.put("nn." + m.id + ".calls", calls);
      }
    }
    if (read == 0) {
      throw new IOException("no NameNode of " + nameservice + " could be read: "
          + failure.getMessage());
    }
    if (statesAtStart.isEmpty()) {
      statesAtStart = String.join(", ", states);
    }
    combine(out);
    return out;
  }

  /** The first of its routers that lists the NameNodes behind it; null when none does. */
  @Override
  public com.fasterxml.jackson.databind.JsonNode federationNamenodes() {
    for (Member m : members) {
      try {
        com.fasterxml.jackson.databind.JsonNode listed = m.metrics.federationNamenodes();
        if (listed != null) {
          return listed;
        }
      } catch (IOException e) {
        // Another router of the nameservice may answer.
      }
    }
    return null;
  }

  /** The nameservice's figures: sums, and averages weighted by their calls since last time. */
  private void combine(Map<String, Double> out) {
    java.util.Set<String> keys = new java.util.TreeSet<>();
    for (Member m : members) {
      keys.addAll(m.last.keySet());
    }
    for (String key : keys) {
      String weight = weightOf(key);
      double sum = 0;
      double weights = 0;
      for (Member m : members) {
        Double v = m.last.get(key);
        if (v == null) {
          continue;
        }
        if (weight == null) {
          sum += v;
        } else {
          double w = m.rise(weight);
          if (w > 0 && !Double.isNaN(v)) {
            sum += v * w;
            weights += w;
          }
        }
      }
      if (weight == null) {
        out.put(key, sum);
      } else if (weights > 0) {
        lastAverages.put(key, sum / weights);
        out.put(key, sum / weights);
      } else if (lastAverages.containsKey(key)) {
        out.put(key, lastAverages.get(key));
      }
    }
  }

  /** The counter an average is weighted by; null for a counter or a gauge (summed). */
  static String weightOf(String key) {
    switch (key) {
      case "rpc.processingMs":
        return "rpc.calls";
      case "rpc.queueMs":
        return "rpc.queueCalls";
      case "rpc.lockWaitMs":
        return "rpc.lockWaitCalls";
      case "proxy.ms":
        return "proxy.calls";
      case "router.processingMs":
        return "router.processingCalls";
      default:
        return key.startsWith("method.") && key.endsWith(".ms")
            ? key.substring(0, key.length() - ".ms".length()) + ".calls" : null;
    }
  }

  private static boolean isGauge(String key) {
    return "rpc.callQueueLength".equals(key);
  }
}
