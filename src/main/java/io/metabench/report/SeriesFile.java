package io.metabench.report;

import io.metabench.stats.IntervalSeries;
import java.io.Closeable;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A run's per-second series as CSV, written while the run goes: one row per phase and second,
 * flushed at once, so a run that crashes or is killed leaves every second it measured. Columns
 * (docs/output-formats.md): phase, seconds since the phase's series began at the interval's end,
 * the interval's length, successful and failed operations that ended in it, its TPS, and its
 * latency percentiles of successful operations (empty when none succeeded).
 *
 * <p>Called from one phase's sampler thread at a time.
 */
public final class SeriesFile implements Closeable {
  public static final List<String> COLUMNS = Arrays.asList("phase", "second", "interval_s", "ok",
      "failed", "tps", "p50_ms", "p99_ms", "max_ms");

  private final CSVPrinter csv;

  private SeriesFile(CSVPrinter csv) {
    this.csv = csv;
  }

  /** Creates (or replaces) {@code file} and writes the header. */
  public static SeriesFile create(File file) throws IOException {
    File dir = file.getAbsoluteFile().getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create the directory of " + file);
    }
    CSVPrinter csv = new CSVPrinter(new OutputStreamWriter(new FileOutputStream(file),
        StandardCharsets.UTF_8), CSVFormat.DEFAULT.builder().setRecordSeparator('\n')
        .setHeader(COLUMNS.toArray(new String[0])).build());
    csv.flush();
    return new SeriesFile(csv);
  }

  /** One interval of {@code phase}; {@code originNanos} is when the phase's series began. */
  public void interval(String phase, IntervalSeries.Interval iv, long originNanos)
      throws IOException {
    Histogram h = iv.latency();
    double seconds = (iv.endEpochNanos() - iv.startEpochNanos()) / 1e9;
    boolean any = h.getTotalCount() > 0;
    csv.printRecord(phase, fixed((iv.endEpochNanos() - originNanos) / 1e9, 3),
        fixed(seconds, 3), iv.successes(), iv.failed(),
        fixed(seconds <= 0 ? 0 : iv.successes() / seconds, 1),
        any ? fixed(h.getValueAtPercentile(50) / 1e6, 3) : "",
        any ? fixed(h.getValueAtPercentile(99) / 1e6, 3) : "",
        any ? fixed(h.getMaxValue() / 1e6, 3) : "");
    csv.flush();
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "");
  }

  @Override
  public void close() throws IOException {
    csv.close();
  }
}
