package io.metabench.replay;

import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.ConfigKeys;
import io.metabench.config.MixSpec;
import io.metabench.config.ReplayConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.engine.Progress;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.path.BaseDirMarker;
import io.metabench.runner.CapacitySearch;
import io.metabench.runner.RunChecks;
import io.metabench.runner.StepEnd;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.EarlyBreak;
import io.metabench.stats.capacity.StepVerdict;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of a replay's capacity search (docs/capacity.md#a-replay): each step replays the
 * whole log once, at the speed-up that offers the step's rate (the probe at {@code -replaySpeed
 * 0}, as fast as it goes), into a subtree of its own, {@code <baseDir>/replay-capacity/step-N},
 * which is removed after it, so every step starts from the namespace the log found (precreated
 * as any replay's) and the namespace does not grow from step to step. A step is judged as a
 * whole (every command's latency from when it was due, the whole rate achieved, failures) and
 * per operation of the log ({@link StepVerdict#judgeParts}), and ended early once clearly broken
 * ({@link EarlyBreak}: an operation's late commands counted against all the log's, which never
 * ends a step that could hold). The first run warms the client;
 * later ones run in the warm JVM without a warm-up of their own.
 *
 * <p>Lifecycle: {@link #check} before anything is made, then the search calls {@link #before},
 * the steps and {@link #after}. Used from the search's one thread.
 */
public final class ReplayCapacity implements CapacitySearch.Steps {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayCapacity.class);
  /** The directory under the base directory that holds the steps' subtrees. */
  static final String ROOT = "replay-capacity";

  private final CapacityPlan plan;
  private final Configuration conf;
  private final AuditLog log;
  private final Target target;
  private final StopRequest stop;
  private FileSystem control;
  private boolean warmed;

  /** The search of {@code plan} replaying {@code log} on {@code target} with {@code conf}. */
  public ReplayCapacity(CapacityPlan plan, Configuration conf, AuditLog log, Target target,
      StopRequest stop) {
    this.plan = plan;
    this.conf = conf;
    this.log = log;
    this.target = target;
    this.stop = stop;
  }

  /**
   * Refuses, without changing anything, a target the search may not use: unreachable, a base
   * directory a run may not use, or one holding an earlier search's {@code replay-capacity}.
   */
  public static void check(Target target, BenchConfig config) throws IOException {
    FileSystem fs = Reachability.within(target, config.connectTimeoutSeconds(),
        () -> new ClientFactory(target).newClient());
    try {
      Path base = target.baseDir();
      BaseDirMarker.requireUsable(BaseDirMarker.inspect(fs, base), base);
      Path root = new Path(base, ROOT);
      if (fs.exists(root)) {
        throw new InvalidInputException(root + " already exists, left by an earlier replay "
            + "search; a search starts from an empty one: remove it, or give a new -baseDir");
      }
    } finally {
      ClientFactory.closeQuietly(fs);
    }
  }

  @Override
  public void before() throws IOException {
    control = new ClientFactory(target).newClient();
    RunChecks.claim(control, target);
    if (!control.mkdirs(root())) {
      throw new IOException("could not create " + root());
    }
  }

  @Override
  public CapacityStep step(int number, CapacityStep.Kind kind, double rate)
      throws IOException, InterruptedException {
    Configuration c = new Configuration(conf);
    c.set(ConfigKeys.REPLAY_SPEED, Double.toString(rate == 0 ? 0
        : plan.replayed().speedOf(rate)));
    c.setBoolean(ConfigKeys.QUIET, true);
    if (warmed) {
      c.setLong(ConfigKeys.CLIENT_WARMUP_MILLIS, 0);
    }
    Path dir = new Path(root(), "step-" + number);
    // Ended once it is clearly broken: more of an operation's commands over a bound than the
    // bound allows of all the log's (a low speed's step is as long as the log, or longer).
    StepEnd end = new StepEnd(kind, plan.bounds(), MixSpec.NONE, rate, log.size() / rate);
    RunResult run;
    try {
      run = new ReplayRunner(BenchConfig.fromConfiguration(c).unsized(),
          ReplayConfig.fromConfiguration(c), log, target.under(dir), NanoClock.SYSTEM,
          Progress.QUIET, stop).endingEarlyWhen(end).run();
      warmed = true;
    } finally {
      remove(dir);
    }
    if (run.phases().isEmpty()) {
      if (stop.isRequested()) {
        return null;
      }
      throw new IOException("the replay search's run at " + rate + " ops/s replayed nothing");
    }
    PhaseResult total = PhaseResult.totalOfMix(run.phases());
    StepVerdict verdict = kind == CapacityStep.Kind.PROBE ? null : StepVerdict.judgeParts(
        "replay", total, run.phases(), run.achievedPerSecond(total), rate, plan.bounds(),
        plan.failureShare(), !target.embedded(), 1);
    return new CapacityStep(number, kind, rate, run, total, end.verdictOf(verdict));
  }

  @Override
  public void after() {
    try {
      if (!control.delete(root(), false)) {
        LOG.warn("{} was left: a step's subtree in it could not be removed", root());
      }
    } catch (IOException e) {
      LOG.warn("{} was left: {}", root(), e.toString());
    } finally {
      ClientFactory.closeQuietly(control);
    }
  }

  private Path root() {
    return new Path(target.baseDir(), ROOT);
  }

  /** Removes a step's subtree, all of it made by the step; a failure is a warning. */
  private void remove(Path dir) {
    try {
      if (control.exists(dir) && !control.delete(dir, true)) {
        LOG.warn("could not remove {}", dir);
      }
    } catch (IOException e) {
      LOG.warn(String.format(Locale.ROOT, "could not remove %s: %s", dir, e));
    }
  }
}
