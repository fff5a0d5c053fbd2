package io.metabench.compat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.util.VersionInfo;

/**
 * The Hadoop client line this JVM runs on, and the one place MetaBench reaches what a line may
 * lack. MetaBench is built against Hadoop 3.4 but its thin jar runs on whatever client {@code
 * hadoop jar} puts first (2.10, 3.1, 3.2, 3.3, 3.4): every call to an API newer than Hadoop 2.10
 * goes through here, where it is probed once per JVM and, where the line lacks it, answered as
 * "not known" instead of failing with a {@code NoSuchMethodError}.
 *
 * <p>The classes that name the newer APIs ({@link Since322}, {@link Since331}, each marked
 * {@link NeedsProbe}) are loaded only once the probe found the API, so an older line never links
 * them. Immutable and thread-safe.
 */
public final class HadoopLine {
  /** What MetaBench uses that not every Hadoop line it runs on has. */
  public enum Feature {
    /**
     * {@code FileSystem.hasPathCapability} and {@code CommonPathCapabilities} (HADOOP-15691:
     * 3.3.0, and 3.2.2 of the 3.2 line).
     */
    PATH_CAPABILITIES("path capabilities", "3.2.2",
        "file system capabilities unknown; append not checked before the run"),
    /** {@code org.apache.hadoop.fs.statistics} (HADOOP-16830). */
    IO_STATISTICS("IOStatistics", "3.3.1",
        "store calls from storage statistics only");

    private final String label;
    private final String since;
    private final String consequence;

    Feature(String label, String since, String consequence) {
      this.label = label;
      this.since = since;
      this.consequence = consequence;
    }

    /** Its name as reports give it. */
    public String label() {
      return label;
    }

    /** The first Hadoop release that has it. */
    public String since() {
      return since;
    }

    /** What a run loses without it, as the report says. */
    public String consequence() {
      return consequence;
    }
  }

  private static final HadoopLine CURRENT = probe();

  private final String version;
  private final Set<Feature> features;

  HadoopLine(String version, Set<Feature> features) {
    this.version = version;
    Set<Feature> copy = EnumSet.noneOf(Feature.class);
    copy.addAll(features);
    this.features = Collections.unmodifiableSet(copy);
  }

  /** The line of the Hadoop client on this JVM's class path, probed once. */
  public static HadoopLine current() {
    return CURRENT;
  }

  private static HadoopLine probe() {
    Set<Feature> has = EnumSet.noneOf(Feature.class);
    try {
      FileSystem.class.getMethod("hasPathCapability", Path.class, String.class);
      has.add(Feature.PATH_CAPABILITIES);
    } catch (NoSuchMethodException e) {
      // Hadoop before 3.2.2 (3.1 and 2.x among them).
    }
    try {
      Class.forName("org.apache.hadoop.fs.statistics.IOStatisticsSupport", false,
          FileSystem.class.getClassLoader());
      has.add(Feature.IO_STATISTICS);
    } catch (ClassNotFoundException | LinkageError e) {
      // Hadoop before 3.3.1.
    }
    return new HadoopLine(VersionInfo.getVersion(), has);
  }

  /** The client's version, as Hadoop's {@code VersionInfo} gives it (for example "2.10.2"). */
  public String version() {
    return version;
  }

  /** Whether this line has {@code f}. */
  public boolean has(Feature f) {
    return features.contains(f);
  }

  /** What this line lacks, in declaration order; empty on Hadoop 3.3.1 and later. */
  public List<Feature> lacks() {
    List<Feature> lacks = new ArrayList<>();
    for (Feature f : Feature.values()) {
      if (!has(f)) {
        lacks.add(f);
      }
    }
    return lacks;
  }

  /**
   * What this line lacks and what that costs a run, as results record it: "path capabilities
   * (3.2.2: file system capabilities unknown; append not checked before the run), IOStatistics
   * (3.3.1: store calls from storage statistics only)"; empty when it lacks nothing.
   */
  public String lacksText() {
    StringBuilder s = new StringBuilder();
    for (Feature f : lacks()) {
      s.append(s.length() == 0 ? "" : ", ").append(f.label()).append(" (").append(f.since())
          .append(": ").append(f.consequence()).append(')');
    }
    return s.toString();
  }

  /**
   * {@code fs}'s answer for {@code capability} at {@code path}: TRUE or FALSE, or null when this
   * line cannot ask (before 3.2.2).
   */
  public Boolean pathCapability(FileSystem fs, Path path, String capability)
      throws IOException {
    return has(Feature.PATH_CAPABILITIES) ? Since322.hasPathCapability(fs, path, capability)
        : null;
  }

  /**
   * {@code fs}'s own IOStatistics counters (S3A keeps them per client), or null when it has
   * none, none are counters, or this line has no IOStatistics (before 3.3.1).
   */
  public Counters ioStatistics(FileSystem fs) {
    return has(Feature.IO_STATISTICS) ? Since331.counters(fs) : null;
  }

  /** A client's own counters by name, read afresh at each call. */
  public interface Counters {
    /** The object that counts: two clients sharing it have equal keys (by identity). */
    Object key();

    /** Every counter now, by name. */
    Map<String, Long> read();
  }

  /** Calls of Hadoop 3.2.2: loaded only where {@link Feature#PATH_CAPABILITIES} was found. */
  @NeedsProbe("FileSystem.hasPathCapability (3.2.2): probed by HadoopLine")
  private static final class Since322 {
    static boolean hasPathCapability(FileSystem fs, Path path, String capability)
        throws IOException {
      return fs.hasPathCapability(path, capability);
    }
  }

  /** Calls of Hadoop 3.3.1: loaded only where {@link Feature#IO_STATISTICS} was found. */
  @NeedsProbe("org.apache.hadoop.fs.statistics (3.3.1): probed by HadoopLine")
  private static final class Since331 {
    static Counters counters(FileSystem fs) {
      IOStatistics io = IOStatisticsSupport.retrieveIOStatistics(fs);
      return io == null || io.counters().isEmpty() ? null : new IoCounters(io);
    }
  }

  /** A client's IOStatistics counters: made only by {@link Since331}. */
  @NeedsProbe("org.apache.hadoop.fs.statistics (3.3.1): probed by HadoopLine")
  private static final class IoCounters implements Counters {
    private final IOStatistics io;

    IoCounters(IOStatistics io) {
      this.io = io;
    }

    @Override
    public Object key() {
      return io;
    }

    @Override
    public Map<String, Long> read() {
      return io.counters();
    }
  }
}
