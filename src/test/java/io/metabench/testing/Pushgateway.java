package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;

/**
 * Debian's real Prometheus Pushgateway ({@code scripts/prometheus-server.sh pushgateway}, which
 * installs it when it is missing) on 127.0.0.1, for at most ten minutes.
 *
 * <p>Lifecycle: {@link #start} returns once it is ready; {@link #close} stops it. Not
 * thread-safe.
 */
public final class Pushgateway implements Closeable {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));

  private final ScriptServer server;
  private final int port;
  private final File log;

  private Pushgateway(ScriptServer server, int port, File log) {
    this.server = server;
    this.port = port;
    this.log = log;
  }

  /** Starts one on a free port. */
  public static Pushgateway start() throws IOException, InterruptedException {
    return start(PrometheusServer.freePort());
  }

  /** Starts one on {@code port}. */
  public static Pushgateway start(int port) throws IOException, InterruptedException {
    File log = File.createTempFile("metabench-pushgateway-", ".log");
    ScriptServer server = ScriptServer.start("the pushgateway", java.util.Arrays.asList(
        new File(PROJECT, "scripts/prometheus-server.sh").getPath(), "pushgateway",
        Integer.toString(port), "600"), log, "http://127.0.0.1:" + port + "/-/ready");
    return new Pushgateway(server, port, log);
  }

  /** {@code http://127.0.0.1:port}. */
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** {@code 127.0.0.1:port}, as Prometheus scrapes it. */
  public String address() {
    return "127.0.0.1:" + port;
  }

  /**
   * What its process printed so far, and whether it still runs: for a failure's message (once
   * in CI a run found nothing answering at a port that had just answered ready).
   */
  public String state() {
    String printed;
    try {
      printed = new String(java.nio.file.Files.readAllBytes(log.toPath()),
          java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      printed = e.toString();
    }
    return "the pushgateway at " + url() + (server.alive() ? " runs" : " has exited")
        + "; it printed: " + printed + "\nsockets on its port:\n"
        + shell("ss -tanp | grep -w " + port + " | head -20") + "pushgateway processes:\n"
        + shell("ps -eo pid,ppid,pgid,stat,etimes,args | grep -i [p]ushgateway")
        + shell("curl -sS -o /dev/null -w 'curl from a child of the test: HTTP %{http_code}\\n' "
        + url() + "/-/ready");
  }

  /** What {@code bash -c cmd} printed, or why it could not run. */
  private static String shell(String cmd) {
    try {
      Process p = new ProcessBuilder("bash", "-c", cmd).redirectErrorStream(true).start();
      byte[] out = readAll(p.getInputStream());
      p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
      return new String(out, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e + "\n";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e + "\n";
    }
  }

  private static byte[] readAll(java.io.InputStream in) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  @Override
  public void close() {
    server.close();
    log.delete();
  }
}
