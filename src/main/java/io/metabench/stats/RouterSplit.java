package io.metabench.stats;

import java.util.List;
import java.util.Locale;

/**
 * A phase run through a Router-based Federation router, its client latency split by the router's
 * own figures ({@code FederationRPC}) from the refreshes inside the phase (docs/fs/hdfs.md):
 *
 * <ul>
 *   <li>router queue = the client's calls to the router per operation (its own RPC counts) × the
 *       router's mean RPC queue time;</li>
 *   <li>router = the calls the router processed per operation × its mean processing time before
 *       proxying;</li>
 *   <li>NameNodes = the calls it proxied per operation × their mean time (the NameNode's time and
 *       the router-to-NameNode network);</li>
 *   <li>per operation: the rise of the router's counter between the first and last samples read
 *       inside the phase ÷ the operations the phase's per-second series counts in that span: the
 *       router counts these calls as they happen; the calls per nameservice share them out in
 *       the proportions its per-nameservice counters (which move at its refreshes) rose in;</li>
 *   <li>rest = the client's mean − the three: the client, the client-to-router network and the
 *       router's answer;</li>
 *   <li>where the NameNodes behind the router are read ({@code behind.} figures): of each proxied
 *       call's mean time, the NameNodes' own mean queue, lock wait and processing time (their
 *       averages weighted by their calls over the refreshes inside the phase), the rest of it
 *       the router-to-NameNode network and the router's client.</li>
 * </ul>
 *
 * <p>Immutable.
 */
public final class RouterSplit {
  private final double clientMeanMs;
  private final double queueMs;
  private final double routerMs;
  private final double nameNodesMs;
  private final double proxiedPerOp;
  private final double proxyMeanMs;
  private final long failed;
  private final long retried;
  private final java.util.Map<String, Double> perNameservice;
  /** Of a proxied call: the NameNodes' own queue, lock wait, processing (ms); NaN: not read. */
  private final double[] behindMs;

  private RouterSplit(double clientMeanMs, double queueMs, double routerMs, double nameNodesMs,
      double proxiedPerOp, double proxyMeanMs, long failed, long retried,
      java.util.Map<String, Double> perNameservice, double[] behindMs) {
    this.clientMeanMs = clientMeanMs;
    this.queueMs = queueMs;
    this.routerMs = routerMs;
    this.nameNodesMs = nameNodesMs;
    this.proxiedPerOp = proxiedPerOp;
    this.proxyMeanMs = proxyMeanMs;
    this.failed = failed;
    this.retried = retried;
    this.perNameservice = java.util.Collections.unmodifiableMap(perNameservice);
    this.behindMs = behindMs;
  }

