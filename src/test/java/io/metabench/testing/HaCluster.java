package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;

/**
 * An HA nameservice of Hadoop's own test cluster in a child JVM of its own on 127.0.0.1 ({@link
 * HaClusterMain}), whose NameNodes refresh their metrics every {@code period} seconds, as a
 * production NameNode does every 10 s by Hadoop's default (the in-JVM test clusters refresh every
 * second: MetaBench's own {@code hadoop-metrics2-namenode.properties} says so).
 *
 * <p>Lifecycle: a {@link ChildServer}: {@link #start} returns once the cluster serves, {@link
 * #close()} stops it. Not thread-safe.
 */
public final class HaCluster extends ChildCluster {
  private HaCluster(ChildServer child, File dir) {
    super(child, dir);
  }

  /** Starts the cluster, its metrics refreshed every {@code period} s, for {@code seconds}. */
  public static HaCluster start(int period, long seconds) throws IOException,
      InterruptedException {
    File dir = Files.createTempDirectory("metabench-ha-").toFile();
    // Ahead of MetaBench's own on the class path: a NameNode reads the first it finds.
    File metrics = metricsPeriod(dir, period);
    ChildServer child = ChildServer.start("ha", Arrays.asList("-Xmx768m"), metrics.getPath()
        + File.pathSeparator + System.getProperty("java.class.path"), HaClusterMain.class,
        Long.toString(seconds), dir.getPath());
    return new HaCluster(child, dir);
  }

  /** The nameservice's name, for {@code hdfs://<ns>/...}. */
  public String nameservice() {
    return value("NS");
  }
}
