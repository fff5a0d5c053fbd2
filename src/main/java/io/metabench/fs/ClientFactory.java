package io.metabench.fs;

import io.metabench.config.LocalClient;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;

/**
 * Makes the FileSystem clients workers use: a new, uncached instance per call, so each worker's
 * client has its own connections unless the run asks for one shared client.
 *
 * <p>Thread-safe.
 */
public final class ClientFactory {
  private final Target target;

  public ClientFactory(Target target) {
    this.target = target;
  }

  /**
   * A new client: on {@code file://}, MetaBench's {@link PosixFileSystem} unless the run asks for
   * Hadoop's LocalFileSystem ({@code -localClient hadoop}); elsewhere the scheme's own client.
   */
  public FileSystem newClient() throws IOException {
    if (target.localClient() == LocalClient.POSIX) {
      FileSystem fs = new PosixFileSystem();
      fs.initialize(target.fsUri(), target.clientConf());
      return fs;
    }
    return FileSystem.newInstance(target.fsUri(), target.clientConf());
  }

  /**
   * Closes {@code fs}, logging (at debug) rather than throwing when closing fails: a client is
   * closed at the end of a run, when nothing it could say changes the result.
   */
  public static void closeQuietly(FileSystem fs) {
    try {
      fs.close();
    } catch (IOException e) {
      org.slf4j.LoggerFactory.getLogger(ClientFactory.class).debug("closing a client failed", e);
    }
  }
}