  /**
   * From the samples {@code window} around a phase from {@code startMillis} to {@code endMillis}
   * of {@code attempted} operations and the refreshes {@code inside} it; null when the server is
   * not a router, fewer than two refreshes fell inside, or the client's calls per operation are
   * not known.
   */
  static RouterSplit of(List<ServerSamples.Sample> window, List<ServerSamples.Sample> inside,
      PhaseResult phase, double callsPerOp, double queueMs, double clientMeanMs) {
    long startMillis = phase.firstStartEpochNanos() / 1_000_000L;
    long endMillis = phase.lastEndEpochNanos() / 1_000_000L;
    if (inside.size() < 2 || Double.isNaN(callsPerOp)
        || Double.isNaN(inside.get(inside.size() - 1).get("proxy.calls"))) {
      return null;
    }
    // The router counts proxied and processed calls as they happen, while its RPC server's
    // figures move only when it refreshes them: those counts are taken per operation over the
    // samples read inside the phase, its rate taken as even.
    double proxiedPerOp = perOp(window, "proxy.calls", startMillis, endMillis, phase);
    double processedPerOp = perOp(window, "router.processingCalls", startMillis, endMillis,
        phase);
    if (Double.isNaN(proxiedPerOp)) {
      return null;
    }
    // The router's per-nameservice counters move at its refreshes: they share the proxied calls
    // out in the proportions they rose in between the refreshes inside the phase.
    java.util.Map<String, Long> rises = new java.util.TreeMap<>();
    long total = 0;
    for (String key : inside.get(inside.size() - 1).values().keySet()) {
      if (key.startsWith("proxy.ns.") && key.endsWith(".calls")) {
        long rise = ServerPhaseView.rise(inside, key);
        if (rise > 0) {
          rises.put(key.substring("proxy.ns.".length(), key.length() - ".calls".length()), rise);
          total += rise;
        }
      }
    }
    java.util.Map<String, Double> perNameservice = new java.util.TreeMap<>();
    for (java.util.Map.Entry<String, Long> e : rises.entrySet()) {
      perNameservice.put(e.getKey(), proxiedPerOp * e.getValue() / total);
    }
    double proxyMs = ServerPhaseView.weightedMean(inside, "proxy.calls", "proxy.ms");
    double ownMs = ServerPhaseView.weightedMean(inside, "router.processingCalls",
        "router.processingMs");
    return new RouterSplit(clientMeanMs, callsPerOp * ServerPhaseView.zeroIfNaN(queueMs),
        ServerPhaseView.zeroIfNaN(processedPerOp) * ServerPhaseView.zeroIfNaN(ownMs),
        proxiedPerOp * ServerPhaseView.zeroIfNaN(proxyMs), proxiedPerOp, proxyMs,
        ServerPhaseView.rise(window, "proxy.failures"),
        ServerPhaseView.rise(window, "proxy.retries"), perNameservice, new double[] {
          ServerPhaseView.weightedMean(inside, "behind.rpc.queueCalls", "behind.rpc.queueMs"),
          ServerPhaseView.weightedMean(inside, "behind.rpc.lockWaitCalls",
              "behind.rpc.lockWaitMs"),
          ServerPhaseView.weightedMean(inside, "behind.rpc.calls", "behind.rpc.processingMs")});
  }

  /**
   * A live counter's rise per operation: from the first sample at or after the phase's start to
   * the last at or before its end, ÷ the operations the phase's per-second series counts in that
   * span (an interval partly in it counted in proportion); without a series, the phase's
   * operations in proportion to the span. NaN with fewer than two samples in the phase.
   */
  private static double perOp(List<ServerSamples.Sample> window, String counter, long startMillis,
      long endMillis, PhaseResult phase) {
    ServerSamples.Sample first = null;
    ServerSamples.Sample last = null;
    for (ServerSamples.Sample s : window) {
      if (s.epochMillis() >= startMillis && s.epochMillis() <= endMillis) {
        first = first == null ? s : first;
        last = s;
      }
    }
    if (first == null || last == first || endMillis <= startMillis
        || Double.isNaN(last.get(counter))) {
      return Double.NaN;
    }
    double ops = operationsBetween(phase, first.epochMillis(), last.epochMillis());
    if (Double.isNaN(ops)) {
      ops = phase.attempted() * (last.epochMillis() - first.epochMillis())
          / (double) (endMillis - startMillis);
    }
    return ops <= 0 ? Double.NaN : (last.get(counter) - first.get(counter)) / ops;
  }

  /** Operations the phase's series ended between two wall-clock times; NaN without a series. */
  private static double operationsBetween(PhaseResult phase, long fromMillis, long toMillis) {
    if (phase.series().isEmpty()) {
      return Double.NaN;
    }
    double ops = 0;
    long from = fromMillis * 1_000_000L;
    long to = toMillis * 1_000_000L;
    for (IntervalSeries.Interval i : phase.series().intervals()) {
      long a = Math.max(from, i.startEpochNanos());
      long b = Math.min(to, i.endEpochNanos());
      long length = i.endEpochNanos() - i.startEpochNanos();
      if (b > a && length > 0) {
        ops += (i.successes() + i.failed()) * (double) (b - a) / length;
      }
    }
    return ops;
  }

  /** Per operation: time in the router's RPC queue (ms). */
  public double queueMs() {
    return queueMs;
  }

  /** Per operation: the router's own processing before it proxied (ms). */
  public double routerMs() {
    return routerMs;
  }

