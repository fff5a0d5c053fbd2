package io.metabench.stats;

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
      "");

  private final boolean available;
  private final Map<String, Long> byType;
  private final String sources;

  private StoreCalls(boolean available, Map<String, Long> byType, String sources) {
    this.available = available;
    this.byType = Collections.unmodifiableMap(new TreeMap<>(byType));
    this.sources = sources;
  }

  /**
   * Counts by type ({@code sources}: the statistics' names, e.g. {@code DFSOpsCountStatistics});
   * types that did not move are left out.
   */
  public static StoreCalls of(Map<String, Long> byType, String sources) {
    Map<String, Long> moved = new TreeMap<>();
    for (Map.Entry<String, Long> e : byType.entrySet()) {
      if (e.getValue() != 0) {
        moved.put(e.getKey(), e.getValue());
      }
    }
    return new StoreCalls(true, moved, sources);
  }

  /**
   * Several processes' counts of one phase added up; available when any part was (a part that
   * was not adds nothing, and the sources say so).
   */
  public static StoreCalls combine(List<StoreCalls> parts) {
    Map<String, Long> sum = new TreeMap<>();
    String sources = "";
    boolean any = false;
    for (StoreCalls p : parts) {
      if (!p.available) {
        continue;
      }
      any = true;
      sources = p.sources;
      for (Map.Entry<String, Long> e : p.byType.entrySet()) {
        sum.merge(e.getKey(), e.getValue(), Long::sum);
      }
    }
    return any ? new StoreCalls(true, sum, sources) : NONE;
  }

  /** Whether the clients exposed statistics at all. */
  public boolean available() {
    return available;
  }

  /** The counts that moved, by type, sorted. */
  public Map<String, Long> byType() {
    return byType;
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

  /** An S3A request count by verb; {@code store_io_request}, their total, is left out. */
  private static boolean isRequest(String type) {
    return type.startsWith("object_") && (type.endsWith("_request") || type.endsWith("_requests"));
  }

  /**
   * {@code 2.00 calls/op (complete 1.00, create 1.00)}: the calls per operation and each type's
   * share, for {@code operations} operations (attempted ones, warm-up included); empty when
   * there were none.
   */
  public String perOperation(long operations) {
    if (operations <= 0) {
      return "";
    }
    StringBuilder b = new StringBuilder(String.format(java.util.Locale.ROOT, "%.2f calls/op (",
        (double) total() / operations));
    String sep = "";
    for (Map.Entry<String, Long> e : calls().entrySet()) {
      b.append(sep).append(e.getKey()).append(' ').append(String.format(java.util.Locale.ROOT,
          "%.2f", (double) e.getValue() / operations));
      sep = ", ";
    }
    return b.append(')').toString();
  }

  /** Whether a statistic counts calls (not bytes, times, or failures, which are not calls). */
  public static boolean counts(String type) {
    String t = type.toLowerCase(java.util.Locale.ROOT);
    return !(t.contains("bytes") || t.contains("time") || t.contains("duration")
        || t.endsWith(".failures") || t.endsWith("_failures") || t.contains(".max")
        || t.contains(".mean") || t.contains(".min") || t.contains("distance"));
  }
}
