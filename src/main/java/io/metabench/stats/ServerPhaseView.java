package io.metabench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's figures for one phase, from the samples that bracket its window (the last at or
 * before its first operation to the first at or after its last). Formulas (docs/metrics.md, "The
 * NameNode's view"):
 *
 * <ul>
 *   <li>calls = the counter's rise over the window;</li>
 *   <li>a mean time = Σ(rise of its counter over a refresh × the average the server reported for
 *       that refresh) ÷ Σ rises: the server's own averages, weighted by their calls;</li>
 *   <li>the phase's own methods are the server methods its client calls stand for (HDFS:
 *       {@code op_create} is Create, Complete and AddBlock; {@code op_rename} Rename and Rename2;
 *       ...), or, when its client counts none, those called at least {@value #OWN_SHARE} times
 *       per successful operation;</li>
 *   <li>the view is approximate when the phase covers less than half of the samples' window
 *       (it is shorter than a few of the server's refreshes): the window's figures then include
 *       the neighbouring phases' calls;</li>
 *   <li>the reading splits the client's mean latency into queue time (own calls per operation
 *       × the port's mean queue time), lock wait (own calls per operation × the port's mean lock
 *       wait), processing time (Σ own calls × that method's mean processing time, which excludes
 *       lock wait, ÷ operations) and the rest, spent in the client and the network.</li>
 * </ul>
 *
 * <p>Immutable.
 */
public final class ServerPhaseView {
  /** The least calls per operation that make a method one of the phase's own. */
  static final double OWN_SHARE = 0.1;

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
  private final java.util.Set<String> ownNames;
  private final double coverage;
  private final boolean refreshedAfter;
  private final long phaseStartMillis;

  private ServerPhaseView(List<ServerSamples.Sample> window, PhaseResult phase,
      boolean refreshedAfter) {
    this.refreshedAfter = refreshedAfter;
    this.phaseStartMillis = phase.firstStartEpochNanos() / 1_000_000L;
    this.window = Collections.unmodifiableList(new ArrayList<>(window));
    ServerSamples.Sample first = window.get(0);
    ServerSamples.Sample last = window.get(window.size() - 1);
    this.samples = window.size();
    this.seconds = (last.epochMillis() - first.epochMillis()) / 1000.0;
    this.rpcCalls = rise(window, "rpc.calls");
    this.queueMs = weightedMean(window, "rpc.queueCalls", "rpc.queueMs");
    this.processingMs = weightedMean(window, "rpc.calls", "rpc.processingMs");
    this.lockWaitMs = weightedMean(window, "rpc.lockWaitCalls", "rpc.lockWaitMs");
    double max = Double.NaN;
    for (ServerSamples.Sample s : window) {
      double q = s.get("rpc.callQueueLength");
      max = Double.isNaN(max) || q > max ? q : max;
    }
    this.callQueueMax = max;
    this.gcMs = last.get("jvm.gcMs") - first.get("jvm.gcMs");
    this.pauseMs = last.get("jvm.pauseMs") - first.get("jvm.pauseMs");
    Map<String, Method> byCalls = new TreeMap<>();
    for (String key : last.values().keySet()) {
      if (key.startsWith("method.") && key.endsWith(".calls")) {
        String name = key.substring("method.".length(), key.length() - ".calls".length());
        long calls = rise(window, key);
        if (calls > 0) {
          byCalls.put(name, new Method(calls, weightedMean(window, key, "method." + name + ".ms")));
        }
      }
    }
    List<Map.Entry<String, Method>> sorted = new ArrayList<>(byCalls.entrySet());
    sorted.sort((a, b) -> Long.compare(b.getValue().calls, a.getValue().calls));
    Map<String, Method> ordered = new LinkedHashMap<>();
    for (Map.Entry<String, Method> e : sorted) {
      ordered.put(e.getKey(), e.getValue());
    }
    this.methods = Collections.unmodifiableMap(ordered);
    this.operations = phase.successes();
    this.clientMeanMs = phase.meanLatencyMillis();
    java.util.Set<String> own = new java.util.TreeSet<>();
    for (String call : phase.storeCalls().byType().keySet()) {
      List<String> methodsOfCall = METHODS_OF_CALL.get(call);
      if (methodsOfCall != null && phase.storeCalls().byType().get(call) > 0) {
        own.addAll(methodsOfCall);
      }
    }
    this.ownNames = own;
    this.coverage = seconds <= 0 ? 1.0 : Math.min(1.0, phase.windowSeconds() / seconds);
  }

  /** The phase's window ÷ the samples' window: below 1/2 the view is approximate. */
  public double coverage() {
    return coverage;
  }

  /**
   * Whether the figures are approximate: they include much of the neighbouring phases (coverage
   * below 1/2), or the server had not refreshed them since the phase ended (its last calls may
   * be missing).
   */
  public boolean approximate() {
    return coverage < 0.5 || !refreshedAfter;
  }

  /** Whether a refresh of the server's figures after the phase's end is in the window. */
  public boolean refreshedAfter() {
    return refreshedAfter;
  }

  static ServerPhaseView of(List<ServerSamples.Sample> window, PhaseResult phase,
      boolean refreshedAfter) {
    return new ServerPhaseView(window, phase, refreshedAfter);
  }

  /** A counter's rise over the window; a counter the server did not list yet stood at 0. */
  private static long rise(List<ServerSamples.Sample> window, String counter) {
    double a = window.get(0).get(counter);
    double b = window.get(window.size() - 1).get(counter);
    return Double.isNaN(b) ? 0 : Math.round(b - (Double.isNaN(a) ? 0 : a));
  }

  private static double weightedMean(List<ServerSamples.Sample> window, String counter,
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

  /** Samples the figures come from (the window's, both ends included). */
  public int samples() {
    return samples;
  }

  /** From the first to the last of those samples. */
  public double seconds() {
    return seconds;
  }

  /** Every RPC the server's port handled in the window, from any client. */
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

  /** The window's samples, for a series chart. */
  public List<ServerSamples.Sample> window() {
    return window;
  }

  /** The phase's own methods' calls per successful operation; NaN when none succeeded. */
  public double ownCallsPerOp() {
    if (operations == 0) {
      return Double.NaN;
    }
    long own = 0;
    for (Map.Entry<String, Method> m : methods.entrySet()) {
      own += isOwn(m.getKey(), m.getValue()) ? m.getValue().calls : 0;
    }
    return own / (double) operations;
  }

  private boolean isOwn(String name, Method m) {
    return ownNames.isEmpty() ? operations > 0 && m.calls >= OWN_SHARE * operations
        : ownNames.contains(name);
  }

  /** Per successful operation: queue time of its own calls (ms). */
  public double queuePerOpMs() {
    return ownCallsPerOp() * queueMs;
  }

  /**
   * Per successful operation: time its own calls waited for the namespace lock (ms); NaN when
   * the server reports no lock wait.
   */
  public double lockWaitPerOpMs() {
    return ownCallsPerOp() * lockWaitMs;
  }

  /** Per successful operation: processing time of its own calls (ms). */
  public double processingPerOpMs() {
    if (operations == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (Map.Entry<String, Method> e : methods.entrySet()) {
      Method m = e.getValue();
      if (isOwn(e.getKey(), m) && !Double.isNaN(m.meanMs)) {
        sum += m.calls * m.meanMs;
      }
    }
    return sum / operations;
  }

  /**
   * One line: {@code client mean 2.100 ms = NameNode queue 0.300 + processing 0.600 (2.00
   * calls/op: Create, Complete) + rest 1.200 (client, network)}.
   */
  public String reading(String server) {
    List<String> own = new ArrayList<>();
    for (Map.Entry<String, Method> e : methods.entrySet()) {
      if (isOwn(e.getKey(), e.getValue())) {
        own.add(e.getKey());
      }
    }
    double queue = queuePerOpMs();
    double lockWait = lockWaitPerOpMs();
    double processing = processingPerOpMs();
    return String.format(Locale.ROOT, "%sclient mean %s ms = %s queue %s + lock wait %s + "
        + "processing %s (%s calls/op: %s) + rest %s (client, network)", !refreshedAfter
        ? "~ (no refresh of the server's figures after the phase) " : coverage < 0.5
        ? String.format(Locale.ROOT, "~ (the phase is %.0f%% of the samples' window) ",
        coverage * 100) : "", ms(clientMeanMs), server, ms(queue), ms(lockWait), ms(processing),
        fixed(ownCallsPerOp(), 2), own.isEmpty() ? "none" : String.join(", ", own),
        ms(clientMeanMs - zeroIfNaN(queue) - zeroIfNaN(lockWait) - zeroIfNaN(processing)));
  }

  private static double zeroIfNaN(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  private static String ms(double v) {
    return fixed(v, 3);
  }

  private static String fixed(double v, int decimals) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
