package io.metabench.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.config.BenchConfig;
import io.metabench.config.UserSettings;
import io.metabench.fs.Target;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.web.URLConnectionFactory;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.client.AuthenticationException;

/**
 * The NameNode's view of itself, read from its {@code /jmx} servlet: the client RPC port's
 * {@code RpcActivityForPort<port>} (queue time, processing time, lock wait, call queue length),
 * {@code RpcDetailedActivityForPort<port>} (calls and processing time per method) and
 * {@code JvmMetrics} (GC time, pauses its JvmPauseMonitor saw). Times are converted to
 * milliseconds from the server's {@code rpc.metrics.timeunit} (read from its {@code /conf};
 * milliseconds, Hadoop's default, when that cannot be read). HTTPS and SPNEGO go through Hadoop's
 * own {@link URLConnectionFactory}, as WebHDFS clients do.
 *
 * <p>Not thread-safe: one sampler thread uses it.
 */
public final class NameNodeMetrics implements ServerProbe {
  static final int DEFAULT_RPC_PORT = 8020;
  private static final int DEFAULT_HTTP_PORT = 9870;
  private static final int TIMEOUT_MILLIS = 5_000;
  /** Thread-safe once configured; one for every reading. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private String jmx;
  /**
   * Whose beans it reads: {@code NameNode}, or {@code Router} when the server at the address
   * turns out to be a Router-based Federation router (found at the first reading).
   */
  private String service = "NameNode";
  /** Other default addresses, tried in turn when the default one refuses; empty: none. */
  private final List<DefaultWebPorts.Guess> otherDefaults;
  /** The configuration key that names this server's web address, as a message names it. */
  private final String key;
  private final int rpcPort;
  private final URLConnectionFactory connections;
  private final boolean spnego;
  private double toMillis = Double.NaN;
  private String unit = "";
  /** What the server was found to serve differently: another default port, missing figures. */
  private final List<String> notes = new ArrayList<>();

  NameNodeMetrics(String jmx, int rpcPort, Configuration conf) {
    this(jmx, Collections.emptyList(), "", rpcPort, conf);
  }

  private NameNodeMetrics(String jmx, List<DefaultWebPorts.Guess> otherDefaults, String key,
      int rpcPort, Configuration conf) {
    this.jmx = jmx;
    this.otherDefaults = otherDefaults;
    this.key = key;
    this.rpcPort = rpcPort;
    this.connections = URLConnectionFactory.newDefaultURLConnectionFactory(TIMEOUT_MILLIS,
        TIMEOUT_MILLIS, conf);
    this.spnego = UserGroupInformation.isSecurityEnabled();
  }

  /**
   * The NameNode of {@code target} (with HA, every NameNode of its nameservice), or null when
   * the target is not HDFS or {@code metabench.namenode.jmx} is {@code off}.
   */
  public static ServerProbe of(BenchConfig config, Target target) {
    URI fs = target.fsUri();
    URI behind = "viewfs".equals(fs.getScheme())
        ? mountTarget(target.baseDir(), target.clientConf()) : null;
    ServerProbe m = of(config.nameNodeJmx(), behind != null ? behind : fs,
        target.clientConf());
    return m == null || behind == null ? m
        : new DescribedProbe(m, "the mount of " + target.baseDir() + " (" + behind + ")");
  }

  /**
   * The file system a ViewFs base directory lies on: the target of the longest mount point of its
   * mount table ({@code fs.viewfs.mounttable.<table>.link.<path>}, the table named by the URI's
   * authority, else {@code default}) that holds it; null when there is none. Read from the
   * configuration, as every Hadoop line's ViewFs reads it.
   */
  static URI mountTarget(Path baseDir, Configuration conf) {
    String table = baseDir.toUri().getAuthority() == null ? "default"
        : baseDir.toUri().getAuthority();
    String prefix = "fs.viewfs.mounttable." + table + ".link.";
    String path = Path.getPathWithoutSchemeAndAuthority(baseDir).toString();
    String best = null;
    String target = null;
    for (Map.Entry<String, String> e : conf) {
      if (!e.getKey().startsWith(prefix)) {
        continue;
      }
      String src = e.getKey().substring(prefix.length());
      boolean holds = path.equals(src) || path.startsWith(src.endsWith("/") ? src : src + "/");
      if (holds && (best == null || src.length() > best.length())) {
        best = src;
        target = conf.getTrimmed(e.getKey()).split(",")[0].trim();
      }
    }
    return target == null ? null : URI.create(target);
  }

