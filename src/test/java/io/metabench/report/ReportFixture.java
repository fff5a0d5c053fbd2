package io.metabench.report;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.fs.FsSemantics;
import io.metabench.op.OpType;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.FailureCount;
import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;

/**
 * A run built by hand, with every figure chosen so the reports can be checked by eye, and the
 * golden-file machinery shared by the format tests.
 */
public final class ReportFixture {
  static final long MS = 1_000_000L;
  static final long S = 1_000_000_000L;
  /** 2023-11-14 22:13:20.123 UTC. */
  static final long RUN_STARTED = 1_700_000_000_123L;
  /** 2023-11-14 22:15:00.000 UTC: when the NNBench block is written. */
  static final long WRITTEN_AT = 1_700_000_100_000L;

  /** The locales every golden comparison runs under; the output must be the same in all. */
  static final List<Locale> LOCALES = Collections.unmodifiableList(Arrays.asList(
      Locale.ROOT, Locale.US, new Locale("de", "DE"), new Locale("ru", "RU"),
      Locale.forLanguageTag("ar-EG-u-nu-arab"), Locale.forLanguageTag("th-TH-u-nu-thai")));

  private ReportFixture() {
  }

  static BenchConfig config() {
    Configuration c = new Configuration(false);
    c.set(ConfigKeys.OPERATIONS, "create_write,open_read,rename");
    c.set(ConfigKeys.FILES_PER_WORKER, "250");
    c.set(ConfigKeys.THREADS, "4");
    c.set(ConfigKeys.BYTES_TO_WRITE, "1024");
    c.set(ConfigKeys.BLOCK_SIZE, "1048576");
    c.set(ConfigKeys.BYTES_PER_CHECKSUM, "512");
    c.set(ConfigKeys.REPLICATION, "3");
    c.set(ConfigKeys.BASE_DIR, "hdfs://nn.example:8020/benchmarks/MetaBench");
    c.set(ConfigKeys.READ_FILE_AFTER_OPEN, "true");
    c.set(ConfigKeys.FILES_PER_DIR, "100");
    c.set(ConfigKeys.RETRIES, "2");
    c.set(ConfigKeys.RATE, "800");
    c.set(ConfigKeys.WARMUP_MILLIS, "500");
    c.set(ConfigKeys.DURATION_MILLIS, "1000");
    return BenchConfig.fromConfiguration(c);
  }

  static RunInfo info() {
    return new RunInfo("0.1.0-test", "3.4.3", "Test Vendor 1.8.0_999 (Test VM)",
        "hdfs://nn.example:8020", false, "hdfs://nn.example:8020/benchmarks/MetaBench",
        "per-worker", "", RUN_STARTED);
  }

