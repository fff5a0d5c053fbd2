package io.metabench.cli;

import io.metabench.core.InvalidInputException;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * What the {@code compare} command is asked to do: {@code compare [-threshold 5%] [-confidence
 * 95%] [-outDir dir] BASELINE CANDIDATE...}. Immutable.
 */
public final class CompareRequest {
  /** The default smallest change that counts: 5 %. */
  public static final double DEFAULT_THRESHOLD = 0.05;
  /** The default confidence level: 95 %. */
  public static final double DEFAULT_CONFIDENCE = 0.95;
  private static final String USAGE = "usage: compare [-threshold 5%] [-confidence 95%] "
      + "[-outDir dir] BASELINE CANDIDATE... (run JSON files, study result.json files or study "
      + "directories)";

  private final File baseline;
  private final List<File> candidates;
  private final double threshold;
  private final double confidence;
  private final String outDir;

  private CompareRequest(File baseline, List<File> candidates, double threshold,
      double confidence, String outDir) {
    this.baseline = baseline;
    this.candidates = Collections.unmodifiableList(candidates);
    this.threshold = threshold;
    this.confidence = confidence;
    this.outDir = outDir;
  }

  /**
   * Parses the arguments after the word {@code compare}.
   *
   * @throws InvalidInputException for unknown options, bad values, or fewer than two results
   */
  public static CompareRequest parse(String[] args) {
    Options o = new Options();
    o.addOption(Option.builder("threshold").hasArg().argName("percent")
        .desc("The smallest change in TPS that counts (default 5%)").build());
    o.addOption(Option.builder("confidence").hasArg().argName("percent")
        .desc("The confidence level of the intervals (default 95%)").build());
    o.addOption(Option.builder("outDir").hasArg().argName("dir")
        .desc("Where compare.json and compare.html go").build());
    CommandLine cmd = CliParser.parseCommand("compare", o, args, USAGE);
    if (cmd.getArgList().size() < 2) {
      throw new InvalidInputException("compare: " + (cmd.getArgList().isEmpty() ? "no result "
          + "given" : "only a baseline given") + "; " + USAGE);
    }
    List<File> candidates = new ArrayList<>();
    for (String a : cmd.getArgList().subList(1, cmd.getArgList().size())) {
      candidates.add(new File(a));
    }
    double threshold = percent(cmd, "threshold", DEFAULT_THRESHOLD, 0, 1);
    double confidence = percent(cmd, "confidence", DEFAULT_CONFIDENCE, 0.5, 0.9999);
    return new CompareRequest(new File(cmd.getArgList().get(0)), candidates, threshold,
        confidence, cmd.getOptionValue("outDir", ""));
  }

  /** {@code 5%}, {@code 5} or {@code 0.05} (a value below 1 without % is a fraction). */
  private static double percent(CommandLine cmd, String name, double dflt, double min,
      double max) {
    if (!cmd.hasOption(name)) {
      return dflt;
    }
    String raw = cmd.getOptionValue(name).trim();
    double v;
    try {
      boolean pct = raw.endsWith("%");
      v = Double.parseDouble(pct ? raw.substring(0, raw.length() - 1) : raw);
      if (pct || v >= 1) {
        v /= 100;
      }
    } catch (NumberFormatException e) {
      v = Double.NaN;
    }
    if (!(v >= min && v <= max)) {
      throw new InvalidInputException(String.format(java.util.Locale.ROOT, "compare: -%s '%s' is "
          + "not a percentage from %s%% to %s%% (e.g. -%s %s)", name, raw, trim(min * 100),
          trim(max * 100), name, name.equals("threshold") ? "5%" : "95%"));
    }
    return v;
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  public File baseline() {
    return baseline;
  }

  public List<File> candidates() {
    return candidates;
  }

  /** The smallest change that counts, as a fraction. */
  public double threshold() {
    return threshold;
  }

  /** The confidence level, as a fraction. */
  public double confidence() {
    return confidence;
  }

  /** Where the files go; empty for a new directory under metabench-results. */
  public String outDir() {
    return outDir;
  }
}
