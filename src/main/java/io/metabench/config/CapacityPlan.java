package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * What a capacity search is asked to do (docs/capacity.md): the latency bounds, how long each
 * step offers its rate, where the first step begins, when bisection stops, and the share of
 * failures that breaks a step. Read and checked against the rest of the command line before
 * anything is touched: a search that cannot be done says why and what to change.
 *
 * <p>Immutable.
 */
public final class CapacityPlan {
  private final LatencyBounds bounds;
  private final OpType operation;
  private final MixSpec mix;
  private final MixSpec pinned;
  private final long stepMillis;
  private final long settleMillis;
  private final double startRate;
  private final double precision;
  private final double failureShare;
  private final Replayed replayed;
  private final int processes;
  private final double checkMargin;
  /** The namespace the search runs in, {@code " on …"} or {@code " beside …"}; empty for none. */
  private final String namespace;

  private CapacityPlan(LatencyBounds bounds, OpType operation, MixSpec mix, MixSpec pinned,
      long stepMillis, long settleMillis, double startRate, double precision,
      double failureShare, Replayed replayed, int processes, double checkMargin,
      String namespace) {
    this.settleMillis = settleMillis;
    this.namespace = namespace;
    this.processes = processes;
    this.checkMargin = checkMargin;
    this.bounds = bounds;
    this.operation = operation;
    this.mix = mix;
    this.pinned = pinned;
    this.stepMillis = stepMillis;
    this.startRate = startRate;
    this.precision = precision;
    this.failureShare = failureShare;
    this.replayed = replayed;
  }

  /**
   * The log a replay's search speeds up: its name, the operations its commands run, and its
   * recorded rate (commands ÷ the time from its first to its last). Immutable.
   */
  public static final class Replayed {
    private final String log;
    private final List<OpType> ops;
    private final double recordedRate;

    public Replayed(String log, List<OpType> ops, double recordedRate) {
      this.log = log;
      this.ops = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(ops));
      this.recordedRate = recordedRate;
    }

    /** The log's file name. */
    public String log() {
      return log;
    }

    public List<OpType> ops() {
      return ops;
    }

    /** Commands a second as recorded. */
    public double recordedRate() {
      return recordedRate;
    }

    /**
     * The slowest speed a search tries: under it a step of a long log would run for hours, and
     * a store that cannot hold a tenth of the recorded pace has its answer.
     */
    public static final double SLOWEST = 0.1;

    /** The lowest rate a search tries: {@link #SLOWEST} times the recorded rate. */
    public double lowestRate() {
      return SLOWEST * recordedRate;
    }

