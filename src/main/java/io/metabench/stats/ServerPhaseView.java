package io.metabench.stats;

import io.metabench.compat.NameNodeRpcs;
import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's figures for one phase, from the refreshes of its metrics made inside the phase's
 * window only ({@link ServerSamples#during}), so neither the client warm-up's calls before it nor
 * the next phase's after it are in them. Formulas (docs/metrics.md, "The NameNode's view"):
 *
 * <ul>
 *   <li>calls = the counter's rise from the first refresh inside the phase to the last;</li>
 *   <li>a mean time = Σ(rise of its counter over a refresh × the average the server reported for
 *       that refresh) ÷ Σ rises, over the refreshes after the first inside: the server's own
 *       averages, weighted by their calls;</li>
 *   <li>the phase's own methods are the NameNode RPC methods its client counted
 *       ({@code compat.NameNodeRpcs}), else those its client's FileSystem calls stand for (HDFS:
 *       {@code op_create} is Create, Complete and AddBlock; ...), else those called at least
 *       {@value #OWN_SHARE} times per successful operation inside the phase;</li>
 *   <li>a method's calls per operation are the client's count ÷ the operations it counted them
 *       over (attempted and {@code -warmup} operations); without a client count, the server's
 *       calls inside ÷ the successful operations of that span (the phase's successes × the span
 *       ÷ the phase's window: its rate taken as even);</li>
 *   <li>the reading splits the client's mean latency into queue time (own calls per operation
 *       × the port's mean queue time), lock wait (likewise), processing time (Σ own methods'
 *       calls per operation × that method's mean processing time, which excludes lock wait) and
 *       the rest, spent in the client and the network. There is none when fewer than two
 *       refreshes fell inside the phase, or when the server's part would exceed the client's
 *       mean (other clients' calls weigh in the server's averages): the reading says why.</li>
 * </ul>
 *
 * <p>Immutable.
 */
public final class ServerPhaseView {
  /** The least calls per operation that make a method one of the phase's own. */
  static final double OWN_SHARE = 0.1;
  /**
   * The same for a mix as a whole, whose client counts no calls by operation: its rarer
   * operations' methods (a 1 % create's Create and Complete) are its own too, the DataNodes'
   * heartbeats and reports (a few a second, far under this at a mix's rates) are not.
   */
  static final double OWN_SHARE_IN_MIX = 0.005;

  /** The NameNode methods each HDFS client call type (DFSOpsCountStatistics) stands for. */
  private static final Map<String, List<String>> METHODS_OF_CALL = methodsOfCall();

  private static Map<String, List<String>> methodsOfCall() {
    Map<String, List<String>> m = new TreeMap<>();
    m.put("op_create", java.util.Arrays.asList("Create", "Complete", "AddBlock"));
    m.put("op_append", java.util.Arrays.asList("Append", "Complete", "AddBlock"));
    m.put("op_open", Collections.singletonList("GetBlockLocations"));
    m.put("op_get_file_status", Collections.singletonList("GetFileInfo"));
    m.put("op_exists", Collections.singletonList("GetFileInfo"));
    m.put("op_rename", java.util.Arrays.asList("Rename", "Rename2"));
    m.put("op_delete", Collections.singletonList("Delete"));
    m.put("op_mkdirs", Collections.singletonList("Mkdirs"));
    m.put("op_list_status", Collections.singletonList("GetListing"));
    m.put("op_set_permission", Collections.singletonList("SetPermission"));
    m.put("op_set_times", Collections.singletonList("SetTimes"));
    m.put("op_get_content_summary", Collections.singletonList("GetContentSummary"));
    return Collections.unmodifiableMap(m);
  }

  /** One method's calls in the window and its mean processing time. Immutable. */
  public static final class Method {
    private final long calls;
    private final double meanMs;

    Method(long calls, double meanMs) {
      this.calls = calls;
      this.meanMs = meanMs;
    }

    public long calls() {
      return calls;
    }

    /** NaN when the server reported no time. */
    public double meanMs() {
      return meanMs;
    }
  }

  private final int samples;
  private final double seconds;
  private final long rpcCalls;
  private final double queueMs;
  private final double processingMs;
  private final double lockWaitMs;
  private final double callQueueMax;
  private final double gcMs;
  private final double pauseMs;
  private final Map<String, Method> methods;
  private final long operations;
  private final double clientMeanMs;
  private final List<ServerSamples.Sample> window;
  private final long phaseStartMillis;
  private final double phaseSeconds;
  private final double refreshSeconds;
  /** The phase's own methods and their calls per operation, most first. */
  private final Map<String, Double> ownPerOp;
  private final NameserviceView nameservice;
  /** Through a router: the client's latency split by the router's figures; else null. */
  private final RouterSplit router;

  private ServerPhaseView(List<ServerSamples.Sample> window, List<ServerSamples.Sample> inside,
      double refreshSeconds, PhaseResult phase, NameserviceView nameservice) {
    this.phaseStartMillis = phase.firstStartEpochNanos() / 1_000_000L;
    this.phaseSeconds = phase.windowSeconds();
    this.refreshSeconds = refreshSeconds;
    this.window = Collections.unmodifiableList(new ArrayList<>(window));
    this.samples = inside.size();
    this.operations = phase.successes();
    this.clientMeanMs = phase.meanLatencyMillis();
    Map<String, Method> byCalls = new TreeMap<>();
    if (inside.isEmpty()) {
      this.seconds = 0;
      this.rpcCalls = 0;
      this.queueMs = Double.NaN;
      this.processingMs = Double.NaN;
      this.lockWaitMs = Double.NaN;
      this.callQueueMax = Double.NaN;
      this.gcMs = Double.NaN;
      this.pauseMs = Double.NaN;
    } else {
      ServerSamples.Sample first = inside.get(0);
      ServerSamples.Sample last = inside.get(inside.size() - 1);
      this.seconds = (last.epochMillis() - first.epochMillis()) / 1000.0;
      this.rpcCalls = rise(inside, "rpc.calls");
      this.queueMs = weightedMean(inside, "rpc.queueCalls", "rpc.queueMs");
      this.processingMs = weightedMean(inside, "rpc.calls", "rpc.processingMs");
      this.lockWaitMs = weightedMean(inside, "rpc.lockWaitCalls", "rpc.lockWaitMs");
      double max = Double.NaN;
      for (ServerSamples.Sample x : inside) {
        double q = x.get("rpc.callQueueLength");
        max = Double.isNaN(max) || q > max ? q : max;
      }
      this.callQueueMax = max;
      this.gcMs = last.get("jvm.gcMs") - first.get("jvm.gcMs");
      this.pauseMs = last.get("jvm.pauseMs") - first.get("jvm.pauseMs");
      for (String key : last.values().keySet()) {
        if (key.startsWith("method.") && key.endsWith(".calls")) {
          String name = key.substring("method.".length(), key.length() - ".calls".length());
          long calls = rise(inside, key);
          if (calls > 0) {
            byCalls.put(name, new Method(calls, weightedMean(inside, key,
                "method." + name + ".ms")));
          }
        }
      }
    }
    this.methods = sortedByCalls(byCalls);
    this.ownPerOp = ownPerOp(phase, methods, seconds);
    this.nameservice = nameservice;
    this.router = operations > 0 ? RouterSplit.of(window, inside, phase, ownCallsPerOp(), queueMs,
        clientMeanMs) : null;
  }

  private static <V> Map<String, V> sortedByCalls(Map<String, V> byName) {
    List<Map.Entry<String, V>> sorted = new ArrayList<>(byName.entrySet());
    sorted.sort((a, b) -> Double.compare(calls(b.getValue()), calls(a.getValue())));
    Map<String, V> ordered = new LinkedHashMap<>();
    for (Map.Entry<String, V> e : sorted) {
      ordered.put(e.getKey(), e.getValue());
    }
    return Collections.unmodifiableMap(ordered);
  }

  private static double calls(Object v) {
    return v instanceof Method ? ((Method) v).calls : (Double) v;
  }

  /**
   * The phase's own methods and their calls per operation: from the client's NameNode RPC
   * counts when it made them; else the server's calls inside the phase ÷ the operations of that
   * span, for the methods its FileSystem calls stand for (or, without those, the often-called).
   */
  private static Map<String, Double> ownPerOp(PhaseResult phase, Map<String, Method> inside,
      double insideSeconds) {
    Map<String, Double> own = new TreeMap<>();
    Map<String, Long> counted = phase.storeCalls().byType();
    long ops = phase.attempted() + phase.warmupOps();
    for (Map.Entry<String, Long> e : counted.entrySet()) {
      if (e.getKey().startsWith(NameNodeRpcs.PREFIX) && ops > 0) {
        String name = e.getKey().substring(NameNodeRpcs.PREFIX.length()).replace(".failures", "");
        own.merge(name, e.getValue() / (double) ops, Double::sum);
      }
    }
    if (!own.isEmpty() || inside.isEmpty()) {
      return sortedByCalls(own);
    }
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (Map.Entry<String, Long> e : counted.entrySet()) {
      List<String> methodsOfCall = METHODS_OF_CALL.get(e.getKey());
      if (methodsOfCall != null && e.getValue() > 0) {
        names.addAll(methodsOfCall);
      }
    }
    double opsInside = phase.windowSeconds() <= 0 ? 0
        : phase.successes() * Math.min(1.0, insideSeconds / phase.windowSeconds());
    for (Map.Entry<String, Method> m : inside.entrySet()) {
      // A mix's whole (not one of its operations, op() of which is its own) spreads its calls
      // over its operations: a rare one's methods are its own at a smaller share.
      double share = phase.op() == OpType.MIX && !phase.partOfMix() ? OWN_SHARE_IN_MIX
          : OWN_SHARE;
      boolean isOwn = names.isEmpty() ? m.getValue().calls >= share * opsInside
          : names.contains(m.getKey());
      if (isOwn && opsInside > 0) {
        own.put(m.getKey(), m.getValue().calls / opsInside);
      }
    }
    return sortedByCalls(own);
  }

  static ServerPhaseView of(List<ServerSamples.Sample> window, List<ServerSamples.Sample> inside,
      double refreshSeconds, PhaseResult phase, NameserviceView nameservice) {
    return new ServerPhaseView(window, inside, refreshSeconds, phase, nameservice);
  }

  /** A counter's rise over the window; a counter the server did not list yet stood at 0. */
  static long rise(List<ServerSamples.Sample> window, String counter) {
    double a = window.get(0).get(counter);
    double b = window.get(window.size() - 1).get(counter);
    return Double.isNaN(b) ? 0 : Math.round(b - (Double.isNaN(a) ? 0 : a));
  }

  static double weightedMean(List<ServerSamples.Sample> window, String counter,
      String average) {
    double weighted = 0;
    double calls = 0;
    for (int i = 1; i < window.size(); i++) {
      double before = window.get(i - 1).get(counter);
      double rise = window.get(i).get(counter) - (Double.isNaN(before) ? 0 : before);
      double avg = window.get(i).get(average);
      if (rise > 0 && !Double.isNaN(avg)) {
        weighted += rise * avg;
        calls += rise;
      }
    }
    return calls == 0 ? Double.NaN : weighted / calls;
  }

  /** Through a router, the client's latency split into router, NameNodes and the rest; or null. */
  public RouterSplit router() {
    return router;
  }

  /** With HA, each NameNode's calls and states in the phase, and its failovers. */
  public NameserviceView nameservice() {
    return nameservice;
  }

  /** Samples the figures come from (the refreshes inside the phase); 0 when there were none. */
  public int samples() {
    return samples;
  }

  /** From the first to the last of those samples; 0 without them. */
  public double seconds() {
    return seconds;
  }

  /** Every RPC the server's port handled between those refreshes, from any client. */
  public long rpcCalls() {
    return rpcCalls;
  }

  /** Mean time calls waited in the server's queue; NaN when none was reported. */
  public double queueMs() {
    return queueMs;
  }

  /** Mean time the server spent processing a call; NaN when none was reported. */
  public double processingMs() {
    return processingMs;
  }

  /** Mean time a call waited for the namespace lock (Hadoop 3.3+); NaN when not reported. */
  public double lockWaitMs() {
    return lockWaitMs;
  }

  /** The longest call queue any sample saw. */
  public double callQueueMax() {
    return callQueueMax;
  }

  /** Time the server's JVM spent in garbage collection in the window. */
  public double gcMs() {
    return gcMs;
  }

  /** Time the server's JVM was paused beyond its sleeps (its JvmPauseMonitor) in the window. */
  public double pauseMs() {
    return pauseMs;
  }

  /** Methods called in the window, most called first. */
  public Map<String, Method> methods() {
    return methods;
  }

  /**
   * The server's times over the window, one point per refresh (a sample whose calls counter
   * moved): (seconds from the phase's first operation, mean processing ms, mean queue ms) of the
   * calls since the refresh before.
   */
  public List<double[]> timeline() {
    List<double[]> points = new ArrayList<>();
    for (int i = 1; i < window.size(); i++) {
      ServerSamples.Sample s = window.get(i);
      if (s.get("rpc.calls") != window.get(i - 1).get("rpc.calls")) {
        points.add(new double[] {(s.epochMillis() - phaseStartMillis) / 1000.0,
            s.get("rpc.processingMs"), s.get("rpc.queueMs")});
      }
    }
    return points;
  }

  /** The samples around the phase (from the last before it to the first refresh after it). */
  public List<ServerSamples.Sample> window() {
    return window;
  }

  /** Whether there is a decomposition: two refreshes inside the phase, and a rest ≥ 0. */
  public boolean decomposed() {
    return samples >= 2 && operations > 0 && !ownPerOp.isEmpty() && rest() >= 0;
  }

  /** The phase's own methods and their calls per operation, most first. */
  public Map<String, Double> ownPerOperation() {
    return ownPerOp;
  }

  /** The phase's own methods' calls per operation; NaN when none are known. */
  public double ownCallsPerOp() {
    if (ownPerOp.isEmpty()) {
      return Double.NaN;
    }
    double sum = 0;
    for (double v : ownPerOp.values()) {
      sum += v;
    }
    return sum;
  }

  /** Per operation: queue time of its own calls (ms). */
  public double queuePerOpMs() {
    return ownCallsPerOp() * queueMs;
  }

  /**
   * Per operation: time its own calls waited for the namespace lock (ms); NaN when the server
   * reports no lock wait.
   */
  public double lockWaitPerOpMs() {
    return ownCallsPerOp() * lockWaitMs;
  }

  /** Per operation: processing time of its own calls (ms); NaN without their means. */
  public double processingPerOpMs() {
    double sum = 0;
    boolean any = false;
    for (Map.Entry<String, Double> e : ownPerOp.entrySet()) {
      Method m = methods.get(e.getKey());
      if (m != null && !Double.isNaN(m.meanMs)) {
        sum += e.getValue() * m.meanMs;
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }

  /** The client's mean latency less the server's queue, lock wait and processing per operation. */
  private double rest() {
    return clientMeanMs - zeroIfNaN(queuePerOpMs()) - zeroIfNaN(lockWaitPerOpMs())
        - zeroIfNaN(processingPerOpMs());
  }

  /**
   * One line: {@code client mean 2.100 ms = NameNode queue 0.300 + lock wait 0.010 + processing
   * 0.600 (2.00 calls/op: Create 1.00, Complete 1.00) + rest 1.190 (client, network)}; or why
   * there is no decomposition, and what to change.
   */
  public String reading(String server) {
    if (samples < 2) {
      return String.format(Locale.ROOT, "no decomposition: the phase (%.1f s) %s", phaseSeconds,
          tooFewRefreshes(server, false));
    }
    if (operations == 0 || ownPerOp.isEmpty()) {
      return "no decomposition: no successful operation, or none of its calls were seen";
    }
    double queue = queuePerOpMs();
    double lockWait = lockWaitPerOpMs();
    double processing = processingPerOpMs();
    if (rest() < 0) {
      return String.format(Locale.ROOT, "no decomposition: the %s's time per operation (%s ms) "
          + "exceeds the client's mean (%s ms): other clients' calls weigh in its averages", server,
          ms(clientMeanMs - rest()), ms(clientMeanMs));
    }
    List<String> own = new ArrayList<>();
    for (Map.Entry<String, Double> e : ownPerOp.entrySet()) {
      // Counted in the sums; a call made once in thousands of operations is not named.
      if (e.getValue() >= 0.005) {
        own.add(e.getKey() + " " + fixed(e.getValue(), 2));
      }
    }
    return String.format(Locale.ROOT, "client mean %s ms = %s queue %s + lock wait %s + "
        + "processing %s (%s calls/op: %s) + rest %s (client, network)", ms(clientMeanMs), server,
        ms(queue), ms(lockWait), ms(processing), fixed(ownCallsPerOp(), 2), String.join(", ", own),
        ms(rest()));
  }

  /** Whether the phase held fewer than two of the server's refreshes: no decomposition. */
  public boolean tooShort() {
    return samples < 2;
  }

  /** How long the phase's window was, in seconds. */
  public double phaseSeconds() {
    return phaseSeconds;
  }

  /**
   * Why a phase too short has no decomposition and what to change, for one phase ({@code
   * several} false: "held ... lengthen it") or several ("each held ... lengthen them").
   */
  public String tooFewRefreshes(String server, boolean several) {
    return String.format(Locale.ROOT, "%s fewer than two of the %s's refreshes of its figures "
        + "(%s): lengthen %s to at least %s (-duration, or more files per worker), or shorten the "
        + "%s's metrics period", several ? "each held" : "held", server,
        Double.isNaN(refreshSeconds) ? "it refreshed at most once while sampled"
            : String.format(Locale.ROOT, "one every %.0f s", refreshSeconds),
        several ? "them" : "it", Double.isNaN(refreshSeconds) ? "a few of its metrics periods"
            : String.format(Locale.ROOT, "%.0f s", 2 * refreshSeconds + 2), server);
  }

  static double zeroIfNaN(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  private static String ms(double v) {
    return fixed(v, 3);
  }

  private static String fixed(double v, int decimals) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
