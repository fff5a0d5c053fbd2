package io.metabench.it;

import io.metabench.config.ConfigKeys;
import org.apache.hadoop.conf.Configuration;

/**
 * The namespace facts on file:// through Hadoop's own LocalFileSystem ({@code -localClient
 * hadoop}), for people who measure what Hadoop's local client costs.
 */
class ITLocalFileSystemHadoopClient extends ITLocalFileSystem {
  /** LocalFileSystem's checksums cannot be appended to: it lacks the append capability. */
  @Override
  boolean supportsAppend() {
    return false;
  }

  @Override
  Configuration conf() {
    Configuration c = super.conf();
    c.set(ConfigKeys.LOCAL_CLIENT, "hadoop");
    return c;
  }
}
