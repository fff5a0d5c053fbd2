package io.metabench.stats;

import io.metabench.compat.NameNodeRpcs;
import io.metabench.fs.OssRequests;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The calls a phase's clients made to the store during its measured window, by type, as the
 * clients count them themselves ({@code FileSystem.getStorageStatistics()}: the HDFS client's
 * per-RPC counts, S3A's requests, the local file system's read and write operations), or the fact
 * that the connector exposes none. Immutable.
 */
public final class StoreCalls {
  /** A phase whose clients exposed no statistics (or a result from before they were read). */
  public static final StoreCalls NONE = new StoreCalls(false, Collections.<String, Long>emptyMap(),
      "", false, "", Collections.<String, Long>emptyMap());

  private final boolean available;
  private final Map<String, Long> byType;
  private final String sources;
  /** Whether the statistics are kept once per JVM, shared by every client in it. */
  private final boolean jvmWide;
  /**
   * The one JVM whose shared statistics these are, so parts of the same JVM can be combined;
   * empty: the clients' own counts, or several JVMs' already combined.
   */
  private final String jvm;
  /** For JVM-wide counts, the counters' values as the window opened. */
  private final Map<String, Long> baseline;

  private StoreCalls(boolean available, Map<String, Long> byType, String sources, boolean jvmWide,
      String jvm, Map<String, Long> baseline) {
    this.available = available;
    this.byType = Collections.unmodifiableMap(new TreeMap<>(byType));
    this.sources = sources;
    this.jvmWide = jvmWide;
    this.jvm = jvm;
    this.baseline = Collections.unmodifiableMap(new TreeMap<>(baseline));
  }

  /**
   * Counts by type ({@code sources}: the statistics' names, e.g. {@code DFSOpsCountStatistics});
   * types that did not move are left out.
   */
  public static StoreCalls of(Map<String, Long> byType, String sources) {
    return jvmWide(byType, sources, "", Collections.<String, Long>emptyMap());
  }

  /**
   * Counts of statistics that every client in JVM {@code jvm} shares (the HDFS client's), with
   * the counters' values as the window opened ({@code baseline}), so that the counts of several
   * map tasks in one JVM (the local job runner's) are not added twice ({@link #combine}). An
   * empty {@code jvm}: the clients' own counts.
   */
  public static StoreCalls jvmWide(Map<String, Long> byType, String sources, String jvm,
      Map<String, Long> baseline) {
    Map<String, Long> moved = new TreeMap<>();
    for (Map.Entry<String, Long> e : byType.entrySet()) {
      if (e.getValue() != 0) {
        moved.put(e.getKey(), e.getValue());
      }
    }
    return new StoreCalls(true, moved, sources, !jvm.isEmpty(), jvm, jvm.isEmpty()
        ? Collections.<String, Long>emptyMap() : baseline);
  }

  /** As {@link ResultCodec} wrote it: every field as it was. */
  static StoreCalls restored(Map<String, Long> byType, String sources, boolean jvmWide, String jvm,
      Map<String, Long> baseline) {
    return new StoreCalls(true, byType, sources, jvmWide, jvm, baseline);
  }

