package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.stats.NameserviceView;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RouterSplit;
import io.metabench.stats.RunResult;
import io.metabench.stats.ServerPhaseView;
import io.metabench.stats.ServerSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's view of each phase (for HDFS, the NameNode's) in the run's table and JSON: one
 * reading line per phase, and per phase the figures and the per-second samples of its window
 * (docs/metrics.md, "The NameNode's view"; docs/output-formats.md, {@code server}).
 *
 * <p>Stateless.
 */
final class ServerFigures {
  /** What the view read: a router's, or a NameNode's (or an HA nameservice's NameNodes). */
  private static String server(ServerSamples s) {
    return s.source().startsWith("Router") ? "Router" : "NameNode";
  }
  /** The nameservice's figures a phase's per-second samples carry, beside each NameNode's. */
  private static final List<String> PER_SECOND = java.util.Arrays.asList("rpc.calls",
      "rpc.queueMs", "rpc.processingMs", "rpc.callQueueLength", "proxy.calls", "proxy.ms");

  private ServerFigures() {
  }

  /** Lines under the table: the reading per phase, or why there is none. */
  static void text(RunResult result, Appendable out) throws IOException {
    ServerSamples s = result.server();
    if (!s.present()) {
      return;
    }
    final String server = server(s);
    boolean any = false;
    // Phases too short for a decomposition share one line: they share its reason.
    List<String> tooShort = new ArrayList<>();
    ServerPhaseView lastTooShort = null;
    String tooShortName = "";
    for (PhaseResult p : viewed(result)) {
      ServerPhaseView v = s.during(p);
      if (v != null && !v.nameservice().describe().isEmpty()) {
        ServerPhaseView.Method msync = v.methods().get("Msync");
        // Behind a router: the NameNodes it proxied to (docs/fs/hdfs.md#router-based-federation).
        out.append(String.format(Locale.ROOT, "  %s, %s: %s%s%n", "Router".equals(server)
            ? "NameNodes behind the router" : "NameNodes", p.name(),
            v.nameservice().describe(), msync == null ? "" : String.format(Locale.ROOT,
            "; msync (observer reads' sync with the active): %d calls, %s ms mean",
            msync.calls(), Double.isNaN(msync.meanMs()) ? "-" : String.format(Locale.ROOT,
            "%.3f", msync.meanMs()))));
      }
      if (v != null && v.router() != null) {
        // Through a router its own split says more than its RPC server's: that one's processing
        // leaves out the proxied calls.
        any = true;
        out.append(String.format(Locale.ROOT, "  %s, %s: %s; calls queued up to %s%n", server,
            p.name(), v.router().reading(), whole(v.callQueueMax())));
      } else if (v != null && v.tooShort()) {
        any = true;
        tooShort.add(String.format(Locale.ROOT, "%s (%.1f s)", p.name(), v.phaseSeconds()));
        lastTooShort = v;
        tooShortName = p.name();
      } else if (v != null) {
        any = true;
        out.append(String.format(Locale.ROOT, "  %s, %s: %s%s%n", server, p.name(),
            v.reading(server), v.samples() < 2 ? "" : String.format(Locale.ROOT, "; calls queued "
            + "up to %s, GC %s ms, pauses %s ms", whole(v.callQueueMax()), whole(v.gcMs()),
            whole(v.pauseMs()))));
      }
    }
    if (tooShort.size() == 1) {
      out.append(String.format(Locale.ROOT, "  %s, %s: %s%n", server, tooShortName,
          lastTooShort.reading(server)));
    } else if (!tooShort.isEmpty()) {
      out.append(String.format(Locale.ROOT, "  %s: no decomposition for %s: %s%n", server,
          String.join(", ", tooShort), lastTooShort.tooFewRefreshes(server, true)));
    }
    out.append(String.format(Locale.ROOT, "  %s view: %s%s%n", server, s.source(),
        !s.problem().isEmpty() ? "; " + s.problem() : any ? ", " + s.samples().size()
        + " samples" : "; no phase was long enough to be bracketed by two samples"));
  }

  /**
   * The phases the server's view is read for: each phase, and a mix as a whole (the server
   * cannot tell its operations' calls apart by time, only by method).
   */
  private static List<PhaseResult> viewed(RunResult result) {
    List<PhaseResult> out = new ArrayList<>();
    for (PhaseResult p : result.phases()) {
      if (!p.partOfMix()) {
        out.add(p);
      }
    }
    if (result.mixTotal() != null) {
      out.add(result.mixTotal());
    }
    return out;
  }

  /** The {@code server} object of the run's JSON. */
  static void json(JsonGenerator w, RunResult result) throws IOException {
    ServerSamples s = result.server();
    if (!s.present()) {
      return;
    }
    w.writeObjectFieldStart("server");
    w.writeStringField("source", s.source());
    w.writeStringField("problem", s.problem());
    w.writeNumberField("samples", s.samples().size());
    w.writeArrayFieldStart("phases");
    for (PhaseResult p : viewed(result)) {
      ServerPhaseView v = s.during(p);
      if (v != null) {
        phase(w, p, v, server(s));
      }
    }
    w.writeEndArray();
    w.writeEndObject();
  }

