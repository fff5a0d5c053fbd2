package io.metabench.bench;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.op.OpType;
import io.metabench.stats.CombinedRun;
import io.metabench.stats.FailureCount;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ResultCodec;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import io.metabench.testing.MapResults;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's combine at scale, for bench/combine-scale.sh: {@code maps} map results of
 * {@code phases} phases, each phase with a latency histogram and a per-second series of
 * {@code seconds} intervals (each interval with its own histogram, as a map records them), are
 * encoded as the maps send them ({@link ResultCodec}), then decoded and combined as the driver
 * does ({@link CombinedRun}). Prints the time to decode and combine, the heap the decoded maps
 * and the combined result hold, and the heap's peak.
 *
 * <pre>
 * CombineScale maps phases seconds
 * </pre>
 */
public final class CombineScale {
  private static final OpType[] OPS = {OpType.CREATE_WRITE, OpType.OPEN_READ, OpType.STAT,
      OpType.EXISTS, OpType.CHMOD, OpType.SET_TIMES, OpType.LIST, OpType.RENAME, OpType.DELETE,
      OpType.MKDIRS, OpType.RMDIR, OpType.APPEND};
  private static final long MS = 1_000_000L;

  private CombineScale() {}

  public static void main(String[] args) throws Exception {
    int maps = Integer.parseInt(args[0]);
    int phases = Math.min(OPS.length, Integer.parseInt(args[1]));
    int seconds = Integer.parseInt(args[2]);
    Configuration c = new Configuration(false);
    List<String> names = new ArrayList<>();
    for (int p = 0; p < phases; p++) {
      names.add(OPS[p].id());
    }
    c.set(ConfigKeys.OPERATIONS, String.join(",", names));
    BenchConfig base = BenchConfig.fromConfiguration(c);
    // A few distinct maps' bytes; each map decodes its own copy, as the driver reads each part.
    Random random = new Random(42);
    RunInfo info = RunInfo.ofThisJvm("hdfs://nn:8020", false, "/benchmarks/MetaBench", false,
        null, System.currentTimeMillis());
    byte[][] encoded = new byte[4][];
    for (int k = 0; k < encoded.length; k++) {
      List<PhaseResult> ps = new ArrayList<>();
      long t = 1_700_000_000_000L * MS + k * MS;
      for (int p = 0; p < phases; p++) {
        ps.add(phase(OPS[p], t, seconds, random));
        t += (seconds + 1) * 1000 * MS;
      }
      encoded[k] = ResultCodec.toBytes(MapResults.of(info, base, k, "host" + k, "attempt_" + k,
          ps, Collections.<String, FailureCount>emptyMap()));
    }
    System.gc();
    long heapBefore = usedHeap();
    long t0 = System.nanoTime();
    List<RunResult> parts = new ArrayList<>(maps);
    for (int m = 0; m < maps; m++) {
      byte[] b = encoded[m % encoded.length];
      parts.add(ResultCodec.fromBytes(b, b.length, MapResults.configOf(base, m)));
    }
    long decoded = System.nanoTime();
    RunResult all = CombinedRun.of(info, base, maps, parts, "maps");
    long combined = System.nanoTime();
    System.gc();
    long held = usedHeap() - heapBefore;
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.println(String.format(Locale.ROOT, "maps %d phases %d seconds %d: one map's "
        + "result %d KB encoded; decode %.1f s, combine %.1f s; heap held %d MB (maps and "
        + "result), peak %d MB, -Xmx %d MB; combined %d operations", maps, phases, seconds,
        encoded[0].length / 1024, (decoded - t0) / 1e9, (combined - decoded) / 1e9,
        held >> 20, peak >> 20, Runtime.getRuntime().maxMemory() >> 20,
        all.phases().get(0).successes()));
  }

  /** A phase of one map: 1,000 operations a second, latencies of 0.1 to 20 ms. */
  private static PhaseResult phase(OpType op, long start, int seconds, Random random) {
    Histogram all = new Histogram(3);
    List<IntervalSeries.Interval> intervals = new ArrayList<>();
    for (int s = 0; s < seconds; s++) {
      Histogram h = new Histogram(3);
      for (int i = 0; i < 1000; i++) {
        long v = (long) (100_000 * Math.exp(random.nextDouble() * Math.log(200)));
        h.recordValue(v);
        all.recordValue(v);
      }
      intervals.add(new IntervalSeries.Interval(start + s * 1000 * MS, start + (s + 1) * 1000 * MS,
          h, 0));
    }
    long end = start + seconds * 1000L * MS;
    return new PhaseResult(op, 1, all.getTotalCount(), all.getTotalCount(),
        Collections.<String, FailureCount>emptyMap(), Collections.<String, FailureCount>emptyMap(),
        0, 0, start, end, end - start, 0, 0, 0, all, start / MS)
        .withSeries(new IntervalSeries(intervals));
  }

  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
