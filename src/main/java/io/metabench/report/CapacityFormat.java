package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.core.Version;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.StepVerdict;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVPrinter;

/**
 * A capacity search's outputs (docs/capacity.md, docs/output-formats.md): the answer and a table
 * of every step as text, the search and every step (each with its whole run, as a run's JSON
 * file holds it) as JSON, and one CSV row a step. Each step's figures: the rate offered and
 * achieved, latency percentiles from when each operation was due and the store's p99 from each
 * call's start, failures, and the verdict with its reasons.
 *
 * <p>Stateless.
 */
public final class CapacityFormat {
  /** Bumped whenever a field of the capacity file changes meaning or goes away. */
  public static final int CAPACITY_SCHEMA_VERSION = 1;
  public static final List<String> STEP_COLUMNS = Arrays.asList("step", "kind", "offered_per_s",
      "achieved_per_s", "ok", "failed", "p50_ms", "p99_ms", "p999_ms", "service_p99_ms",
      "outcome", "reasons");

  private CapacityFormat() {
  }

  /** {@link ResultFormatType#CAPACITY_TEXT}: the answer, then the steps' table. */
  static final class Text implements ResultFormat<CapacityResult> {
    @Override
    public void write(CapacityResult r, Appendable out) throws IOException {
      out.append(String.format(Locale.ROOT, "capacity of %s on %s, %d workers%s: the highest "
          + "rate held at %s, each step %s%n%n", r.plan().subject(), r.target(), r.threads(),
          r.plan().processes() > 0 ? " in each of " + r.plan().processes() + " processes (their "
          + "results combined each step)" : r.maps() > 0 ? " in each of " + r.maps()
          + " maps (a job a step)" : "",
          r.plan().bounds().describe(), r.plan().replayed() != null ? String.format(Locale.ROOT,
          "one replay of the log (recorded at %s ops/s)", CapacityResult.rate(
          r.plan().replayed().recordedRate())) : r.plan().stepDescribed()));
      out.append(String.format(Locale.ROOT, "%-8s %12s %12s %10s %10s %10s %10s %8s  %s%n",
          "step", "offered/s", "achieved/s", "p50 ms", "p99 ms", "p99.9 ms", "store p99", "failed",
          "outcome"));
      for (CapacityStep s : r.steps()) {
        out.append(String.format(Locale.ROOT, "%-8s %12s %12s %10s %10s %10s %10s %8s  %s%n",
            cells(s).toArray()));
      }
      out.append(String.format(Locale.ROOT, "%n%s%n", r.answer()));
    }
  }

  /** {@link ResultFormatType#CAPACITY_JSON}: the search, its answer and every step's run. */
  static final class Json implements ResultFormat<CapacityResult> {
    private final boolean runs;

    /** With every step's whole run. */
    Json() {
      this(true);
    }

    /** {@code runs}: with every step's whole run; without, the search and its steps alone. */
    Json(boolean runs) {
      this.runs = runs;
    }

    @Override
    public void write(CapacityResult r, Appendable out) throws IOException {
      JsonGenerator w = JsonOutput.document(out, "capacitySchemaVersion", CAPACITY_SCHEMA_VERSION);
      w.writeStringField("toolVersion", Version.get());
      w.writeStringField("operation", r.plan().label());
      if (r.plan().replayed() != null) {
        w.writeObjectFieldStart("replay");
        w.writeStringField("log", r.plan().replayed().log());
        JsonOutput.number(w, "recordedPerSecond", r.plan().replayed().recordedRate(), 3);
        w.writeEndObject();
      }
      w.writeStringField("mix", r.plan().mix().isEmpty() ? null : r.plan().mix().toString());
      w.writeStringField("pinned", r.plan().pinned().isEmpty() ? null
          : r.plan().pinned().toString());
      w.writeStringField("target", r.target());
      w.writeNumberField("threads", r.threads());
      w.writeNumberField("maps", r.maps());
      w.writeNumberField("processes", r.plan().processes());
      w.writeStringField("bounds", r.plan().bounds().toString());
      w.writeStringField("boundsDescribed", r.plan().bounds().describe());
      JsonOutput.number(w, "stepSeconds", r.plan().stepMillis() / 1000.0, 3);
      JsonOutput.number(w, "settleSeconds", r.plan().settleMillis() / 1000.0, 3);
      JsonOutput.number(w, "precisionPercent", 100 * r.plan().precision(), 3);
      JsonOutput.number(w, "failuresPercent", 100 * r.plan().failureShare(), 3);
      w.writeObjectFieldStart("answer");
      writeAnswer(w, r);
      w.writeEndObject();
      w.writeArrayFieldStart("steps");
      for (CapacityStep s : r.steps()) {
        w.writeStartObject();
        w.writeNumberField("step", s.number());
        w.writeStringField("kind", s.kind().id());
        JsonOutput.number(w, "offeredPerSecond", s.offered(), 3);
        if (r.plan().replayed() != null) {
          JsonOutput.number(w, "speed", r.plan().replayed().speedOf(s.offered()), 4);
        }
        JsonOutput.number(w, "achievedPerSecond", s.achieved(), 3);
        w.writeNumberField("ok", s.phase().successes());
        w.writeNumberField("failed", s.phase().failed());
        JsonOutput.number(w, "p50Ms", s.phase().latencyMillisAt(50), 6);
        JsonOutput.number(w, "p99Ms", s.phase().latencyMillisAt(99), 6);
        JsonOutput.number(w, "p999Ms", s.phase().latencyMillisAt(99.9), 6);
        JsonOutput.number(w, "serviceP99Ms", serviceP99(s.phase()), 6);
        StepVerdict v = s.verdict();
        if (v == null) {
          w.writeNullField("outcome");
        } else {
          w.writeStringField("outcome", v.outcome().id());
        }
        w.writeArrayFieldStart("reasons");
        for (String reason : v == null ? java.util.Collections.<String>emptyList()
            : v.reasons()) {
          w.writeString(reason);
        }
        w.writeEndArray();
        if (runs) {
          w.writeFieldName("run");
          JsonFormat.writeRun(w, s.run());
        }
        w.writeEndObject();
      }
      w.writeEndArray();
      w.writeEndObject();
      JsonOutput.finish(w);
    }
  }

