package io.metabench.command;

import io.metabench.cli.MergeRequest;
import io.metabench.merge.ProcessFiles;
import io.metabench.merge.ProcessMerge;
import io.metabench.report.OutputPlan;
import io.metabench.report.ResultFiles;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code metabench merge [-outDir dir] PROCESS.json...}: the JSON files of processes started by
 * hand with different {@code -mapIndex} values combined into the one result a {@code -maps}
 * job gives (docs/mapreduce.md, "Without YARN"): its table on stdout, result.json in the
 * directory. Exits as a run does (0, or 1 when an operation failed or a process is missing).
 * Reads local files only: no login.
 */
public final class MergeCommand extends LocalFilesCommand {
  private static final Logger LOG = LoggerFactory.getLogger(MergeCommand.class);

  public MergeCommand(CommandContext context) {
    super(context);
  }

  @Override
  protected Invocation prepare(String[] args, Configuration conf) throws IOException {
    MergeRequest request = MergeRequest.parse(args);
    // Every file is read and the whole merge checked before anything is written.
    List<ProcessMerge.Process> processes = new ArrayList<>();
    for (File f : request.processes()) {
      processes.add(ProcessFiles.read(f));
    }
    ProcessMerge.Merged merged = ProcessMerge.merge(processes);
    OutputPlan files = OutputPlan.inDirectory(request.outDir(), "merge",
        System.currentTimeMillis(), false, "");
    return () -> run(merged, files);
  }

  private int run(ProcessMerge.Merged merged, OutputPlan files) throws IOException {
    PrintStream out = context.out();
    for (String w : merged.warnings()) {
      LOG.warn("{}", w);
    }
    new Publisher(out).table(merged.result());
    for (String w : merged.warnings()) {
      out.println("  warning: " + w);
    }
    File json = ResultFiles.writeJson(merged.result(), files.runJson());
    out.printf(Locale.ROOT, "%nMerged result: %s%n", json);
    out.flush();
    return merged.result().exitCode();
  }
}
