package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.config.ConfigKeys;
import io.metabench.config.Option;
import io.metabench.core.StopRequest;
import io.metabench.runner.Signals;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;

/**
 * What every command shares: stdout for results, stderr for errors and progress, and the request
 * to stop early (Ctrl-C, SIGTERM, or an embedding caller). Immutable.
 */
public final class CommandContext {
  private final PrintStream out;
  private final PrintStream err;
  private final StopRequest stop;

  public CommandContext(PrintStream out, PrintStream err, StopRequest stop) {
    this.out = out;
    this.err = err;
    this.stop = stop;
  }

  /** Makes Ctrl-C and SIGTERM request {@code stop}, telling {@code err}; for the command line. */
  public static void stopOnSignals(StopRequest stop, PrintStream err) {
    Signals.install(stop, err);
  }

  /** Whether -verbose was given: errors then come with their stack traces. */
  public static boolean verbose(Configuration conf) {
    return conf != null
        && conf.getBoolean(ConfigKeys.VERBOSE, (Boolean) Option.VERBOSE.defaultValue());
  }

  public PrintStream out() {
    return out;
  }

  public PrintStream err() {
    return err;
  }

  public StopRequest stop() {
    return stop;
  }

  /** Prints the help of {@code topic} (null: the overview) to stdout. */
  void printHelp(String topic) {
    CliParser.printHelp(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)),
        topic);
  }
}
