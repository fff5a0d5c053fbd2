package io.metabench.stats;

import io.metabench.config.BenchConfig;
import io.metabench.namespace.Fidelity;
import io.metabench.op.OpType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * The one binary form of results: a {@link RunResult} with everything in it (each phase with
 * its full latency and service-time histograms and its per-second series, failure counts with
 * their examples, what did not run and why, the replay and prefill parts), so a map task can
 * ship its result to the driver and the driver can combine maps exactly as the engine combines
 * workers. Histograms are stored in HdrHistogram's compressed encoding, here and nowhere else
 * (the JSON files' Base64 form is {@link #histogramBytes} in Base64).
 *
 * <p>Stateless. Versioned: a form this version cannot read is refused with an IOException.
 */
public final class ResultCodec {
  /**
   * 13: how a namespace was made offline; 12: a prefill's namespace checks; 11: the longest
   * pause of the client in a paced phase; 8: what the Hadoop client lacked; 5: what cleanup
   * removed (4: one form for a map's and a local run's result).
   */
  private static final int VERSION = 13;
  /** An example message needs far fewer bytes than writeUTF's limit of 65,535. */
  private static final int EXAMPLE_MAX_CHARS = 2000;

  private ResultCodec() {
  }

  /** {@code result} as bytes; its configuration is not included (the reader supplies it). */
  public static byte[] toBytes(RunResult result) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(VERSION);
      writeInfo(result.info(), out);
      writeTask(result.task(), out);
      out.writeInt(result.phases().size());
      for (PhaseResult p : result.phases()) {
        writePhase(p, out);
      }
      out.writeBoolean(result.cleanup().asked());
      out.writeLong(result.cleanup().filesRemoved());
      out.writeLong(result.cleanup().directoriesRemoved());
      writeCounts(result.cleanupFailures(), out);
      out.writeInt(result.notRun().size());
      for (String op : result.notRun()) {
        out.writeUTF(op);
      }
      out.writeUTF(result.notRunReason());
      out.writeUTF(result.interruptedBy());
      out.writeBoolean(result.stoppedBySignal());
      out.writeBoolean(result.replay() != null);
      if (result.replay() != null) {
        writeReplayPart(result.replay().part(), out);
      }
      out.writeBoolean(result.prefill() != null);
      if (result.prefill() != null) {
        writePrefill(result.prefill(), out);
      }
    }
    return bytes.toByteArray();
  }

  /**
   * The result {@link #toBytes} wrote, with {@code config} as its configuration. A replay part
   * comes back inside a summary of that part alone ({@link ReplaySummary#ofPart}).
   */
  public static RunResult fromBytes(byte[] data, int length, BenchConfig config)
      throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, length))) {
      int version = in.readInt();
      if (version != VERSION) {
        throw new IOException("unknown result version " + version + " (this MetaBench reads "
            + VERSION + "): driver and tasks must run the same MetaBench");
      }
      RunInfo info = readInfo(in);
      RunResult.Task task = readTask(in);
      int n = in.readInt();
      List<PhaseResult> phases = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        phases.add(readPhase(in));
      }
      boolean cleanupAsked = in.readBoolean();
      long filesRemoved = in.readLong();
      long dirsRemoved = in.readLong();
      Cleanup cleanup = new Cleanup(cleanupAsked, filesRemoved, dirsRemoved, readCounts(in));
      int notRunCount = in.readInt();
      List<String> notRun = new ArrayList<>(notRunCount);
      for (int i = 0; i < notRunCount; i++) {
        notRun.add(in.readUTF());
      }
      String notRunReason = in.readUTF();
      String interruptedBy = in.readUTF();
      boolean bySignal = in.readBoolean();
      RunResult r = new RunResult(info, config, phases, cleanup).withTask(task)
          .withNotRun(notRun, notRunReason);
      if (!interruptedBy.isEmpty()) {
        r = bySignal ? r.withInterruption(interruptedBy) : r.withEarlyStop(interruptedBy);
      }
      if (in.readBoolean()) {
        r = r.withReplay(ReplaySummary.ofPart(readReplayPart(in)));
      }
      if (in.readBoolean()) {
        r = r.withPrefill(readPrefill(in));
      }
      return r;
    }
  }

  private static void writeInfo(RunInfo i, DataOutput out) throws IOException {
    out.writeUTF(i.toolVersion());
    out.writeUTF(i.hadoopVersion());
    out.writeUTF(i.jvm());
    out.writeUTF(i.fileSystemUri());
    out.writeBoolean(i.embeddedHdfs());
    out.writeUTF(i.baseDir());
    out.writeUTF(i.clientMode());
    out.writeUTF(i.localClient());
    out.writeLong(i.startedAtEpochMillis());
    out.writeUTF(i.hadoopLacks());
  }

  private static RunInfo readInfo(DataInput in) throws IOException {
    return new RunInfo(in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF(), in.readBoolean(),
        in.readUTF(), in.readUTF(), in.readUTF(), in.readLong()).withHadoopLacks(in.readUTF());
  }

  private static void writeTask(RunResult.Task t, DataOutput out) throws IOException {
    out.writeBoolean(t != null);
    if (t != null) {
      out.writeUTF(t.host());
      out.writeUTF(t.attempt());
    }
  }

  private static RunResult.Task readTask(DataInput in) throws IOException {
    return in.readBoolean() ? new RunResult.Task(in.readUTF(), in.readUTF()) : null;
  }

  /** One phase's result, with its histograms and series. */
  static void writePhase(PhaseResult p, DataOutput out) throws IOException {
    out.writeUTF(p.name());
    out.writeInt(p.workers());
    out.writeLong(p.attempted());
    out.writeLong(p.successes());
    writeCounts(p.failures(), out);
    writeCounts(p.retries(), out);
    out.writeInt(p.lateWorkers());
    out.writeInt(p.lateMaps());
    out.writeLong(p.firstStartEpochNanos());
    out.writeLong(p.lastEndEpochNanos());
    out.writeLong(p.workerBusyNanos());
    out.writeLong(p.bytes());
    out.writeLong(p.firstPartNanos());
    out.writeLong(p.secondPartNanos());
    out.writeLong(p.startedAtEpochMillis());
    writeHistogram(p.latency(), out);
    out.writeLong(p.warmupOps());
    out.writeBoolean(p.serviceTime() != null);
    if (p.serviceTime() != null) {
      writeHistogram(p.serviceTime(), out);
    }
    out.writeLong(p.maxLateNanos());
    out.writeLong(p.clientWarmup().calls());
    out.writeLong(p.clientWarmup().failed());
    out.writeLong(p.clientWarmup().nanos());
    out.writeBoolean(p.clientWarmup().capped());
    out.writeDouble(p.clientWarmup().lastRate());
    out.writeInt(p.clientWarmup().warmedByRun());
    out.writeBoolean(p.clientWarmup().rewarm());
    StoreCalls calls = p.storeCalls();
    out.writeBoolean(calls.available());
    if (calls.available()) {
      out.writeUTF(calls.sources());
      writeLongs(calls.byType(), out);
      out.writeBoolean(calls.jvmWide());
      out.writeUTF(calls.jvm());
      writeLongs(calls.baseline(), out);
    }
    ClientLoad load = p.clientLoad();
    out.writeLong(load.windowNanos());
    out.writeInt(load.cores());
    for (long v : new long[] {load.processCpuNanos(), load.workersCpuNanos(),
        load.busiestWorkerCpuNanos(), load.gcNanos(), load.longestPauseNanos()}) {
      out.writeLong(v);
    }
    List<IntervalSeries.Interval> intervals = p.series().intervals();
    out.writeInt(intervals.size());
    for (IntervalSeries.Interval i : intervals) {
      out.writeLong(i.startEpochNanos());
      out.writeLong(i.endEpochNanos());
      out.writeLong(i.failed());
      byte[] latency = i.compressedLatency();
      out.writeInt(latency.length);
      out.write(latency);
    }
  }

  private static void writeLongs(Map<String, Long> values, DataOutput out) throws IOException {
    out.writeInt(values.size());
    for (Map.Entry<String, Long> e : values.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeLong(e.getValue());
    }
  }

  private static Map<String, Long> readLongs(DataInput in) throws IOException {
    Map<String, Long> values = new java.util.TreeMap<>();
    for (int i = in.readInt(); i > 0; i--) {
      values.put(in.readUTF(), in.readLong());
    }
    return values;
  }

  static PhaseResult readPhase(DataInput in) throws IOException {
    String name = in.readUTF();
    boolean inMix = name.startsWith(PhaseResult.MIX_PREFIX);
    OpType op = OpType.byName(inMix ? name.substring(PhaseResult.MIX_PREFIX.length()) : name);
    int workers = in.readInt();
    long attempted = in.readLong();
    long successes = in.readLong();
    Map<String, FailureCount> failures = readCounts(in);
    Map<String, FailureCount> retries = readCounts(in);
    int lateWorkers = in.readInt();
    int lateMaps = in.readInt();
    long start = in.readLong();
    long end = in.readLong();
    long busy = in.readLong();
    long bytes = in.readLong();
    long firstPart = in.readLong();
    long secondPart = in.readLong();
    long startedAt = in.readLong();
    Histogram latency = readHistogram(in);
    long warmupOps = in.readLong();
    Histogram serviceTime = in.readBoolean() ? readHistogram(in) : null;
    long maxLate = in.readLong();
    ClientWarmupFigures clientWarmup =
        ClientWarmupFigures.of(in.readLong(), in.readLong(), in.readLong(), in.readBoolean(),
            in.readDouble());
    int warmedBy = in.readInt();
    clientWarmup = clientWarmup.asRewarm(in.readBoolean());
    if (warmedBy > 0) {
      clientWarmup = ClientWarmupFigures.warmedBy(warmedBy);
    }
    StoreCalls calls = StoreCalls.NONE;
    if (in.readBoolean()) {
      String sources = in.readUTF();
      Map<String, Long> byType = readLongs(in);
      boolean jvmWide = in.readBoolean();
      calls = StoreCalls.restored(byType, sources, jvmWide, in.readUTF(), readLongs(in));
    }
    ClientLoad load = new ClientLoad(in.readLong(), in.readInt(), in.readLong(), in.readLong(),
        in.readLong(), in.readLong()).withLongestPause(in.readLong());
    int n = in.readInt();
    List<IntervalSeries.Interval> intervals = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long from = in.readLong();
      long to = in.readLong();
      long failed = in.readLong();
      byte[] compressed = new byte[in.readInt()];
      in.readFully(compressed);
      intervals.add(new IntervalSeries.Interval(from, to, compressed, failed));
    }
    PhaseResult result = new PhaseResult(op, workers, attempted, successes, failures, retries,
        lateWorkers, lateMaps, start, end, busy, bytes, firstPart, secondPart, latency, startedAt)
        .withPacing(warmupOps, serviceTime, maxLate).withClientWarmup(clientWarmup)
        .withSeries(new IntervalSeries(intervals)).withStoreCalls(calls).withClientLoad(load);
    return inMix ? result.inMix() : result;
  }

  private static void writeReplayPart(ReplayPart p, DataOutput out) throws IOException {
    out.writeLong(p.executed());
    out.writeLong(p.spanNanos());
    out.writeLong(p.orderWaits());
    out.writeLong(p.orderWaitNanos());
  }

  private static ReplayPart readReplayPart(DataInput in) throws IOException {
    return new ReplayPart(in.readLong(), in.readLong(), in.readLong(), in.readLong());
  }

  private static void writePrefill(PrefillResult p, DataOutput out) throws IOException {
    out.writeUTF(p.status().name());
    out.writeBoolean(p.complete());
    for (long v : new long[] {p.files(), p.directories(), p.doneBefore(), p.created(),
        p.alreadyThere(), p.replaced(), p.bytesWritten(), p.elapsedNanos(),
        p.clientWarmup().calls(), p.clientWarmup().failed(), p.clientWarmup().nanos()}) {
      out.writeLong(v);
    }
    out.writeBoolean(p.clientWarmup().capped());
    out.writeDouble(p.clientWarmup().lastRate());
    writeCounts(p.failures(), out);
    out.writeInt(p.checks().size());
    for (NamespaceCheck c : p.checks()) {
      out.writeInt(c.map());
      out.writeUTF(c.profile());
      out.writeDouble(c.scale());
      out.writeLong(c.listNanos());
      Fidelity f = c.fidelity();
      writeArray(f.expected(), out);
      writeArray(f.made(), out);
      out.writeInt(f.rows().size());
      for (Fidelity.Row r : f.rows()) {
        out.writeUTF(r.name);
        out.writeDouble(r.distance);
        writeArray(r.source, out);
        writeArray(r.made, out);
      }
    }
    PrefillResult.Offline o = p.offline();
    out.writeBoolean(o != null);
    if (o != null) {
      writeArray(new long[] {o.imageBytes, o.writeNanos, o.restartNanos}, out);
    }
  }

  private static void writeArray(long[] values, DataOutput out) throws IOException {
    out.writeInt(values.length);
    for (long v : values) {
      out.writeLong(v);
    }
  }

  private static long[] readArray(DataInput in) throws IOException {
    long[] v = new long[in.readInt()];
    for (int i = 0; i < v.length; i++) {
      v[i] = in.readLong();
    }
    return v;
  }

  private static List<NamespaceCheck> readChecks(DataInput in) throws IOException {
    List<NamespaceCheck> checks = new ArrayList<>();
    for (int n = in.readInt(); n > 0; n--) {
      int map = in.readInt();
      String profile = in.readUTF();
      double scale = in.readDouble();
      long listNanos = in.readLong();
      long[] expected = readArray(in);
      long[] made = readArray(in);
      List<Fidelity.Row> rows = new ArrayList<>();
      for (int k = in.readInt(); k > 0; k--) {
        rows.add(new Fidelity.Row(in.readUTF(), in.readDouble(), readArray(in), readArray(in)));
      }
      checks.add(new NamespaceCheck(map, profile, scale, Fidelity.restored(expected, made, rows),
          listNanos));
    }
    return checks;
  }

  private static PrefillResult readPrefill(DataInput in) throws IOException {
    PrefillResult.Status status = PrefillResult.Status.valueOf(in.readUTF());
    boolean complete = in.readBoolean();
    long[] v = new long[11];
    for (int i = 0; i < v.length; i++) {
      v[i] = in.readLong();
    }
    ClientWarmupFigures warmup = ClientWarmupFigures.of(v[8], v[9], v[10], in.readBoolean(),
        in.readDouble());
    PrefillResult p = new PrefillResult(status, complete, v[0], v[1], v[2], v[3], v[4], v[5],
        v[6], v[7], readCounts(in)).withClientWarmup(warmup).withChecks(readChecks(in));
    if (in.readBoolean()) {
      long[] o = readArray(in);
      p = p.withOffline(new PrefillResult.Offline(o[0], o[1], o[2]));
    }
    return p;
  }

  private static void writeHistogram(Histogram h, DataOutput out) throws IOException {
    byte[] bytes = histogramBytes(h, Deflater.BEST_SPEED);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static Histogram readHistogram(DataInput in) throws IOException {
    byte[] encoded = new byte[in.readInt()];
    in.readFully(encoded);
    try {
      return histogramOf(encoded);
    } catch (IllegalArgumentException e) {
      throw new IOException("damaged latency histogram", e);
    }
  }

  /** HdrHistogram's compressed encoding of {@code h}, deflated at {@code level}. */
  public static byte[] histogramBytes(Histogram h, int level) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, level);
    byte[] bytes = new byte[length];
    buffer.rewind();
    buffer.get(bytes);
    return bytes;
  }

  /**
   * The histogram {@link #histogramBytes} encoded.
   *
   * @throws IllegalArgumentException when the bytes are not such an encoding
   */
  public static Histogram histogramOf(byte[] bytes) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Failure (or retry) counts by cause, each with its example message. */
  private static void writeCounts(Map<String, FailureCount> counts, DataOutput out)
      throws IOException {
    out.writeInt(counts.size());
    for (Map.Entry<String, FailureCount> e : counts.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeLong(e.getValue().count());
      String example = e.getValue().example();
      out.writeUTF(example.length() > EXAMPLE_MAX_CHARS
          ? example.substring(0, EXAMPLE_MAX_CHARS) : example);
    }
  }

  private static Map<String, FailureCount> readCounts(DataInput in) throws IOException {
    int n = in.readInt();
    Map<String, FailureCount> counts = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      String cause = in.readUTF();
      counts.put(cause, new FailureCount(in.readLong(), in.readUTF()));
    }
    return Collections.unmodifiableMap(counts);
  }
}