  /**
   * Several processes' counts of one phase added up; available when any part was (a part that
   * was not adds nothing, and the sources say so). Parts that read the same JVM's shared
   * statistics (map tasks running as threads of one JVM, each seeing all of their calls) count
   * once: from the earliest opening value to the latest closing one, exact because their
   * windows overlap (they pass one barrier).
   */
  public static StoreCalls combine(List<StoreCalls> parts) {
    Map<String, List<StoreCalls>> byJvm = new TreeMap<>();
    for (StoreCalls p : parts) {
      if (p.available) {
        byJvm.computeIfAbsent(p.jvm, k -> new java.util.ArrayList<>()).add(p);
      }
    }
    if (byJvm.isEmpty()) {
      return NONE;
    }
    boolean jvmWide = false;
    for (StoreCalls p : parts) {
      jvmWide |= p.jvmWide;
    }
    Map<String, Long> sum = new TreeMap<>();
    Map<String, Long> opened = new TreeMap<>();
    String sources = "";
    int shared = 0;
    for (Map.Entry<String, List<StoreCalls>> g : byJvm.entrySet()) {
      List<StoreCalls> group = g.getValue();
      sources = group.get(group.size() - 1).sources;
      if (g.getKey().isEmpty()) {
        for (StoreCalls p : group) {
          for (Map.Entry<String, Long> e : p.byType.entrySet()) {
            sum.merge(e.getKey(), e.getValue(), Long::sum);
          }
        }
        continue;
      }
      shared = Math.max(shared, group.size());
      for (Map.Entry<String, Long> e : union(group, opened).entrySet()) {
        sum.merge(e.getKey(), e.getValue(), Long::sum);
      }
    }
    if (shared > 1) {
      sources += " (shared by the map tasks of one JVM: counted once)";
    }
    sum.values().removeIf(n -> n == 0);
    // One JVM's parts stay combinable with more of that JVM's (from their earliest opening).
    String one = byJvm.size() == 1 ? byJvm.keySet().iterator().next() : "";
    return new StoreCalls(true, sum, sources, jvmWide, one, one.isEmpty()
        ? Collections.<String, Long>emptyMap() : opened);
  }

  /**
   * One JVM's calls over its parts' windows together: latest closing − earliest opening (left in
   * {@code opened}).
   */
  private static Map<String, Long> union(List<StoreCalls> group, Map<String, Long> opened) {
    Map<String, Long> closed = new TreeMap<>();
    for (StoreCalls p : group) {
      java.util.Set<String> types = new java.util.TreeSet<>(p.baseline.keySet());
      types.addAll(p.byType.keySet());
      for (String t : types) {
        // A counter not there yet as the window opened stood at 0.
        long start = p.baseline.getOrDefault(t, 0L);
        opened.merge(t, start, Math::min);
        closed.merge(t, start + p.byType.getOrDefault(t, 0L), Math::max);
      }
    }
    Map<String, Long> calls = new TreeMap<>();
    for (Map.Entry<String, Long> e : closed.entrySet()) {
      calls.put(e.getKey(), e.getValue() - opened.get(e.getKey()));
    }
    return calls;
  }

  /** Whether the clients exposed statistics at all. */
  public boolean available() {
    return available;
  }

  /** The counts that moved, by type, sorted. */
  public Map<String, Long> byType() {
    return byType;
  }

  /** Whether the statistics are kept once per JVM (the HDFS client's), not per client. */
  public boolean jvmWide() {
    return jvmWide;
  }

  /** The one JVM whose shared statistics these are; empty: the clients' own, or several JVMs'. */
  public String jvm() {
    return jvm;
  }

  /** For JVM-wide counts, every counter's value as the window opened; empty otherwise. */
  public Map<String, Long> baseline() {
    return baseline;
  }

  /** Which statistics the counts come from. */
  public String sources() {
    return sources;
  }

  /**
   * The calls that reached the store: when the client counts requests (S3A's
   * {@code object_*_request} counts, the HTTP requests), their sum; otherwise the sum of every
   * count that is a call (the HDFS client's per-RPC counts), leaving out bytes, times and
   * failure counts (docs/metrics.md#store-calls).
   */
  public long total() {
    boolean requests = false;
    for (String type : byType.keySet()) {
      requests |= isRequest(type);
    }
    long n = 0;
    for (Map.Entry<String, Long> e : byType.entrySet()) {
      if (requests ? isRequest(e.getKey()) : counts(e.getKey())) {
        n += e.getValue();
      }
    }
    return n;
  }

