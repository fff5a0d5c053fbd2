package io.metabench.report.chart;

import io.metabench.stats.study.StudySummary;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;

/**
 * Draws {@link StudyChart}s as PNG and SVG, to files or to memory.
 *
 * <p>Drawing is headless (see {@link StudyCharts}). When AWT cannot draw, for instance on a machine
 * without any font, every method throws an {@link IOException} whose one-line message starts with
 * "charts could not be drawn:" and names the cause; nothing is skipped silently.
 */
public final class ChartFiles {
  static {
    Drawing.init();
  }

  private ChartFiles() {}

  /**
   * Writes every chart of {@code summary} to {@code dir}, latency charts at the highest thread
   * level; see {@link #writeAll(StudySummary, int, File)}.
   */
  public static List<File> writeAll(StudySummary summary, File dir) throws IOException {
    return write(new StudyCharts().charts(summary), dir);
  }

  /**
   * Writes every chart of {@code summary} to {@code dir} (created if missing) as
   * {@code <name>.png} and {@code <name>.svg}, where the names are those of
   * {@link StudyChart#name()}: {@code throughput-at-<N>t}, {@code tps-vs-threads-<op>},
   * {@code latency-<op>-<latencyThreads>t}. Existing files of those names are replaced.
   *
   * @param latencyThreads the thread level of the latency charts; one of the study's levels
   * @return the files written, in chart order, each chart's PNG before its SVG
   * @throws IllegalArgumentException when {@code latencyThreads} is not a level of the study
   */
  public static List<File> writeAll(StudySummary summary, int latencyThreads, File dir)
      throws IOException {
    return write(new StudyCharts(latencyThreads).charts(summary), dir);
  }

  /**
   * Writes {@code charts} to {@code dir} as described for {@link #writeAll}. Every chart is drawn
   * before the first file is written, so a chart that cannot be drawn leaves no files behind.
   */
  public static List<File> write(List<StudyChart> charts, File dir) throws IOException {
    Map<File, byte[]> files = new LinkedHashMap<>();
    for (StudyChart c : charts) {
      files.put(new File(dir, c.name() + ".png"), png(c));
      files.put(new File(dir, c.name() + ".svg"), svg(c));
    }
    Files.createDirectories(dir.toPath());
    for (Map.Entry<File, byte[]> f : files.entrySet()) {
      Files.write(f.getKey().toPath(), f.getValue());
    }
    return new ArrayList<>(files.keySet());
  }

  /** The chart as a PNG image of {@link StudyCharts#WIDTH} x {@link StudyCharts#HEIGHT} pixels. */
  public static byte[] png(StudyChart chart) throws IOException {
    return Drawing.draw(() -> BitmapEncoder.getBitmapBytes(chart.chart(),
        BitmapEncoder.BitmapFormat.PNG));
  }

  /**
   * The chart as a standalone SVG document (UTF-8, with XML declaration and doctype). Text is
   * drawn as outlines, so it looks the same without the fonts it was drawn with.
   */
  public static byte[] svg(StudyChart chart) throws IOException {
    return Drawing.draw(() -> {
      ByteArrayOutputStream out = new ByteArrayOutputStream(256 * 1024);
      VectorGraphicsEncoder.saveVectorGraphic(chart.chart(), out,
          VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
      return out.toByteArray();
    });
  }

  /**
   * The chart as an {@code <svg>} element to inline in HTML: the SVG document without its XML
   * declaration and doctype (a doctype inside HTML is an error, and this one names a URL), with
   * every number cut to two decimals.
   */
  public static String inlineSvg(StudyChart chart) throws IOException {
    return inline(new String(svg(chart), StandardCharsets.UTF_8));
  }

  private static final Pattern LONG_DECIMALS = Pattern.compile("(\\d\\.\\d\\d)\\d+");

  /** {@code svg} from its root element on, numbers cut to two decimals. */
  static String inline(String svg) throws IOException {
    int root = svg.indexOf("<svg");
    if (root < 0) {
      throw new IOException("charts could not be drawn: the SVG encoder wrote no <svg> element");
    }
    // The encoder writes coordinates such as 66.18359375: a hundredth of a pixel is invisible,
    // and cutting there halves the size of a report that inlines a dozen charts.
    return LONG_DECIMALS.matcher(svg.substring(root).trim()).replaceAll("$1");
  }
}
