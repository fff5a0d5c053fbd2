package io.metabench.stats;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Where a result came from, so it can be compared later: MetaBench's version and build commit,
 * the client host (name, cores, memory, OS), the JVM and its flags, and the Hadoop client
 * settings that differed from the defaults. Values that may be credentials are redacted by
 * whoever builds it (see {@code config.ClientSettings}). Immutable.
 */
public final class Provenance {
  private final String version;
  private final String commit;
  private final String host;
  private final int cores;
  private final long memoryBytes;
  private final String os;
  private final List<String> jvmArguments;
  private final Map<String, String> clientSettings;

  public Provenance(String version, String commit, String host, int cores, long memoryBytes,
      String os, List<String> jvmArguments, Map<String, String> clientSettings) {
    this.version = version;
    this.commit = commit;
    this.host = host;
    this.cores = cores;
    this.memoryBytes = memoryBytes;
    this.os = os;
    this.jvmArguments = Collections.unmodifiableList(new ArrayList<>(jvmArguments));
    this.clientSettings = Collections.unmodifiableMap(new LinkedHashMap<>(clientSettings));
  }

  /**
   * This JVM's provenance with {@code clientSettings} (already redacted), each JVM argument
   * passed through {@code redactArgument}.
   */
  public static Provenance ofThisJvm(Map<String, String> clientSettings,
      UnaryOperator<String> redactArgument) {
    List<String> args = new ArrayList<>();
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      args.add(redactArgument.apply(a));
    }
    long memory = -1;
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      memory = ((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize();
    }
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = "unknown";
    }
    return new Provenance(io.metabench.core.Version.get(), io.metabench.core.Version.commit(),
        host, Runtime.getRuntime().availableProcessors(), memory,
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
            + System.getProperty("os.arch"), args, clientSettings);
  }

  /** MetaBench's version. */
  public String version() {
    return version;
  }

  /** The commit MetaBench was built from ({@code -dirty} with uncommitted changes), or unknown. */
  public String commit() {
    return commit;
  }

  public String host() {
    return host;
  }

  /** Processors the JVM may use. */
  public int cores() {
    return cores;
  }

  /** The host's physical memory in bytes; -1 when the JVM cannot tell. */
  public long memoryBytes() {
    return memoryBytes;
  }

  /** Name, version and architecture. */
  public String os() {
    return os;
  }

  /** The JVM's arguments (flags and -D settings), credentials redacted. */
  public List<String> jvmArguments() {
    return jvmArguments;
  }

  /** Hadoop client settings that differed from the defaults, by key, credentials redacted. */
  public Map<String, String> clientSettings() {
    return clientSettings;
  }
}
