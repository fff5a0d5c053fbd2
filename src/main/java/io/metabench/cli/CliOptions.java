package io.metabench.cli;

import io.metabench.config.CliAction;
import io.metabench.config.Group;
import io.metabench.config.Resources;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Suggestions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The commons-cli view of the {@link io.metabench.config.Option} table: the options the parser
 * accepts and the {@code -help} text, both derived from it. Stateless.
 */
final class CliOptions {
  private static final int WIDTH = 100;
  /** How many of a group's options the overview names before "and n more". */
  private static final int NAMED_IN_OVERVIEW = 6;

  private CliOptions() {
  }

  /** Every command-line name of every option (aliases too), in table order. */
  static Options all() {
    Options all = new Options();
    for (io.metabench.config.Option o : io.metabench.config.Option.values()) {
      add(all, o);
    }
    return all;
  }

  private static Options of(Group g) {
    Options in = new Options();
    for (io.metabench.config.Option o : io.metabench.config.Option.values()) {
      if (o.group() == g) {
        add(in, o);
      }
    }
    return in;
  }

  private static void add(Options to, io.metabench.config.Option o) {
    String primary = o.names().isEmpty() ? null : o.names().get(0);
    for (String name : o.names()) {
      Option.Builder b = Option.builder(name)
          .desc(name.equals(primary) ? o.help() : "Alias of -" + primary);
      if (o.action() == CliAction.HELP && name.length() > 1) {
        b.longOpt(name); // --help as well as -help
      }
      switch (o.action().arity()) {
        case ONE:
          b.hasArg().argName(o.argName());
          break;
        case OPTIONAL:
          b.hasArg().optionalArg(true).argName(o.argName());
          break;
        case PAIR:
          // Two values at most, so a value may itself contain '=' (as with Hadoop's own -D).
          b.numberOfArgs(2).valueSeparator('=').argName(o.argName());
          break;
        case NONE:
        default:
          break;
      }
      to.addOption(b.build());
    }
  }

  /**
   * Prints the help of {@code topic}: the overview when null, every group for {@code all}, or
   * one group by its topic word.
   *
   * @throws InvalidInputException for an unknown topic, with the topics there are
   */
  static void printHelp(PrintWriter out, String topic) {
    HelpFormatter f = new HelpFormatter();
    f.setOptionComparator(null);
    if (topic == null || topic.trim().isEmpty()) {
      printOverview(out, f);
    } else if (topic.trim().equalsIgnoreCase("all")) {
      printUsage(out, f);
      for (Group g : Group.values()) {
        printGroup(out, f, g);
      }
      printWorkloads(out, f);
      printEnd(out, f);
    } else {
      Group g = group(topic.trim());
      printGroup(out, f, g);
      if (g == Group.WORKLOADS) {
        printWorkloads(out, f);
      }
    }
    out.flush();
  }

  private static Group group(String topic) {
    List<String> topics = new ArrayList<>();
    for (Group g : Group.values()) {
      if (g.topic().equalsIgnoreCase(topic)) {
        return g;
      }
      topics.add(g.topic());
    }
    topics.add("all");
    throw new InvalidInputException("-help " + topic + " is not a help topic"
        + Suggestions.didYouMean(topic, topics, "") + ": give one of " + String.join(", ", topics)
        + ", or -help alone for the most used options");
  }

  /** The most used options, the other groups by name, three examples and the exit codes. */
  private static void printOverview(PrintWriter out, HelpFormatter f) {
    printUsage(out, f);
    printGroup(out, f, Group.BASICS);
    out.println();
    out.println("More options, by topic (metabench -help TOPIC; -help all for every option):");
    for (Group g : Group.values()) {
      if (g == Group.BASICS) {
        continue;
      }
      List<String> names = new ArrayList<>();
      int count = 0;
      for (io.metabench.config.Option o : io.metabench.config.Option.values()) {
        if (o.group() == g && !o.names().isEmpty()) {
          if (count++ < NAMED_IN_OVERVIEW) {
            names.add("-" + o.names().get(0));
          }
        }
      }
      String more = count > NAMED_IN_OVERVIEW ? " and " + (count - NAMED_IN_OVERVIEW) + " more"
          : "";
      f.printWrapped(out, WIDTH, 14, String.format(java.util.Locale.ROOT, "  %-11s %s: %s%s",
          g.topic(), g.title(), String.join(" ", names), more));
    }
    out.println();
    // Not wrapped: each stays one command a person can copy.
    out.println("Examples:");
    out.println("  Every NNBench phase, 16 threads x 5,000 files, on a running HDFS:");
    out.println("    metabench -operation create_write,open_read,rename,delete -threads 16 \\");
    out.println("        -numberOfFiles 5000 -baseDir hdfs://namenode:8020/benchmarks/MetaBench");
    out.println("  A fixed rate of stats for a minute on the files the first example made:");
    out.println("    metabench -operation stat -duration 60 -rate 2000 \\");
    out.println("        -baseDir hdfs://namenode:8020/benchmarks/MetaBench");
    out.println("  A study at 1, 4 and 16 threads, 3 times each, HDFS beside the local disk:");
    out.println("    metabench -operation create_write,open_read,delete -threads 1,4,16 \\");
    out.println("        -iterations 3 -target hdfs://namenode:8020/b -target file:///tmp/b");
    printEnd(out, f);
  }

  private static void printUsage(PrintWriter out, HelpFormatter f) {
    f.printWrapped(out, WIDTH, "usage: metabench [generic options] -operation OPS [options]");
    f.printWrapped(out, WIDTH, "A multi-threaded metadata benchmark for Hadoop-compatible file "
        + "systems. Generic options (-D key=value, -conf file, -fs uri, -libjars) go first.");
  }

  private static void printGroup(PrintWriter out, HelpFormatter f, Group g) {
    Options in = of(g);
    if (in.getOptions().isEmpty()) {
      return;
    }
    out.println();
    out.println(g.title() + ":");
    f.printOptions(out, WIDTH, in, 2, 2);
  }

  /** Every shipped workload: what it reproduces and the options it stands for. */
  private static void printWorkloads(PrintWriter out, HelpFormatter f) {
    out.println();
    out.println("Shipped workloads (-workload NAME; add -dryRun to see the whole plan):");
    for (String name : Resources.SHIPPED_WORKLOADS) {
      String[] d = Resources.describeWorkload(name);
      f.printWrapped(out, WIDTH, 4, "  " + name + ": " + d[0]);
      f.printWrapped(out, WIDTH, 6, "    = " + d[1]);
    }
  }

  private static void printEnd(PrintWriter out, HelpFormatter f) {
    out.println();
    f.printWrapped(out, WIDTH, "Other commands: metabench replay -auditLog hdfs-audit.log "
        + "[options] replays an HDFS audit log (docs/replay.md); metabench report [-outDir dir] "
        + "result.json... re-draws the summary, charts and HTML report of saved results "
        + "(docs/reports.md); metabench compare BASELINE CANDIDATE... gives each phase a "
        + "confidence interval and a verdict, and exits 3 when one got slower "
        + "(docs/compare.md); metabench merge a.json b.json... combines processes run by hand "
        + "with -mapIndex into one result, as -maps would (docs/mapreduce.md).");
    f.printWrapped(out, WIDTH, "Exit codes: 0 every operation succeeded, 1 some failed (or "
        + "cleanup could not remove everything), 2 bad input (nothing was touched), 3 compare "
        + "found a phase slower, 130 stopped by Ctrl-C or SIGTERM (what completed is reported). "
        + "Docs: docs/usage.md");
  }
}
