package io.metabench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Debian's real Prometheus server ({@code scripts/prometheus-server.sh}, which installs it when it
 * is missing) on 127.0.0.1, scraping the given targets every second, for at most ten minutes;
 * queried through its HTTP API as Grafana queries it.
 *
 * <p>Lifecycle: {@link #start} returns once the server is ready; {@link #close} stops it and
 * removes its directory. Not thread-safe.
 */
public final class PrometheusServer implements Closeable {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The longest a server lives: it stops by itself after. */
  private static final int LIFETIME_SECONDS = 600;

  private final ScriptServer server;
  private final File dir;
  private final int port;

  private PrometheusServer(ScriptServer server, File dir, int port) {
    this.server = server;
    this.dir = dir;
    this.port = port;
  }

  /**
   * A free TCP port on loopback now (a server started next may take it), below the kernel's
   * ephemeral range: a port from that range, free when asked, can become the local port of any
   * outgoing connection before the server binds it (Prometheus scraping every second, the HDFS
   * clients), and then the server cannot have it (seen late in the suite: "Address already in
   * use" for the -prometheus port, and a Pushgateway port refusing a run's check).
   */
  public static int freePort() throws IOException {
    int below = ephemeralLow();
    java.util.Random r = new java.util.Random();
    for (int tries = 0; tries < 200; tries++) {
      int port = 20000 + r.nextInt(below - 20000);
      try (ServerSocket s = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      } catch (IOException taken) {
        // Someone else's: try another.
      }
    }
    throw new IOException("no free port from 20000 to " + below + " on loopback");
  }

  /** The lowest port the kernel hands out to outgoing connections (Linux: 32768 unless set). */
  private static int ephemeralLow() {
    try {
      String range = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get(
          "/proc/sys/net/ipv4/ip_local_port_range")), java.nio.charset.StandardCharsets.US_ASCII);
      int low = Integer.parseInt(range.trim().split("\\s+")[0]);
      return low > 21000 ? low : 32768;
    } catch (IOException | RuntimeException e) {
      return 32768;
    }
  }

  /** Starts a server scraping {@code targets} ({@code host:port}) every second. */
  public static PrometheusServer start(String... targets) throws IOException, InterruptedException {
    File dir = Files.createTempDirectory("metabench-prometheus-").toFile();
    int port = freePort();
    List<String> cmd = new ArrayList<>(Arrays.asList(
        new File(PROJECT, "scripts/prometheus-server.sh").getPath(), "run", dir.getPath(),
        Integer.toString(port), Integer.toString(LIFETIME_SECONDS)));
    cmd.addAll(Arrays.asList(targets));
    ScriptServer server = ScriptServer.start("prometheus", cmd, new File(dir, "server.log"),
        "http://127.0.0.1:" + port + "/-/ready");
    return new PrometheusServer(server, dir, port);
  }

  /** Its port on 127.0.0.1. */
  public int port() {
    return port;
  }

  /** The answer of an instant query: the API's {@code data.result}. */
  public JsonNode query(String promql) throws IOException {
    return get("/api/v1/query?query=" + URLEncoder.encode(promql, "UTF-8")).path("data")
        .path("result");
  }

  /** The API's answer for {@code path} (with its query string), checked to be a success. */
  public JsonNode get(String path) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + path)
        .openConnection();
    int code = c.getResponseCode();
    try (InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream()) {
      JsonNode answer = JSON.readTree(in);
      if (code != 200 || !"success".equals(answer.path("status").asText())) {
        throw new IOException(path + " answered " + code + ": " + answer);
      }
      return answer;
    }
  }

  /** The one value of an instant query's single series; NaN when it has none. */
  public double value(String promql) throws IOException {
    JsonNode r = query(promql);
    return r.size() == 0 ? Double.NaN : Double.parseDouble(r.get(0).path("value").get(1).asText());
  }

  @Override
  public void close() {
    server.close();
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
  }
}
