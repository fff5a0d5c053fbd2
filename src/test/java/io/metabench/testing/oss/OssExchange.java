package io.metabench.testing.oss;

import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * One request as OSS reads it (path-style: {@code /bucket/key?sub-resources}) and its answer,
 * over one JDK {@link HttpExchange}. Not thread-safe: one thread serves one exchange.
 */
final class OssExchange {
  final HttpExchange http;
  final String method;
  final String bucket;
  final String key;
  /** Query parameters, decoded; a parameter without {@code =} maps to null (as OSS signs it). */
  final Map<String, String> params = new TreeMap<>();
  final byte[] body;
  final String requestId = String.format(Locale.ROOT, "%016X%08X",
      ThreadLocalRandom.current().nextLong(), ThreadLocalRandom.current().nextInt());
  /** The API the request was found to call, for the server's count. */
  String api = "Unknown";
  private final Consumer<OssExchange> served;

  /** {@code served} is told of the request just before its answer leaves. */
  OssExchange(HttpExchange http, Consumer<OssExchange> served) throws IOException {
    this.http = http;
    this.served = served;
    this.method = http.getRequestMethod().toUpperCase(Locale.ROOT);
    String path = percentDecode(http.getRequestURI().getRawPath());
    String rest = path.startsWith("/") ? path.substring(1) : path;
    int slash = rest.indexOf('/');
    this.bucket = slash < 0 ? rest : rest.substring(0, slash);
    this.key = slash < 0 ? "" : rest.substring(slash + 1);
    String query = http.getRequestURI().getRawQuery();
    if (query != null && !query.isEmpty()) {
      for (String pair : query.split("&")) {
        int eq = pair.indexOf('=');
        if (eq < 0) {
          params.put(formDecode(pair), null);
        } else {
          params.put(formDecode(pair.substring(0, eq)), formDecode(pair.substring(eq + 1)));
        }
      }
    }
    this.body = readAll(http.getRequestBody());
  }

  String header(String name) {
    return http.getRequestHeaders().getFirst(name);
  }

  String param(String name, String absent) {
    String v = params.get(name);
    return v == null ? absent : v;
  }

  boolean has(String param) {
    return params.containsKey(param);
  }

  /** Sends the answer: status, OSS's common headers, and {@code body} (null: none). */
  void send(int status, byte[] body, String contentType) throws IOException {
    served.accept(this);
    http.getResponseHeaders().set("x-oss-request-id", requestId);
    http.getResponseHeaders().set("Server", "AliyunOSS");
    http.getResponseHeaders().set("Date", OssXml.rfc1123(System.currentTimeMillis()));
    if (contentType != null) {
      http.getResponseHeaders().set("Content-Type", contentType);
    }
    if (body == null || "HEAD".equals(method)) {
      if (body != null) {
        http.getResponseHeaders().set("Content-Length", Integer.toString(body.length));
      }
      http.sendResponseHeaders(status, -1);
    } else {
      http.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
      try (OutputStream out = http.getResponseBody()) {
        out.write(body);
      }
    }
    http.close();
  }

  void sendXml(int status, OssXml xml) throws IOException {
    send(status, xml.bytes(), "application/xml");
  }

  void header(String name, String value) {
    http.getResponseHeaders().set(name, value);
  }

  /** Decodes {@code %XX} escapes only: in a path, {@code +} is a plus sign. */
  static String percentDecode(String raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%' && i + 2 < raw.length()) {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
      }
    }
    return new String(out.toByteArray(), StandardCharsets.UTF_8);
  }

  private static String formDecode(String s) {
    try {
      return URLDecoder.decode(s, "UTF-8");
    } catch (UnsupportedEncodingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0;) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }
}
