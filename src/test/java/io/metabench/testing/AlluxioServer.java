package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A real Alluxio 2.9 cluster (one master, one worker) in a child JVM of its own, on 127.0.0.1,
 * for tests and local comparisons; see {@link AlluxioServerMain}. The child's class path is
 * Alluxio's own dependency tree, which Maven resolves as the antrun plugin's dependencies and
 * writes to the file the system property {@value #SERVER_CLASSPATH_PROPERTY} names; the client,
 * {@code alluxio-shaded-client} (named by {@value #CLIENT_JAR_PROPERTY}), is loaded by
 * {@link #clientLoader()} over the test's class path, as a user adds it to Hadoop's.
 *
 * <p>Lifecycle: {@link #start} returns once the master serves; {@link #close()} ends the child's
 * standard input and waits for it to stop its cluster and exit (it also stops by itself after
 * its time limit, or when this JVM dies and its input ends): a {@link ChildServer}. Not
 * thread-safe.
 */
public final class AlluxioServer implements Closeable {
  public static final String SERVER_CLASSPATH_PROPERTY = "metabench.alluxio.server.classpath";
  public static final String CLIENT_JAR_PROPERTY = "metabench.alluxio.client.jar";

  private final ChildServer child;

  private AlluxioServer(ChildServer child) {
    this.child = child;
  }

  /** Starts the cluster, stopping it after {@code seconds} at the latest. */
  public static AlluxioServer start(long seconds) throws IOException, InterruptedException {
    String classpathFile = System.getProperty(SERVER_CLASSPATH_PROPERTY);
    if (classpathFile == null || !new File(classpathFile).isFile()) {
      throw new IllegalStateException("Alluxio's class path is not resolved: run through Maven's "
          + "pre-integration-test phase (" + SERVER_CLASSPATH_PROPERTY + "=" + classpathFile + ")");
    }
    String alluxioPath = new String(Files.readAllBytes(new File(classpathFile).toPath()),
        StandardCharsets.UTF_8).trim();
    ChildServer child = ChildServer.start("alluxio", Collections.singletonList("-Xmx512m"), alluxioPath,
        AlluxioServerMain.class, Long.toString(seconds));
    if (child.value("ALLUXIO_MASTER") == null) {
      child.close();
      throw new IOException("Alluxio named no master; its output:\n" + child.output());
    }
    return new AlluxioServer(child);
  }

  /** The master's URI, {@code alluxio://localhost:PORT/}. */
  public String uri(String path) {
    return child.value("ALLUXIO_MASTER") + path;
  }

  /** The child JVM's process id. */
  public String pid() {
    return child.value("PID");
  }

  /**
   * What a Hadoop configuration needs to reach this cluster through {@code alluxio.hadoop
   * .FileSystem}: the implementation's name (the client is not on the test's class path, so
   * Hadoop's service loader cannot find it) and the security settings the cluster chose.
   */
  public Map<String, String> clientSettings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("fs.alluxio.impl", "alluxio.hadoop.FileSystem");
    for (String kv : child.values("SETTING")) {
      m.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return m;
  }

  /** A class loader with Alluxio's shaded client over the caller's class path. */
  public static ClassLoader clientLoader() throws IOException {
    return ClientJar.loader(CLIENT_JAR_PROPERTY, "Alluxio's client jar");
  }

  /** What the child printed so far. */
  public String output() {
    return child.output();
  }

  @Override
  public void close() throws IOException {
    child.close();
  }
}