  /** The types {@link #total()} adds up. */
  public Map<String, Long> calls() {
    boolean requests = false;
    for (String type : byType.keySet()) {
      requests |= isRequest(type);
    }
    Map<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, Long> e : byType.entrySet()) {
      if (requests ? isRequest(e.getKey()) : counts(e.getKey())) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /**
   * A count of what reached the store, by kind: an S3A request count by verb
   * ({@code store_io_request}, their total, is left out), an OSS request count by API
   * ({@link OssRequests}), or NameNode RPCs by method, failed
   * ones included ({@code rpc.Create}, {@code rpc.Create.failures}: {@link NameNodeRpcs}).
   */
  private static boolean isRequest(String type) {
    return type.startsWith("object_") && (type.endsWith("_request") || type.endsWith("_requests"))
        || type.startsWith(NameNodeRpcs.PREFIX) || type.startsWith(OssRequests.PREFIX);
  }

  /**
   * What the counts are, as the per-operation line names them: {@code NameNode RPCs} (counted
   * by method, {@link NameNodeRpcs}), {@code requests} (S3A's and OSS's HTTP requests),
   * {@code FileSystem calls} (the HDFS client's {@code DFSOpsCountStatistics}: one per API call,
   * however many RPCs it made) or {@code calls}.
   */
  public String kind() {
    for (String type : byType.keySet()) {
      if (type.startsWith(NameNodeRpcs.PREFIX)) {
        return "NameNode RPCs";
      }
      if (isRequest(type)) {
        return "requests";
      }
    }
    return sources.contains("DFSOpsCountStatistics") ? "FileSystem calls" : "calls";
  }

  /**
   * {@code 2.00 NameNode RPCs/op (Complete 1.00, Create 1.00)}: the calls per operation, of
   * {@link #kind}, and each type's share, for {@code operations} operations (attempted ones,
   * warm-up included); empty when there were none.
   */
  public String perOperation(long operations) {
    if (operations <= 0) {
      return "";
    }
    if (calls().isEmpty()) {
      // The client keeps counts, but none for this operation (the HDFS client's for setTimes).
      return "0.00 calls/op (the client counts none for this operation)";
    }
    StringBuilder b = new StringBuilder(String.format(java.util.Locale.ROOT, "%.2f %s/op (",
        (double) total() / operations, kind()));
    String sep = "";
    for (Map.Entry<String, Long> e : calls().entrySet()) {
      String type = e.getKey();
      for (String prefix : new String[] {NameNodeRpcs.PREFIX, OssRequests.PREFIX}) {
        type = type.startsWith(prefix) ? type.substring(prefix.length()) : type;
      }
      b.append(sep).append(type).append(' ').append(String.format(java.util.Locale.ROOT,
          "%.2f", (double) e.getValue() / operations));
      sep = ", ";
    }
    b.append(')');
    Map<String, Long> servers = servedBy();
    if (servers.size() > 1) {
      // Which NameNodes (or Routers) served them: an HA pair across a failover, observers.
      sep = "; served by ";
      for (Map.Entry<String, Long> e : servers.entrySet()) {
        b.append(sep).append(e.getKey()).append(' ').append(String.format(java.util.Locale.ROOT,
            "%.2f", (double) e.getValue() / operations));
        sep = ", ";
      }
    }
    return b.toString();
  }

  /**
   * The calls each NameNode (or Router) served, by its RPC address ({@link
   * NameNodeRpcs#SERVED_BY}); empty where the RPCs are not counted.
   */
  public Map<String, Long> servedBy() {
    Map<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, Long> e : byType.entrySet()) {
      if (e.getKey().startsWith(NameNodeRpcs.SERVED_BY)) {
        out.put(e.getKey().substring(NameNodeRpcs.SERVED_BY.length()), e.getValue());
      }
    }
    return out;
  }

  /** Whether a statistic counts calls (not bytes, times, or failures, which are not calls). */
  public static boolean counts(String type) {
    String t = type.toLowerCase(java.util.Locale.ROOT);
    return !(t.contains("bytes") || t.contains("time") || t.contains("duration")
        || t.endsWith(".failures") || t.endsWith("_failures") || t.contains(".max")
        || t.contains(".mean") || t.contains(".min") || t.contains("distance"));
  }
}
