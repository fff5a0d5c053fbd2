package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server a project script runs in the foreground ({@code scripts/prometheus-server.sh run} or
 * {@code pushgateway}), its output in a log file: started, then waited for until an HTTP address
 * of its answers 200, and stopped (SIGTERM, then SIGKILL after 10 s).
 *
 * <p>Lifecycle: {@link #start}, {@link #close}. Not thread-safe.
 */
final class ScriptServer implements Closeable {
  private final Process process;

  private ScriptServer(Process process) {
    this.process = process;
  }

  /**
   * Runs {@code cmd}, its output into {@code log}, until {@code readyUrl} answers 200 (at most
   * 300 s: the script may first install its package).
   *
   * @throws IOException naming {@code what} and its output when it exits or is not ready in time
   */
  static ScriptServer start(String what, List<String> cmd, File log, String readyUrl)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    ScriptServer s = new ScriptServer(p);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
    while (System.nanoTime() < until) {
      if (!p.isAlive()) {
        s.close();
        throw new IOException(what + " exited with " + p.exitValue() + ": "
            + new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8));
      }
      try {
        HttpURLConnection c = (HttpURLConnection) new URL(readyUrl).openConnection();
        c.setConnectTimeout(500);
        c.setReadTimeout(500);
        if (c.getResponseCode() == 200) {
          return s;
        }
      } catch (IOException notYet) {
        // Still starting.
      }
      Thread.sleep(200);
    }
    s.close();
    throw new IOException(what + " was not ready in 300 s");
  }

  /** Whether its process still runs. */
  boolean alive() {
    return process.isAlive();
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
