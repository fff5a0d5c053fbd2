package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;

/**
 * Test clusters in a child JVM of their own ({@link ChildServer}), with a working directory of the
 * parent's removed when they stop: what the clusters' wrappers share.
 *
 * <p>Lifecycle: made once the child serves; {@link #close()} stops it. Not thread-safe.
 */
abstract class ChildCluster implements Closeable {
  private final ChildServer child;
  private final File dir;

  ChildCluster(ChildServer child, File dir) {
    this.child = child;
    this.dir = dir;
  }

  /**
   * A directory under {@code dir} holding a {@code hadoop-metrics2-namenode.properties} whose
   * NameNodes refresh their metrics every {@code periodSeconds}: put first on a child's class path,
   * it is the one its NameNodes read.
   */
  static File metricsPeriod(File dir, int periodSeconds) throws IOException {
    File metrics = new File(dir, "metrics");
    java.nio.file.Files.createDirectories(metrics.toPath());
    java.nio.file.Files.write(new File(metrics, "hadoop-metrics2-namenode.properties").toPath(),
        ("*.period=" + periodSeconds + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return metrics;
  }

  /** The clusters' working directory (their storage among it), until they stop. */
  public File dir() {
    return dir;
  }

  /** The value the child printed for {@code key} before serving. */
  String value(String key) {
    return child.value(key);
  }

  /** A client configuration directory for the clusters, as a cluster's HADOOP_CONF_DIR. */
  public File confDir() {
    return new File(child.value("CONF"));
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
