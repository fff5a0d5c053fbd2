package io.metabench;

import io.metabench.command.Command;
import io.metabench.command.CommandContext;
import io.metabench.command.CompareCommand;
import io.metabench.command.MergeCommand;
import io.metabench.command.ProfileCommand;
import io.metabench.command.ReplayCommand;
import io.metabench.command.ReportCommand;
import io.metabench.command.RunCommand;
import io.metabench.core.InvalidInputException;
import io.metabench.core.StopRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line: a Hadoop {@link Tool}, so {@code hadoop jar}, {@code -D}, {@code -conf} and
 * {@code -fs} work as everywhere in Hadoop. It reads the command word ({@code report},
 * {@code compare}, {@code merge}, {@code replay}; none for a run or study), hands the rest to
 * that command (package {@code io.metabench.command}) and turns its outcome into an exit code
 * and a one-line error.
 * Results go to stdout and files; logs to stderr.
 * Exit codes: 0 all operations succeeded, 1 some failed (or the run could not complete), 2 bad
 * input (nothing was changed), 130 stopped by Ctrl-C or SIGTERM (what completed is reported).
 */
public final class MetaBench extends Configured implements Tool {
  private static final Logger LOG = LoggerFactory.getLogger(MetaBench.class);

  public static final int EXIT_OK = Command.EXIT_OK;
  public static final int EXIT_FAILURES = Command.EXIT_FAILURES;
  public static final int EXIT_BAD_INPUT = Command.EXIT_BAD_INPUT;

  /** The commands named by a first word; without one, a run or study. */
  private static final Map<String, Function<CommandContext, Command>> COMMANDS;

  static {
    Map<String, Function<CommandContext, Command>> c = new HashMap<>();
    c.put("report", ReportCommand::new);
    c.put("compare", CompareCommand::new);
    c.put("merge", MergeCommand::new);
    c.put("replay", ReplayCommand::new);
    c.put("profile", ProfileCommand::new);
    c.put("image", io.metabench.command.ImageCommand::new);
    COMMANDS = Collections.unmodifiableMap(c);
  }

  private final CommandContext context;

  public MetaBench() {
    this(System.out, System.err, new StopRequest());
  }

  /** For embedding and tests: results to {@code out}, one-line errors to {@code err}. */
  public MetaBench(PrintStream out, PrintStream err) {
    this(out, err, StopRequest.NEVER);
  }

  /** As {@link #MetaBench(PrintStream, PrintStream)}, stopping early when {@code stop} says. */
  public MetaBench(PrintStream out, PrintStream err, StopRequest stop) {
    this.context = new CommandContext(out, err, stop);
  }

  /** The command line: Ctrl-C and SIGTERM stop the run early with a partial report. */
  public static void main(String[] args) throws Exception {
    MetaBench bench = new MetaBench();
    CommandContext.stopOnSignals(bench.context.stop(), System.err);
    System.exit(ToolRunner.run(new Configuration(), bench, args));
  }

  @Override
  public int run(String[] args) {
    PrintStream err = context.err();
    try {
      String word = args.length > 0 ? args[0] : "";
      Function<CommandContext, Command> named = COMMANDS.get(word);
      if (named != null) {
        return named.apply(context).run(rest(args), getConf());
      }
      return new RunCommand(context).run(args, getConf());
    } catch (InvalidInputException e) {
      err.println("metabench: " + e.getMessage());
      if (verbose() && e.getCause() != null) {
        e.getCause().printStackTrace(err);
      }
      return EXIT_BAD_INPUT;
    } catch (IOException | RuntimeException e) {
      LOG.debug("run failed", e);
      err.println("metabench: the run could not complete: " + e);
      if (verbose()) {
        e.printStackTrace(err);
      }
      return EXIT_FAILURES;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("metabench: interrupted");
      return EXIT_FAILURES;
    }
  }

  private static String[] rest(String[] args) {
    return Arrays.copyOfRange(args, 1, args.length);
  }

  /** Whether -verbose was given (false when the command line itself could not be read). */
  private boolean verbose() {
    return CommandContext.verbose(getConf());
  }
}
