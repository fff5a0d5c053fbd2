package io.metabench.engine;

import io.metabench.compat.HadoopLine;
import io.metabench.compat.NameNodeRpcs;
import io.metabench.fs.OssRequests;
import io.metabench.stats.StoreCalls;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileSystemStorageStatistics;
import org.apache.hadoop.fs.GlobalStorageStatistics;
import org.apache.hadoop.fs.StorageStatistics;

/**
 * Reads the clients' own call counts at a phase's boundaries (never on the hot path): each
 * distinct statistics object once, whether the workers share one (the HDFS client's counts are
 * one per JVM, whatever the number of clients) or each client has its own (S3A), summed. Built
 * per phase, from the engine's thread; not thread-safe.
 */
final class StoreCallCounter {
  /** This JVM, as JVM-wide counts name it: its process name and start time. */
  private static final String JVM = ManagementFactory.getRuntimeMXBean().getName() + "@"
      + ManagementFactory.getRuntimeMXBean().getStartTime();

  private final List<Source> sources = new ArrayList<>();
  /** Whether a source is one every client in this JVM shares (registered JVM-wide). */
  private boolean jvmWide;

  /** One object that counts: a client's storage statistics, or its IOStatistics counters. */
  private interface Source {
    String name();

    void addTo(Map<String, Long> counts);
  }

  private StoreCallCounter() {
  }

  /**
   * A counter over {@code clients}: for each, its IOStatistics counters (S3A keeps them per
   * client), else, for an OSS client, the requests {@link OssRequests} counts, else its storage
   * statistics, else the JVM-wide statistics registered for its scheme (the HDFS client's
   * {@code DFSOpsCountStatistics}); never Hadoop's generic per-scheme byte and operation totals
   * ({@code FileSystemStorageStatistics}), which count no calls by kind. With none of these, a
   * counter that has none.
   */
  static StoreCallCounter over(List<FileSystem> clients) {
    StoreCallCounter c = new StoreCallCounter();
    Map<Object, Boolean> seen = new IdentityHashMap<>();
    for (FileSystem fs : clients) {
      // A client's IOStatistics first: they are its own, while S3A's storage statistics are
      // registered once per JVM and stay bound to the first S3A client made.
      HadoopLine.Counters io = HadoopLine.current().ioStatistics(fs);
      if (io != null) {
        c.add(io.key(), "IOStatistics of " + fs.getClass().getSimpleName(), io::read, seen);
        continue;
      }
      // hadoop-aliyun counts no requests by kind: MetaBench counts them in the OSS SDK.
      OssRequests oss = OssRequests.of(fs);
      if (oss != null) {
        c.add(oss, "OSS SDK requests", oss::read, seen);
        continue;
      }
      String scheme = fs.getUri().getScheme();
      StorageStatistics rpcs = GlobalStorageStatistics.INSTANCE.get(NameNodeRpcs.STATISTICS);
      if (rpcs != null && ("hdfs".equals(scheme) || "viewfs".equals(scheme))) {
        // What reached the NameNode, besides the client's FileSystem calls.
        c.add(rpcs, seen);
      }
      StorageStatistics own = fs.getStorageStatistics();
      if (byKind(own)) {
        c.add(own, seen);
        continue;
      }
      for (Iterator<StorageStatistics> it = GlobalStorageStatistics.INSTANCE.iterator();
          it.hasNext(); ) {
        StorageStatistics s = it.next();
        if (scheme != null && scheme.equals(s.getScheme()) && byKind(s)) {
          c.add(s, seen);
        }
      }
    }
    return c;
  }

  /** Adds a client's own counts, once however many workers share {@code key}. */
  private void add(Object key, String name, Supplier<Map<String, Long>> read,
      Map<Object, Boolean> seen) {
    if (seen.put(key, Boolean.TRUE) != null) {
      return;
    }
    sources.add(new Source() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void addTo(Map<String, Long> counts) {
        for (Map.Entry<String, Long> e : read.get().entrySet()) {
          counts.merge(e.getKey(), e.getValue(), Long::sum);
        }
      }
    });
  }

  /** Whether {@code s} counts calls by kind (not Hadoop's generic totals, not empty). */
  private static boolean byKind(StorageStatistics s) {
    return s != null && !(s instanceof FileSystemStorageStatistics)
        && s.getLongStatistics().hasNext();
  }

  private void add(StorageStatistics s, Map<Object, Boolean> seen) {
    if (seen.containsKey(s)) {
      return;
    }
    for (Iterator<StorageStatistics> it = GlobalStorageStatistics.INSTANCE.iterator();
        it.hasNext(); ) {
      // The HDFS client's own getStorageStatistics() is such a one: shared by every client.
      jvmWide |= it.next() == s;
    }
    add(s, s.getName(), () -> {
      Map<String, Long> counts = new TreeMap<>();
      for (Iterator<StorageStatistics.LongStatistic> it = s.getLongStatistics(); it.hasNext(); ) {
        StorageStatistics.LongStatistic l = it.next();
        counts.merge(l.getName(), l.getValue(), Long::sum);
      }
      return counts;
    }, seen);
  }

  /** The counts now, by name; empty when no client exposes any. */
  Map<String, Long> snapshot() {
    Map<String, Long> counts = new TreeMap<>();
    for (Source s : sources) {
      s.addTo(counts);
    }
    return counts;
  }

  /** The calls made since {@code before} was taken. */
  StoreCalls since(Map<String, Long> before) {
    if (sources.isEmpty()) {
      return StoreCalls.NONE;
    }
    Map<String, Long> diff = new TreeMap<>();
    for (Map.Entry<String, Long> e : snapshot().entrySet()) {
      diff.put(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L));
    }
    Set<String> names = new LinkedHashSet<>();
    for (Source s : sources) {
      names.add(s.name());
    }
    return StoreCalls.jvmWide(diff, String.join(", ", names), jvmWide ? JVM : "", before);
  }
}
