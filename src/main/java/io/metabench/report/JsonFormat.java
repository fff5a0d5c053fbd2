package io.metabench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.Disruption;
import io.metabench.stats.FailureCount;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.PortableResult;
import io.metabench.stats.PrefillResult;
import io.metabench.stats.Provenance;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import io.metabench.stats.Steadiness;
import io.metabench.stats.StoreCalls;
import java.io.IOException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.HdrHistogram.Histogram;

/**
 * The JSON result file: schema version, provenance, every parameter, and per phase the counts,
 * failures by cause, TPS, latency percentiles and the full latency histogram (HdrHistogram's
 * compressed, Base64 form, as in .hlog files) so results can be merged and re-analysed later.
 * The schema is documented in docs/output-formats.md and sealed by a golden-file test.
 */
public final class JsonFormat implements ResultFormat<RunResult> {
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final String[] PERCENTILE_NAMES = {"p50", "p90", "p99", "p999"};

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    JsonGenerator w = JsonOutput.generator(out, false);
    writeRun(w, result, true);
    JsonOutput.finish(w);
  }

  /** The run as one JSON object, as the runs of a study's file hold it. */
  static void writeRun(JsonGenerator w, RunResult result) throws IOException {
    writeRun(w, result, false);
  }

  /**
   * The run as one JSON object; {@code portable}: ending with the whole result in its binary
   * form ({@code resultBytes}), which {@code metabench merge} reads.
   */
  private static void writeRun(JsonGenerator w, RunResult result, boolean portable)
      throws IOException {
    RunInfo info = result.info();
    w.writeStartObject();
    w.writeNumberField("schemaVersion", RunResult.SCHEMA_VERSION);
    w.writeStringField("tool", "MetaBench");
    w.writeStringField("toolVersion", info.toolVersion());
    w.writeStringField("hadoopVersion", info.hadoopVersion());
    if (!info.hadoopLacks().isEmpty()) {
      w.writeStringField("hadoopClientLacks", info.hadoopLacks());
    }
    w.writeStringField("jvm", info.jvm());
    w.writeStringField("startedAt", iso(info.startedAtEpochMillis()));
    w.writeStringField("fileSystem", info.fileSystemUri());
    w.writeBooleanField("embeddedHdfs", info.embeddedHdfs());
    w.writeStringField("baseDir", info.baseDir());
    w.writeStringField("clientMode", info.clientMode());
    if (!info.localClient().isEmpty()) {
      w.writeStringField("localClient", info.localClient());
    }
    if (result.provenance() != null) {
      writeProvenance(w, result.provenance());
    }
    w.writeObjectFieldStart("parameters");
    for (Map.Entry<String, Object> p : result.config().parameters().entrySet()) {
      w.writeFieldName(p.getKey());
      JsonOutput.parameter(w, p.getValue());
    }
    w.writeEndObject();
    // What MetaBench changed of what it was given (NNBench's -blockSize 1 for empty files).
    w.writeArrayFieldStart("adjustments");
    for (String a : result.config().adjustments()) {
      w.writeString(a);
    }
    w.writeEndArray();
    w.writeObjectFieldStart("fileSystemSemantics");
    w.writeStringField("renameIs", result.semantics().renameKind());
    w.writeObjectFieldStart("capabilities");
    for (Map.Entry<String, String> c : result.semantics().capabilities().entrySet()) {
      w.writeStringField(c.getKey(), c.getValue());
    }
    w.writeEndObject();
    w.writeEndObject();
    w.writeNumberField("exitCode", result.exitCode());
    w.writeBooleanField("partial", result.partial());
    w.writeStringField("interruptedBy", result.interruptedBy());
    w.writeArrayFieldStart("phases");
    for (PhaseResult p : result.phases()) {
      writePhase(w, p, result);
    }
    w.writeEndArray();
    ServerFigures.json(w, result);
    PhaseResult mixTotal = result.mixTotal();
    if (mixTotal != null) {
      // The whole mix, as a phase of its own: its operations' counts and histograms added up.
      w.writeFieldName("mixTotal");
      writePhase(w, mixTotal, result);
    }
    w.writeFieldName("cleanupFailures");
    writeCauses(w, result.cleanupFailures());
    if (result.cleanup().asked()) {
      w.writeObjectFieldStart("cleanup");
      w.writeNumberField("filesRemoved", result.cleanup().filesRemoved());
      w.writeNumberField("directoriesRemoved", result.cleanup().directoriesRemoved());
      w.writeEndObject();
    }
    w.writeArrayFieldStart("notRun");
    for (String op : result.notRun()) {
      w.writeString(op);
    }
    w.writeEndArray();
    w.writeStringField("notRunReason", result.notRunReason());
    if (result.prefill() != null) {
      writePrefill(w, result.prefill());
    }
    if (result.mapsRequested() > 0) {
      writeMaps(w, result);
    }
    if (result.replay() != null) {
      writeReplay(w, result.replay(), result);
    }
    if (portable) {
      w.writeStringField("resultBytes", PortableResult.toBase64(result));
    }
    w.writeEndObject();
  }

  /** The replay's summary (docs/replay.md): only in a replay's result. */
  private static void writeReplay(JsonGenerator w, ReplaySummary r, RunResult result)
      throws IOException {
    w.writeObjectFieldStart("replay");
    w.writeStringField("auditLog", r.auditLog());
    JsonOutput.number(w, "replaySpeed", r.speed(), 6);
    w.writeNumberField("lines", r.lines());
    w.writeNumberField("auditLines", r.auditLines());
    w.writeNumberField("otherLines", r.otherLines());
    w.writeNumberField("malformedLines", r.malformedLines());
    w.writeNumberField("replayed", r.replayed());
    w.writeNumberField("notReplayed", r.notReplayed());
    w.writeObjectFieldStart("notReplayedByCommand");
    for (Map.Entry<String, Long> e : r.unsupported().entrySet()) {
      w.writeNumberField(e.getKey(), e.getValue().longValue());
    }
    w.writeEndObject();
    w.writeObjectFieldStart("deniedByCommand");
    for (Map.Entry<String, Long> e : r.denied().entrySet()) {
      w.writeNumberField(e.getKey(), e.getValue().longValue());
    }
    w.writeEndObject();
    w.writeBooleanField("replayPrecreate", r.precreate());
    w.writeNumberField("precreated", r.precreated());
    w.writeNumberField("precreateFailed", r.precreateFailed());
    if (r.inference() != null) {
      w.writeNumberField("precreatedDirectories", r.inference().dirs());
      w.writeNumberField("precreatedFiles", r.inference().files());
      w.writeNumberField("ambiguousProbes", r.inference().ambiguousProbes());
      w.writeStringField("replayProbes", r.inference().probesAreMisses() ? "miss" : "exist");
      if (r.inference().listing() != null) {
        w.writeStringField("listing", r.inference().listing());
      }
      if (r.inference().namespace() != null) {
        NamespaceJson.write(w, java.util.Collections.singletonList(r.inference().namespace()));
        w.writeStringField("namespaceMapping", r.inference().mapping());
      }
    }
    w.writeNumberField("expectedFailures", result.expectedFailures());
    w.writeNumberField("replayFaults", result.failedOperations());
    w.writeNumberField("orderWaits", r.part().orderWaits());
    JsonOutput.number(w, "orderWaitMs", r.part().orderWaitNanos() / 1e6, 3);
    JsonOutput.number(w, "logSpanSeconds", r.logSpanMillis() / 1e3, 3);
    JsonOutput.number(w, "replaySpanSeconds", r.replaySpanNanos() / 1e9, 6);
    JsonOutput.number(w, "achievedSpeed", r.achievedSpeed(), 6);
    w.writeEndObject();
  }

  private static void writePhase(JsonGenerator w, PhaseResult p, RunResult result)
      throws IOException {
    w.writeStartObject();
    w.writeStringField("operation", p.name());
    w.writeStringField("startedAt", iso(p.startedAtEpochMillis()));
    w.writeNumberField("workers", p.workers());
    w.writeNumberField("attempted", p.attempted());
    w.writeNumberField("successful", p.successes());
    w.writeNumberField("failed", p.failed());
    w.writeFieldName("failures");
    writeCauses(w, p.failures());
    w.writeNumberField("retries", p.retryCount());
    w.writeFieldName("retriesByCause");
    writeCauses(w, p.retries());
    w.writeNumberField("lateWorkers", p.lateWorkers());
    w.writeNumberField("lateMaps", p.lateMaps());
    JsonOutput.number(w, "elapsedSeconds", p.windowSeconds(), 6);
    w.writeNumberField("windowNanos", p.windowNanos());
    JsonOutput.number(w, "tps", p.tps(), 3);
    // What the phase moved, in its operation's unit: bytes, or entries listed.
    boolean entries = p.op().unit() == io.metabench.op.OpType.Unit.ENTRIES;
    w.writeNumberField(entries ? "entries" : "bytes", p.bytes());
    JsonOutput.number(w, entries ? "entriesPerSecond" : "bytesPerSecond", p.bytesPerSecond(),
        3);
    w.writeObjectFieldStart("latencyMs");
    writePercentiles(w, p.latency());
    w.writeEndObject();
    w.writeObjectFieldStart("partsMs");
    JsonOutput.number(w, "firstTotal", p.firstPartNanos() / 1e6, 6);
    JsonOutput.number(w, "secondTotal", p.secondPartNanos() / 1e6, 6);
    w.writeEndObject();
    JsonOutput.number(w, "workerBusyMs", p.workerBusyNanos() / 1e6, 6);
    w.writeNumberField("warmupOperations", p.warmupOps());
    Steadiness steadiness = p.steadiness();
    w.writeObjectFieldStart("steadiness");
    w.writeStringField("verdict", steadiness.verdict().id());
    w.writeArrayFieldStart("lastSecondsTps");
    for (double r : steadiness.lastRates()) {
      JsonOutput.number(w, r, 1);
    }
    w.writeEndArray();
    JsonOutput.number(w, "spread", steadiness.spread(), 3);
    JsonOutput.number(w, "drift", steadiness.drift(), 3);
    w.writeEndObject();
    writeClientWarmup(w, p.clientWarmup());
    writeStoreCalls(w, p);
    ClientLoadFigures.json(w, p.clientLoad());
    if (p.serviceTime() != null) {
      // Scheduled (-rate, a paced replay): latencyMs runs from when each operation was due;
      // this from its actual start.
      JsonOutput.number(w, "achievedRate", result.achievedPerSecond(p), 3);
      w.writeObjectFieldStart("serviceTimeMs");
      writePercentiles(w, p.serviceTime());
      w.writeEndObject();
      JsonOutput.number(w, "maxLateMs", p.maxLateNanos() / 1e6, 6);
    }
    w.writeStringField("latencyHistogram", encode(p.latency()));
    writePerSecond(w, p.series());
    w.writeArrayFieldStart("disruptions");
    for (Disruption d : Disruption.of(p.series())) {
      w.writeStartObject();
      w.writeStringField("kind", d.kind().id());
      JsonOutput.number(w, "fromSeconds", d.fromSeconds(), 3);
      JsonOutput.number(w, "toSeconds", d.toSeconds(), 3);
      w.writeNumberField("successful", d.successes());
      w.writeNumberField("failed", d.failed());
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeEndObject();
  }

  /** The clients' own call counts in the phase's window (docs/metrics.md#store-calls). */
  private static void writeStoreCalls(JsonGenerator w, PhaseResult p) throws IOException {
    StoreCalls c = p.storeCalls();
    w.writeObjectFieldStart("storeCalls");
    w.writeBooleanField("available", c.available());
    if (c.available()) {
      long ops = p.attempted() + p.warmupOps();
      w.writeStringField("sources", c.sources());
      w.writeStringField("kind", c.kind());
      w.writeBooleanField("jvmWide", c.jvmWide());
      w.writeNumberField("total", c.total());
      JsonOutput.number(w, "perOperation", ops == 0 ? 0.0 : (double) c.total() / ops, 3);
      w.writeObjectFieldStart("byType");
      for (Map.Entry<String, Long> e : c.byType().entrySet()) {
        w.writeNumberField(e.getKey(), e.getValue());
      }
      w.writeEndObject();
    }
    w.writeEndObject();
  }

  /** Where the result came from (docs/metrics.md#provenance); credentials already redacted. */
  private static void writeProvenance(JsonGenerator w, Provenance p) throws IOException {
    w.writeObjectFieldStart("provenance");
    w.writeStringField("metabenchVersion", p.version());
    w.writeStringField("buildCommit", p.commit());
    w.writeObjectFieldStart("host");
    w.writeStringField("name", p.host());
    w.writeNumberField("cores", p.cores());
    w.writeNumberField("memoryBytes", p.memoryBytes());
    w.writeStringField("os", p.os());
    w.writeEndObject();
    w.writeArrayFieldStart("jvmArguments");
    for (String a : p.jvmArguments()) {
      w.writeString(a);
    }
    w.writeEndArray();
    w.writeObjectFieldStart("clientSettings");
    for (Map.Entry<String, String> e : p.clientSettings().entrySet()) {
      w.writeStringField(e.getKey(), e.getValue());
    }
    w.writeEndObject();
    w.writeEndObject();
  }

  /**
   * The phase's per-second series (what the series file holds, without latencies): each
   * interval's start from the first's, its length, and its counts; what {@code compare} and the
   * TPS-over-time charts read back.
   */
  private static void writePerSecond(JsonGenerator w, IntervalSeries series) throws IOException {
    w.writeArrayFieldStart("perSecond");
    List<IntervalSeries.Interval> in = series.intervals();
    long origin = in.isEmpty() ? 0 : in.get(0).startEpochNanos();
    for (IntervalSeries.Interval i : in) {
      w.writeStartObject();
      JsonOutput.number(w, "fromSeconds", (i.startEpochNanos() - origin) / 1e9, 3);
      JsonOutput.number(w, "seconds", (i.endEpochNanos() - i.startEpochNanos()) / 1e9, 3);
      w.writeNumberField("successful", i.successes());
      w.writeNumberField("failed", i.failed());
      w.writeEndObject();
    }
    w.writeEndArray();
  }

  /** Mean, percentiles and max of a histogram of nanoseconds, in milliseconds (0 when empty). */
  private static void writePercentiles(JsonGenerator w, Histogram h) throws IOException {
    boolean empty = h.getTotalCount() == 0;
    JsonOutput.number(w, "mean", empty ? 0.0 : h.getMean() / 1e6, 6);
    for (int i = 0; i < PERCENTILES.length; i++) {
      JsonOutput.number(w, PERCENTILE_NAMES[i],
          empty ? 0.0 : h.getValueAtPercentile(PERCENTILES[i]) / 1e6, 6);
    }
    JsonOutput.number(w, "max", empty ? 0.0 : h.getMaxValue() / 1e6, 6);
  }

  /** The prefill, apart from the phases: present only when one was asked. */
  private static void writePrefill(JsonGenerator w, PrefillResult p) throws IOException {
    w.writeObjectFieldStart("prefill");
    w.writeStringField("status", p.status().id());
    w.writeBooleanField("complete", p.complete());
    w.writeNumberField("files", p.files());
    w.writeNumberField("directories", p.directories());
    w.writeNumberField("filesDoneBefore", p.doneBefore());
    w.writeNumberField("filesCreated", p.created());
    w.writeNumberField("filesAlreadyThere", p.alreadyThere());
    w.writeNumberField("filesReplaced", p.replaced());
    w.writeNumberField("failed", p.failed());
    w.writeFieldName("failures");
    writeCauses(w, p.failures());
    w.writeNumberField("bytesWritten", p.bytesWritten());
    JsonOutput.number(w, "elapsedSeconds", p.elapsedSeconds(), 6);
    JsonOutput.number(w, "filesPerSecond", p.filesPerSecond(), 3);
    writeClientWarmup(w, p.clientWarmup());
    if (p.offline() != null) {
      w.writeObjectFieldStart("offline");
      w.writeNumberField("imageBytes", p.offline().imageBytes);
      JsonOutput.number(w, "writeSeconds", p.offline().writeNanos / 1e9, 6);
      JsonOutput.number(w, "restartSeconds", p.offline().restartNanos / 1e9, 6);
      w.writeEndObject();
    }
    if (!p.checks().isEmpty()) {
      NamespaceJson.write(w, p.checks());
    }
    w.writeEndObject();
  }

  /** The client warm-up before a phase or the prefill, on scratch names: in no other field. */
  private static void writeClientWarmup(JsonGenerator w, ClientWarmupFigures f)
      throws IOException {
    w.writeObjectFieldStart("clientWarmup");
    w.writeNumberField("calls", f.calls());
    w.writeNumberField("failed", f.failed());
    JsonOutput.number(w, "seconds", f.nanos() / 1e9, 3);
    w.writeBooleanField("capped", f.capped());
    w.writeNumberField("warmedByRun", f.warmedByRun());
    w.writeBooleanField("rewarm", f.rewarm());
    JsonOutput.number(w, "lastCallsPerSecond", f.lastRate(), 1);
    w.writeEndObject();
  }

  /** The MapReduce job's maps: how many, which are missing, and each one's phases. */
  private static void writeMaps(JsonGenerator w, RunResult result) throws IOException {
    w.writeObjectFieldStart("maps");
    w.writeNumberField("requested", result.mapsRequested());
    w.writeNumberField("reported", result.maps().size());
    w.writeBooleanField("mergedProcesses", ReportMath.mergedProcesses(result));
    w.writeArrayFieldStart("missing");
    for (int m : result.missingMaps()) {
      w.writeNumber(m);
    }
    w.writeEndArray();
    w.writeArrayFieldStart("failed");
    for (Map.Entry<Integer, String[]> f : result.mapFailures().entrySet()) {
      w.writeStartObject();
      w.writeNumberField("map", f.getKey());
      w.writeStringField("phase", f.getValue()[0]);
      w.writeStringField("cause", f.getValue()[1]);
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeArrayFieldStart("perMap");
    for (RunResult m : result.maps()) {
      w.writeStartObject();
      w.writeNumberField("map", m.config().mapIndex());
      w.writeStringField("host", m.task().host());
      w.writeStringField("taskAttempt", m.task().attempt());
      if (m.task().isProcess()) {
        w.writeStringField("resultFile", m.task().source());
      }
      w.writeArrayFieldStart("phases");
      for (PhaseResult p : m.phases()) {
        w.writeStartObject();
        w.writeStringField("operation", p.name());
        w.writeNumberField("attempted", p.attempted());
        w.writeNumberField("successful", p.successes());
        w.writeNumberField("failed", p.failed());
        w.writeBooleanField("lateMap", p.lateMaps() > 0);
        w.writeNumberField("lateWorkers", p.lateWorkers());
        JsonOutput.number(w, "startSkewMs", ReportMath.startSkewMillis(p, result.phases()), 3);
        JsonOutput.number(w, "elapsedSeconds", p.windowSeconds(), 6);
        JsonOutput.number(w, "tps", p.tps(), 3);
        w.writeEndObject();
      }
      w.writeEndArray();
      w.writeEndObject();
    }
    w.writeEndArray();
    w.writeEndObject();
  }

  private static void writeCauses(JsonGenerator w, Map<String, FailureCount> causes)
      throws IOException {
    w.writeStartObject();
    for (Map.Entry<String, FailureCount> e : causes.entrySet()) {
      w.writeObjectFieldStart(e.getKey());
      w.writeNumberField("count", e.getValue().count());
      w.writeStringField("example", e.getValue().example());
      w.writeEndObject();
    }
    w.writeEndObject();
  }

  static String encode(Histogram h) {
    return Histograms.encode(h);
  }

  static String iso(long epochMillis) {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f.format(new Date(epochMillis));
  }
}
