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
 * names the file.
 *
 * <p>Lifecycle: {@link #create}, {@link #interval} any number of times, {@link #close}. Called
 * from one phase's sampler thread at a time; not thread-safe otherwise.
 */
public final class SeriesFile implements Closeable, IntervalSink {
  public static final List<String> COLUMNS = SeriesFormat.COLUMNS;

  private static final Logger LOG = LoggerFactory.getLogger(SeriesFile.class);

  private final File file;
  private CSVPrinter csv;

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

  /** One interval of {@code phase}; {@code originNanos} is when the phase's series began. */
  @Override
  public void interval(String phase, IntervalSeries.Interval iv, long originNanos)
      throws IOException {
    if (csv == null) {
      open();
    }
    csv.printRecord(SeriesFormat.row(phase, iv, originNanos));
    csv.flush();
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
  }
}
