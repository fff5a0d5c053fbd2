package io.metabench.cli;

import io.metabench.core.InvalidInputException;
import java.io.File;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * What the {@code profile} command is asked to do: {@code profile [-outDir dir] FSIMAGE}, or
 * {@code profile [-outDir dir] [-threads n] URI} for a directory tree listed through its file
 * system ({@code hdfs://nn:8020/data}: anything with a scheme). Immutable.
 */
public final class ProfileRequest {
  /** How the command is used, for its refusals. */
  public static final String USAGE = "usage: profile [-outDir dir] FSIMAGE | profile [-outDir "
      + "dir] [-threads n] URI | profile [-outDir dir] -auditLog FILE";
  /** Workers that list a tree at once, unless -threads says. */
  public static final int LISTING_THREADS = 8;

  private final File image;
  private final java.net.URI listing;
  private final int threads;
  private final String outDir;
  private File auditLog;

  private ProfileRequest(File image, java.net.URI listing, int threads, String outDir) {
    this.image = image;
    this.listing = listing;
    this.threads = threads;
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
    o.addOption(Option.builder("threads").hasArg().argName("n")
        .desc("Workers listing a tree at once (" + LISTING_THREADS + ")").build());
    o.addOption(Option.builder("auditLog").hasArg().argName("file")
        .desc("The namespace an audit log shows existed before it began").build());
    CommandLine cmd = CliParser.parseCommand("profile", o, args, USAGE);
    List<String> rest = cmd.getArgList();
    if (cmd.hasOption("auditLog")) {
      if (!rest.isEmpty() || cmd.hasOption("threads")) {
        throw new InvalidInputException("profile -auditLog reads the log alone: drop "
            + (rest.isEmpty() ? "-threads" : rest.get(0)) + "; " + USAGE);
      }
      ProfileRequest r = new ProfileRequest(null, null, 1, cmd.getOptionValue("outDir", ""));
      r.auditLog = new File(cmd.getOptionValue("auditLog"));
      if (!r.auditLog.isFile()) {
        throw new InvalidInputException(r.auditLog + " does not exist or is not a file: give a "
            + "NameNode audit log (hdfs-audit.log, plain or .gz)");
      }
      return r;
    }
    if (rest.size() != 1) {
      throw new InvalidInputException("profile reads one fsimage file or one directory tree, "
          + rest.size() + " given; " + USAGE);
    }
    String what = rest.get(0);
    String threads = cmd.getOptionValue("threads", Integer.toString(LISTING_THREADS));
    int n;
    try {
      n = Integer.parseInt(threads.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > 1_000) {
      throw new InvalidInputException("profile -threads '" + threads + "' is not a number of "
          + "workers from 1 to 1000; give one such as 8");
    }
    if (!what.contains("://")) {
      if (cmd.hasOption("threads")) {
        throw new InvalidInputException("profile -threads lists a directory tree (a URI such "
            + "as hdfs://nn:8020/data); an fsimage file is read by one: drop -threads");
      }
      return new ProfileRequest(new File(what), null, 1, cmd.getOptionValue("outDir", ""));
    }
    java.net.URI uri;
    try {
      uri = new java.net.URI(what);
    } catch (java.net.URISyntaxException e) {
      throw new InvalidInputException("profile: '" + what + "' is not a URI (" + e.getMessage()
          + "): give a directory tree such as hdfs://nn:8020/data, or an fsimage file");
    }
    return new ProfileRequest(null, uri, n, cmd.getOptionValue("outDir", ""));
  }

  /** The tree to list, or null when an fsimage is read. */
  public java.net.URI listing() {
    return listing;
  }

  /** Workers listing the tree. */
  public int threads() {
    return threads;
  }

  /** The audit log whose namespace is profiled; null otherwise. */
  public File auditLog() {
    return auditLog;
  }

  /** The fsimage file; null when a tree is listed or a log read. */
  public File image() {
    return image;
  }

  /** Where the profile goes; empty for a new directory under metabench-results. */
  public String outDir() {
    return outDir;
  }
}
