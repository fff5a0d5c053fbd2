package io.metabench.testing;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
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
 * A server in a child JVM of its own, with a class path apart from the test's (Alluxio's tree, an
 * older Hadoop line's). The child's main class speaks a small protocol on its standard output:
 * {@code PID n}, any number of {@code KEY value} lines, then {@code SERVING}; it runs until its
 * standard input ends (the parent closed it, or died) or its time limit passes. See {@link
 * #waitForEndOfInput} for the child's side.
 *
 * <p>Lifecycle: {@link #start} returns once the child said {@code SERVING}; {@link #close()} ends
 * its input, waits for it to exit (killing it after 60 s) and removes its temporary directory.
 * Not thread-safe.
 */
public final class ChildServer implements Closeable {
  private final Process process;
  private final Map<String, List<String>> values;
  private final File tmp;
  private final List<String> log;

  private ChildServer(Process process, Map<String, List<String>> values, File tmp,
      List<String> log) {
    this.process = process;
    this.values = values;
    this.tmp = tmp;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} with {@code classpath} (this test's classes are put first), the JVM
   * options {@code jvmOptions} (a heap size among them) and {@code java.io.tmpdir} in a new
   * directory, passing {@code args}.
   *
   * @throws IOException when the child exits before serving (its output is in the message)
   */
  public static ChildServer start(String name, List<String> jvmOptions, String classpath,
      Class<?> mainClass, String... args) throws IOException, InterruptedException {
    String ownClasses = new File(mainClass.getProtectionDomain().getCodeSource().getLocation()
        .getPath()).getPath();
    File tmp = Files.createTempDirectory("metabench-" + name + "-").toFile();
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    cmd.addAll(jvmOptions);
    Collections.addAll(cmd, "-Djava.io.tmpdir=" + tmp.getPath(), "-cp",
        ownClasses + File.pathSeparator + classpath, mainClass.getName());
    Collections.addAll(cmd, args);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    Map<String, List<String>> values = new LinkedHashMap<>();
    String line;
    while ((line = out.readLine()) != null && !line.equals("SERVING")) {
      log.add(line);
      int space = line.indexOf(' ');
      if (space > 0 && line.substring(0, space).matches("[A-Z_]+")) {
        values.computeIfAbsent(line.substring(0, space), k -> new ArrayList<>())
            .add(line.substring(space + 1));
      }
    }
    if (line == null) {
      p.waitFor(10, TimeUnit.SECONDS);
      throw new IOException(name + " did not start; its output:\n" + String.join("\n", log));
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
    }, name + "-output");
    drain.setDaemon(true);
    drain.start();
    return new ChildServer(p, Collections.unmodifiableMap(values), tmp, log);
  }

  /** The value the child printed for {@code key} before serving (its first), or null. */
  public String value(String key) {
    return values.containsKey(key) ? values.get(key).get(0) : null;
  }

  /** Every value the child printed for {@code key} before serving, in order. */
  public List<String> values(String key) {
    return values.getOrDefault(key, Collections.<String>emptyList());
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

  /** The child's side: prints its process id as {@code PID n}. */
  public static void printPid() {
    String jvm = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();
    System.out.println("PID " + jvm.substring(0, jvm.indexOf('@')));
  }

  /**
   * The child's side once it serves: prints {@code SERVING}, then returns once its standard input
   * ends or {@code seconds} pass ({@link #waitForEndOfInput}).
   */
  public static void serveUntilEndOfInput(long seconds) throws InterruptedException {
    System.out.println("SERVING");
    System.out.flush();
    waitForEndOfInput(seconds);
  }

  /**
   * The child's side: returns once its standard input ends (the parent closed it or died) or
   * {@code seconds} pass.
   */
  public static void waitForEndOfInput(long seconds) throws InterruptedException {
    Thread reader = new Thread(() -> {
      InputStream in = System.in;
      try {
        while (in.read() >= 0) {
          continue;
        }
      } catch (IOException e) {
        // the parent is gone: stop as well
      }
    }, "stdin-watch");
    reader.setDaemon(true);
    reader.start();
    reader.join(seconds * 1000);
  }
}
