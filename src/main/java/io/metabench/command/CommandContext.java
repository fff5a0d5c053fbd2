package io.metabench.command;

import io.metabench.cli.CliParser;
import io.metabench.config.ConfigKeys;
import io.metabench.config.Option;
import io.metabench.core.StopRequest;
import io.metabench.runner.Signals;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;

/**
 * What every command shares: stdout for results, stderr for errors and progress, the request
 * to stop early (Ctrl-C, SIGTERM, or an embedding caller), and when the command started.
 * Immutable.
 */
public final class CommandContext {
  /** Whether no command has started in this JVM yet: the first one's wait includes the JVM's. */
  private static final AtomicBoolean FIRST_IN_JVM = new AtomicBoolean(true);

  private final PrintStream out;
  private final PrintStream err;
  private final StopRequest stop;
  /** The JVM's uptime (ms) the command's time counts from. */
  private final long fromUptimeMillis;

  public CommandContext(PrintStream out, PrintStream err, StopRequest stop) {
    this.out = out;
    this.err = err;
    this.stop = stop;
    this.fromUptimeMillis = FIRST_IN_JVM.getAndSet(false) ? 0 : uptimeMillis();
  }

  private static long uptimeMillis() {
    return ManagementFactory.getRuntimeMXBean().getUptime();
  }

  /**
   * How long the command has taken so far, in seconds: for the JVM's first command, since the
   * JVM started (its start-up is part of what the user waited for); for a later one in the same
   * JVM (a caller embedding MetaBench, a test), since the command's own start.
   */
  public double secondsSoFar() {
    return (uptimeMillis() - fromUptimeMillis) / 1000.0;
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