  /** create_write: 1000 ok in 2.5 s; 500 x 1 ms, 400 x 2 ms, 90 x 5 ms, 9 x 50 ms, 1 x 250 ms. */
  static Histogram createWriteLatency() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(1 * MS, 500);
    h.recordValueWithCount(2 * MS, 400);
    h.recordValueWithCount(5 * MS, 90);
    h.recordValueWithCount(50 * MS, 9);
    h.recordValue(250 * MS);
    return h;
  }

  /** open_read: 990 ok; 900 x 0.5 ms, 80 x 1.5 ms, 10 x 20 ms. */
  static Histogram openReadLatency() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(MS / 2, 900);
    h.recordValueWithCount(3 * MS / 2, 80);
    h.recordValueWithCount(20 * MS, 10);
    return h;
  }

  /** open_read's seconds: 600 ok; then 10 failed and nothing else; then 390 ok. */
  static IntervalSeries openReadSeries() {
    long t0 = 1_700_000_004_005L * MS;
    Histogram first = new Histogram(3);
    first.recordValueWithCount(MS / 2, 600);
    Histogram last = new Histogram(3);
    last.recordValueWithCount(MS / 2, 390);
    return new IntervalSeries(Arrays.asList(
        new IntervalSeries.Interval(t0, t0 + S / 2, first, 0),
        new IntervalSeries.Interval(t0 + S / 2, t0 + S, new Histogram(3), 10),
        new IntervalSeries.Interval(t0 + S, t0 + 5 * S / 4, last, 0)));
  }

  /** A fixed-rate phase's service times: each below the latency measured from its due time. */
  static Histogram openReadServiceTime() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(400_000, 900);
    h.recordValueWithCount(2 * MS, 89);
    h.recordValue(250 * MS);
    return h;
  }

  /** One create per operation and the parents' mkdirs, as the HDFS client counts them. */
  private static Map<String, Long> storeCalls() {
    Map<String, Long> m = new TreeMap<>();
    m.put("op_create", 1000L);
    m.put("op_mkdirs", 4L);
    m.put("op_open", 0L);
    return m;
  }

  public static RunResult result() {
    Map<String, FailureCount> none = Collections.emptyMap();
    PhaseResult createWrite = new PhaseResult(OpType.CREATE_WRITE, 4, 1000, 1000, none, none, 0,
        0, 0, 5 * S / 2, 9_600 * MS, 1_024_000, 1_500 * MS, 600 * MS, createWriteLatency(),
        1_700_000_001_234L).withClientWarmup(new ClientWarmupFigures(4_812, 0, 2_004 * MS))
        .withStoreCalls(io.metabench.stats.StoreCalls.of(storeCalls(), "DFSOpsCountStatistics"));

    Map<String, FailureCount> readFailures = new TreeMap<>();
    readFailures.put("FileNotFoundException", new FailureCount(7,
        "File does not exist: /benchmarks/MetaBench/data/map_0/thread_1/d_1/file_17"));
    readFailures.put("IOException", new FailureCount(3,
        "Connection reset by peer\nat \"dn-3\" \\ port\t9866"));
    Map<String, FailureCount> readRetries = new TreeMap<>();
    readRetries.put("IOException", new FailureCount(12, "Connection reset by peer"));
    PhaseResult openRead = new PhaseResult(OpType.OPEN_READ, 4, 1000, 990, readFailures,
        readRetries, 1, 0, 0, 5 * S / 4, 4_950 * MS, 1_013_760, 990 * MS, 495 * MS, openReadLatency(),
        1_700_000_004_005L).withSeries(openReadSeries()).withPacing(40, openReadServiceTime(), 3_250_000L);

    Map<String, FailureCount> renameFailures = new TreeMap<>();
    renameFailures.put("returned false", new FailureCount(1000, ""));
    PhaseResult rename = new PhaseResult(OpType.RENAME, 4, 1000, 0, renameFailures, none, 0,
        0, 0, S / 2, 2 * S, 0, 0, 0, new Histogram(3), 1_700_000_006_000L);

    Map<String, FailureCount> cleanup = new TreeMap<>();
    cleanup.put("AccessControlException", new FailureCount(2, "Permission denied: user=bench"));
    List<PhaseResult> phases = new ArrayList<>(Arrays.asList(createWrite, openRead, rename));
    Map<String, String> capabilities = new TreeMap<>();
    capabilities.put("fs.capability.paths.append", "true");
    capabilities.put("fs.capability.directory.listing.inconsistent", "unknown");
    return new RunResult(info(), config(), phases, cleanup)
        .withSemantics(FsSemantics.recorded("hdfs", capabilities));
  }

  /** Runs {@code body} with {@code locale} (and an unusual time zone) as the JVM's defaults. */
  static String withDefaults(Locale locale, ThrowingSupplier<String> body) throws Exception {
    Locale saved = Locale.getDefault();
    Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
    Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
    TimeZone savedZone = TimeZone.getDefault();
    try {
      Locale.setDefault(locale);
      TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kathmandu")); // UTC+05:45
      return body.get();
    } finally {
      Locale.setDefault(saved);
      Locale.setDefault(Locale.Category.FORMAT, savedFormat);
      Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
      TimeZone.setDefault(savedZone);
    }
  }

  interface ThrowingSupplier<T> {
    T get() throws Exception;
  }

  static String write(ResultFormat<RunResult> format, RunResult result)
      throws IOException {
    StringBuilder sb = new StringBuilder();
    format.write(result, sb);
    return sb.toString();
  }

  /**
   * Compares {@code actual} with src/test/resources/golden/{@code name}. With
   * {@code -Dmetabench.golden.update=true} the file is (re)written instead; inspect the diff.
   */
  static void assertGolden(String name, String actual) throws IOException {
    assertGolden(name, actual, s -> s);
  }

  /** As {@link #assertGolden(String, String)}, comparing both sides after {@code normalise}. */
  static void assertGolden(String name, String actual,
      java.util.function.UnaryOperator<String> normalise) throws IOException {
    io.metabench.testing.Golden.assertGolden(name, actual, normalise);
  }
}
