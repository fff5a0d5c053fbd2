package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.config.CapacityPlan;
import io.metabench.config.ConfigKeys;
import io.metabench.config.MixSpec;
import io.metabench.config.UserSettings;
import io.metabench.core.StopRequest;
import io.metabench.engine.PhaseEngine;
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
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;

/**
 * A capacity search (docs/capacity.md): runs of one operation at the rates {@link RateChooser}
 * picks, each judged by {@link StepVerdict}, on one target in this process. Every step is an
 * ordinary run of the engine at a fixed rate ({@code -rate}), so every figure a run has, each
 * step has. A step the client's own pause made invalid ({@link StepVerdict#clientPaused}) is run
 * again at once, and only the second run's outcome steers the search.
 *
 * <p>What each step needs (for a mix: as for one operation when all its operations keep names,
 * else a working set each step makes and removes) is made outside its measurement: for an
 * operation that keeps names
 * (stat, open_read, ...) the files, once, before the first step, removed after the last; for one
 * that makes items (create_write, mkdirs) nothing, and each step removes what it made, so the
 * namespace does not grow from step to step; for one that uses them up (delete, rename, rmdir) a
 * closed-loop run makes the step's items just before it, as many as it uses at its rate, and the
 * step removes what is left. The first run (the closed-loop probe, or the first step) warms the
 * client; later steps run in the warm JVM without a warm-up of their own. Every step offers its
 * rate for {@code -capacitySettle} before it is judged (the engine's warm-up of a paced phase,
 * a phase bound by its items too: its items are made for it), so what a step's start brings is
 * not taken for the store's answer at that rate.
 *
 * <p>Used once, from one thread.
 */
public final class CapacitySearch {
  /** Files per worker an operation that keeps names reads, unless -numberOfFiles says. */
  static final long KEPT_FILES = 1_000;
  /** Items per worker of the closed-loop probe of an operation that makes or uses them up. */
  static final long PROBE_ITEMS = 1_000;
  /**
   * Files per worker present from the start of a mix step for its reads to spread over: a mix
   * makes its working set anew each step, so this is kept small.
   */
  static final long MIX_READ_FILES = 100;
  /** The most steps a search takes. */
  static final int MAX_STEPS = 30;

  private final CapacityPlan plan;
  private final Configuration conf;
  private final Target target;
  private final StepRunner executor;
  private final StopRequest stop;
  private final Consumer<CapacityStep> listener;
  private int warmedBy;
  private long kept;

  /**
   * A search of {@code plan} on {@code target}, each run executed by {@code executor} with
   * {@code conf} as the user's configuration; {@code listener} is told of each step as it ends.
   */
  public CapacitySearch(CapacityPlan plan, Configuration conf, Target target,
      StepRunner executor, StopRequest stop, Consumer<CapacityStep> listener) {
    this.plan = plan;
    this.conf = conf;
    this.target = target;
    this.executor = executor;
    this.stop = stop;
    this.listener = listener;
  }

  /**
   * The runs a search is made of, for one kind of workload: an operation or a mix (this class),
   * a replay ({@code io.metabench.replay.ReplayCapacity}). Used from the search's one thread.
   */
  public interface Steps {
    /** Before the first step: what every step reads, made outside any measurement. */
    void before() throws IOException, InterruptedException;

    /**
     * The run at {@code rate} operations a second (0: closed loop, the probe), what it uses
     * made first, judged unless it is the probe; null when a stop came before it ran.
     */
    CapacityStep step(int number, CapacityStep.Kind kind, double rate)
        throws IOException, InterruptedException;

    /** After the last step: what {@link #before} made, removed. */
    void after() throws IOException, InterruptedException;
  }