  /**
   * The answer's fields into the object {@code w} is in: {@code heldPerSecond},
   * {@code brokeAtPerSecond}, {@code clientLimited}, {@code ending}, {@code steps},
   * {@code seconds}, {@code line}.
   */
  static void writeAnswer(JsonGenerator w, CapacityResult r) throws IOException {
    JsonOutput.number(w, "heldPerSecond", r.held(), 3);
    JsonOutput.number(w, "brokeAtPerSecond", r.brokeAt(), 3);
    if (r.plan().replayed() != null) {
      JsonOutput.number(w, "heldSpeed", r.plan().replayed().speedOf(r.held()), 4);
      JsonOutput.number(w, "brokeAtSpeed", r.plan().replayed().speedOf(r.brokeAt()), 4);
    }
    w.writeBooleanField("clientLimited", r.clientLimited());
    w.writeStringField("ending", r.ending());
    w.writeNumberField("steps", r.judgedSteps());
    CapacityStep below = r.checkStep(false);
    CapacityStep above = r.checkStep(true);
    if (below == null || above == null) {
      w.writeNullField("check");
    } else {
      w.writeObjectFieldStart("check");
      JsonOutput.number(w, "marginPercent", 100 * r.plan().checkMargin(), 3);
      JsonOutput.number(w, "belowPerSecond", below.offered(), 3);
      w.writeStringField("below", below.verdict().outcome().id());
      JsonOutput.number(w, "abovePerSecond", above.offered(), 3);
      w.writeStringField("above", above.verdict().outcome().id());
      w.writeBooleanField("consistent", r.checkConsistent());
      w.writeEndObject();
    }
    JsonOutput.number(w, "seconds", r.seconds(), 3);
    w.writeStringField("line", r.answer());
  }

  /** {@link ResultFormatType#CAPACITY_CSV}: one row a step, {@link #STEP_COLUMNS}. */
  static final class Csv implements ResultFormat<CapacityResult> {
    @Override
    public void write(CapacityResult r, Appendable out) throws IOException {
      CSVPrinter p = CsvFormat.printer(out, STEP_COLUMNS);
      for (CapacityStep s : r.steps()) {
        StepVerdict v = s.verdict();
        p.printRecord(s.number(), s.kind().id(), fixed(s.offered(), 3), fixed(s.achieved(), 3),
            s.phase().successes(), s.phase().failed(), fixed(s.phase().latencyMillisAt(50), 6),
            fixed(s.phase().latencyMillisAt(99), 6), fixed(s.phase().latencyMillisAt(99.9), 6),
            fixed(serviceP99(s.phase()), 6), v == null ? "" : v.outcome().id(),
            v == null ? "" : String.join("; ", v.reasons()));
      }
      p.flush();
    }
  }

  /**
   * A step's row as the text table and the HTML page show it: step, offered/s, achieved/s, p50,
   * p99 and p99.9 in ms, the store's p99, failed, outcome.
   */
  static List<String> cells(CapacityStep s) {
    return Arrays.asList(label(s), s.kind() == CapacityStep.Kind.PROBE ? "closed loop"
        : CapacityResult.rate(s.offered()), CapacityResult.rate(s.achieved()),
        fixed(s.phase().latencyMillisAt(50), 3), fixed(s.phase().latencyMillisAt(99), 3),
        fixed(s.phase().latencyMillisAt(99.9), 3), fixed(serviceP99(s.phase()), 3),
        Long.toString(s.phase().failed()), s.verdict() == null
        ? "(the search starts at half its rate)" : s.verdict().describe());
  }

  private static String label(CapacityStep s) {
    return s.kind() == CapacityStep.Kind.PROBE ? "probe" : s.number()
        + (s.kind().note().isEmpty() ? "" : " " + s.kind().note());
  }

  /** The store's p99 (service time, from each call's actual start); NaN in a closed loop. */
  private static double serviceP99(PhaseResult p) {
    return p.serviceTime() == null || p.serviceTime().getTotalCount() == 0 ? Double.NaN
        : p.serviceTime().getValueAtPercentile(99) / 1e6;
  }

  private static String fixed(double v, int decimals) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
