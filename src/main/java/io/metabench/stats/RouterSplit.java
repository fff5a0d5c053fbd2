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
 *       inside the phase ÷ the operations attempted in that span (the phase's rate taken as
 *       even): the router counts them as they happen;</li>
 *   <li>rest = the client's mean − the three: the client, the client-to-router network and the
 *       router's answer.</li>
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

  private RouterSplit(double clientMeanMs, double queueMs, double routerMs, double nameNodesMs,
      double proxiedPerOp, double proxyMeanMs, long failed, long retried) {
    this.clientMeanMs = clientMeanMs;
    this.queueMs = queueMs;
    this.routerMs = routerMs;
    this.nameNodesMs = nameNodesMs;
    this.proxiedPerOp = proxiedPerOp;
    this.proxyMeanMs = proxyMeanMs;
    this.failed = failed;
    this.retried = retried;
  }

  /**
   * From the samples {@code window} around a phase from {@code startMillis} to {@code endMillis}
   * of {@code attempted} operations and the refreshes {@code inside} it; null when the server is
   * not a router, fewer than two refreshes fell inside, or the client's calls per operation are
   * not known.
   */
  static RouterSplit of(List<ServerSamples.Sample> window, List<ServerSamples.Sample> inside,
      long startMillis, long endMillis, long attempted, double callsPerOp, double queueMs,
      double clientMeanMs) {
    if (inside.size() < 2 || Double.isNaN(callsPerOp)
        || Double.isNaN(inside.get(inside.size() - 1).get("proxy.calls"))) {
      return null;
    }
    // The router counts proxied and processed calls as they happen, while its RPC server's
    // figures move only when it refreshes them: those counts are taken per operation over the
    // samples read inside the phase, its rate taken as even.
    double proxiedPerOp = perOp(window, "proxy.calls", startMillis, endMillis, attempted);
    double processedPerOp = perOp(window, "router.processingCalls", startMillis, endMillis,
        attempted);
    if (Double.isNaN(proxiedPerOp)) {
      return null;
    }
    double proxyMs = ServerPhaseView.weightedMean(inside, "proxy.calls", "proxy.ms");
    double ownMs = ServerPhaseView.weightedMean(inside, "router.processingCalls",
        "router.processingMs");
    return new RouterSplit(clientMeanMs, callsPerOp * zeroIfNaN(queueMs),
        zeroIfNaN(processedPerOp) * zeroIfNaN(ownMs), proxiedPerOp * zeroIfNaN(proxyMs),
        proxiedPerOp, proxyMs, ServerPhaseView.rise(window, "proxy.failures"),
        ServerPhaseView.rise(window, "proxy.retries"));
  }

  /**
   * A live counter's rise per operation: from the first sample at or after the phase's start to
   * the last at or before its end, ÷ the operations of that span; NaN with fewer than two.
   */
  private static double perOp(List<ServerSamples.Sample> window, String counter, long startMillis,
      long endMillis, long attempted) {
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
    double ops = attempted * (last.epochMillis() - first.epochMillis())
        / (double) (endMillis - startMillis);
    return ops <= 0 ? Double.NaN : (last.get(counter) - first.get(counter)) / ops;
  }

  private static double zeroIfNaN(double v) {
    return Double.isNaN(v) ? 0 : v;
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
   * (1.00 proxied calls/op, 0.870 ms each) + rest 0.217 (client, network); proxied calls failed
   * 0, retried 0}; or why there is no split.
   */
  public String reading() {
    String counts = String.format(Locale.ROOT, "; proxied calls failed %d, retried %d", failed,
        retried);
    if (restMs() < 0) {
      return String.format(Locale.ROOT, "no split: the router's and NameNodes' time per operation "
          + "(%.3f ms) exceeds the client's mean (%.3f ms): other clients' calls weigh in their "
          + "averages%s", clientMeanMs - restMs(), clientMeanMs, counts);
    }
    return String.format(Locale.ROOT, "client mean %.3f ms = router queue %.3f + router %.3f + "
        + "NameNodes %.3f (%.2f proxied calls/op, %s ms each) + rest %.3f (client, network)%s",
        clientMeanMs, queueMs, routerMs, nameNodesMs, proxiedPerOp, Double.isNaN(proxyMeanMs)
        ? "-" : String.format(Locale.ROOT, "%.3f", proxyMeanMs), restMs(), counts);
  }
}