  /** Runs one of the search's runs in this process. */
  public interface StepRunner {
    /**
     * Runs {@code config} ({@code conf}) on {@code target}; {@code warmedBy} as a study's runs
     * have it; {@code end} asked each second of its measured phase whether to end it early.
     */
    RunResult run(BenchConfig config, Configuration conf, Target target, int warmedBy,
        PhaseEngine.EarlyEnd end) throws IOException, InterruptedException;
  }

  /**
   * The operation a search of {@code op} runs first: the one that makes its items (create_write,
   * or mkdirs for rmdir), or {@code op} itself when it makes them; a preflight checks that one.
   */
  public static OpType firstOperation(OpType op) {
    return op.createsItems() ? op : op == OpType.RMDIR ? OpType.MKDIRS : OpType.CREATE_WRITE;
  }

  /**
   * The user's configuration {@code conf} for the search's first run, which the command resolves
   * and checks before anything: a run of {@link #firstOperation}, or, for a search that reads the
   * prefill's files ({@code -onPrefill}), a run of the prefill alone.
   */
  public static Configuration firstRunOf(Configuration conf, OpType op) {
    boolean onPrefill = op != null && BenchConfig.fromConfiguration(conf).prefill().reads(op);
    return runOf(conf, onPrefill ? null : firstOperation(op));
  }

  /**
   * The user's configuration {@code conf} for a run of {@code op} alone (null: no phase); the
   * search's {@code -mix} only where {@code op} is the mix, as a run refuses a mix it does not run.
   */
  public static Configuration runOf(Configuration conf, OpType op) {
    Configuration c = new Configuration(conf);
    c.set(ConfigKeys.OPERATIONS, op == null ? "" : op.id());
    if (op != OpType.MIX) {
      c.unset(ConfigKeys.MIX);
    }
    return c;
  }

  /** Runs the search of an operation or a mix. */
  public CapacityResult run() throws IOException, InterruptedException {
    BenchConfig base = BenchConfig.fromConfiguration(conf);
    kept = UserSettings.isSetByUser(conf, ConfigKeys.FILES_PER_WORKER)
        ? base.filesPerWorker() : KEPT_FILES;
    return search(plan, target.fsUri() + "", base.threads(), new Steps() {
      @Override
      public void before() throws IOException, InterruptedException {
        // A prefill is made (and checked) once, by a run of it alone, and kept by every step's
        // cleanup: reads of its files (-onPrefill) need only it, the other steps' items (a
        // mix's too) go beside it or into its directories. What every step leaves as it is
        // (reads, chmod, ...) is made once for all steps, as a step of an operation that uses
        // its items up cannot have it.
        if (base.prefill().asked()) {
          unmeasured(null, 1);
        }
        if (plan.keepsNames() && !readsPrefill(base)) {
          unmeasured(firstOperation(plan.operation()), kept);
        }
      }

      @Override
      public CapacityStep step(int number, CapacityStep.Kind kind, double rate)
          throws IOException, InterruptedException {
        return CapacitySearch.this.step(number, kind, rate);
      }

      @Override
      public void after() throws IOException, InterruptedException {
        // A prefill stays, as after any run, unless the search was given -cleanup.
        if (base.cleanup() || plan.keepsNames() && !readsPrefill(base)) {
          cleanupOnly(!base.cleanup());
        }
      }
    }, stop, listener);
  }

