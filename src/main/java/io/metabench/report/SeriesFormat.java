package io.metabench.report;

import io.metabench.stats.IntervalSeries;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The per-second series CSV (docs/output-formats.md): one row per phase and interval. Columns:
 * phase, seconds since the phase's series began at the interval's end, the interval's length,
 * successful and failed operations that ended in it, its TPS, and its latency percentiles of
 * successful operations (empty when none succeeded).
 *
 * <p>A run writes this file live, through {@link SeriesFile}, one row as each second ends; this
 * format writes the same rows from a finished run, for runs whose series was not written live.
 */
public final class SeriesFormat implements ResultFormat<RunResult> {
  public static final List<String> COLUMNS = Arrays.asList("phase", "second", "interval_s", "ok",
      "failed", "tps", "p50_ms", "p99_ms", "max_ms");

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    CSVPrinter csv = printer(out);
    for (PhaseResult p : result.phases()) {
      List<IntervalSeries.Interval> intervals = p.series().intervals();
      if (intervals.isEmpty()) {
        continue;
      }
      long origin = intervals.get(0).startEpochNanos();
      for (IntervalSeries.Interval iv : intervals) {
        csv.printRecord(row(p.name(), iv, origin));
      }
    }
    csv.flush();
  }

  /** A printer that writes the header at once and ends records with {@code \n}. */
  static CSVPrinter printer(Appendable out) throws IOException {
    return new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator('\n')
        .setHeader(COLUMNS.toArray(new String[0])).build());
  }

  /** One interval of {@code phase}; {@code originNanos} is when the phase's series began. */
  static Object[] row(String phase, IntervalSeries.Interval iv, long originNanos) {
    Histogram h = iv.latency();
    double seconds = (iv.endEpochNanos() - iv.startEpochNanos()) / 1e9;
    boolean any = h.getTotalCount() > 0;
    return new Object[] {phase, fixed((iv.endEpochNanos() - originNanos) / 1e9, 3),
        fixed(seconds, 3), iv.successes(), iv.failed(),
        fixed(seconds <= 0 ? 0 : iv.successes() / seconds, 1),
        any ? fixed(h.getValueAtPercentile(50) / 1e6, 3) : "",
        any ? fixed(h.getValueAtPercentile(99) / 1e6, 3) : "",
        any ? fixed(h.getMaxValue() / 1e6, 3) : ""};
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "");
  }
}
