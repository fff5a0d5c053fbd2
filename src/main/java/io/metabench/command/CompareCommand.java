package io.metabench.command;

import io.metabench.cli.CompareRequest;
import io.metabench.compare.CompareHtml;
import io.metabench.compare.CompareJsonFormat;
import io.metabench.compare.CompareTextFormat;
import io.metabench.compare.Comparer;
import io.metabench.compare.Comparison;
import io.metabench.compare.Side;
import io.metabench.compare.SideReader;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code metabench compare BASELINE CANDIDATE...}: each candidate's figures against the
 * baseline's, with intervals and a verdict per phase and concurrency (docs/compare.md). Prints
 * the table, writes compare.json (compare-N.json for several candidates) and compare.html, and
 * exits {@link Comparison#EXIT_WORSE} when a row got slower beyond the threshold. Reads local
 * files only: no login.
 */
public final class CompareCommand extends LocalFilesCommand {
  public CompareCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) throws IOException {
    CompareRequest request = CompareRequest.parse(args);
    // Every input is read and every pair checked before anything is written.
    Side baseline = SideReader.read(request.baseline());
    List<Comparison> comparisons = new ArrayList<>();
    for (File c : request.candidates()) {
      comparisons.add(Comparer.compare(baseline, SideReader.read(c), request.threshold(),
          request.confidence()));
    }
    return () -> run(request, comparisons);
  }

  private int run(CompareRequest request, List<Comparison> comparisons) throws IOException {
    PrintStream out = context.out();
    OutputPlan files = OutputPlan.inDirectory(request.outDir(), "compare",
        System.currentTimeMillis(), false, "");
    int exit = EXIT_OK;
    for (int i = 0; i < comparisons.size(); i++) {
      Comparison c = comparisons.get(i);
      StringBuilder text = new StringBuilder();
      new CompareTextFormat().write(c, text);
      out.print(i == 0 ? text : "\n" + text);
      String suffix = comparisons.size() == 1 ? "" : "-" + (i + 1);
      ResultFiles.write(new File(files.dir(), "compare" + suffix + ".json"),
          new CompareJsonFormat(), c);
      exit = Math.max(exit, c.exitCode());
    }
    ResultFiles.write(new File(files.dir(), "compare.html"), new CompareHtml(), comparisons);
    out.printf(Locale.ROOT, "%nCompared in: %s%n", files.dir());
    out.flush();
    return exit;
  }
}
