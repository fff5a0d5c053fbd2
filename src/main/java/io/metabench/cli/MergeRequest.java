package io.metabench.cli;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * What the {@code merge} command is asked to do: {@code merge [-outDir dir] PROCESS.json...}.
 * Immutable.
 */
public final class MergeRequest {
  /** How the command is used, for its refusals. */
  public static final String USAGE = "usage: merge [-outDir dir] PROCESS.json PROCESS.json...";

  private final List<File> processes;
  private final String outDir;

  private MergeRequest(List<File> processes, String outDir) {
    this.processes = Collections.unmodifiableList(processes);
    this.outDir = outDir;
  }

  /**
   * Parses the arguments after the word {@code merge}.
   *
   * @throws io.metabench.core.InvalidInputException for unknown options or missing values
   */
  public static MergeRequest parse(String[] args) {
    Options o = new Options();
    o.addOption(Option.builder("outDir").hasArg().argName("dir")
        .desc("Where the combined result.json goes").build());
    CommandLine cmd = CliParser.parseCommand("merge", o, args, USAGE);
    List<File> files = new ArrayList<>();
    for (String a : cmd.getArgList()) {
      files.add(new File(a));
    }
    return new MergeRequest(files, cmd.getOptionValue("outDir", ""));
  }

  /** The processes' JSON files, in the order given. */
  public List<File> processes() {
    return processes;
  }

  /** Where the merged result goes; empty for a new directory under metabench-results. */
  public String outDir() {
    return outDir;
  }
}
