package io.metabench.stats;

import io.metabench.compat.HadoopLine;

/**
 * Provenance of a run: versions, the file system, where the results came from. Immutable.
 */
public final class RunInfo {
  private final String toolVersion;
  private final String hadoopVersion;
  private final String jvm;
  private final String fileSystemUri;
  private final boolean embeddedHdfs;
  private final String baseDir;
  private final String clientMode;
  private final String localClient;
  private final long startedAtEpochMillis;
  private final String hadoopLacks;

  public RunInfo(String toolVersion, String hadoopVersion, String jvm, String fileSystemUri,
      boolean embeddedHdfs, String baseDir, String clientMode, String localClient,
      long startedAtEpochMillis) {
    this(toolVersion, hadoopVersion, jvm, fileSystemUri, embeddedHdfs, baseDir, clientMode,
        localClient, startedAtEpochMillis, "");
  }

  private RunInfo(String toolVersion, String hadoopVersion, String jvm, String fileSystemUri,
      boolean embeddedHdfs, String baseDir, String clientMode, String localClient,
      long startedAtEpochMillis, String hadoopLacks) {
    this.toolVersion = toolVersion;
    this.hadoopVersion = hadoopVersion;
    this.jvm = jvm;
    this.fileSystemUri = fileSystemUri;
    this.embeddedHdfs = embeddedHdfs;
    this.baseDir = baseDir;
    this.clientMode = clientMode;
    this.localClient = localClient;
    this.startedAtEpochMillis = startedAtEpochMillis;
    this.hadoopLacks = hadoopLacks;
  }

  /** This information with what the Hadoop client lacked ({@link #hadoopLacks()}). */
  public RunInfo withHadoopLacks(String lacks) {
    return new RunInfo(toolVersion, hadoopVersion, jvm, fileSystemUri, embeddedHdfs, baseDir,
        clientMode, localClient, startedAtEpochMillis, lacks);
  }

  /** This information with another start ({@code merge}: the earliest process's). */
  public RunInfo withStartedAt(long epochMillis) {
    return new RunInfo(toolVersion, hadoopVersion, jvm, fileSystemUri, embeddedHdfs, baseDir,
        clientMode, localClient, epochMillis, hadoopLacks);
  }

  /**
   * Provenance of a run made by this JVM: MetaBench's, Hadoop's and the JVM's versions.
   *
   * @param localClient the client used on {@code file://}, null on other file systems
   */
  public static RunInfo ofThisJvm(String fileSystemUri, boolean embeddedHdfs, String baseDir,
      boolean sharedClient, io.metabench.config.LocalClient localClient,
      long startedAtEpochMillis) {
    HadoopLine line = HadoopLine.current();
    return new RunInfo(io.metabench.core.Version.get(), line.version(),
        System.getProperty("java.vendor") + " " + System.getProperty("java.version") + " ("
            + System.getProperty("java.vm.name") + ")",
        fileSystemUri, embeddedHdfs, baseDir, sharedClient ? "shared" : "per-worker",
        localClient == null ? "" : localClient.toString(), startedAtEpochMillis,
        line.lacksText());
  }

  public String toolVersion() {
    return toolVersion;
  }

  public String hadoopVersion() {
    return hadoopVersion;
  }

  /** Vendor, version and VM name of the JVM that ran the workers. */
  public String jvm() {
    return jvm;
  }

  public String fileSystemUri() {
    return fileSystemUri;
  }

  public boolean embeddedHdfs() {
    return embeddedHdfs;
  }

  /** The qualified base directory. */
  public String baseDir() {
    return baseDir;
  }

  /** "per-worker" (each worker its own FileSystem client) or "shared" (one for all). */
  public String clientMode() {
    return clientMode;
  }

  /**
   * The client used on the local file system, {@code posix} or {@code hadoop} ({@code
   * -localClient}); empty when the run was not on {@code file://}.
   */
  public String localClient() {
    return localClient;
  }

  /**
   * How the results' header describes the clients: "per-worker", or on {@code file://}
   * "per-worker POSIX" or "per-worker Hadoop LocalFileSystem".
   */
  public String clientsLabel() {
    return localClient.isEmpty() ? clientMode
        : clientMode + " " + io.metabench.config.LocalClient.parse(localClient).label();
  }

  public long startedAtEpochMillis() {
    return startedAtEpochMillis;
  }

  /**
   * What MetaBench can use that the Hadoop client it ran on lacked, with the release that
   * brought each and what the run lost ({@link HadoopLine#lacksText()}); empty when nothing.
   */
  public String hadoopLacks() {
    return hadoopLacks;
  }
}
