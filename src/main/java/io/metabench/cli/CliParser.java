package io.metabench.cli;

import io.metabench.config.CliAction;
import io.metabench.config.Resources;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Suggestions;
import java.io.File;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.hadoop.conf.Configuration;

/**
 * Turns MetaBench's command line into configuration keys. It accepts Hadoop NNBench's option names
 * and NNBenchWithoutMR's and Curvine's, so existing command lines run unchanged; when an option is
 * given twice (or under two of its names) the last one wins.
 *
 * <p>Every option comes from the {@link io.metabench.config.Option} table: each command-line name
 * resolves to its entry, and the entry's {@link CliAction} writes the value, so there is no
 * per-option code here. Stateless and thread-safe.
 *
 * <p>commons-cli is relocated inside the thin jar, so the API used here does not depend on the
 * commons-cli 1.2 that Hadoop 3.3 and earlier put first on the classpath.
 */
public final class CliParser {
  /** Where the shipped workload files are on the classpath: {@code -workload NAME} finds them. */
  static final String WORKLOADS = Resources.WORKLOADS;

  /** Every file of {@link #WORKLOADS}, by name; a test checks this list against the files. */
  static final List<String> SHIPPED_WORKLOADS = Resources.SHIPPED_WORKLOADS;

  private CliParser() {
  }

  /** The outcome of parsing: either a request for help or the keys written into the conf. */
  public static final class Parsed {
    private final boolean help;
    private final String topic;

    Parsed(boolean help, String topic) {
      this.help = help;
      this.topic = topic;
    }

    public boolean help() {
      return help;
    }

    /** The help topic asked for ({@code -help pacing}); null for the overview. */
    public String topic() {
      return topic;
    }
  }

  /** The commons-cli options of the table, for the parser and tests. */
  static Options options() {
    return CliOptions.all();
  }

  /**
   * Parses {@code args} (what ToolRunner left after the generic options) into {@code conf}.
   *
   * @throws InvalidInputException for unknown options, missing values or a missing -confDir
   */
  public static Parsed parse(String[] args, Configuration conf) {
    return parse(args, conf, false);
  }

  /**
   * Parses the options of {@code replay} (the arguments after the word): the usual options minus
   * those a replay cannot honour (the table gives each one's reason), plus -auditLog,
   * -replaySpeed and -replayPrecreate.
   *
   * @throws InvalidInputException as {@link #parse}, and for an option replay does not take
   */
  public static Parsed parseReplay(String[] args, Configuration conf) {
    return parse(args, conf, true);
  }

  private static Parsed parse(String[] args, Configuration conf, boolean replay) {
    for (int i = 0; i + 1 < args.length; i++) {
      // commons-cli would take "-D key value" as key=value; Hadoop's -D takes one key=value word.
      if (args[i].equals("-D") && !args[i + 1].contains("=")) {
        throw new InvalidInputException("-D " + args[i + 1] + " is not key=value");
      }
    }
    CommandLine cmd;
    try {
      cmd = DefaultParser.builder().setAllowPartialMatching(false).build()
          .parse(options(), args);
    } catch (org.apache.commons.cli.UnrecognizedOptionException e) {
      String typed = e.getOption().replaceFirst("^-+", "");
      throw new InvalidInputException("Unrecognized option: -" + typed
          + Suggestions.didYouMean(typed, io.metabench.config.OptionNames.all(), "-")
          + "; run with -help for every option (generic options such as -conf and -fs go first)");
    } catch (ParseException e) {
      throw new InvalidInputException(e.getMessage().replaceAll("\\s+", " ").trim()
          + "; run with -help for every option (generic options such as -conf and -fs go first)");
    }
    if (!cmd.getArgList().isEmpty()) {
      throw new InvalidInputException("unexpected argument '" + cmd.getArgList().get(0)
          + "'; options take the form -name value (run with -help)");
    }
    // Help wins wherever it stands, before any option is applied (or refused).
    for (Option given : cmd.getOptions()) {
      if (entry(given).action() == CliAction.HELP) {
        return new Parsed(true, given.getValue());
      }
    }
    CliAction.Pending pending = new CliAction.Pending(conf);
    for (Option given : cmd.getOptions()) {
      io.metabench.config.Option o = entry(given);
      String name = given.getOpt();
      if (replay && o.replayRefusal() != null) {
        throw new InvalidInputException("replay does not take -" + name + " ("
            + o.replayRefusal() + "): drop it");
      }
      if (!replay && o.replayOnly()) {
        throw new InvalidInputException("-" + name + " is an option of the replay command: run "
            + "metabench replay -auditLog FILE [options]");
      }
      CliAction.applyTo(pending, o, name, given.getValues());
    }
    pending.finish();
    return new Parsed(false, null);
  }

