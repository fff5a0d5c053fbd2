package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Version;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import io.metabench.report.ResultFormatFactory;
import io.metabench.report.ResultFormatType;
import io.metabench.report.ResultReader;
import io.metabench.report.StudyFiles;
import io.metabench.stats.study.StudySummary;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code metabench report}: re-draws the summary, CSV, charts and HTML report of saved JSON
 * results (docs/reports.md) into a new directory. Reads local files only: no login.
 */
public final class ReportCommand extends LocalFilesCommand {
  private static final Logger LOG = LoggerFactory.getLogger(ReportCommand.class);

  public ReportCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) {
    CliParser.ReportRequest request = CliParser.parseReport(args);
    return () -> run(request);
  }

  private int run(CliParser.ReportRequest request) throws IOException {
    PrintStream out = context.out();
    ResultReader reader = ResultReader.of(request.inputs());
    StudySummary summary = reader.summary();
    if (summary.rows().isEmpty()) {
      throw new InvalidInputException("report: " + request.inputs() + " hold no finished phase; "
          + "there is nothing to draw");
    }
    if (request.chartThreads() != 0 && !summary.threadLevels().contains(request.chartThreads())) {
      throw new InvalidInputException("report: -chartThreads " + request.chartThreads()
          + " is not among the results' concurrencies " + summary.threadLevels());
    }
    OutputPlan files = OutputPlan.inDirectory(request.outDir(), "report",
        System.currentTimeMillis(), false, "");
    StringBuilder text = new StringBuilder();
    ResultFormatFactory.forSummary(ResultFormatType.SUMMARY_TEXT).write(summary, text);
    out.print(text);
    out.flush();
    List<File> written = new ArrayList<>();
    written.add(ResultFiles.write(files.summaryCsv(),
        ResultFormatFactory.forSummary(ResultFormatType.SUMMARY_CSV), summary));
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("Redrawn by", "MetaBench " + Version.get() + " report");
    for (Map.Entry<String, String> source : reader.sources().entrySet()) {
      metadata.put("Results of " + source.getKey(), source.getValue());
    }
    written.addAll(StudyFiles.writeReports(summary, request.chartThreads(), metadata, files));
    LOG.info("{} files in {}", written.size(), files.dir());
    out.printf(Locale.ROOT, "%nReport: %s%n", files.dir());
    out.flush();
    return EXIT_OK;
  }
}
