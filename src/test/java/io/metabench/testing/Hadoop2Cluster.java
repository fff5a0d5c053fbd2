package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Hadoop 2.10's own test clusters in a child JVM of their own on 127.0.0.1, with the class path
 * Maven resolved for that line ({@link HadoopLines}): an HDFS, and YARN with MapReduce when
 * asked; see {@link Hadoop2ClusterMain}. The NameNode's metrics refresh every second, as the
 * embedded HDFS's do. YARN's ApplicationMaster listens on every interface: start it only in a
 * private network namespace (the yarn-in-netns execution).
 *
 * <p>Lifecycle: a {@link ChildServer}: {@link #start} returns once the clusters serve, {@link
 * #close()} stops them. Not thread-safe.
 */
public final class Hadoop2Cluster extends ChildCluster {
  private Hadoop2Cluster(ChildServer child, File dir) {
    super(child, dir);
  }

  /**
   * Starts the clusters with the NameNode's web server on {@code httpPort} (0: any free port),
   * with YARN when {@code containerOpts} is not null (the JVM options of its containers),
   * stopping them after {@code seconds} at the latest.
   */
  public static Hadoop2Cluster start(int httpPort, String containerOpts, long seconds)
      throws IOException, InterruptedException {
    File dir = Files.createTempDirectory("metabench-hadoop2-").toFile();
    // A NameNode reads hadoop-metrics2-namenode.properties from its class path: one second.
    File metrics = metricsPeriod(dir, 1);
    // Its YARN's web apps (Guice) reflect into java.lang on JDK 17.
    List<String> jvm = new ArrayList<>(Arrays.asList("-Xmx1g",
        "--add-opens=java.base/java.lang=ALL-UNNAMED"));
    if (containerOpts != null) {
      jvm.addAll(Arrays.asList(containerOpts.split(" ")));
    }
    ChildServer child = ChildServer.start("hadoop2", jvm, metrics.getPath() + File.pathSeparator
        + HadoopLines.classpath(HadoopLines.HADOOP_2_SERVER), Hadoop2ClusterMain.class,
        Long.toString(seconds), dir.getPath(), Integer.toString(httpPort),
        containerOpts == null ? "hdfs" : "yarn", containerOpts == null ? "" : containerOpts);
    return new Hadoop2Cluster(child, dir);
  }

  /** The file system's URI, {@code hdfs://127.0.0.1:PORT}. */
  public String uri() {
    return value("URI");
  }

  /** The NameNode's web (and /jmx) port. */
  public int httpPort() {
    return Integer.parseInt(value("HTTP"));
  }

  /** The servers' Hadoop version, as their VersionInfo says. */
  public String version() {
    return value("VERSION");
  }
}
