package io.metabench.fs;

import io.metabench.config.LocalClient;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The file system a run works on and the fully qualified base directory there, plus the client
 * configuration every worker's client is made from. Closing it stops the embedded HDFS, if any.
 *
 * <p>Immutable apart from {@link #close}; the configuration must not be changed once workers run.
 */
public final class Target implements Closeable {
  private final URI fsUri;
  private final Path baseDir;
  private final Configuration clientConf;
  private final EmbeddedHdfs embedded;
  private final LocalClient localClient;

  Target(URI fsUri, Path baseDir, Configuration clientConf, EmbeddedHdfs embedded,
      LocalClient localClient) {
    this.fsUri = fsUri;
    this.localClient = "file".equals(fsUri.getScheme()) ? localClient : null;
    this.baseDir = baseDir;
    this.clientConf = clientConf;
    this.embedded = embedded;
  }

  /**
   * This file system with {@code dir} as the base directory (a capacity step's own); the
   * embedded HDFS, if any, is the same one, so only the target resolved is to be closed.
   */
  public Target under(Path dir) {
    return new Target(fsUri, dir, clientConf, embedded, localClient);
  }

  public URI fsUri() {
    return fsUri;
  }

  /** The base directory, qualified with the file system's scheme and authority. */
  public Path baseDir() {
    return baseDir;
  }

  public Configuration clientConf() {
    return clientConf;
  }

  /**
   * The client workers use on the local file system ({@code -localClient}), or null when the
   * target is not {@code file://}.
   */
  public LocalClient localClient() {
    return localClient;
  }

  /**
   * Restarts the embedded HDFS's NameNode on its image as {@code rewrite} rewrites it
   * ({@link EmbeddedHdfs#restartOn}); only when {@link #embedded()}.
   *
   * @return the nanoseconds the restart took
   */
  public long restartEmbeddedOn(EmbeddedHdfs.ImageRewrite rewrite) throws IOException {
    return embedded.restartOn(rewrite);
  }

  /** Whether the embedded HDFS's NameNode is being restarted by {@link #restartEmbeddedOn}. */
  public boolean restarting() {
    return embedded != null && embedded.restarting();
  }

  /** Whether the file system is the in-process HDFS MetaBench started. */
  public boolean embedded() {
    return embedded != null;
  }

  /**
   * Gives {@code conf} (a job's, whose maps are this target's clients too) what this target's
   * clients know of the embedded HDFS: its settings and, with HA, its nameservice; nothing for
   * another file system.
   */
  public void describeEmbeddedTo(Configuration conf) {
    if (embedded != null) {
      EmbeddedHdfs.configureClient(conf);
      embedded.describeTo(conf);
    }
  }

  /**
   * Told as a measured phase's operations begin ({@code true}) and end: with
   * {@code -recordAuditLog}, the embedded HDFS records only what ran in between. Thread-safe.
   */
  public void measuring(boolean on) {
    if (embedded != null) {
      embedded.measuring(on);
    }
  }

  /**
   * A short name for the file system, as result directories are named after it:
   * {@code embedded-hdfs}, or the scheme and, when there is one, the host
   * ({@code hdfs-nn1}, {@code s3a-bucket}, {@code file}).
   */
  public String shortName() {
    if (embedded()) {
      return "embedded-hdfs";
    }
    String host = fsUri.getHost() != null ? fsUri.getHost() : fsUri.getAuthority();
    return fsUri.getScheme() + (host == null || host.isEmpty() ? "" : "-" + host);
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
