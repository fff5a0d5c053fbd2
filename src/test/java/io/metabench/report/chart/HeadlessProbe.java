package io.metabench.report.chart;

import io.metabench.report.SummaryFixture;
import java.awt.GraphicsEnvironment;
import java.io.File;
import java.nio.file.Files;

/**
 * Run by {@link HeadlessDrawingTest} in a JVM of its own: draws one chart to the PNG file named by
 * its argument, then prints whether AWT is headless. Nothing may touch AWT before the chart
 * classes do.
 */
public final class HeadlessProbe {
  private HeadlessProbe() {}

  public static void main(String[] args) throws Exception {
    StudyChart c = new StudyCharts().charts(SummaryFixture.summary()).get(0);
    Files.write(new File(args[0]).toPath(), ChartFiles.png(c));
    System.out.println("headless=" + GraphicsEnvironment.isHeadless());
  }
}
