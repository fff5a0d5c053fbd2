package io.metabench.report;

import io.metabench.stats.ResultCodec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * Latency histograms in the result files: HdrHistogram's compressed form ({@code ResultCodec})
 * in Base64 (the JSON files' {@code latencyHistogram}, the same bytes as an {@code .hlog} line) and
 * the percentile distribution of {@code .hgrm} files. Stateless.
 */
public final class Histograms {
  /** Milliseconds: HdrHistogram's tools print values divided by this (they are recorded in ns). */
  static final double NANOS_PER_MILLI = 1e6;

  private Histograms() {
  }

  /** HdrHistogram's compressed encoding in Base64. */
  public static String encode(Histogram h) {
    return Base64.getEncoder().encodeToString(
        ResultCodec.histogramBytes(h, Deflater.BEST_COMPRESSION));
  }

  /**
   * The histogram {@link #encode} wrote.
   *
   * @throws IllegalArgumentException when {@code base64} is not such an encoding, with the cause
   */
  public static Histogram decode(String base64) {
    return ResultCodec.histogramOf(Base64.getDecoder().decode(base64));
  }

  /** HdrHistogram's percentile distribution of {@code h} (in ns), printed in milliseconds. */
  static String percentileDistribution(Histogram h) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, false, "UTF-8")) {
      h.outputPercentileDistribution(ps, NANOS_PER_MILLI);
    } catch (UnsupportedEncodingException e) {
      throw new AssertionError(e);
    }
    return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
  }
}
