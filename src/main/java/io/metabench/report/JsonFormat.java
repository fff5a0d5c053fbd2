package io.metabench.report;

import io.metabench.stats.Disruption;
import io.metabench.stats.FailureCount;
import io.metabench.stats.MapReport;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.PrefillResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.text.SimpleDateFormat;
import java.util.Base64;
import java.util.Date;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * The JSON result file: schema version, provenance, every parameter, and per phase the counts,
 * failures by cause, TPS, latency percentiles and the full latency histogram (HdrHistogram's
 * compressed, Base64 form, as in .hlog files) so results can be merged and re-analysed later.
 * The schema is documented in docs/output-formats.md and sealed by a golden-file test.
 */
public final class JsonFormat implements ResultFormat {
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final String[] PERCENTILE_NAMES = {"p50", "p90", "p99", "p999"};

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    JsonWriter w = new JsonWriter(out);
    writeRun(w, result);
    w.finish();
  }

  /** The run as one JSON object, for this file and for the runs of a study's file. */
  static void writeRun(JsonWriter w, RunResult result) throws IOException {
    RunInfo info = result.info();
    w.beginObject();
    w.name("schemaVersion").value(RunResult.SCHEMA_VERSION);
    w.name("tool").value("MetaBench");
    w.name("toolVersion").value(info.toolVersion());
    w.name("hadoopVersion").value(info.hadoopVersion());
    w.name("jvm").value(info.jvm());
    w.name("startedAt").value(iso(info.startedAtEpochMillis()));
    w.name("fileSystem").value(info.fileSystemUri());
    w.name("embeddedHdfs").value(info.embeddedHdfs());
    w.name("baseDir").value(info.baseDir());
    w.name("clientMode").value(info.clientMode());
    w.name("parameters").beginObject();
    for (Map.Entry<String, Object> p : result.config().parameters().entrySet()) {
      w.name(p.getKey()).value(p.getValue());
    }
    w.endObject();
    w.name("fileSystemSemantics").beginObject();
    w.name("renameIs").value(result.semantics().renameKind());
    w.name("capabilities").beginObject();
    for (Map.Entry<String, String> c : result.semantics().capabilities().entrySet()) {
      w.name(c.getKey()).value(c.getValue());
    }
    w.endObject();
    w.endObject();
    w.name("exitCode").value(result.exitCode());
    w.name("partial").value(result.partial());
    w.name("interruptedBy").value(result.interruptedBy());
    w.name("phases").beginArray();
    for (PhaseResult p : result.phases()) {
      writePhase(w, p);
    }
    w.endArray();
    w.name("cleanupFailures");
    writeCauses(w, result.cleanupFailures());
    w.name("notRun").beginArray();
    for (String op : result.notRun()) {
      w.value(op);
    }
    w.endArray();
    w.name("notRunReason").value(result.notRunReason());
    if (result.prefill() != null) {
      writePrefill(w, result.prefill());
    }
    if (result.mapsRequested() > 0) {
      writeMaps(w, result);
    }
    if (result.replay() != null) {
      writeReplay(w, result.replay());
    }
    w.endObject();
  }

  /** The replay's summary (docs/replay.md): only in a replay's result. */
  private static void writeReplay(JsonWriter w, ReplaySummary r) throws IOException {
    w.name("replay").beginObject();
    w.name("auditLog").value(r.auditLog());
    w.name("replaySpeed").value(r.speed(), 6);
    w.name("lines").value(r.lines());
    w.name("auditLines").value(r.auditLines());
    w.name("otherLines").value(r.otherLines());
    w.name("malformedLines").value(r.malformedLines());
    w.name("replayed").value(r.replayed());
    w.name("notReplayed").value(r.notReplayed());
    w.name("notReplayedByCommand").beginObject();
    for (Map.Entry<String, Long> e : r.unsupported().entrySet()) {
      w.name(e.getKey()).value(e.getValue().longValue());
    }
    w.endObject();
    w.name("deniedByCommand").beginObject();
    for (Map.Entry<String, Long> e : r.denied().entrySet()) {
      w.name(e.getKey()).value(e.getValue().longValue());
    }
    w.endObject();
    w.name("replayPrecreate").value(r.precreate());
    w.name("precreated").value(r.precreated());
    w.name("precreateFailed").value(r.precreateFailed());
    w.name("logSpanSeconds").value(r.logSpanMillis() / 1e3, 3);
    w.name("replaySpanSeconds").value(r.replaySpanNanos() / 1e9, 6);
    w.name("achievedSpeed").value(r.achievedSpeed(), 6);
    w.name("fromDue").beginArray();
    for (Map.Entry<io.metabench.op.OpType, Histogram> e : r.fromDue().entrySet()) {
      Histogram h = e.getValue();
      boolean any = h.getTotalCount() > 0;
      w.beginObject();
      w.name("operation").value(e.getKey().id());
      w.name("successful").value(h.getTotalCount());
      w.name("latencyMs").beginObject();
      w.name("mean").value(any ? h.getMean() / 1e6 : 0, 6);
      for (int i = 0; i < PERCENTILES.length; i++) {
        w.name(PERCENTILE_NAMES[i]).value(any ? h.getValueAtPercentile(PERCENTILES[i]) / 1e6
            : 0, 6);
      }
      w.name("max").value(any ? h.getMaxValue() / 1e6 : 0, 6);
      w.endObject();
      Long behind = r.maxBehindNanos().get(e.getKey());
      w.name("maxLateMs").value(behind == null ? 0 : behind / 1e6, 6);
      w.name("latencyHistogram").value(encode(h));
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void writePhase(JsonWriter w, PhaseResult p) throws IOException {
    w.beginObject();
    w.name("operation").value(p.name());
    w.name("startedAt").value(iso(p.startedAtEpochMillis()));
    w.name("workers").value(p.workers());
    w.name("attempted").value(p.attempted());
    w.name("successful").value(p.successes());
    w.name("failed").value(p.failed());
    w.name("failures");
    writeCauses(w, p.failures());
    w.name("retries").value(p.retryCount());
    w.name("retriesByCause");
    writeCauses(w, p.retries());
    w.name("lateWorkers").value(p.lateWorkers());
    w.name("lateMaps").value(p.lateMaps());
    w.name("elapsedSeconds").value(p.windowSeconds(), 6);
    w.name("windowNanos").value(p.windowNanos());
    w.name("tps").value(p.tps(), 3);
    // What the phase moved, in its operation's unit: bytes, or entries listed.
    boolean entries = p.op().unit() == io.metabench.op.OpType.Unit.ENTRIES;
    w.name(entries ? "entries" : "bytes").value(p.bytes());
    w.name(entries ? "entriesPerSecond" : "bytesPerSecond").value(p.bytesPerSecond(), 3);
    w.name("latencyMs").beginObject();
    writePercentiles(w, p.latency());
    w.endObject();
    w.name("partsMs").beginObject();
    w.name("firstTotal").value(p.firstPartNanos() / 1e6, 6);
    w.name("secondTotal").value(p.secondPartNanos() / 1e6, 6);
    w.endObject();
    w.name("workerBusyMs").value(p.workerBusyNanos() / 1e6, 6);
    w.name("warmupOperations").value(p.warmupOps());
    if (p.serviceTime() != null) {
      // Fixed rate: latencyMs runs from when each operation was due; this from its actual start.
      w.name("achievedRate").value(p.attemptedPerSecond(), 3);
      w.name("serviceTimeMs").beginObject();
      writePercentiles(w, p.serviceTime());
      w.endObject();
    }
    w.name("latencyHistogram").value(encode(p.latency()));
    w.name("disruptions").beginArray();
    for (Disruption d : Disruption.of(p.series())) {
      w.beginObject();
      w.name("kind").value(d.kind().id());
      w.name("fromSeconds").value(d.fromSeconds(), 3);
      w.name("toSeconds").value(d.toSeconds(), 3);
      w.name("successful").value(d.successes());
      w.name("failed").value(d.failed());
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  /** Mean, percentiles and max of a histogram of nanoseconds, in milliseconds (0 when empty). */
  private static void writePercentiles(JsonWriter w, Histogram h) throws IOException {
    boolean empty = h.getTotalCount() == 0;
    w.name("mean").value(empty ? 0.0 : h.getMean() / 1e6, 6);
    for (int i = 0; i < PERCENTILES.length; i++) {
      w.name(PERCENTILE_NAMES[i]).value(empty ? 0.0 : h.getValueAtPercentile(PERCENTILES[i]) / 1e6,
          6);
    }
    w.name("max").value(empty ? 0.0 : h.getMaxValue() / 1e6, 6);
  }

  /** The prefill, apart from the phases: present only when one was asked. */
  private static void writePrefill(JsonWriter w, PrefillResult p) throws IOException {
    w.name("prefill").beginObject();
    w.name("status").value(p.status().id());
    w.name("complete").value(p.complete());
    w.name("files").value(p.files());
    w.name("directories").value(p.directories());
    w.name("filesDoneBefore").value(p.doneBefore());
    w.name("filesCreated").value(p.created());
    w.name("filesAlreadyThere").value(p.alreadyThere());
    w.name("filesReplaced").value(p.replaced());
    w.name("failed").value(p.failed());
    w.name("failures");
    writeCauses(w, p.failures());
    w.name("bytesWritten").value(p.bytesWritten());
    w.name("elapsedSeconds").value(p.elapsedSeconds(), 6);
    w.name("filesPerSecond").value(p.filesPerSecond(), 3);
    w.endObject();
  }

  /** The MapReduce job's maps: how many, which are missing, and each one's phases. */
  private static void writeMaps(JsonWriter w, RunResult result) throws IOException {
    w.name("maps").beginObject();
    w.name("requested").value(result.mapsRequested());
    w.name("reported").value(result.maps().size());
    w.name("missing").beginArray();
    for (int m : result.missingMaps()) {
      w.value(m);
    }
    w.endArray();
    w.name("perMap").beginArray();
    for (MapReport m : result.maps()) {
      w.beginObject();
      w.name("map").value(m.mapIndex());
      w.name("host").value(m.host());
      w.name("taskAttempt").value(m.taskAttempt());
      w.name("phases").beginArray();
      for (int i = 0; i < m.phases().size(); i++) {
        PhaseResult p = m.phases().get(i);
        PhaseResult all = i < result.phases().size() ? result.phases().get(i) : p;
        w.beginObject();
        w.name("operation").value(p.name());
        w.name("attempted").value(p.attempted());
        w.name("successful").value(p.successes());
        w.name("failed").value(p.failed());
        w.name("lateMap").value(p.lateMaps() > 0);
        w.name("lateWorkers").value(p.lateWorkers());
        w.name("startSkewMs").value(ReportMath.startSkewMillis(p, all), 3);
        w.name("elapsedSeconds").value(p.windowSeconds(), 6);
        w.name("tps").value(p.tps(), 3);
        w.endObject();
      }
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void writeCauses(JsonWriter w, Map<String, FailureCount> causes)
      throws IOException {
    w.beginObject();
    for (Map.Entry<String, FailureCount> e : causes.entrySet()) {
      w.name(e.getKey()).beginObject();
      w.name("count").value(e.getValue().count());
      w.name("example").value(e.getValue().example());
      w.endObject();
    }
    w.endObject();
  }

  /** HdrHistogram's compressed encoding in Base64, decodable with Histogram.fromString-style code. */
  static String encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    byte[] bytes = new byte[length];
    buffer.rewind();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  static String iso(long epochMillis) {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
    f.setTimeZone(TimeZone.getTimeZone("UTC"));
    return f.format(new Date(epochMillis));
  }
}