  /** The table entry of a parsed option: every commons-cli option is built from one. */
  private static io.metabench.config.Option entry(Option given) {
    io.metabench.config.Option o = io.metabench.config.OptionNames.forName(given.getOpt());
    if (o == null) {
      throw new IllegalStateException("-" + given.getOpt() + " is not in the option table");
    }
    return o;
  }

  /** The names -workload knows without a path: the files in {@link #WORKLOADS}. */
  static String shippedWorkloads() {
    return Resources.shippedWorkloads();
  }

  /** What the {@code report} command is asked to do. Immutable. */
  public static final class ReportRequest {
    private final List<File> inputs;
    private final String outDir;
    private final int chartThreads;

    ReportRequest(List<File> inputs, String outDir, int chartThreads) {
      this.inputs = Collections.unmodifiableList(inputs);
      this.outDir = outDir;
      this.chartThreads = chartThreads;
    }

    /** Result JSON files, in the order given. */
    public List<File> inputs() {
      return inputs;
    }

    /** Where the report goes; empty for the default. */
    public String outDir() {
      return outDir;
    }

    /** The latency charts' concurrency; 0 for the highest. */
    public int chartThreads() {
      return chartThreads;
    }
  }

  /**
   * Parses {@code report [-outDir dir] [-chartThreads n] result.json...}: the arguments after
   * the word {@code report}.
   *
   * @throws InvalidInputException for unknown options or no input file
   */
  public static ReportRequest parseReport(String[] args) {
    Options o = new Options();
    o.addOption(Option.builder("outDir").hasArg().argName("dir")
        .desc("Where the summary CSV, charts and report.html go").build());
    o.addOption(Option.builder("chartThreads").hasArg().argName("n")
        .desc("The concurrency the latency charts show").build());
    CommandLine cmd = parseCommand("report", o, args,
        "usage: report [-outDir dir] [-chartThreads n] result.json...");
    if (cmd.getArgList().isEmpty()) {
      throw new InvalidInputException("report: no result file given; usage: report [-outDir dir] "
          + "[-chartThreads n] result.json... (a study's result.json or a run's JSON file)");
    }
    List<File> inputs = new ArrayList<>();
    for (String a : cmd.getArgList()) {
      inputs.add(new File(a));
    }
    int chartThreads = 0;
    if (cmd.hasOption("chartThreads")) {
      try {
        chartThreads = Integer.parseInt(cmd.getOptionValue("chartThreads").trim());
      } catch (NumberFormatException e) {
        chartThreads = -1;
      }
      if (chartThreads < 1) {
        throw new InvalidInputException("report: -chartThreads '"
            + cmd.getOptionValue("chartThreads") + "' is not a positive number of threads");
      }
    }
    return new ReportRequest(inputs, cmd.getOptionValue("outDir", ""), chartThreads);
  }

  /**
   * The arguments after a command word ({@code report}, {@code compare}, {@code merge}) read with
   * {@code options}, no partial option names.
   *
   * @throws InvalidInputException in one line, {@code <command>: <what is wrong>; <usage>}
   */
  static CommandLine parseCommand(String command, Options options, String[] args, String usage) {
    try {
      return DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
    } catch (ParseException e) {
      throw new InvalidInputException(command + ": " + e.getMessage().replaceAll("\\s+", " ")
          .trim() + "; " + usage);
    }
  }

  /**
   * Prints the help of {@code topic}: null for the overview (the most used options, the other
   * groups, examples), {@code all} for every option by group, or a group's {@link
   * io.metabench.config.Group#topic}.
   *
   * @throws InvalidInputException for a topic that is none of these
   */
  public static void printHelp(PrintWriter out, String topic) {
    CliOptions.printHelp(out, topic);
  }

  /** The keys the command line may have written, for tests. */
  static Map<Object, Object> snapshot(Configuration conf) {
    Properties p = new Properties();
    for (Map.Entry<String, String> e : conf) {
      if (e.getKey().startsWith("metabench.")) {
        p.put(e.getKey(), e.getValue());
      }
    }
    return p;
  }
}