  private static void phase(JsonGenerator w, PhaseResult p, ServerPhaseView v, String server)
      throws IOException {
    w.writeStartObject();
    w.writeStringField("operation", p.name());
    w.writeNumberField("samples", v.samples());
    // Without two refreshes inside the phase its calls and span were not seen: null, not 0.
    JsonOutput.number(w, "seconds", v.tooShort() ? Double.NaN : v.seconds(), 3);
    JsonOutput.number(w, "rpcCalls", v.tooShort() ? Double.NaN : v.rpcCalls(), 0);
    number(w, "queueMs", v.queueMs());
    number(w, "processingMs", v.processingMs());
    number(w, "lockWaitMs", v.lockWaitMs());
    number(w, "callQueueMax", v.callQueueMax());
    number(w, "gcMs", v.gcMs());
    number(w, "pauseMs", v.pauseMs());
    w.writeObjectFieldStart("methods");
    for (Map.Entry<String, ServerPhaseView.Method> m : v.methods().entrySet()) {
      w.writeObjectFieldStart(m.getKey());
      w.writeNumberField("calls", m.getValue().calls());
      number(w, "meanMs", m.getValue().meanMs());
      w.writeEndObject();
    }
    w.writeEndObject();
    w.writeBooleanField("decomposed", v.decomposed());
    w.writeObjectFieldStart("perOperation");
    number(w, "ownCalls", v.ownCallsPerOp());
    w.writeObjectFieldStart("ownMethods");
    for (Map.Entry<String, Double> m : v.ownPerOperation().entrySet()) {
      number(w, m.getKey(), m.getValue());
    }
    w.writeEndObject();
    number(w, "queueMs", v.queuePerOpMs());
    number(w, "lockWaitMs", v.lockWaitPerOpMs());
    number(w, "processingMs", v.processingPerOpMs());
    w.writeEndObject();
    w.writeStringField("reading", v.reading(server));
    nameservice(w, v.nameservice());
    router(w, v.router());
    w.writeArrayFieldStart("timeline");
    for (double[] t : v.timeline()) {
      w.writeStartArray();
      for (double x : t) {
        if (Double.isNaN(x)) {
          w.writeNull();
        } else {
          JsonOutput.number(w, x, 6);
        }
      }
      w.writeEndArray();
    }
    w.writeEndArray();
    w.writeArrayFieldStart("perSecond");
    for (ServerSamples.Sample s : v.window()) {
      w.writeStartObject();
      w.writeNumberField("epochMillis", s.epochMillis());
      for (Map.Entry<String, Double> e : s.values().entrySet()) {
        String key = e.getKey();
        if (key.startsWith("nn.") && key.endsWith(".state")) {
          w.writeStringField(key, ServerSamples.stateName(e.getValue()));
        } else if (key.startsWith("nn.") || PER_SECOND.contains(key)) {
          JsonOutput.number(w, key, e.getValue(), 6);
        }
      }
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeEndObject();
  }

  /** Through a router: the client's latency split by the router's own figures. */
  private static void router(JsonGenerator w, RouterSplit r) throws IOException {
    if (r == null) {
      return;
    }
    w.writeObjectFieldStart("router");
    number(w, "queueMs", r.queueMs());
    number(w, "routerMs", r.routerMs());
    number(w, "nameNodesMs", r.nameNodesMs());
    number(w, "proxiedCallsPerOp", r.proxiedPerOp());
    number(w, "restMs", r.restMs());
    number(w, "nameNodeQueueMsPerProxiedCall", r.nameNodeQueueMs());
    number(w, "nameNodeLockWaitMsPerProxiedCall", r.nameNodeLockWaitMs());
    number(w, "nameNodeProcessingMsPerProxiedCall", r.nameNodeProcessingMs());
    w.writeNumberField("proxyFailures", r.failed());
    w.writeNumberField("proxyRetries", r.retried());
    w.writeObjectFieldStart("proxiedCallsPerOpByNameservice");
    for (Map.Entry<String, Double> e : r.perNameservice().entrySet()) {
      number(w, e.getKey(), e.getValue());
    }
    w.writeEndObject();
    w.writeStringField("reading", r.reading());
    w.writeEndObject();
  }

  /** With HA: each NameNode's calls and states in the phase, and the failovers seen. */
  private static void nameservice(JsonGenerator w, NameserviceView n) throws IOException {
    if (n.nameNodes().isEmpty()) {
      return;
    }
    w.writeBooleanField("nameNodeCallsAroundPhase", n.around());
    w.writeArrayFieldStart("nameNodes");
    for (NameserviceView.NameNode nn : n.nameNodes()) {
      w.writeStartObject();
      w.writeStringField("id", nn.id());
      if (nn.counted()) {
        w.writeNumberField("calls", nn.calls());
      } else {
        w.writeNullField("calls");
      }
      w.writeStringField("notCounted", nn.notCounted());
      w.writeStringField("stateAtStart", nn.stateAtStart());
      w.writeStringField("stateAtEnd", nn.stateAtEnd());
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeArrayFieldStart("failovers");
    for (NameserviceView.Failover f : n.failovers()) {
      w.writeStartObject();
      w.writeStringField("active", f.active());
      JsonOutput.number(w, "fromSeconds", f.fromSeconds(), 3);
      JsonOutput.number(w, "toSeconds", f.toSeconds(), 3);
      w.writeEndObject();
    }
    w.writeEndArray();
  }

  /**
   * Why nothing completed from {@code from} to {@code to} seconds into {@code p}, when the
   * server's view knows: a failover then; empty otherwise.
   */
  static String cause(RunResult result, PhaseResult p, double from, double to) {
    ServerPhaseView v = p.partOfMix() ? null : result.server().during(p);
    if (v == null) {
      return "";
    }
    for (NameserviceView.Failover f : v.nameservice().failovers()) {
      // A reading a second apart brackets it: the stall begins at the failover or just after.
      if (f.toSeconds() >= from - 1 && f.fromSeconds() <= to) {
        return ": " + f.describe();
      }
    }
    return "";
  }

  /** A figure with 6 decimals, or null when the server reported none (NaN). */
  private static void number(JsonGenerator w, String name, double v) throws IOException {
    JsonOutput.number(w, name, v, 6);
  }

  private static String whole(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }
}
