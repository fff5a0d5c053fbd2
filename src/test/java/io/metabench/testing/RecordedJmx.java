package io.metabench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A Hadoop daemon's {@code /jmx} as recorded from a real one (src/test/resources/jmx/, see its
 * README), served on loopback as the daemon serves it: {@code /jmx?qry=<bean>} answers that bean
 * (a pattern with {@code *}: those it matches),
 * {@code /isActive} 200 when the recorded state is active and 405 otherwise, {@code /conf} the RPC
 * metrics' time unit the recording was made with. Its state and counters can be changed between
 * readings, as a failover or more calls change a daemon's.
 *
 * <p>Thread-safe. Close it to stop serving.
 */
public final class RecordedJmx implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ObjectNode document;

  private RecordedJmx(ObjectNode document) throws IOException {
    this.document = document;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  /** Serves {@code jmx/<name>.json} from the test resources. */
  public static RecordedJmx serve(String name) throws IOException {
    try (InputStream in = RecordedJmx.class.getResourceAsStream("/jmx/" + name + ".json")) {
      return new RecordedJmx((ObjectNode) JSON.readTree(in));
    }
  }

  /** {@code 127.0.0.1:<port>}, as {@code dfs.namenode.http-address} names it. */
  public String address() {
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  /** The NameNode now says it is {@code state} (active, standby, observer). */
  public synchronized void state(String state) {
    ((ObjectNode) bean("NameNodeStatus")).put("State", state);
  }

  /** Adds {@code delta} to {@code field} of the bean whose name ends with {@code bean}. */
  public synchronized void add(String bean, String field, double delta) {
    ObjectNode b = (ObjectNode) bean(bean);
    b.put(field, b.path(field).asDouble() + delta);
  }

  /** Sets {@code field} of the bean whose name ends with {@code bean}. */
  public synchronized void set(String bean, String field, double value) {
    ((ObjectNode) bean(bean)).put(field, value);
  }

  /** Replaces {@code from} by {@code to} in text field {@code field} of the bean {@code bean}. */
  public synchronized void replace(String bean, String field, String from, String to) {
    ObjectNode b = (ObjectNode) bean(bean);
    b.put(field, b.path(field).asText().replace(from, to));
  }

  private JsonNode bean(String suffix) {
    for (JsonNode b : document.path("beans")) {
      if (b.path("name").asText().endsWith(suffix)) {
        return b;
      }
    }
    throw new IllegalArgumentException("no bean ending " + suffix);
  }

  private void answer(HttpExchange x) throws IOException {
    String path = x.getRequestURI().getPath();
    String query = x.getRequestURI().getRawQuery();
    int status = 200;
    String body;
    synchronized (this) {
      if (path.equals("/isActive")) {
        status = "active".equals(bean("NameNodeStatus").path("State").asText()) ? 200 : 405;
        body = "";
      } else if (path.equals("/conf")) {
        body = "{\"property\":{\"key\":\"rpc.metrics.timeunit\",\"value\":\"MICROSECONDS\"}}";
      } else if (path.equals("/jmx")) {
        String qry = query != null && query.startsWith("qry=")
            ? URLDecoder.decode(query.substring(4), "UTF-8") : null;
        ObjectNode answer = JSON.createObjectNode();
        ArrayNode beans = answer.putArray("beans");
        for (JsonNode b : document.path("beans")) {
          String name = b.path("name").asText();
          if (qry == null || name.matches(glob(qry))) {
            beans.add(b);
          }
        }
        body = JSON.writeValueAsString(answer);
      } else {
        status = 404;
        body = "";
      }
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** An ObjectName pattern as a regular expression: {@code *} any run of characters. */
  private static String glob(String pattern) {
    StringBuilder b = new StringBuilder();
    for (String part : pattern.split("\\*", -1)) {
      b.append(java.util.regex.Pattern.quote(part)).append(".*");
    }
    return b.substring(0, b.length() - 2);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
