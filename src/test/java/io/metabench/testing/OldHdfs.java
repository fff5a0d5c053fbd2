package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * A real HDFS of Hadoop 2.10 (NameNode and DataNode of that line's MiniDFSCluster) in a child JVM
 * of its own on 127.0.0.1, with the class path Maven resolved for it ({@link HadoopLines}); see
 * {@link OldHdfsMain}. Its metrics refresh every second, as the embedded HDFS's do.
 *
 * <p>Lifecycle: a {@link ChildServer}: {@link #start} returns once the cluster serves, {@link
 * #close()} stops it. Not thread-safe.
 */
public final class OldHdfs implements Closeable {
  private final ChildServer child;
  private final File dir;

  private OldHdfs(ChildServer child, File dir) {
    this.child = child;
    this.dir = dir;
  }

  /**
   * Starts the cluster with its NameNode's web server on {@code httpPort} (0: any free port),
   * stopping it after {@code seconds} at the latest.
   */
  public static OldHdfs start(int httpPort, long seconds) throws IOException,
      InterruptedException {
    File dir = Files.createTempDirectory("metabench-hdfs2-").toFile();
    // A NameNode reads hadoop-metrics2-namenode.properties from its class path: one second.
    File conf = new File(dir, "conf");
    Files.createDirectories(conf.toPath());
    Files.write(new File(conf, "hadoop-metrics2-namenode.properties").toPath(),
        "*.period=1\n".getBytes(StandardCharsets.UTF_8));
    ChildServer child = ChildServer.start("hdfs2", "768m", conf.getPath() + File.pathSeparator
        + HadoopLines.classpath(HadoopLines.HDFS_2_SERVER), OldHdfsMain.class,
        Long.toString(seconds), new File(dir, "data").getPath(), Integer.toString(httpPort));
    return new OldHdfs(child, dir);
  }

  /** The file system's URI, {@code hdfs://127.0.0.1:PORT}. */
  public String uri() {
    return child.value("URI");
  }

  /** The NameNode's web (and /jmx) port. */
  public int httpPort() {
    return Integer.parseInt(child.value("HTTP"));
  }

  /** The server's Hadoop version, as its VersionInfo says. */
  public String version() {
    return child.value("VERSION");
  }

  /** What the child printed so far. */
  public String output() {
    return child.output();
  }

  @Override
  public void close() throws IOException {
    try {
      child.close();
    } finally {
      org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    }
  }
}
