package io.metabench.it;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.io.TempDir;

/** The namespace facts on the local file system (file://). */
class ITLocalFileSystem extends NamespaceFactsContract {
  @TempDir
  File root;

  /** LocalFileSystem's checksums cannot be appended to: it lacks the append capability. */
  @Override
  boolean supportsAppend() {
    return false;
  }

  @Override
  Configuration conf() {
    return new Configuration();
  }

  @Override
  FileSystem fs() throws Exception {
    return FileSystem.getLocal(new Configuration());
  }

  @Override
  String baseUri(String name) {
    return new File(root, name).toURI().toString();
  }
}