  /** Per operation: the proxied calls to NameNodes (ms). */
  public double nameNodesMs() {
    return nameNodesMs;
  }

  /** Calls the router proxied to NameNodes per operation. */
  public double proxiedPerOp() {
    return proxiedPerOp;
  }

  /** The client's mean less the three; negative when other clients weigh in the averages. */
  public double restMs() {
    return clientMeanMs - queueMs - routerMs - nameNodesMs;
  }

  /** Calls proxied to each nameservice per operation (those that had any). */
  public java.util.Map<String, Double> perNameservice() {
    return perNameservice;
  }

  /**
   * Of a proxied call's mean time, the NameNodes' own mean queue time (ms), as the NameNodes
   * behind the router report it; NaN when they are not read.
   */
  public double nameNodeQueueMs() {
    return behindMs[0];
  }

  /** Of a proxied call's mean time, the NameNodes' own mean lock wait (ms); NaN: not read. */
  public double nameNodeLockWaitMs() {
    return behindMs[1];
  }

  /** Of a proxied call's mean time, the NameNodes' own mean processing (ms); NaN: not read. */
  public double nameNodeProcessingMs() {
    return behindMs[2];
  }

  /** Proxied calls that failed (the router's failure counters) in the phase. */
  public long failed() {
    return failed;
  }

  /** Proxied calls the router retried in the phase. */
  public long retried() {
    return retried;
  }

  /**
   * One line: {@code client mean 1.200 ms = router queue 0.013 + router 0.100 + NameNodes 0.870
   * (1.00 proxied calls/op: ns1 1.00; 0.870 ms each) + rest 0.217 (client, network); proxied
   * calls failed 0, retried 0}; or why there is no split.
   */
  public String reading() {
    String counts = String.format(Locale.ROOT, "; proxied calls failed %d, retried %d", failed,
        retried);
    if (restMs() < 0) {
      return String.format(Locale.ROOT, "no split: the router's and NameNodes' time per operation "
          + "(%.3f ms) exceeds the client's mean (%.3f ms): other clients' calls weigh in their "
          + "averages%s", clientMeanMs - restMs(), clientMeanMs, counts);
    }
    StringBuilder each = new StringBuilder();
    for (java.util.Map.Entry<String, Double> e : perNameservice.entrySet()) {
      if (e.getValue() < 0.005) {
        continue;
      }
      each.append(each.length() == 0 ? ": " : ", ").append(e.getKey())
          .append(String.format(Locale.ROOT, " %.2f", e.getValue()));
    }
    return String.format(Locale.ROOT, "client mean %.3f ms = router queue %.3f + router %.3f + "
        + "NameNodes %.3f (%.2f proxied calls/op%s; %s ms each%s) + rest %.3f (client, network)%s",
        clientMeanMs, queueMs, routerMs, nameNodesMs, proxiedPerOp, each, Double.isNaN(
        proxyMeanMs) ? "-" : String.format(Locale.ROOT, "%.3f", proxyMeanMs), ofEach(),
        restMs(), counts);
  }

  /**
   * How a proxied call's time divides, where the NameNodes behind were read: {@code  = NameNode
   * queue 0.010 + lock wait 0.001 + processing 0.005 + router-NameNode rest 0.280}; empty where
   * they were not, or their time exceeds the proxied call's (other clients weigh in it).
   */
  private String ofEach() {
    double own = ServerPhaseView.zeroIfNaN(behindMs[0]) + ServerPhaseView.zeroIfNaN(behindMs[1])
        + ServerPhaseView.zeroIfNaN(behindMs[2]);
    if (Double.isNaN(behindMs[2]) || Double.isNaN(proxyMeanMs) || own > proxyMeanMs) {
      return "";
    }
    return String.format(Locale.ROOT, " = NameNode queue %.3f + lock wait %.3f + processing %.3f"
        + " + router-NameNode rest %.3f", ServerPhaseView.zeroIfNaN(behindMs[0]),
        ServerPhaseView.zeroIfNaN(behindMs[1]), behindMs[2], proxyMeanMs - own);
  }
}
