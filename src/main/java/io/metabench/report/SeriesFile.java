package io.metabench.report;

import io.metabench.stats.IntervalSeries;
import io.metabench.stats.IntervalSink;
import java.io.Closeable;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's per-second series ({@link ResultFormatType#SERIES}, rows as {@link SeriesFormat}
 * writes them), written while the run goes: one row per phase and second, flushed at once, so a
 * run that crashes or is killed leaves every second it measured. {@link OutputPlan#runSeries}
 * names the file. Beside it, {@link #histogramLogOf} the same seconds' latency histograms as an
 * HdrHistogram interval log, tagged with the phase and flushed with each row, so that
 * HdrHistogram's own tools read it while it grows.
 *
 * <p>Lifecycle: {@link #create}, {@link #interval} any number of times, {@link #close}. Called
 * from one phase's sampler thread at a time; not thread-safe otherwise.
 */
public final class SeriesFile implements Closeable, IntervalSink {
  public static final List<String> COLUMNS = SeriesFormat.COLUMNS;

  private static final Logger LOG = LoggerFactory.getLogger(SeriesFile.class);

  private final File file;
  private CSVPrinter csv;
  private java.io.PrintStream hlogOut;
  private org.HdrHistogram.HistogramLogWriter hlog;

  private SeriesFile(File file) {
    this.file = file;
  }

  /**
   * The series file at {@code file}, made (or replaced) with its header when the first second is
   * written: a run that measures nothing leaves no file.
   */
  public static SeriesFile create(File file) {
    return new SeriesFile(file);
  }

  /**
   * The series file at {@code file} (null: none asked). If it cannot be written, the first
   * second says so in a warning and the run goes on without it, as a lost series costs no
   * measurement.
   */
  public static SeriesFile openOrWarn(File file) {
    return file == null ? null : create(file);
  }

  /**
   * Writes every phase's series of {@code result} (a MapReduce job's, its maps' combined) into
   * {@code file} and its log, as a run writes them live; nothing when no phase has a series.
   */
  public static void writeAll(File file, io.metabench.stats.RunResult result) throws IOException {
    try (SeriesFile out = create(file)) {
      for (io.metabench.stats.PhaseResult p : result.phases()) {
        List<IntervalSeries.Interval> intervals = p.series().intervals();
        for (IntervalSeries.Interval iv : intervals) {
          out.interval(p.name(), iv, intervals.get(0).startEpochNanos());
        }
      }
    }
  }

  /** One interval of {@code phase}; {@code originNanos} is when the phase's series began. */
  @Override
  public void interval(String phase, IntervalSeries.Interval iv, long originNanos)
      throws IOException {
    if (csv == null) {
      open();
    }
    csv.printRecord(SeriesFormat.row(phase, iv, originNanos));
    csv.flush();
    if (hlog == null) {
      hlogOut = new java.io.PrintStream(new FileOutputStream(histogramLogOf(file)), false,
          "UTF-8");
      hlog = IntervalLogFormat.begin(hlogOut, "MetaBench run: per-second latency of successful "
          + "operations, in ns; tag = the phase, as in the series CSV", originNanos / 1_000_000);
    }
    IntervalLogFormat.append(hlog, phase, iv);
    hlogOut.flush();
    if (hlogOut.checkError()) {
      throw new IOException("cannot write " + histogramLogOf(file));
    }
  }

  /**
   * The interval log beside series file {@code series}: its name with {@code .hlog} for
   * {@code .csv} ({@code series.hlog}, {@code run.series.hlog}), or {@code .hlog} added.
   */
  public static File histogramLogOf(File series) {
    String name = series.getName();
    return new File(series.getParentFile(), (name.endsWith(".csv")
        ? name.substring(0, name.length() - 4) : name) + ".hlog");
  }

  private void open() throws IOException {
    File dir = file.getAbsoluteFile().getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create the directory of " + file);
    }
    csv = SeriesFormat.printer(new OutputStreamWriter(new FileOutputStream(file),
        StandardCharsets.UTF_8));
    csv.flush();
    LOG.info("per-second series: {}", file.getAbsolutePath());
  }

  @Override
  public void close() throws IOException {
    if (csv != null) {
      csv.close();
    }
    if (hlogOut != null) {
      hlogOut.close();
    }
  }
}
