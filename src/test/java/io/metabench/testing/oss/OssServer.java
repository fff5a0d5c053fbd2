package io.metabench.testing.oss;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An Aliyun OSS-protocol server for tests, written from Alibaba's public OSS API reference (no
 * OSS server or emulator can be installed here): path-style buckets held in memory, the object
 * and bucket APIs hadoop-aliyun and the OSS SDK use ({@link OssObjectApi}, {@link OssBucketApi}),
 * OSS's error codes and headers, and every request's version 1 signature checked against the one
 * key pair it knows, so a wrong key is refused as OSS refuses it. A directory marker {@code a/b/}
 * and an object {@code a/b} are different keys, as on OSS.
 *
 * <p>Listens on 127.0.0.1 (an ephemeral port) on daemon threads; {@link #close()} stops it, and
 * it dies with the JVM in any case. It counts the requests it serves by API, so a test can hold a
 * client's count of its requests to the server's. Its speed is a Java HTTP server's in the test
 * JVM: figures measured through it are the client's path, never OSS's speed. Thread-safe.
 */
public final class OssServer implements Closeable {
  public static final String ACCESS_KEY_ID = "metabench-oss-id";
  public static final String ACCESS_KEY_SECRET = "metabench-oss-secret";
  /** Set (to anything), the server prints each request it serves: API, method and URI. */
  public static final String TRACE_PROPERTY = "metabench.oss.trace";
  static final String REGION = "oss-cn-metabench";
  static final String OWNER = "1234567890";
  /** OSS refuses a request whose Date is further than this from its clock. */
  private static final long SKEW_MILLIS = TimeUnit.MINUTES.toMillis(15);

  private final HttpServer http;
  private final ExecutorService pool;
  private final Map<String, OssBucket> buckets = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> served = new ConcurrentHashMap<>();

  private OssServer(HttpServer http, ExecutorService pool) {
    this.http = http;
    this.pool = pool;
  }

  /** Starts a server holding the empty {@code buckets}. */
  public static OssServer start(String... buckets) throws IOException {
    // Without TCP_NODELAY an answer's headers and body, written apart, wait out the client's
    // delayed acknowledgement: 40 ms for every GetObject. Read once, when the JDK's server
    // first starts.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer http = HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    ExecutorService pool = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "oss-test-server");
      t.setDaemon(true);
      return t;
    });
    OssServer server = new OssServer(http, pool);
    for (String b : buckets) {
      server.buckets.put(b, new OssBucket(b));
    }
    http.createContext("/", server::handle);
    http.setExecutor(pool);
    http.start();
    return server;
  }

  /** {@code 127.0.0.1:port}, as {@code fs.oss.endpoint} takes it. */
  public String endpoint() {
    return http.getAddress().getAddress().getHostAddress() + ":" + http.getAddress().getPort();
  }

  /** The settings that point hadoop-aliyun at this server, plain HTTP, with its key pair. */
  public Map<String, String> settings() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("fs.oss.impl", "org.apache.hadoop.fs.aliyun.oss.AliyunOSSFileSystem");
    s.put("fs.oss.endpoint", endpoint());
    s.put("fs.oss.accessKeyId", ACCESS_KEY_ID);
    s.put("fs.oss.accessKeySecret", ACCESS_KEY_SECRET);
    s.put("fs.oss.connection.secure.enabled", "false");
    return s;
  }

  /** The requests served since the start or the last {@link #resetCounts()}, by API name. */
  public Map<String, Long> requestsServed() {
    Map<String, Long> out = new TreeMap<>();
    served.forEach((api, n) -> out.put(api, n.get()));
    return out;
  }

  public void resetCounts() {
    served.clear();
  }

  /** The keys in {@code bucket}, in order. */
  public Set<String> keys(String bucket) {
    return new TreeSet<>(buckets.get(bucket).objects.keySet());
  }

  OssBucket bucket(String name) throws OssError {
    OssBucket b = buckets.get(name);
    if (b == null) {
      throw new OssError(404, "NoSuchBucket", "The specified bucket does not exist.");
    }
    return b;
  }

  private void handle(HttpExchange http) throws IOException {
    OssExchange x = new OssExchange(http, this::count);
    try {
      authenticate(x);
      if (x.bucket.isEmpty()) {
        throw OssError.notImplemented("ListBuckets");
      }
      OssBucket bucket = bucket(x.bucket);
      if (x.key.isEmpty()) {
        OssBucketApi.serve(x, bucket);
      } else {
        OssObjectApi.serve(x, bucket, this);
      }
    } catch (OssError e) {
      answer(x, e);
    } catch (RuntimeException e) {
      answer(x, new OssError(500, "InternalError", "We encountered an internal error: " + e));
    }
  }

  private void count(OssExchange x) {
    if (System.getProperty(TRACE_PROPERTY) != null) {
      System.out.println("OSS " + x.api + " " + x.method + " " + x.http.getRequestURI());
    }
    served.computeIfAbsent(x.api, k -> new AtomicLong()).incrementAndGet();
  }

  private void authenticate(OssExchange x) throws OssError {
    String auth = x.header("Authorization");
    if (auth == null || !auth.startsWith("OSS ") || auth.indexOf(':') < 0) {
      x.api = "Refused";
      throw new OssError(403, "AccessDenied", "You have no right to access this object because "
          + "of bucket acl.");
    }
    String id = auth.substring(4, auth.lastIndexOf(':')).trim();
    String signature = auth.substring(auth.lastIndexOf(':') + 1).trim();
    if (!ACCESS_KEY_ID.equals(id)) {
      x.api = "Refused";
      throw new OssError(403, "InvalidAccessKeyId", "The OSS Access Key Id you provided does not "
          + "exist in our records.");
    }
    String date = x.header("Date");
    if (date == null || Math.abs(parseDate(date) - System.currentTimeMillis()) > SKEW_MILLIS) {
      x.api = "Refused";
      throw new OssError(403, "RequestTimeTooSkewed", "The difference between the request time "
          + "and the current time is too large.");
    }
    String expected = OssSignature.sign(ACCESS_KEY_SECRET, OssSignature.stringToSign(x));
    if (!OssSignature.same(expected, signature)) {
      x.api = "Refused";
      throw new OssError(403, "SignatureDoesNotMatch", "The request signature we calculated "
          + "does not match the signature you provided. Check your key and signing method.");
    }
  }

  private static long parseDate(String date) {
    SimpleDateFormat f = new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    f.setTimeZone(TimeZone.getTimeZone("GMT"));
    try {
      return f.parse(date).getTime();
    } catch (ParseException e) {
      return 0;
    }
  }

  /** OSS's error document (none for HEAD, whose answers carry no body). */
  private static void answer(OssExchange x, OssError e) throws IOException {
    OssXml xml = new OssXml(false).open("Error").text("Code", e.code)
        .text("Message", e.getMessage()).text("RequestId", x.requestId)
        .text("HostId", x.header("Host"));
    if (!x.key.isEmpty() && "NoSuchKey".equals(e.code)) {
      xml.text("Key", x.key);
    }
    x.sendXml(e.status, xml.close("Error"));
  }

  @Override
  public void close() {
    http.stop(0);
    pool.shutdownNow();
  }
}
