package io.metabench.testing;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.text.SimpleDateFormat;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.commons.codec.digest.HmacAlgorithms;
import org.apache.commons.codec.digest.HmacUtils;

/**
 * A real S3-compatible server for tests and local comparisons: S3Proxy on 127.0.0.1 with an
 * ephemeral port, its in-memory ("transient") or directory ("filesystem") backend, and one
 * bucket, reached through plain HTTP with AWS signatures like any S3 endpoint.
 *
 * <p>S3Proxy's self-contained jar ({@code target/s3proxy/s3proxy.jar}, copied there by Maven's
 * {@code dependency:copy@s3proxy-jar}) runs in a class loader of its own whose parent is the
 * JDK's platform loader: its Jetty 12, Jackson, Guava, slf4j 2/logback and AWS SDK never meet
 * Hadoop's versions on the test class path. This class therefore uses no Hadoop or S3Proxy type
 * directly (it also runs from {@code target/test-classes} alone, see {@link #main}); tests turn
 * {@link #s3aSettings()} into a Hadoop {@code Configuration}.
 *
 * <p>{@link #close()} stops the server; its threads die with the JVM in any case.
 */
public final class S3Server implements Closeable {
  public static final String ACCESS_KEY = "metabench-access-key";
  public static final String SECRET_KEY = "metabench-secret-key";
  /** System property naming the S3Proxy jar; set by Failsafe. */
  public static final String JAR_PROPERTY = "metabench.s3proxy.jar";

  private final URLClassLoader loader;
  private final Object proxy;
  private final int port;
  private final String bucket;

  private S3Server(URLClassLoader loader, Object proxy, int port, String bucket) {
    this.loader = loader;
    this.proxy = proxy;
    this.port = port;
    this.bucket = bucket;
  }

  /** Starts S3Proxy with the in-memory backend and creates {@code bucket}. */
  public static S3Server start(String bucket) throws IOException {
    return start(bucket, null);
  }

