package io.metabench.testing;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
 * its time limit, or when this JVM dies and its input ends). Not thread-safe.
 */
public final class AlluxioServer implements Closeable {
  public static final String SERVER_CLASSPATH_PROPERTY = "metabench.alluxio.server.classpath";
  public static final String CLIENT_JAR_PROPERTY = "metabench.alluxio.client.jar";

  private final Process process;
  private final String masterUri;
  private final Map<String, String> clientSettings;
  private final File tmp;
  private final List<String> log;
  private final String pid;

  private AlluxioServer(Process process, String pid, String masterUri,
      Map<String, String> clientSettings, File tmp, List<String> log) {
    this.process = process;
    this.pid = pid;
    this.masterUri = masterUri;
    this.clientSettings = clientSettings;
    this.tmp = tmp;
    this.log = log;
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
    String ownClasses = new File(AlluxioServerMain.class.getProtectionDomain().getCodeSource()
        .getLocation().getPath()).getPath();
    File tmp = Files.createTempDirectory("metabench-alluxio-").toFile();
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    Collections.addAll(cmd, "-Xmx512m", "-Djava.io.tmpdir=" + tmp.getPath(),
        "-cp",
        ownClasses + File.pathSeparator + alluxioPath, AlluxioServerMain.class.getName(),
        Long.toString(seconds));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    Map<String, String> settings = new LinkedHashMap<>();
    String master = null;
    String pid = null;
    String line;
    while ((line = out.readLine()) != null) {
      log.add(line);
      if (line.startsWith("PID ")) {
        pid = line.substring("PID ".length());
      } else if (line.startsWith("ALLUXIO_MASTER ")) {
        master = line.substring("ALLUXIO_MASTER ".length());
      } else if (line.startsWith("SETTING ")) {
        String kv = line.substring("SETTING ".length());
        settings.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      } else if (line.equals("SERVING")) {
        break;
      }
    }
    if (line == null || master == null) {
      p.waitFor(10, TimeUnit.SECONDS);
      throw new IOException("Alluxio did not start; its output:\n" + String.join("\n", log));
    }
    Thread drain = new Thread(() -> {
      try {
        String l;
        while ((l = out.readLine()) != null) {
          log.add(l);
        }
      } catch (IOException e) {
        // the child is gone
      }
    }, "alluxio-output");
    drain.setDaemon(true);
    drain.start();
    return new AlluxioServer(p, pid, master, Collections.unmodifiableMap(settings), tmp, log);
  }

  /** The master's URI, {@code alluxio://localhost:PORT/}. */
  public String uri(String path) {
    return masterUri + path;
  }

  /** The child JVM's process id. */
  public String pid() {
    return pid;
  }

  /**
   * What a Hadoop configuration needs to reach this cluster through {@code alluxio.hadoop
   * .FileSystem}: the implementation's name (the client is not on the test's class path, so
   * Hadoop's service loader cannot find it) and the security settings the cluster chose.
   */
  public Map<String, String> clientSettings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("fs.alluxio.impl", "alluxio.hadoop.FileSystem");
    m.putAll(clientSettings);
    return m;
  }

  /** A class loader with Alluxio's shaded client over the caller's class path. */
  public static ClassLoader clientLoader() throws IOException {
    return ClientJar.loader(CLIENT_JAR_PROPERTY, "Alluxio's client jar");
  }

  /** What the child printed so far. */
  public String output() {
    synchronized (log) {
      return String.join("\n", log);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      process.getOutputStream().close();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      org.apache.hadoop.fs.FileUtil.fullyDelete(tmp);
    }
  }
}
