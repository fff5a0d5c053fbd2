package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.ConfigKeys;
import io.metabench.config.UserSettings;
import io.metabench.core.StopRequest;
import io.metabench.fs.Target;
import io.metabench.op.OpType;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunResult;
import io.metabench.stats.capacity.CapacityResult;
import io.metabench.stats.capacity.CapacityStep;
import io.metabench.stats.capacity.StepVerdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;

/**
 * A capacity search (docs/capacity.md): runs of one operation at the rates {@link RateChooser}
 * picks, each judged by {@link StepVerdict}, on one target in this process. Every step is an
 * ordinary run of the engine at a fixed rate ({@code -rate}), so every figure a run has, each
 * step has.
 *
 * <p>What each step needs is made outside its measurement: for an operation that keeps names
 * (stat, open_read, ...) the files, once, before the first step, removed after the last; for one
 * that makes items (create_write, mkdirs) nothing, and each step removes what it made, so the
 * namespace does not grow from step to step; for one that uses them up (delete, rename, rmdir) a
 * closed-loop run makes the step's items just before it, as many as it uses at its rate, and the
 * step removes what is left. The first run (the closed-loop probe, or the first step) warms the
 * client; later steps run in the warm JVM without a warm-up of their own.
 *
 * <p>Used once, from one thread.
 */
public final class CapacitySearch {
  /** Files per worker an operation that keeps names reads, unless -numberOfFiles says. */
  static final long KEPT_FILES = 1_000;
  /** Items per worker of the closed-loop probe of an operation that makes or uses them up. */
  static final long PROBE_ITEMS = 1_000;
  /** The most steps a search takes. */
  static final int MAX_STEPS = 30;

  private final CapacityPlan plan;
  private final Configuration conf;
  private final Target target;
  private final StudyRunner.RunExecutor executor;
  private final StopRequest stop;
  private final Consumer<CapacityStep> listener;
  private final List<CapacityStep> steps = new ArrayList<>();
  private int warmedBy;
  private int judged;

  /**
   * A search of {@code plan} on {@code target}, each run executed by {@code executor} with
   * {@code conf} as the user's configuration; {@code listener} is told of each step as it ends.
   */
  public CapacitySearch(CapacityPlan plan, Configuration conf, Target target,
      StudyRunner.RunExecutor executor, StopRequest stop, Consumer<CapacityStep> listener) {
    this.plan = plan;
    this.conf = conf;
    this.target = target;
    this.executor = executor;
    this.stop = stop;
    this.listener = listener;
  }

  /**
   * The operation a search of {@code op} runs first: the one that makes its items (create_write,
   * or mkdirs for rmdir), or {@code op} itself when it makes them; a preflight checks that one.
   */
  public static OpType firstOperation(OpType op) {
    return op.createsItems() ? op : op == OpType.RMDIR ? OpType.MKDIRS : OpType.CREATE_WRITE;
  }

  /** Runs the search. */
  public CapacityResult run() throws IOException, InterruptedException {
    long began = System.nanoTime();
    OpType op = plan.operation();
    BenchConfig base = BenchConfig.fromConfiguration(conf);
    long kept = UserSettings.isSetByUser(conf, ConfigKeys.FILES_PER_WORKER)
        ? base.filesPerWorker() : KEPT_FILES;
    if (op.keepsNames()) {
      unmeasured(firstOperation(op), kept);
    }
    double start = plan.startRate();
    if (start <= 0) {
      CapacityStep probe = step(0, CapacityStep.Kind.PROBE, 0, kept);
      start = probe == null ? 1 : probe.phase().tps() / 2;
    }
    RateChooser chooser = new RateChooser(RateChooser.round(Math.max(start, RateChooser.MIN_RATE)),
        plan.precision(), MAX_STEPS);
    String ending = "";
    for (RateChooser.Next next = chooser.next(); next != null; next = chooser.next()) {
      CapacityStep s = stop.isRequested() ? null : step(++judged, next.confirming
          ? CapacityStep.Kind.CONFIRM : CapacityStep.Kind.STEP, next.rate, kept);
      if (s == null) {
        ending = "stopped: " + stop.reason();
        break;
      }
      chooser.record(next.rate, s.verdict().outcome(), s.verdict().worstRatio());
    }
    if (op.keepsNames()) {
      cleanupOnly();
    }
    return new CapacityResult(plan, target.fsUri() + "", base.threads(), steps, chooser.held(),
        chooser.brokeAt(), chooser.clientLimited(), ending.isEmpty() ? chooser.ending() : ending,
        (System.nanoTime() - began) / 1e9);
  }