  /**
   * Starts S3Proxy and creates {@code bucket}: in memory when {@code fileBackendDir} is null,
   * otherwise in that directory (S3Proxy's filesystem backend: a bucket is a subdirectory).
   */
  public static S3Server start(String bucket, File fileBackendDir) throws IOException {
    File jar = locateJar();
    // S3Proxy 4.x logs through its own logback; its logback.xml reads LOG_LEVEL.
    if (System.getProperty("LOG_LEVEL") == null) {
      System.setProperty("LOG_LEVEL", "warn");
    }
    if (System.getProperty("logback.statusListenerClass") == null) {
      System.setProperty("logback.statusListenerClass",
          "ch.qos.logback.core.status.NopStatusListener");
    }
    Properties p = new Properties();
    p.setProperty("s3proxy.endpoint", "http://127.0.0.1:0");
    p.setProperty("s3proxy.authorization", "aws-v2-or-v4");
    p.setProperty("s3proxy.identity", ACCESS_KEY);
    p.setProperty("s3proxy.credential", SECRET_KEY);
    p.setProperty("jclouds.identity", ACCESS_KEY);
    p.setProperty("jclouds.credential", SECRET_KEY);
    String provider = "transient";
    if (fileBackendDir != null) {
      provider = "filesystem";
      Files.createDirectories(fileBackendDir.toPath());
      p.setProperty("jclouds.filesystem.basedir", fileBackendDir.getAbsolutePath());
    }
    p.setProperty("jclouds.provider", provider);

    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toURI().toURL()},
        platformClassLoader());
    Thread current = Thread.currentThread();
    ClassLoader previous = current.getContextClassLoader();
    current.setContextClassLoader(loader); // threads S3Proxy starts inherit it
    Object proxy = null;
    try {
      Class<?> blobStoreType = loader.loadClass("org.gaul.s3proxy.blobstore.BlobStore");
      Object blobStore = loader.loadClass("org.gaul.s3proxy.BlobStores")
          .getMethod("create", String.class, Properties.class).invoke(null, provider, p);
      Class<?> builderType = loader.loadClass("org.gaul.s3proxy.S3Proxy$Builder");
      Object builder = builderType.getMethod("fromProperties", Properties.class).invoke(null, p);
      builderType.getMethod("blobStore", blobStoreType).invoke(builder, blobStore);
      proxy = builderType.getMethod("build").invoke(builder);
      proxy.getClass().getMethod("start").invoke(proxy);
      int port = waitForPort(proxy);
      S3Server server = new S3Server(loader, proxy, port, bucket);
      server.createBucket();
      return server;
    } catch (ReflectiveOperationException | IOException | RuntimeException e) {
      if (proxy != null) {
        stopQuietly(proxy);
      }
      loader.close();
      Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
      throw new IOException("S3Proxy (" + jar + ") did not start: " + cause, cause);
    } finally {
      current.setContextClassLoader(previous);
    }
  }

  /** The port S3Proxy listens on, once it has started (it binds port 0: any free port). */
  private static int waitForPort(Object proxy) throws ReflectiveOperationException, IOException {
    Method state = proxy.getClass().getMethod("getState");
    Method getPort = proxy.getClass().getMethod("getPort");
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      int port = (Integer) getPort.invoke(proxy);
      if ("STARTED".equals(state.invoke(proxy)) && port > 0) {
        return port;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while S3Proxy started");
      }
    }
    throw new IOException("S3Proxy did not report STARTED within 30 s");
  }

  /** Creates the bucket with a signed PUT, as any S3 client would. */
  private void createBucket() throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(endpoint() + "/" + bucket).openConnection();
    c.setRequestMethod("PUT");
    c.setDoOutput(true);
    c.setFixedLengthStreamingMode(0);
    SimpleDateFormat rfc1123 = new SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    rfc1123.setTimeZone(TimeZone.getTimeZone("GMT"));
    String date = rfc1123.format(new Date());
    c.setRequestProperty("Date", date);
    c.setRequestProperty("Authorization", "AWS " + ACCESS_KEY + ":"
        + signV2("PUT\n\n\n" + date + "\n/" + bucket));
    c.getOutputStream().close();
    int code = c.getResponseCode();
    if (code != 200) {
      InputStream err = c.getErrorStream();
      String body = err == null ? "" : new String(readAll(err), StandardCharsets.UTF_8);
      throw new IOException("creating bucket " + bucket + " returned HTTP " + code + ": " + body);
    }
    c.disconnect();
  }

  private static String signV2(String stringToSign) {
    return Base64.getEncoder().encodeToString(
        new HmacUtils(HmacAlgorithms.HMAC_SHA_1, SECRET_KEY).hmac(stringToSign));
  }


  private static byte[] readAll(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    for (int n; (n = in.read(buf)) > 0;) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  public int port() {
    return port;
  }

  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  public String bucket() {
    return bucket;
  }

  /** {@code s3a://bucket/path}. */
  public String uri(String path) {
    return "s3a://" + bucket + "/" + (path.startsWith("/") ? path.substring(1) : path);
  }

  /**
   * The S3A settings that reach this server, in the order a core-site.xml would list them. Kept
   * to what S3Proxy requires plus what keeps failures quick; everything else is S3A's default,
   * so the tests see S3A as users run it.
   */
  public Map<String, String> s3aSettings() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("fs.s3a.endpoint", endpoint());
    s.put("fs.s3a.endpoint.region", "us-east-1");
    // S3Proxy serves buckets as paths, not as bucket.host names.
    s.put("fs.s3a.path.style.access", "true");
    s.put("fs.s3a.connection.ssl.enabled", "false");
    s.put("fs.s3a.aws.credentials.provider",
        "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    s.put("fs.s3a.access.key", ACCESS_KEY);
    s.put("fs.s3a.secret.key", SECRET_KEY);
    // No HEAD of the bucket when a client starts (the bucket exists; every worker makes one).
    s.put("fs.s3a.bucket.probe", "0");
    // S3Proxy's Jetty closes the connection after an empty PUT sent with "Expect: 100-continue"
    // (S3A's default); the SDK's next request on that pooled connection then fails with "Broken
    // pipe" and is retried after a 10-100 ms backoff: about every other 0-byte create or mkdirs,
    // which would be measured as S3A's latency. Real S3 does not do this.
    s.put("fs.s3a.connection.expect.continue", "false");
    // A loopback server that refuses connections is down: fail in seconds, not after minutes
    // of retries. (S3A raises a connect timeout below 15 s to 15 s, so that stays.)
    s.put("fs.s3a.attempts.maximum", "2");
    s.put("fs.s3a.retry.limit", "2");
    s.put("fs.s3a.retry.interval", "100ms");
    return s;
  }

  /** Writes {@link #s3aSettings()} as a Hadoop configuration file (e.g. core-site.xml). */
  public void writeSiteXml(File file) throws IOException {
    File tmp = new File(file.getPath() + ".tmp");
    try (Writer w = new OutputStreamWriter(Files.newOutputStream(tmp.toPath()),
        StandardCharsets.UTF_8)) {
      w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
      w.write("<!-- S3A settings for the S3Proxy test server at " + endpoint()
          + " (written by io.metabench.testing.S3Server) -->\n<configuration>\n");
      for (Map.Entry<String, String> e : s3aSettings().entrySet()) {
        w.write("  <property><name>" + e.getKey() + "</name><value>" + e.getValue()
            + "</value></property>\n");
      }
      w.write("</configuration>\n");
    }
    Files.move(tmp.toPath(), file.toPath(), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  @Override
  public void close() {
    stopQuietly(proxy);
    try {
      loader.close();
    } catch (IOException e) {
      // nothing left to do
    }
  }

  private static void stopQuietly(Object proxy) {
    try {
      proxy.getClass().getMethod("stop").invoke(proxy);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // stopping is best effort; the threads go with the JVM
    }
  }

  /**
   * The S3Proxy jar: the system property {@value #JAR_PROPERTY}, else {@code s3proxy/s3proxy.jar}
   * next to the {@code test-classes} directory this class was loaded from.
   */
  static File locateJar() throws IOException {
    String configured = System.getProperty(JAR_PROPERTY);
    File jar;
    if (configured != null && !configured.isEmpty()) {
      jar = new File(configured);
    } else {
      try {
        File classes = new File(S3Server.class.getProtectionDomain().getCodeSource()
            .getLocation().toURI());
        jar = new File(classes.getParentFile(), "s3proxy/s3proxy.jar");
      } catch (java.net.URISyntaxException | RuntimeException e) {
        throw new IOException("cannot locate the S3Proxy jar; set -D" + JAR_PROPERTY, e);
      }
    }
    if (!jar.isFile()) {
      throw new IOException("no S3Proxy jar at " + jar + ": run `mvn dependency:copy@s3proxy-jar` "
          + "(or any build that reaches pre-integration-test), or set -D" + JAR_PROPERTY);
    }
    return jar;
  }

  /** The JDK's platform class loader (Java 9+), looked up reflectively: tests compile for 8. */
  private static ClassLoader platformClassLoader() {
    try {
      return (ClassLoader) ClassLoader.class.getMethod("getPlatformClassLoader").invoke(null);
    } catch (ReflectiveOperationException e) {
      return null; // Java 8: the bootstrap loader holds the whole JDK
    }
  }

  /**
   * Runs a server until {@code --seconds} have passed (default 3600) or the process is stopped,
   * for comparisons by hand (bench/s3a-side-by-side.sh). Options: {@code --bucket NAME}
   * (default metabench), {@code --confDir DIR} (writes DIR/core-site.xml with the S3A settings,
   * last, so its appearance means the server is ready), {@code --fileBackend DIR} (keep objects
   * in DIR instead of memory). Needs only this class and the S3Proxy jar on the class path:
   * {@code java -cp target/test-classes io.metabench.testing.S3Server ...}.
   */
  public static void main(String[] args) throws Exception {
    String bucket = "metabench";
    File confDir = null;
    File fileBackend = null;
    long seconds = 3600;
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--bucket":
          bucket = value;
          i++;
          break;
        case "--confDir":
          confDir = new File(value);
          i++;
          break;
        case "--fileBackend":
          fileBackend = new File(value);
          i++;
          break;
        case "--seconds":
          seconds = Long.parseLong(value);
          i++;
          break;
        default:
          System.err.println("usage: S3Server [--bucket NAME] [--confDir DIR] "
              + "[--fileBackend DIR] [--seconds N]");
          System.exit(2);
      }
    }
    S3Server server = start(bucket, fileBackend);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "s3server-stop"));
    System.out.println("S3Proxy at " + server.endpoint() + ", bucket " + bucket + ", "
        + (fileBackend == null ? "in memory" : "in " + fileBackend) + "; stops in " + seconds
        + " s");
    for (Map.Entry<String, String> e : server.s3aSettings().entrySet()) {
      System.out.println("  -D " + e.getKey() + "=" + e.getValue());
    }
    if (confDir != null) {
      Files.createDirectories(confDir.toPath());
      server.writeSiteXml(new File(confDir, "core-site.xml"));
      System.out.println("S3A settings written to " + new File(confDir, "core-site.xml"));
    }
    System.out.flush();
    Thread.sleep(seconds * 1000);
    System.exit(0); // the shutdown hook stops the server; Jetty's threads are not daemons
  }
}
