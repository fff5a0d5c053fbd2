package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.stats.ClientLoad;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * How busy the client JVM was in each phase (docs/metrics.md#client-bound-phases): one line for
 * every phase under the table (with a paced phase's longest pause of the client), a {@code !}
 * line for each client-bound one with what to change, and the {@code clientLoad} object of each
 * phase in the JSON. Stateless.
 */
final class ClientLoadFigures {
  /** The mark a client-bound phase's TPS carries in the table. */
  static final String MARK = "!";

  private ClientLoadFigures() {
  }

  /** Whether {@code p}'s TPS is marked client-bound (a mix is judged as a whole). */
  static boolean marked(PhaseResult p) {
    return !p.partOfMix() && p.clientLoad().bound();
  }

  /** Lines under the table: the load of every phase, then why each marked one is marked. */
  static void text(RunResult result, Appendable out) throws IOException {
    StringBuilder each = new StringBuilder();
    int cores = 0;
    // A replay's operations share one window: its load is said once.
    List<PhaseResult> phases = result.replay() != null && !result.phases().isEmpty()
        ? result.phases().subList(0, 1) : result.phases();
    for (PhaseResult p : phases) {
      ClientLoad l = p.clientLoad();
      if (l.measured() && !p.partOfMix()) {
        cores = l.cores();
        each.append(each.length() == 0 ? "" : ", ").append(result.replay() != null
            ? "the replay" : p.name()).append(' ').append(!l.judged() ? "- (under 1 s)"
            : String.format(Locale.ROOT, "%s%s", Double.isNaN(l.coresUsed()) ? "-"
                : String.format(Locale.ROOT, "%.2f", l.coresUsed()), Double.isNaN(l.gcShare())
                ? "" : String.format(Locale.ROOT, " (GC %.0f%%)", 100 * l.gcShare())));
        if (l.longestPauseNanos() >= 0) {
          // A paced phase's latencies count from when each operation was due: a pause of the
          // client is in them, and this says how long the longest was.
          each.append(String.format(Locale.ROOT, " (stood still up to %.1f ms)",
              l.longestPauseNanos() / 1e6));
        }

      }
    }
    if (each.length() == 0) {
      return;
    }
    boolean embedded = result.info().embeddedHdfs();
    out.append(String.format(Locale.ROOT, "  client JVM, cores used of %d%s: %s%n", cores,
        embedded ? " (with the embedded NameNode and DataNode, which run in it)" : "", each));
    List<PhaseResult> marked = new java.util.ArrayList<>();
    for (PhaseResult p : phases) {
      if (marked(p)) {
        marked.add(p);
      }
    }
    String what = String.format(Locale.ROOT, "what this %s, not what the store can serve: give "
        + "fewer -threads per process, or spread them over more processes (-processes) or maps "
        + "(-maps) on more hosts", embedded ? "machine could drive with the embedded HDFS beside "
        + "the client" : "client host could drive");
    if (marked.size() == 1) {
      out.append(String.format(Locale.ROOT, "  %s %s: client-bound: %s; its rate is %s%n", MARK,
          marked.get(0).name(), marked.get(0).clientLoad().describe(), what));
    } else if (!marked.isEmpty()) {
      StringBuilder which = new StringBuilder();
      for (PhaseResult p : marked) {
        which.append(which.length() == 0 ? "" : "; ").append(p.name()).append(": ")
            .append(p.clientLoad().describe());
      }
      out.append(String.format(Locale.ROOT, "  %s client-bound phases (%s): their rates are %s%n",
          MARK, which, what));
    }
  }

  /** The phase's {@code clientLoad} object; nothing when not measured. */
  static void json(JsonGenerator w, ClientLoad l) throws IOException {
    if (!l.measured()) {
      return;
    }
    w.writeObjectFieldStart("clientLoad");
    w.writeNumberField("cores", l.cores());
    JsonOutput.number(w, "windowSeconds", l.windowNanos() / 1e9, 6);
    JsonOutput.number(w, "processCpuSeconds", seconds(l.processCpuNanos()), 6);
    JsonOutput.number(w, "workersCpuSeconds", seconds(l.workersCpuNanos()), 6);
    JsonOutput.number(w, "busiestWorkerCpuSeconds", seconds(l.busiestWorkerCpuNanos()), 6);
    JsonOutput.number(w, "gcSeconds", seconds(l.gcNanos()), 6);
    JsonOutput.number(w, "cpuShare", l.cpuShare(), 4);
    JsonOutput.number(w, "gcShare", l.gcShare(), 4);
    w.writeBooleanField("clientBound", l.bound());
    if (l.longestPauseNanos() >= 0) {
      JsonOutput.number(w, "longestPauseMillis", l.longestPauseNanos() / 1e6, 3);
    }
    w.writeEndObject();
  }

  /** Nanoseconds as seconds; NaN (written as null) when unknown (negative). */
  private static double seconds(long nanos) {
    return nanos < 0 ? Double.NaN : nanos / 1e9;
  }
}
