package io.metabench.it;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.io.TempDir;

/**
 * The namespace facts on the local file system (file://) through MetaBench's POSIX client, which
 * can append (Hadoop's checksummed LocalFileSystem cannot: {@link ITLocalFileSystemHadoopClient}).
 */
class ITLocalFileSystem extends NamespaceFactsContract {
  @TempDir
  File root;

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
