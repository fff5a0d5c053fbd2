package io.metabench.stats;

import io.metabench.op.OpType;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * A phase result in binary form, with its full latency histogram (HdrHistogram's compressed
 * encoding), so a map task can ship it to the driver and the driver can combine the histograms
 * exactly. Stateless.
 */
public final class PhaseResultCodec {
  private static final int VERSION = 2;

  private PhaseResultCodec() {
  }

  public static void write(PhaseResult p, DataOutput out) throws IOException {
    out.writeInt(VERSION);
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
  }

  private static void writeHistogram(Histogram h, DataOutput out) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
    out.writeInt(length);
    out.write(buffer.array(), 0, length);
  }

  private static Histogram readHistogram(DataInput in) throws IOException {
    byte[] encoded = new byte[in.readInt()];
    in.readFully(encoded);
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
    } catch (DataFormatException e) {
      throw new IOException("damaged latency histogram", e);
    }
  }

  public static PhaseResult read(DataInput in) throws IOException {
    int version = in.readInt();
    if (version != VERSION) {
      throw new IOException("unknown phase result version " + version);
    }
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
    PhaseResult result = new PhaseResult(op, workers, attempted, successes, failures, retries,
        lateWorkers, lateMaps, start, end, busy, bytes, firstPart, secondPart, latency, startedAt)
        .withPacing(warmupOps, serviceTime);
    return inMix ? result.inMix() : result;
  }

  private static void writeCounts(Map<String, FailureCount> counts, DataOutput out)
      throws IOException {
    out.writeInt(counts.size());
    for (Map.Entry<String, FailureCount> e : counts.entrySet()) {
      out.writeUTF(e.getKey());
      out.writeLong(e.getValue().count());
      out.writeUTF(truncate(e.getValue().example()));
    }
  }

  /** writeUTF takes at most 65,535 bytes; an example message needs far fewer. */
  private static String truncate(String s) {
    return s.length() > 2000 ? s.substring(0, 2000) : s;
  }

  private static Map<String, FailureCount> readCounts(DataInput in) throws IOException {
    int n = in.readInt();
    Map<String, FailureCount> counts = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      String cause = in.readUTF();
      counts.put(cause, new FailureCount(in.readLong(), in.readUTF()));
    }
    return counts;
  }
}