  /**
   * The NameNode of the file system {@code fs} whose clients use {@code conf}; {@code given}:
   * {@code metabench.namenode.jmx} (a URL, {@code off}, or empty).
   */
  static ServerProbe of(String given, URI fs, Configuration conf) {
    if (!"hdfs".equals(fs.getScheme()) || "off".equalsIgnoreCase(given)) {
      return null;
    }
    int rpcPort = fs.getPort() > 0 ? fs.getPort() : DEFAULT_RPC_PORT;
    // A router, found at the first reading, is read with the NameNodes behind it.
    if (!given.isEmpty()) {
      return new BehindRouter(new NameNodeMetrics(given, rpcPort, conf), conf);
    }
    if (conf.getTrimmed("dfs.ha.namenodes." + fs.getHost(), "").isEmpty()) {
      return new BehindRouter(at(fs.getHost(), suffixOf(fs.getHost() + ":" + rpcPort, conf),
          rpcPort, conf), conf);
    }
    return new BehindRouter(new NameserviceMetrics(fs.getHost(), describedFor(fs.getHost(),
        rpcPort, conf)), conf);
  }

  /**
   * The NameNodes {@code conf} names for nameservice {@code ns}: with HA, every one by its id,
   * each at its own RPC address ({@code rpcPort} where it gives none); else the one at {@code
   * dfs.namenode.rpc-address.<ns>}, by the nameservice's name; empty when it names none.
   */
  static Map<String, NameNodeMetrics> describedFor(String ns, int rpcPort, Configuration conf) {
    Map<String, NameNodeMetrics> all = new java.util.LinkedHashMap<>();
    String nnIds = conf.getTrimmed("dfs.ha.namenodes." + ns, "");
    for (String nn : nnIds.isEmpty() ? new String[0] : nnIds.split(",")) {
      String suffix = "." + ns + "." + nn.trim();
      String rpc = conf.getTrimmed("dfs.namenode.rpc-address" + suffix, "");
      all.put(nn.trim(), at(rpc.contains(":") ? rpc.substring(0, rpc.lastIndexOf(':')) : ns,
          suffix, rpc.contains(":") ? portOf(rpc) : rpcPort, conf));
    }
    String rpc = conf.getTrimmed("dfs.namenode.rpc-address." + ns, "");
    if (nnIds.isEmpty() && rpc.contains(":")) {
      all.put(ns, at(rpc.substring(0, rpc.lastIndexOf(':')), "." + ns, portOf(rpc), conf));
    }
    return all;
  }

