package io.metabench.cli;

import io.metabench.config.CliAction;
import io.metabench.config.Group;
import java.io.PrintWriter;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * The commons-cli view of the {@link io.metabench.config.Option} table: the options the parser
 * accepts and the {@code -help} text, both derived from it. Stateless.
 */
final class CliOptions {
  private static final int WIDTH = 100;

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

  /** Prints the usage, then every option under its group's heading, then the other commands. */
  static void printHelp(PrintWriter out) {
    HelpFormatter f = new HelpFormatter();
    f.setOptionComparator(null);
    f.printWrapped(out, WIDTH, "usage: metabench [generic options] -operation OPS [options]");
    f.printWrapped(out, WIDTH, "A multi-threaded metadata benchmark for Hadoop-compatible file "
        + "systems.\nGeneric options (-D key=value, -conf file, -fs uri, -libjars) go first.");
    for (Group g : Group.values()) {
      Options in = of(g);
      if (in.getOptions().isEmpty()) {
        continue;
      }
      out.println();
      out.println(g.title() + ":");
      f.printOptions(out, WIDTH, in, 2, 2);
    }
    out.println();
    f.printWrapped(out, WIDTH, "metabench report [-outDir dir] [-chartThreads n] result.json... "
        + "re-draws the summary, charts and HTML report of saved results.\n"
        + "metabench replay -auditLog hdfs-audit.log [-replaySpeed x] [-replayPrecreate false] "
        + "[options] replays an HDFS NameNode audit log under <baseDir>/replay (docs/replay.md).\n"
        + "\nExit codes: 0 all operations succeeded, 1 some failed, 2 bad input.\n"
        + "Docs: docs/usage.md");
    out.flush();
  }
}