  /**
   * One run of the operation at {@code rate} (0: closed loop, the probe), its items made first
   * where it uses them up, judged unless it is the probe; null when a stop came before its phase
   * ran.
   */
  private CapacityStep step(int number, CapacityStep.Kind kind, double rate, long kept)
      throws IOException, InterruptedException {
    OpType op = plan.operation();
    int threads = BenchConfig.fromConfiguration(conf).threads();
    double seconds = plan.stepMillis() / 1000.0;
    // Items for one step: as many as its rate uses in the step's length, or the probe's count.
    long items = rate == 0 ? PROBE_ITEMS : (long) Math.ceil(rate * seconds / threads) + 1;
    if (!op.keepsNames() && !op.createsItems()) {
      unmeasured(firstOperation(op), items);
    }
    Configuration c = new Configuration(conf);
    c.set(ConfigKeys.OPERATIONS, op.id());
    c.set(ConfigKeys.RATE, Double.toString(rate));
    c.setBoolean(ConfigKeys.QUIET, true);
    if (op.keepsNames()) {
      c.setLong(ConfigKeys.FILES_PER_WORKER, kept);
      c.setLong(ConfigKeys.DURATION_MILLIS, rate == 0 ? plan.stepMillis() / 2
          : plan.stepMillis());
    } else {
      c.setLong(ConfigKeys.FILES_PER_WORKER, items);
      c.setBoolean(ConfigKeys.CLEANUP, true);
    }
    RunResult run = executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy);
    warmedBy = 1;
    PhaseResult phase = null;
    for (PhaseResult p : run.phases()) {
      if (p.op() == op && !p.partOfMix()) {
        phase = p;
      }
    }
    if (phase == null && stop.isRequested()) {
      // Stopped before the step's phase ran: the search ends with what it has.
      return null;
    }
    if (phase == null) {
      throw new IOException("the capacity search's run at " + rate + " ops/s ran no " + op.id()
          + " phase");
    }
    StepVerdict verdict = kind == CapacityStep.Kind.PROBE ? null : StepVerdict.judge(phase, rate,
        plan.bounds().of(op), plan.failureShare(), !target.embedded());
    CapacityStep s = new CapacityStep(number, kind, rate, run, phase, verdict);
    steps.add(s);
    listener.accept(s);
    return s;
  }

  /** A closed-loop run of {@code op} on {@code items} per worker, outside any measurement. */
  private void unmeasured(OpType op, long items)
      throws IOException, InterruptedException {
    Configuration c = new Configuration(conf);
    c.set(ConfigKeys.OPERATIONS, op.id());
    c.setLong(ConfigKeys.FILES_PER_WORKER, items);
    c.set(ConfigKeys.RATE, "0");
    c.setLong(ConfigKeys.CLIENT_WARMUP_MILLIS, 0);
    c.setBoolean(ConfigKeys.QUIET, true);
    executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy);
  }

  /** Removes what the search made (a run with -cleanup and no phase). */
  private void cleanupOnly() throws IOException, InterruptedException {
    Configuration c = new Configuration(conf);
    c.set(ConfigKeys.OPERATIONS, "");
    c.setBoolean(ConfigKeys.QUIET, true);
    c.setBoolean(ConfigKeys.CLEANUP, true);
    executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy);
  }
}