  /**
   * Searches the highest rate {@code steps} hold under {@code plan} on {@code target} (as its
   * result names it) with {@code threads} workers: from half a closed-loop probe's rate (or the
   * plan's start), as {@link RateChooser} chooses; a step the client's own pause made invalid
   * ({@link StepVerdict#clientPaused}), and a first step after the probe that did not hold, is run
   * again at once, and only the second run's outcome steers the search. {@code listener} is
   * told of each step as it ends.
   */
  public static CapacityResult search(CapacityPlan plan, String target, int threads, Steps steps,
      StopRequest stop, Consumer<CapacityStep> listener) throws IOException, InterruptedException {
    long began = System.nanoTime();
    List<CapacityStep> done = new ArrayList<>();
    steps.before();
    double start = plan.startRate();
    if (start <= 0) {
      CapacityStep probe = taken(steps.step(0, CapacityStep.Kind.PROBE, 0), done, listener);
      start = probe == null ? 1 : probe.phase().tps() / 2;
    }
    double lowest = plan.lowestRate(RateChooser.MIN_RATE);
    RateChooser chooser = new RateChooser(RateChooser.round(Math.max(start, lowest)),
        plan.precision(), MAX_STEPS, lowest);
    String ending = "";
    Runner run = new Runner(steps, stop, done, listener);
    for (RateChooser.Next next = chooser.next(); next != null; next = chooser.next()) {
      // The client's own pause decided the step, or the first step after the probe did not
      // hold (the probe's saturating load can leave a store slow for seconds: the embedded
      // HDFS's p50 was 2.5 times its own for 3 s after a create probe, and where the bound
      // allows a long wait the operations waited for workers held by it): its rate is run
      // again before the search takes an outcome for it. A second pause there is the client's
      // limit.
      boolean afterProbe = run.judged == 0 && plan.startRate() <= 0;
      CapacityStep s = run.twiceIf(next.confirming ? CapacityStep.Kind.CONFIRM
          : CapacityStep.Kind.STEP, CapacityStep.Kind.CONFIRM, next.rate,
          v -> v.clientPaused() || afterProbe && v.outcome() != StepVerdict.Outcome.HELD);
      if (s == null) {
        ending = "stopped: " + stop.reason();
        break;
      }
      chooser.record(next.rate, s.verdict().outcome(), s.verdict().worstRatio(),
          s.achieved());
    }
    double held = chooser.held();
    if (ending.isEmpty() && plan.checkMargin() > 0 && !Double.isNaN(held)
        && !chooser.clientLimited() && held * (1 - plan.checkMargin()) > lowest) {
      // The answer seen from both sides, after the search: these steps steer nothing. A check
      // the client's own pause decided is run again, as a search's step is: it says nothing.
      for (double f : new double[] {1 - plan.checkMargin(), 1 + plan.checkMargin()}) {
        if (run.twiceIf(CapacityStep.Kind.CHECK, CapacityStep.Kind.CHECK,
            RateChooser.round(held * f), StepVerdict::clientPaused) == null) {
          ending = "stopped: " + stop.reason();
          break;
        }
      }
    }
    steps.after();
    return new CapacityResult(plan, target, threads, done, chooser.held(),
        chooser.answerBrokeAt(), chooser.clientLimited(), ending.isEmpty() ? chooser.ending()
        : ending, (System.nanoTime() - began) / 1e9);
  }

  /**
   * Runs a search's judged steps, numbered in the order they run, keeping each in the search's
   * list and telling its listener. Used by the one thread that searches.
   */
  private static final class Runner {
    private final Steps steps;
    private final StopRequest stop;
    private final List<CapacityStep> done;
    private final Consumer<CapacityStep> listener;
    /** How many judged steps have run. */
    int judged;

    Runner(Steps steps, StopRequest stop, List<CapacityStep> done,
        Consumer<CapacityStep> listener) {
      this.steps = steps;
      this.stop = stop;
      this.done = done;
      this.listener = listener;
    }

    /**
     * A step of {@code kind} at {@code rate}, run once more as {@code againAs} when its verdict
     * is one {@code saysNothing} of (its rate's outcome then comes from the second run); null
     * when a stop came before either ran.
     */
    CapacityStep twiceIf(CapacityStep.Kind kind, CapacityStep.Kind againAs, double rate,
        Predicate<StepVerdict> saysNothing) throws IOException, InterruptedException {
      CapacityStep s = once(kind, rate);
      if (s != null && !stop.isRequested() && saysNothing.test(s.verdict())) {
        s = once(againAs, rate);
      }
      return s;
    }

