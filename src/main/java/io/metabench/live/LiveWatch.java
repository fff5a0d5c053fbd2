package io.metabench.live;

import io.metabench.config.ListenAddress;
import io.metabench.core.InvalidInputException;
import io.metabench.engine.Progress;
import java.io.PrintStream;

/**
 * What watches a process's runs live (docs/watching.md): its {@link LiveFigures}, served on a
 * Prometheus endpoint ({@code -prometheus}), pushed to a Pushgateway ({@code -prometheusPush}),
 * or both; {@link #NONE} when neither is asked for. Started before a run makes anything, so bad
 * settings refuse the run; closed after it, once the last figures reached Prometheus (a last
 * scrape, a last push).
 *
 * <p>Lifecycle: {@link #start}, {@link #watched} for each run, {@link #close}; from one thread.
 */
public final class LiveWatch implements AutoCloseable {
  /** Watches nothing: progress goes to the console alone. */
  public static final LiveWatch NONE = new LiveWatch(null, null, null);

  private final LiveFigures figures;
  private final PrometheusEndpoint endpoint;
  private final PrometheusPush push;

  private LiveWatch(LiveFigures figures, PrometheusEndpoint endpoint, PrometheusPush push) {
    this.figures = figures;
    this.endpoint = endpoint;
    this.push = push;
  }

  /**
   * Serves on {@code at} (when given) and pushes to {@code pushUrl} (when not empty) the figures
   * of run {@code run} as map {@code map}, telling {@code err} where.
   *
   * @throws InvalidInputException for a port that cannot be had, a host not this machine's, a
   *     URL that is none or where no Pushgateway answers; nothing is left running then
   */
  public static LiveWatch start(ListenAddress at, String pushUrl, String run, int map,
      PrintStream err) {
    if (!at.given() && pushUrl.isEmpty()) {
      return NONE;
    }
    LiveFigures figures = new LiveFigures(run);
    PrometheusEndpoint endpoint = at.given() ? PrometheusEndpoint.start(at, figures, err) : null;
    PrometheusPush push;
    try {
      push = pushUrl.isEmpty() ? null
          : PrometheusPush.start(pushUrl, figures, Integer.toString(map), err);
    } catch (RuntimeException e) {
      if (endpoint != null) {
        endpoint.stopNow();
      }
      throw e;
    }
    if (push != null) {
      err.println("metabench: live figures pushed to the Pushgateway at " + pushUrl
          + " every second (job metabench, run " + run + ", map " + map + ")");
    }
    return new LiveWatch(figures, endpoint, push);
  }

  /**
   * As {@link #start} for a map of a job, which pushes only: a Pushgateway this host cannot reach
   * costs a warning and the map runs unwatched (its driver reached it before the job started).
   */
  public static LiveWatch pushingOrWarn(String pushUrl, String run, int map, PrintStream err) {
    try {
      return start(ListenAddress.NONE, pushUrl, run, map, err);
    } catch (InvalidInputException e) {
      err.println("metabench: warning: map " + map + " pushes no live figures: " + e.getMessage());
      return NONE;
    }
  }

  /**
   * Checks, for a process that runs no phase itself (a job's driver), that a Pushgateway answers
   * at {@code pushUrl} (when not empty), so that a job whose maps could not push is refused
   * before it starts.
   *
   * @throws InvalidInputException as {@link #start}
   */
  public static void checkPush(String pushUrl, java.io.PrintStream err) {
    if (!pushUrl.isEmpty()) {
      PrometheusPush.checked(pushUrl, err);
    }
  }

  /**
   * {@code console}, and these figures when anything watches, for one run on {@code target} with
   * {@code threads} workers as map {@code map}.
   */
  public Progress watched(Progress console, String target, int threads, int map) {
    return figures == null ? console
        : Progress.both(console, figures.watch(target, threads, map));
  }

  /**
   * Where the NameNode view's readings go live ({@link LiveFigures#serverRead}); nowhere when
   * nothing watches.
   */
  public java.util.function.Consumer<java.util.Map<String, Double>> serverReadings() {
    return figures == null ? values -> { } : figures::serverRead;
  }

  /** The last push, then the wait for the last scrape; both said on stderr when they fail. */
  @Override
  public void close() throws InterruptedException {
    try {
      if (push != null) {
        push.close();
      }
    } finally {
      if (endpoint != null) {
        endpoint.close();
      }
    }
  }
}