  /** The port of {@code host:port}. */
  static int portOf(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1).trim());
  }

  /**
   * With federation, the suffix ({@code .<nameservice>}, {@code .<nameservice>.<id>}) under which
   * the configuration names the NameNode at {@code address} ({@code dfs.namenode.rpc-address
   * <suffix>}), so its own HTTP address is read; "" when none does.
   */
  private static String suffixOf(String address, Configuration conf) {
    String prefix = "dfs.namenode.rpc-address.";
    for (Map.Entry<String, String> e : conf.getPropsWithPrefix(prefix).entrySet()) {
      if (address.equals(e.getValue().trim())) {
        return "." + e.getKey();
      }
    }
    return "";
  }

  /**
   * The NameNode whose RPC server is {@code host}:{@code rpcPort} and whose HTTP address is
   * configured under {@code suffix} ("" or ".<nameservice>.<id>").
   */
  static NameNodeMetrics at(String host, String suffix, int rpcPort,
      Configuration conf) {
    boolean https = "HTTPS_ONLY".equalsIgnoreCase(conf.getTrimmed("dfs.http.policy", ""));
    String key = https ? "dfs.namenode.https-address" : "dfs.namenode.http-address";
    String address = conf.getTrimmed(key + suffix, conf.getTrimmed(key, ""));
    String httpHost = address.contains(":") ? address.substring(0, address.lastIndexOf(':'))
        : "";
    int port = address.contains(":") ? Integer.parseInt(address.substring(
        address.lastIndexOf(':') + 1)) : DefaultWebPorts.first(https);
    if (httpHost.isEmpty() || httpHost.equals("0.0.0.0")) {
      httpHost = host;
    }
    String base = (https ? "https" : "http") + "://" + httpHost + ":";
    // A default address may be another's: Hadoop 2's NameNode serves on 50070, 3's on 9870,
    // whichever client's defaults this configuration holds, and a router on 50071.
    List<DefaultWebPorts.Guess> others = Collections.emptyList();
    if (!UserSettings.isSetByUser(conf, key + suffix) && !UserSettings.isSetByUser(conf, key)) {
      others = DefaultWebPorts.after(https, port, base);
    }
    return new NameNodeMetrics(base + port + "/jmx", others, key + suffix, rpcPort, conf);
  }

  @Override
  public String describe() {
    return service + " " + where();
  }

  /** {@code NameNode} or {@code Router}: settled at the first reading. */
  String service() {
    return service;
  }

  /** Its address, RPC port, time unit and what it was found to serve differently. */
  String where() {
    return jmx + ", RPC port " + rpcPort + (unit.isEmpty() ? "" : ", times " + unit)
        + (notes.isEmpty() ? "" : "; " + String.join("; ", notes));
  }

  @Override
  public Map<String, Double> sample() throws IOException {
    boolean first = Double.isNaN(toMillis);
    if (first) {
      findServer();
      readTimeUnit();
    }
    Map<String, Double> v = new TreeMap<>();
    // Beans are found under any service: a JVM names them all after the first daemon that set
    // up its metrics (in a test cluster, a DataNode's name may stand for a router's beans).
    JsonNode rpc = bean("Hadoop:service=*,name=RpcActivityForPort" + rpcPort);
    if (rpc == null) {
      throw new IOException(jmx + " has no RpcActivityForPort" + rpcPort + " (is " + rpcPort
          + " the NameNode's or router's client RPC port?)");
    }
    if (first) {
      service = isRouter() ? "Router" : service;
    }
    put(v, "rpc.calls", rpc, "RpcProcessingTimeNumOps", 1);
    put(v, "rpc.processingMs", rpc, "RpcProcessingTimeAvgTime", toMillis);
    put(v, "rpc.queueCalls", rpc, "RpcQueueTimeNumOps", 1);
    put(v, "rpc.queueMs", rpc, "RpcQueueTimeAvgTime", toMillis);
    put(v, "rpc.lockWaitCalls", rpc, "RpcLockWaitTimeNumOps", 1);
    put(v, "rpc.lockWaitMs", rpc, "RpcLockWaitTimeAvgTime", toMillis);
    put(v, "rpc.callQueueLength", rpc, "CallQueueLength", 1);
    JsonNode detailed = bean("Hadoop:service=*,name=RpcDetailedActivityForPort" + rpcPort);
    if (detailed != null) {
      for (Iterator<String> names = detailed.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        // "Overall<Method>" (Hadoop 3.4) repeats each method with its response time included.
        if (name.endsWith("NumOps") && !name.startsWith("Overall")) {
          String method = name.substring(0, name.length() - "NumOps".length());
          put(v, "method." + method + ".calls", detailed, name, 1);
          put(v, "method." + method + ".ms", detailed, method + "AvgTime", toMillis);
        }
      }
    }
    String name = rpc.path("name").asText();
    JsonNode jvm = bean(name.substring(0, name.indexOf(",name=")) + ",name=JvmMetrics");
    if (jvm != null) {
      put(v, "jvm.gcMs", jvm, "GcTimeMillis", 1);
      put(v, "jvm.pauseMs", jvm, "GcTotalExtraSleepTime", 1);
    }
    if ("Router".equals(service)) {
      readFederation(v);
    }
    if (first) {
      noteMissing(rpc.has("RpcLockWaitTimeNumOps"), detailed != null, jvm != null);
    }
    return v;
  }

  /**
   * Whether the server on the RPC port is a router: the {@code NameNodeStatus} bean that names
   * that port (each NameNode's names its own; a router serves one too, for tools that read a
   * NameNode's) is a router's ({@code NamenodeBeanMetrics}); without one, whether the JVM has a
   * router's {@code FederationRPC} bean.
   */
  private boolean isRouter() throws IOException {
    for (JsonNode b : beans("Hadoop:service=*,name=NameNodeStatus*")) {
      if (b.path("HostAndPort").asText().endsWith(":" + rpcPort)) {
        return b.path("modelerType").asText().contains(".federation.");
      }
    }
    return beans("Hadoop:service=*,name=FederationRPC*").size() > 0;
  }

  /**
   * A router's own figures ({@code FederationRPC}): the calls it proxied to NameNodes and their
   * mean time, its own processing before proxying, and proxied calls that failed or were retried.
   * These times are the router's {@code Time.monotonicNow} differences: milliseconds, whatever
   * {@code rpc.metrics.timeunit} says.
   */
  private void readFederation(Map<String, Double> v) throws IOException {
    // Several routers in one JVM (a test cluster) register FederationRPC, FederationRPC-1, ...
    JsonNode beans = beans("Hadoop:service=*,name=FederationRPC*");
    if (beans.size() == 0) {
      return;
    }
    JsonNode f = beans.get(0);
    put(v, "proxy.calls", f, "ProxyOps", 1);
    put(v, "proxy.ms", f, "ProxyAvg", 1);
    put(v, "router.processingCalls", f, "ProcessingOps", 1);
    put(v, "router.processingMs", f, "ProcessingAvg", 1);
    put(v, "proxy.retries", f, "ProxyOpRetries", 1);
    double failed = 0;
    for (Iterator<String> names = f.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      boolean failure = name.startsWith("ProxyOpFailure") || name.equals("ProxyOpNoNamenodes")
          || name.equals("ProxyOpNotImplemented") || name.startsWith("RouterFailure");
      if (failure && f.get(name).isNumber()) {
        failed += f.get(name).asDouble();
      }
    }
    v.put("proxy.failures", failed);
    for (JsonNode ns : beans("Hadoop:service=*,name=NameserviceActivity-*")) {
      String name = ns.path("tag.ns").asText("");
      // "concurrent" is the permit controller's own, not a nameservice.
      if (!name.isEmpty() && !name.equals("concurrent") && ns.path("ProxyOp").isNumber()) {
        v.merge("proxy.ns." + name + ".calls", ns.path("ProxyOp").asDouble(), Double::sum);
      }
    }
  }

  /**
   * Settles which address serves: the configured (or default) one, else the first other default
   * (the other Hadoop line's, a router's) that answers when the default one refuses connections;
   * when none does, the message names every address tried and the key that gives the address.
   */
  private void findServer() throws IOException {
    String configured = jmx;
    try {
      jmx = DefaultWebPorts.find(configured, otherDefaults, key, notes, url -> {
        jmx = url;
        bean("Hadoop:service=NameNode,name=NameNodeStatus");
      });
    } catch (IOException e) {
      jmx = configured;
      throw e;
    }
  }

  /**
   * This NameNode's HA state ("active", "standby", "observer"): from its {@code /isActive} page
   * (Hadoop 3.3 and later: 200 when active, 405 when not), which is its own even where several
   * NameNodes share a JVM (a test cluster), then from {@code NameNodeStatus} in its /jmx.
   */
  String state() throws IOException {
    if ("Router".equals(service)) {
      return "router";
    }
    int isActive = answer(jmx.replaceFirst("/jmx$", "/isActive"));
    if (isActive == HttpURLConnection.HTTP_OK) {
      return "active";
    }
    // Several NameNodes in one JVM (a test cluster) register NameNodeStatus, NameNodeStatus-1,
    // ...: this one's is the one whose HostAndPort is its RPC port.
    JsonNode status = null;
    for (JsonNode b : beans("Hadoop:service=*,name=NameNodeStatus*")) {
      if (status == null || b.path("HostAndPort").asText().endsWith(":" + rpcPort)) {
        status = b;
      }
    }
    String state = status == null ? "unknown" : status.path("State").asText("unknown");
    // A 405 means not active, whatever a bean shared with another NameNode in the JVM says.
    return isActive == HttpURLConnection.HTTP_BAD_METHOD && "active".equalsIgnoreCase(state)
        ? "standby" : state;
  }

  /**
   * A router's {@code FederationState} {@code Namenodes}: every NameNode registered in its State
   * Store, by key, each with its nameserviceId, namenodeId, rpcAddress, webAddress, webScheme and
   * state; null for a NameNode, or a router without a State Store (it lists none).
   */
  @Override
  public JsonNode federationNamenodes() throws IOException {
    JsonNode state = "Router".equals(service) ? bean("Hadoop:service=*,name=FederationState*")
        : null;
    JsonNode listed = state == null ? null : JSON.readTree(state.path("Namenodes").asText("{}"));
    return listed == null || listed.size() == 0 ? null : listed;
  }

  /** The HTTP status {@code url} answers with; -1 when it cannot be asked. */
  private int answer(String url) {
    try {
      URLConnection c = connections.openConnection(new URL(url), spnego);
      c.setConnectTimeout(TIMEOUT_MILLIS);
      c.setReadTimeout(TIMEOUT_MILLIS);
      return c instanceof HttpURLConnection ? ((HttpURLConnection) c).getResponseCode() : -1;
    } catch (IOException | AuthenticationException e) {
      return -1;
    }
  }

  /** Says which of the figures this NameNode serves none of (an older line's may lack some). */
  private void noteMissing(boolean lockWait, boolean perMethod, boolean jvm) {
    List<String> missing = new ArrayList<>();
    if (!lockWait) {
      missing.add("lock wait (RpcLockWaitTime)");
    }
    if (!perMethod) {
      missing.add("per-method calls (RpcDetailedActivityForPort" + rpcPort + ")");
    }
    if (!jvm) {
      missing.add("GC and pauses (JvmMetrics)");
    }
    if (!missing.isEmpty()) {
      notes.add("the " + service + " serves no " + String.join(", ", missing));
    }
  }

  private static void put(Map<String, Double> into, String name, JsonNode bean, String field,
      double scale) {
    JsonNode n = bean.get(field);
    if (n != null && n.isNumber()) {
      into.put(name, n.asDouble() * scale);
    }
  }

  /** The server's RPC metrics time unit, from its /conf; milliseconds when it cannot be read. */
  private void readTimeUnit() {
    toMillis = 1;
    unit = "ms (assumed: the NameNode's /conf could not be read)";
    try {
      JsonNode conf = get(jmx.replaceFirst("/jmx$", "/conf") + "?name=rpc.metrics.timeunit");
      // One key asked: {"property": {...}}; the whole configuration: {"properties": [...]}.
      List<JsonNode> found = new ArrayList<>();
      found.add(conf.path("property"));
      conf.path("properties").forEach(found::add);
      for (JsonNode p : found) {
        if ("rpc.metrics.timeunit".equals(p.path("key").asText())) {
          String u = p.path("value").asText().trim().toUpperCase(Locale.ROOT);
          toMillis = "MICROSECONDS".equals(u) ? 1e-3 : "NANOSECONDS".equals(u) ? 1e-6
              : "SECONDS".equals(u) ? 1e3 : 1;
          unit = "in " + u.toLowerCase(Locale.ROOT) + ", shown in ms";
        }
      }
    } catch (NotFound e) {
      // The NameNode knows no such key (Hadoop 2's, among others): its RPC metrics keep
      // Hadoop's default unit.
      unit = "ms (the NameNode has no rpc.metrics.timeunit: Hadoop's default)";
    } catch (IOException e) {
      // Kept as assumed: /conf may be closed to this user on a secured cluster.
    }
  }

  /** A page the server says it does not have (HTTP 404). */
  private static final class NotFound extends IOException {
    private static final long serialVersionUID = 1L;

    NotFound(String message) {
      super(message);
    }
  }

  /** The first bean {@code name} (an ObjectName, maybe a pattern) names; null: none. */
  private JsonNode bean(String name) throws IOException {
    JsonNode beans = beans(name);
    return beans.size() == 0 ? null : beans.get(0);
  }

  private JsonNode beans(String query) throws IOException {
    return get(jmx + "?qry=" + URLEncoder.encode(query, "UTF-8")).path("beans");
  }

  private JsonNode get(String url) throws IOException {
    URLConnection c;
    try {
      c = connections.openConnection(new URL(url), spnego);
    } catch (AuthenticationException e) {
      throw new IOException("SPNEGO to " + url + " failed: " + e.getMessage(), e);
    }
    // /conf answers in XML unless asked for JSON; /jmx always answers in JSON.
    c.setRequestProperty("Accept", "application/json");
    c.setConnectTimeout(TIMEOUT_MILLIS);
    c.setReadTimeout(TIMEOUT_MILLIS);
    if (c instanceof HttpURLConnection && ((HttpURLConnection) c).getResponseCode() != 200) {
      HttpURLConnection h = (HttpURLConnection) c;
      String answer = url + " answered " + h.getResponseCode() + " " + h.getResponseMessage();
      throw h.getResponseCode() == HttpURLConnection.HTTP_NOT_FOUND ? new NotFound(answer)
          : new IOException(answer);
    }
    try (InputStream in = c.getInputStream()) {
      return JSON.readTree(in);
    }
  }
}