    /** The speed-up factor at which a replay offers {@code rate} commands a second. */
    public double speedOf(double rate) {
      return rate / recordedRate;
    }
  }

  /**
   * The search {@code conf} asks for; null when it asks for none ({@code -capacity} not given).
   *
   * @throws InvalidInputException when a search option comes without {@code -capacity}, or the
   *     rest of the command line contradicts a search
   */
  public static CapacityPlan fromConfiguration(Configuration conf) {
    LatencyBounds bounds = (LatencyBounds) Option.CAPACITY.read(conf);
    if (!bounds.present()) {
      refuseWithoutBounds(conf);
      return null;
    }
    refuse(conf, Option.RATE, "-capacity chooses each step's rate: drop -rate (-capacityStart "
        + "sets the first step's)");
    refuse(conf, Option.DURATION, "-capacity runs each step -capacityStep long: drop -duration "
        + "(or give -capacityStep)");
    refuse(conf, Option.WARMUP, "-capacity judges each step whole, after the client warm-up: "
        + "drop -warmup");
    refuse(conf, Option.MIX_FILL, "-capacity makes each mix step's working set itself, as many "
        + "files as the step's deletes and reads use: drop -mixFill");
    StudyPlan study = StudyPlan.unchecked(conf);
    if (study.runsPerTarget() > 1) {
      throw new InvalidInputException("-capacity searches at one concurrency: give one -threads "
          + "value and no -iterations (several -target are searched one after another)");
    }
    for (StudyPlan.TargetSpec t : study.targets()) {
      BenchConfig.fromConfiguration(study.runConfiguration(conf, t, study.threadLevels().get(0)));
    }
    BenchConfig config = BenchConfig.fromConfiguration(study.runConfiguration(conf,
        study.targets().get(0), study.threadLevels().get(0)));
    List<OpType> ops = config.operations();
    if (ops.size() != 1) {
      throw new InvalidInputException("-capacity searches one operation or one mix: give one "
          + "-operation (such as stat or create_write) or -mix alone" + (ops.isEmpty() ? ""
          : " (not " + OpType.join(ops) + ")"));
    }
    OpType op = ops.get(0);
    if (op.traverses()) {
      throw new InvalidInputException("-capacity cannot pace " + op.id() + ": a traversal is one "
          + "walk, not operations at a rate; search an operation such as stat or create_write");
    }
    MixSpec mix = op == OpType.MIX ? config.mix() : MixSpec.NONE;
    MixSpec pinned = pins(conf, op, mix);
    for (LatencyBounds.Bound b : bounds.bounds()) {
      if (b.operation() != null && b.operation() != op && !mix.ops().contains(b.operation())
          && !pinned.ops().contains(b.operation())) {
        String runs = mix.isEmpty() ? "-operation " + op.id() : "-mix " + mix;
        throw new InvalidInputException("-capacity " + b.describe() + " bounds "
            + b.operation().id() + ", which the search does not run (" + runs + "): bound "
            + (mix.isEmpty() ? op.id() : "an operation of the mix") + " or every operation "
            + "(p99=10ms)");
      }
    }
    long step = Option.CAPACITY_STEP.readLong(conf);
    if (step < 2_000) {
      throw new InvalidInputException("-capacityStep " + step + "ms is too short to judge a "
          + "rate: give at least 2 s (8 s by default)");
    }
    return new CapacityPlan(bounds, op, mix, pinned, step,
        Option.CAPACITY_SETTLE.readLong(conf), (Double) Option.CAPACITY_START.read(conf),
        (Double) Option.CAPACITY_PRECISION.read(conf) / 100,
        (Double) Option.CAPACITY_FAILURES.read(conf) / 100, null, config.processes(),
        checkMargin(conf), namespace(config.prefill(), op));
  }

  /**
   * The prefill a search of {@code op} runs in, named as its answer names it: the profile and
   * scale (or the tree's size) it reads by popularity ({@code " on yahoo (sha256 …) at scale
   * 0.1, zipf:1.1"}), places its items in ({@code " in …, placed by zipf:1.1"}; a mix, which does both, {@code
   * " in …, picked by zipf:1.1"}), or only works
   * beside ({@code " beside …"}); empty without one.
   */
  private static String namespace(PrefillPlan prefill, OpType op) {
    if (!prefill.asked()) {
      return "";
    }
    String what = prefill.profile() != null ? prefill.profile() + " at scale "
        + io.metabench.namespace.ShapedTree.scaleText(prefill.scale())
        : "a prefill tree of " + prefill.files() + " files";
    return prefill.reads(op) ? " on " + what + ", " + prefill.popularity()
        : prefill.places(op) ? " in " + what + (op == OpType.MIX ? ", picked" : ", placed")
        + " by " + prefill.popularity()
        : " beside " + what;
  }

  /** The operations {@code conf} pins beside the searched {@code mix} of {@code op}, checked. */
  private static MixSpec pins(Configuration conf, OpType op, MixSpec mix) {
    MixSpec pinned = (MixSpec) Option.CAPACITY_PIN.read(conf);
    if (pinned.isEmpty()) {
      return pinned;
    }
    if (op != OpType.MIX) {
      throw new InvalidInputException("-capacityPin offers operations at their own rates beside "
          + "a mix the search scales: give -mix (such as -mix " + op.id() + ":1) instead of "
          + "-operation " + op.id() + ", or drop -capacityPin");
    }
    for (OpType o : pinned.ops()) {
      if (mix.ops().contains(o)) {
        throw new InvalidInputException("-capacityPin pins " + o.id() + ", which -mix " + mix
            + " also weighs: give it a weight in -mix (scaled by the search) or a rate in "
            + "-capacityPin (held as it is), not both");
      }
    }
    return pinned;
  }

  private static double checkMargin(Configuration conf) {
    return (Integer) Option.CAPACITY_CHECK.read(conf) / 100.0;
  }

  private static void refuseWithoutBounds(Configuration conf) {
    Option[] own = {Option.CAPACITY_STEP, Option.CAPACITY_SETTLE, Option.CAPACITY_START,
        Option.CAPACITY_PRECISION, Option.CAPACITY_FAILURES, Option.CAPACITY_PIN,
        Option.CAPACITY_CHECK};
    for (Option o : own) {
      if (UserSettings.isSetByUser(conf, o.key())) {
        throw new InvalidInputException(o.label() + " is an option of a capacity search: add "
            + "-capacity p99=10ms (your bounds), or drop it");
      }
    }
  }

  /**
   * The replay search {@code conf} asks for (docs/capacity.md#a-replay): the highest speed-up of
   * {@code log}, whose {@code commands} run {@code ops} over {@code spanMillis}, under the
   * bounds; null when it asks for none.
   *
   * @throws InvalidInputException when a search option comes without {@code -capacity}, or the
   *     command line or the log contradict a search
   */
  public static CapacityPlan forReplay(Configuration conf, String log, List<OpType> ops,
      long commands, long spanMillis) {
    if (!checkReplay(conf)) {
      return null;
    }
    LatencyBounds bounds = (LatencyBounds) Option.CAPACITY.read(conf);
    if (commands < 2 || spanMillis <= 0) {
      throw new InvalidInputException("the audit log " + log + " spans no time (its commands "
          + "bear one time), so it has no recorded rate to speed up: search a log that spans "
          + "time, or replay it with -replaySpeed 0 for its closed-loop rate");
    }
    for (LatencyBounds.Bound b : bounds.bounds()) {
      if (b.operation() != null && !ops.contains(b.operation())) {
        throw new InvalidInputException("-capacity " + b.describe() + " bounds "
            + b.operation().id() + ", which the log " + log + " does not run (it runs "
            + OpType.join(ops) + "): bound one of those or every operation (p99=10ms)");
      }
    }
    return new CapacityPlan(bounds, null, MixSpec.NONE, MixSpec.NONE, 0, 0,
        (Double) Option.CAPACITY_START.read(conf),
        (Double) Option.CAPACITY_PRECISION.read(conf) / 100,
        (Double) Option.CAPACITY_FAILURES.read(conf) / 100,
        new Replayed(log, ops, commands * 1000.0 / spanMillis), 0, checkMargin(conf), "");
  }

  /**
   * Whether {@code conf}, a replay's, asks for a search; checked before its log is read.
   *
   * @throws InvalidInputException when a search option comes without {@code -capacity}, or the
   *     command line contradicts a replay's search
   */
  public static boolean checkReplay(Configuration conf) {
    LatencyBounds bounds = (LatencyBounds) Option.CAPACITY.read(conf);
    if (!bounds.present()) {
      refuseWithoutBounds(conf);
      return false;
    }
    if (UserSettings.isSetByUser(conf, ConfigKeys.REPLAY_SPEED)) {
      throw new InvalidInputException("-capacity chooses each step's speed: drop -replaySpeed "
          + "(-capacityStart sets the first step's rate, in commands a second)");
    }
    if (!((MixSpec) Option.CAPACITY_PIN.read(conf)).isEmpty()) {
      throw new InvalidInputException("a replay's search speeds up the log's every command "
          + "alike, its mix as recorded: drop -capacityPin");
    }
    if (UserSettings.isSetByUser(conf, ConfigKeys.CAPACITY_STEP_MILLIS)) {
      throw new InvalidInputException("a replay's capacity step is one replay of the whole log "
          + "at the step's speed, as long as the log at that speed: drop -capacityStep");
    }
    if (UserSettings.isSetByUser(conf, ConfigKeys.CAPACITY_SETTLE_MILLIS)) {
      throw new InvalidInputException("a replay's capacity step judges every command of the log, "
          + "from its first: drop -capacitySettle");
    }
    BenchConfig config = BenchConfig.fromConfiguration(conf);
    if (config.maps() > 0) {
      throw new InvalidInputException("a replay's capacity search runs in this process in this "
          + "version: drop -maps");
    }
    return true;
  }

  private static void refuse(Configuration conf, Option o, String why) {
    if (UserSettings.isSetByUser(conf, o.key()) && !String.valueOf(o.defaultValue()).equals(
        String.valueOf(o.read(conf)))) {
      throw new InvalidInputException(why);
    }
  }

  public LatencyBounds bounds() {
    return bounds;
  }

  /**
   * The processes started by hand that search together ({@code -processes n}, each offering an
   * nth of every step's rate); 0 for one process or a {@code -maps} job.
   */
  public int processes() {
    return processes;
  }

  /**
   * The margin of the steps run after the search below and above the rate held
   * ({@code -capacityCheck}), as a fraction (0.1); 0 for none.
   */
  public double checkMargin() {
    return checkMargin;
  }

  /** The replayed log a replay's search speeds up; null for an operation's or a mix's. */
  public Replayed replayed() {
    return replayed;
  }

  /**
   * The operations judged one by one beside the whole: a mix's, or the replayed log's; empty for
   * one operation.
   */
  public List<OpType> parts() {
    if (replayed != null) {
      return replayed.ops();
    }
    List<OpType> all = new java.util.ArrayList<>(mix.ops());
    all.addAll(pinned.ops());
    return all;
  }

  /** The searched workload as files and fields name it: the operation, {@code mix}, {@code replay}. */
  public String label() {
    return replayed != null ? "replay" : operation.id();
  }

  /** The operation searched; {@link OpType#MIX} for a mix; null for a replay. */
  public OpType operation() {
    return operation;
  }

  /**
   * The mix searched, as given, its rate (beside any {@link #pinned()}) scaled with its weights;
   * {@link MixSpec#NONE} if none.
   */
  public MixSpec mix() {
    return mix;
  }

  /**
   * The operations offered at rates of their own beside the mix ({@code -capacityPin}), their
   * weights operations a second; {@link MixSpec#NONE} if none.
   */
  public MixSpec pinned() {
    return pinned;
  }

  /**
   * The mix a step offering {@code rate} operations a second in all runs: the pinned operations
   * at their rates, the rest shared by the mix's weights; the mix alone at rate 0 (a closed-loop
   * probe, which no pin can pace).
   */
  public MixSpec mixAt(double rate) {
    return rate == 0 ? mix : mix.at(rate, pinned);
  }

  /**
   * Whether every operation any step runs leaves its items as they are: the searched operation,
   * or the mix's and its pins' operations.
   */
  public boolean keepsNames() {
    return operation == OpType.MIX ? mix.keepsNames() && (pinned.isEmpty()
        || pinned.keepsNames()) : operation != null && operation.keepsNames();
  }

  /**
   * The lowest rate a search offers: a replay's {@link Replayed#lowestRate()}; else the pins'
   * rates and {@code floor} beside them.
   */
  public double lowestRate(double floor) {
    return replayed != null ? replayed.lowestRate() : pinned.total() + floor;
  }

  /**
   * What the search offers, as its answer names it: {@code stat}, {@code the mix stat:80,...},
   * {@code the mix stat:1 with create_write pinned at 100 ops/s}; with the namespace it runs in,
   * when a prefill makes one: {@code stat on yahoo (sha256 20eccbfdc0ca) at scale 0.1, zipf:1.1}.
   */
  public String subject() {
    if (replayed != null) {
      return "the log " + replayed.log();
    }
    if (mix.isEmpty()) {
      return operation.id() + namespace;
    }
    StringBuilder s = new StringBuilder("the mix " + mix);
    for (int i = 0; i < pinned.ops().size(); i++) {
      s.append(i == 0 ? " with " : i == pinned.ops().size() - 1 ? " and " : ", ")
          .append(pinned.ops().get(i).id()).append(" pinned at ")
          .append(MixSpec.plain(pinned.weight(i))).append(" ops/s");
    }
    return s.append(namespace).toString();
  }

  /** How long each step offers its rate; 0 for a replay, whose step is one replay of the log. */
  public long stepMillis() {
    return stepMillis;
  }

  /**
   * A step's length as the outputs name it: {@code 8 s}, or {@code 8 s after 1 s settling}.
   */
  public String stepDescribed() {
    String judged = LatencyBounds.number(stepMillis / 1000.0) + " s";
    return settleMillis == 0 ? judged
        : judged + " after " + LatencyBounds.number(settleMillis / 1000.0) + " s settling";
  }

  /**
   * How long each step offers its rate before it is judged (its operations then in no figure);
   * 0 for a replay, whose every command is judged.
   */
  public long settleMillis() {
    return settleMillis;
  }

  /** The first step's rate; 0: half a closed-loop probe's. */
  public double startRate() {
    return startRate;
  }

  /** The width at which bisection stops, as a fraction of the rate held (0.025). */
  public double precision() {
    return precision;
  }

  /** The share of failed operations that breaks a step, as a fraction (0.01). */
  public double failureShare() {
    return failureShare;
  }
}
