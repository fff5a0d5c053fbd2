package io.metabench.report;

import io.metabench.stats.PhaseResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import io.metabench.stats.study.StudySummary;
import io.metabench.stats.study.SummaryRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Tidy CSV (one observation per row, one variable per column; RFC 4180 quoting by commons-csv,
 * '\n' line ends, numbers with '.' whatever the locale, empty cells for "no value"). Two tables:
 * {@link #writeRuns} has one row per target × phase × threads × iteration, {@link #writeSummary}
 * one per target × phase × threads over the iterations. Columns are documented in
 * docs/output-formats.md and sealed by a golden-file test.
 */
public final class CsvFormat {
  /** {@link ResultFormatType#RUNS_CSV}: {@link CsvFormat#writeRuns} as a format. */
  static final class Runs implements ResultFormat<StudyResult> {
    private final List<String> plannedPhases;

    Runs(List<String> plannedPhases) {
      this.plannedPhases = new ArrayList<>(plannedPhases);
    }

    @Override
    public void write(StudyResult result, Appendable out) throws IOException {
      new CsvFormat().writeRuns(result, plannedPhases, out);
    }
  }

  /** {@link ResultFormatType#SUMMARY_CSV}: {@link CsvFormat#writeSummary} as a format. */
  static final class Summary implements ResultFormat<StudySummary> {
    @Override
    public void write(StudySummary summary, Appendable out) throws IOException {
      new CsvFormat().writeSummary(summary, out);
    }
  }

  public static final List<String> RUN_COLUMNS = Arrays.asList("target", "fs_uri", "phase",
      "threads", "maps", "iteration", "workers", "ok", "failed", "retries", "late_workers",
      "seconds", "tps", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "mb_per_s",
      "store_calls", "store_calls_per_op", "error");
  public static final List<String> SUMMARY_COLUMNS = Arrays.asList("target", "fs_uri", "phase",
      "threads", "iterations", "tps_mean", "tps_min", "tps_max", "tps_stddev", "ok", "failed",
      "mean_ms", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "knee");

  static CSVPrinter printer(Appendable out, List<String> columns) throws IOException {
    return new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator('\n')
        .setHeader(columns.toArray(new String[0])).build());
  }

  /**
   * One row per phase of every run; a phase that did not run (its run did not finish, or an
   * earlier phase's failures ruled it out) has empty figures and says why in {@code error}.
   */
  public void writeRuns(StudyResult result, List<String> plannedPhases, Appendable out)
      throws IOException {
    CSVPrinter csv = printer(out, RUN_COLUMNS);
    for (StudyRun r : result.runs()) {
      if (r.result() == null) {
        for (String phase : plannedPhases) {
          csv.printRecord(missing(r, phase, 0, r.error()));
        }
        continue;
      }
      int maps = r.result().mapsRequested();
      for (PhaseResult p : r.result().phases()) {
        csv.printRecord(r.target(), r.fsUri(), p.name(), r.threads(), maps, r.iteration(),
            p.workers(), p.successes(), p.failed(), p.retryCount(), p.lateWorkers(),
            fixed(p.windowSeconds(), 6), fixed(p.tps(), 3), latency(p, p.meanLatencyMillis()),
            latency(p, p.latencyMillisAt(50)), latency(p, p.latencyMillisAt(90)),
            latency(p, p.latencyMillisAt(99)), latency(p, p.latencyMillisAt(99.9)),
            latency(p, p.maxLatencyMillis()),
            p.bytes() == 0 || p.op().unit() != io.metabench.op.OpType.Unit.BYTES ? ""
                : fixed(p.bytesPerSecond() / 1e6, 3), storeCalls(p, false), storeCalls(p, true),
            "");
      }
      for (String phase : r.result().notRun()) {
        csv.printRecord(missing(r, phase, maps, "not run: " + r.result().notRunReason()));
      }
    }
    csv.flush();
  }

  private static List<Object> missing(StudyRun r, String phase, int maps, String why) {
    List<Object> row = new ArrayList<>(Arrays.<Object>asList(r.target(), r.fsUri(), phase,
        r.threads(), maps, r.iteration()));
    while (row.size() < RUN_COLUMNS.size() - 1) {
      row.add("");
    }
    row.add(why);
    return row;
  }

  /** One row per target × phase × threads. */
  public void writeSummary(StudySummary summary, Appendable out) throws IOException {
    CSVPrinter csv = printer(out, SUMMARY_COLUMNS);
    for (SummaryRow r : summary.rows()) {
      SummaryRow.Latency l = r.latency();
      csv.printRecord(r.target(), r.fsUri(), r.phase(), r.threads(), r.iterations(),
          fixed(r.tpsMean(), 3), fixed(r.tpsMin(), 3), fixed(r.tpsMax(), 3),
          fixed(r.tpsStdDev(), 3), r.successes(), r.failed(), fixed(l.meanMs(), 6),
          fixed(l.p50Ms(), 6), fixed(l.p90Ms(), 6), fixed(l.p99Ms(), 6), fixed(l.p999Ms(), 6),
          fixed(l.maxMs(), 6), r.knee());
    }
    csv.flush();
  }

  /**
   * The phase's store calls (docs/metrics.md#store-calls): their total or their count per
   * operation; empty when the client counts none.
   */
  private static String storeCalls(PhaseResult p, boolean perOperation) {
    long ops = p.attempted() + p.warmupOps();
    if (!p.storeCalls().available()) {
      return "";
    }
    long total = p.storeCalls().total();
    return !perOperation ? Long.toString(total) : ops == 0 ? "" : fixed((double) total / ops, 3);
  }

  /** A latency figure, or empty when no operation of the phase succeeded. */
  private static String latency(PhaseResult p, double ms) {
    return p.successes() == 0 ? "" : fixed(ms, 6);
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "");
  }
}