    private CapacityStep once(CapacityStep.Kind kind, double rate)
        throws IOException, InterruptedException {
      return stop.isRequested() ? null : taken(steps.step(++judged, kind, rate), done, listener);
    }
  }

  /** {@code s}, kept in {@code done} and told to {@code listener} unless it is null. */
  private static CapacityStep taken(CapacityStep s, List<CapacityStep> done,
      Consumer<CapacityStep> listener) {
    if (s != null) {
      done.add(s);
      listener.accept(s);
    }
    return s;
  }

  /**
   * One run of the operation at {@code rate} (0: closed loop, the probe), its items made first
   * where it uses them up, judged unless it is the probe; null when a stop came before its phase
   * ran.
   */
  private CapacityStep step(int number, CapacityStep.Kind kind, double rate)
      throws IOException, InterruptedException {
    OpType op = plan.operation();
    BenchConfig given = BenchConfig.fromConfiguration(conf);
    // Every worker of every map (process): a -maps job's rate is split over its maps, and
    // each of -processes n offers its nth.
    int spread = Math.max(1, given.maps()) * Math.max(1, given.processes());
    int threads = given.threads() * spread;
    double seconds = plan.stepMillis() / 1000.0;
    // A step settles before it is judged (the probe, closed loop, is judged by nothing).
    long settle = rate == 0 ? 0 : plan.settleMillis();
    // Items for one step: as many as its rate uses while it settles and is judged, or the
    // probe's count.
    long items = rate == 0 ? PROBE_ITEMS
        : (long) Math.ceil(rate * (seconds + settle / 1000.0) / threads) + 1;
    if (!op.keepsNames() && !op.createsItems() && op != OpType.MIX) {
      unmeasured(firstOperation(op), items);
    }
    Configuration c = runOf(conf, op);
    c.set(ConfigKeys.RATE, Double.toString(rate / Math.max(1, given.processes())));
    c.setBoolean(ConfigKeys.QUIET, true);
    c.setBoolean(ConfigKeys.CLEANUP_KEEPS_PREFILL, true);
    c.setLong(ConfigKeys.STEP_SETTLE_MILLIS, settle);
    // A mix's operations at this rate: any pinned at their own rates, the rest by weight.
    MixSpec mix = plan.mixAt(rate);
    if (op == OpType.MIX) {
      c.set(ConfigKeys.MIX, mix.toString());
    }
    if (plan.keepsNames() || op == OpType.MIX) {
      // Bound by time; the probe, closed loop, for half a step.
      c.setLong(ConfigKeys.DURATION_MILLIS, rate == 0 ? plan.stepMillis() / 2
          : plan.stepMillis());
    }
    if (plan.keepsNames()) {
      // Its items made once, before the first step, and read by every step.
      c.setLong(ConfigKeys.FILES_PER_WORKER, kept);
      c.setBoolean(ConfigKeys.CLEANUP, false);
    } else if (op == OpType.MIX) {
      MixSet set = MixSet.of(mix, rate == 0 ? PROBE_ITEMS
          : rate * (seconds + settle / 1000.0) / threads);
      c.setLong(ConfigKeys.FILES_PER_WORKER, set.items);
      c.setInt(ConfigKeys.MIX_FILL_PERCENT, set.fillPercent);
      c.setBoolean(ConfigKeys.CLEANUP, true);
    } else {
      c.setLong(ConfigKeys.FILES_PER_WORKER, items);
      c.setBoolean(ConfigKeys.CLEANUP, true);
    }
    // The whole step's rate: one of -processes n ends early only when its own late operations
    // break the bound for all n, so every process's combined step is broken.
    StepEnd end = new StepEnd(kind, plan.bounds(), mix, rate, seconds);
    RunResult run = executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy, end);
    warmedBy = 1;
    PhaseResult phase = op == OpType.MIX ? run.mixTotal() : null;
    List<PhaseResult> parts = new ArrayList<>();
    for (PhaseResult p : run.phases()) {
      if (p.partOfMix()) {
        parts.add(p);
      } else if (p.op() == op) {
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
    // The workers a verdict asks for (spread) are asked of each map or process.
    double achieved = run.achievedPerSecond(phase);
    StepVerdict verdict = kind == CapacityStep.Kind.PROBE ? null : op == OpType.MIX
        ? StepVerdict.judgeMix(phase, parts, achieved, rate, plan.bounds(), plan.failureShare(),
            !target.embedded(), spread)
        : StepVerdict.judge(phase, achieved, rate, plan.bounds().of(op), plan.failureShare(),
            !target.embedded(), spread);
    return new CapacityStep(number, kind, rate, run, phase, end.verdictOf(verdict));
  }

  /**
   * The working set of a mix step: per worker, the items its deletes use up present from the
   * start (at least {@link #MIX_READ_FILES}, for its reads to spread over), and the items its
   * creates make absent, each with a tenth and 100 more for the
   * draws' chance; the present part made first, unmeasured ({@code -mixFill}). Immutable.
   */
  static final class MixSet {
    final long items;
    final int fillPercent;

    private MixSet(long items, int fillPercent) {
      this.items = items;
      this.fillPercent = fillPercent;
    }

    /** The set for {@code ops} operations per worker of {@code mix}. */
    static MixSet of(MixSpec mix, double ops) {
      double creates = 0;
      double deletes = 0;
      for (int i = 0; i < mix.ops().size(); i++) {
        creates += mix.ops().get(i) == OpType.CREATE_WRITE ? mix.share(i) * ops : 0;
        deletes += mix.ops().get(i) == OpType.DELETE ? mix.share(i) * ops : 0;
      }
      long absent = creates == 0 ? 0 : (long) Math.ceil(1.1 * creates) + 100;
      long present = Math.max((long) Math.ceil(1.1 * deletes) + 100, MIX_READ_FILES);
      int fill = (int) Math.ceil(100.0 * present / (present + absent));
      // The fill is a whole percent: the set grows until both parts fit it.
      long items = Math.max(present + absent, fill == 100 ? present
          : (long) Math.ceil(absent * 100.0 / (100 - fill)));
      return new MixSet(items, fill);
    }
  }

  /** A closed-loop run of {@code op} on {@code items} per worker, outside any measurement. */
  private void unmeasured(OpType op, long items)
      throws IOException, InterruptedException {
    Configuration c = runOf(conf, op);
    c.setLong(ConfigKeys.FILES_PER_WORKER, items);
    c.set(ConfigKeys.RATE, "0");
    c.setLong(ConfigKeys.CLIENT_WARMUP_MILLIS, 0);
    c.setBoolean(ConfigKeys.QUIET, true);
    // What it makes is for the steps: a -cleanup given to the search removes it after them.
    c.setBoolean(ConfigKeys.CLEANUP, false);
    executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy,
        PhaseEngine.EarlyEnd.NEVER);
  }

  /** Whether the searched operation reads the prefill's files ({@code -onPrefill}). */
  private boolean readsPrefill(BenchConfig base) {
    return plan.operation() != null && base.prefill().reads(plan.operation());
  }

  /**
   * Removes what the search made (a run with -cleanup and no phase), its prefill too unless
   * {@code keepPrefill}.
   */
  private void cleanupOnly(boolean keepPrefill) throws IOException, InterruptedException {
    Configuration c = runOf(conf, null);
    c.setBoolean(ConfigKeys.QUIET, true);
    c.setBoolean(ConfigKeys.CLEANUP, true);
    c.setBoolean(ConfigKeys.CLEANUP_KEEPS_PREFILL, keepPrefill);
    executor.run(BenchConfig.fromConfiguration(c), c, target, warmedBy,
        PhaseEngine.EarlyEnd.NEVER);
  }
}
