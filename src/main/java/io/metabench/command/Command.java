package io.metabench.command;

import io.metabench.config.ConfigKeys;
import io.metabench.config.ListenAddress;
import io.metabench.config.Option;
import io.metabench.engine.Progress;
import io.metabench.fs.KerberosLogin;
import io.metabench.live.LiveFigures;
import io.metabench.live.LiveWatch;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * One MetaBench command ({@code run}, {@code replay}, {@code report}; a study is a run with
 * several targets, concurrencies or iterations, see {@link StudyCommand}). Its lifecycle is fixed
 * here: {@link #prepare} reads the command line (and checks what it can before anything logs
 * in), then, for commands that reach file systems, the Kerberos login (the one place MetaBench
 * logs in), then the prepared invocation runs.
 *
 * <p>Errors leave as exceptions: an {@link io.metabench.core.InvalidInputException} for bad input
 * (nothing was changed), any other for a run that could not complete; the caller turns them into
 * exit codes. A command is used for one invocation, from one thread.
 */
public abstract class Command {
  /** Every operation succeeded. */
  public static final int EXIT_OK = 0;
  /** Some operations failed, or the run could not complete. */
  public static final int EXIT_FAILURES = 1;
  /** Bad input: nothing was changed. */
  public static final int EXIT_BAD_INPUT = 2;

  protected final CommandContext context;
  /** What watches the process's runs live while the command runs. */
  private LiveWatch live = LiveWatch.NONE;

  protected Command(CommandContext context) {
    this.context = context;
  }

  /**
   * {@code console}, and the figures of the Prometheus endpoint when one serves, for one run of
   * this process on {@code target} with {@code threads} workers as map {@code map}.
   */
  protected Progress watched(Progress console, String target, int threads, int map) {
    return live.watched(console, target, threads, map);
  }

  /** Where the NameNode view's readings go live: the watch's figures, or nowhere. */
  protected java.util.function.Consumer<java.util.Map<String, Double>> serverReadings() {
    return live.serverReadings();
  }

  /** What runs once the command line is read (and the login made). */
  protected interface Invocation {
    int execute() throws IOException, InterruptedException;
  }

  /**
   * Reads {@code args} (the command word removed) into {@code conf} and checks what needs no
   * login; returns null when it only printed help.
   */
  protected abstract Invocation prepare(String[] args, Configuration conf) throws IOException;

  /** Whether the command reaches file systems, and so logs in to Kerberos when asked to. */
  protected boolean usesFileSystems() {
    return true;
  }

  /**
   * Runs the command.
   *
   * @return the exit code
   */
  public final int run(String[] args, Configuration conf)
      throws IOException, InterruptedException {
    Invocation invocation = prepare(args, conf);
    if (invocation == null) {
      return EXIT_OK;
    }
    ListenAddress at = (ListenAddress) Option.PROMETHEUS.read(conf);
    String push = ((String) Option.PROMETHEUS_PUSH.read(conf)).trim();
    if (!at.given() && push.isEmpty()) {
      return loggedIn(invocation, conf);
    }
    // Before the login and anything the run makes: settings that cannot serve refuse the run.
    // A job's maps push under the run label of the process that started it.
    String run = conf.get(ConfigKeys.PROMETHEUS_RUN, LiveFigures.runLabelNow());
    conf.set(ConfigKeys.PROMETHEUS_RUN, run);
    if ((Integer) Option.MAPS.read(conf) > 0) {
      LiveWatch.checkPush(push, context.err());
      if (!push.isEmpty()) {
        context.err().println("metabench: the maps push live figures to the Pushgateway at "
            + push + " every second (job metabench, run " + run + ", a group per map)");
      }
      return loggedIn(invocation, conf);
    }
    try (LiveWatch watch = LiveWatch.start(at, push, run, (Integer) Option.MAP_INDEX.read(conf),
        context.err())) {
      live = watch;
      return loggedIn(invocation, conf);
    } finally {
      live = LiveWatch.NONE;
    }
  }

  private int loggedIn(Invocation invocation, Configuration conf)
      throws IOException, InterruptedException {
    if (usesFileSystems()) {
      // Before any file system is touched, and before any configuration is derived from conf:
      // the login every target's client then uses.
      KerberosLogin.loginIfAsked(conf);
    }
    return invocation.execute();
  }
}
