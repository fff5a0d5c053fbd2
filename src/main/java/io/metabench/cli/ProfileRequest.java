package io.metabench.cli;

import io.metabench.core.InvalidInputException;
import java.io.File;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * What the {@code profile} command is asked to do: {@code profile [-outDir dir] FSIMAGE}.
 * Immutable.
 */
public final class ProfileRequest {
  /** How the command is used, for its refusals. */
  public static final String USAGE = "usage: profile [-outDir dir] FSIMAGE";

  private final File image;
  private final String outDir;

  private ProfileRequest(File image, String outDir) {
    this.image = image;
    this.outDir = outDir;
  }

  /**
   * Parses the arguments after the word {@code profile}.
   *
   * @throws InvalidInputException for unknown options, a missing image or more than one
   */
  public static ProfileRequest parse(String[] args) {
    Options o = new Options();
    o.addOption(Option.builder("outDir").hasArg().argName("dir")
        .desc("Where profile.json goes").build());
    CommandLine cmd = CliParser.parseCommand("profile", o, args, USAGE);
    List<String> rest = cmd.getArgList();
    if (rest.size() != 1) {
      throw new InvalidInputException("profile reads one fsimage file, " + rest.size()
          + " given; " + USAGE);
    }
    return new ProfileRequest(new File(rest.get(0)), cmd.getOptionValue("outDir", ""));
  }

  /** The fsimage file. */
  public File image() {
    return image;
  }

  /** Where the profile goes; empty for a new directory under metabench-results. */
  public String outDir() {
    return outDir;
  }
}
