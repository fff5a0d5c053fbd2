package io.metabench.stats;

import io.metabench.config.BenchConfig;
import io.metabench.fs.FsSemantics;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Everything a finished run reports: where and with what it ran, each phase's result, and what
 * cleanup could not remove. Exit code 0 only when no operation failed and cleanup (if asked)
 * removed everything.
 *
 * <p>Immutable.
 */
public final class RunResult {
  /** The result file format version; bumped whenever a field changes meaning or goes away. */
  public static final int SCHEMA_VERSION = 1;
  /** The exit code of a run stopped by a signal: 128 + SIGINT, as shells report Ctrl-C. */
  public static final int INTERRUPTED_EXIT_CODE = 130;

  private final RunInfo info;
  private final BenchConfig config;
  private final List<PhaseResult> phases;
  private final Cleanup cleanup;
  private final int mapsRequested;
  private final List<RunResult> maps;
  private final List<String> notRun;
  private final String notRunReason;
  private final FsSemantics semantics;
  private final String interruptedBy;
  private final boolean stoppedBySignal;
  private final ReplaySummary replay;
  private final PrefillResult prefill;
  private final Task task;
  private final Provenance provenance;
  private final ServerSamples server;
  /** Maps that recorded a failure at the barrier: the phase each was in ("" before any), why. */
  private final Map<Integer, String[]> mapFailures;

  /**
   * Where a part of a combined run ran: a map task's host and attempt, or for a process merged
   * from its result file ({@link #process}), its host and that file. Immutable.
   */
  public static final class Task {
    private final String host;
    private final String attempt;
    private final String source;

    public Task(String host, String attempt) {
      this(host, attempt, "");
    }

    private Task(String host, String attempt, String source) {
      this.host = host;
      this.attempt = attempt;
      this.source = source;
    }

    /** A process started by hand, on {@code host}, whose result was read from {@code file}. */
    public static Task process(String host, String file) {
      return new Task(host, "", file);
    }

    public String host() {
      return host;
    }

    /** The map task attempt; empty for a merged process. */
    public String attempt() {
      return attempt;
    }

    /** The result file a merged process was read from; empty for a map task. */
    public String source() {
      return source;
    }

    /** Whether this is a process merged from its result file rather than a map task. */
    public boolean isProcess() {
      return !source.isEmpty();
    }
  }

  /** The result of a run in one process. */
  public RunResult(RunInfo info, BenchConfig config, List<PhaseResult> phases,
      Map<String, FailureCount> cleanupFailures) {
    this(info, config, phases, Cleanup.ofFailures(cleanupFailures), 0,
        Collections.<RunResult>emptyList());
  }

  /** The result of a run in one process that did {@code cleanup}. */
  public RunResult(RunInfo info, BenchConfig config, List<PhaseResult> phases, Cleanup cleanup) {
    this(info, config, phases, cleanup, 0, Collections.<RunResult>emptyList());
  }

  /**
   * The result of a MapReduce run: {@code phases} combine the results of the maps that committed
   * their output, {@code mapsRequested} says how many there should have been.
   */
  public RunResult(RunInfo info, BenchConfig config, List<PhaseResult> phases,
      Cleanup cleanup, int mapsRequested, List<RunResult> maps) {
    this.info = info;
    this.config = config;
    this.phases = Collections.unmodifiableList(phases);
    this.cleanup = cleanup;
    this.mapsRequested = mapsRequested;
    this.maps = Collections.unmodifiableList(maps);
    this.notRun = Collections.emptyList();
    this.notRunReason = "";
    this.semantics = FsSemantics.UNKNOWN;
    this.interruptedBy = "";
    this.stoppedBySignal = true;
    this.replay = null;
    this.prefill = null;
    this.task = null;
    this.provenance = null;
    this.server = ServerSamples.NONE;
    this.mapFailures = Collections.emptyMap();
  }

  private RunResult(RunResult r, List<String> notRun, String notRunReason,
      FsSemantics semantics, String interruptedBy, boolean stoppedBySignal) {
    this(r, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal, r.replay, r.prefill,
        r.task, r.provenance, r.phases, r.server, r.mapFailures);
  }

  private RunResult(RunResult r, List<String> notRun, String notRunReason,
      FsSemantics semantics, String interruptedBy, boolean stoppedBySignal,
      ReplaySummary replay, PrefillResult prefill, Task task, Provenance provenance,
      List<PhaseResult> phases, ServerSamples server, Map<Integer, String[]> mapFailures) {
    this.server = server;
    this.mapFailures = mapFailures;
    this.task = task;
    this.provenance = provenance;
    this.prefill = prefill;
    this.info = r.info;
    this.config = r.config;
    this.phases = Collections.unmodifiableList(phases);
    this.cleanup = r.cleanup;
    this.mapsRequested = r.mapsRequested;
    this.maps = r.maps;
    this.notRun = Collections.unmodifiableList(new java.util.ArrayList<>(notRun));
    this.notRunReason = notRunReason;
    this.semantics = semantics;
    this.interruptedBy = interruptedBy;
    this.stoppedBySignal = stoppedBySignal;
    this.replay = replay;
  }

  /** This result with the summary of the audit-log replay it is the result of. */
  public RunResult withReplay(ReplaySummary summary) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        summary, prefill, task, provenance, phases, server, mapFailures);
  }

  /** The replay's summary; null when the run was not a replay. */
  public ReplaySummary replay() {
    return replay;
  }

  /**
   * This result with the phases that were asked for but not run, and why (an earlier phase's
   * failures left the namespace in a state they cannot run from).
   */
  public RunResult withNotRun(List<String> phases, String reason) {
    return new RunResult(this, phases, reason, semantics, interruptedBy, stoppedBySignal);
  }

  /**
   * This result marked partial: a stop was requested ({@code why}, e.g. "interrupted by
   * SIGINT"), so the last phase may have ended early and later phases did not run.
   */
  public RunResult withInterruption(String why) {
    return new RunResult(this, notRun, notRunReason, semantics, why, true);
  }

  /**
   * This result marked partial because the run stopped itself ({@code -failFast}): its exit code
   * is that of failures (1), not that of a signal.
   */
  public RunResult withEarlyStop(String why) {
    return new RunResult(this, notRun, notRunReason, semantics, why, false);
  }

  /** This result with what the prefill did (null: no prefill was asked). */
  public RunResult withPrefill(PrefillResult prefill) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, phases, server, mapFailures);
  }

  /** This result as the result of a map task that ran on {@code task}'s host. */
  public RunResult withTask(Task task) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, phases, server, mapFailures);
  }

  /** This result with where it came from (version, build, host, JVM, client settings). */
  public RunResult withProvenance(Provenance provenance) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, phases, server, mapFailures);
  }

  /**
   * This result with {@code phases} in place of its own (a merged process's, with what the merge
   * learned of it, such as that it missed the common start).
   */
  public RunResult withPhases(List<PhaseResult> phases) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, new java.util.ArrayList<>(phases), server, mapFailures);
  }

  /** This result with what the server reported while it ran. */
  public RunResult withServer(ServerSamples samples) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, phases, samples, mapFailures);
  }

  /**
   * This result with the maps that recorded a failure: by map index, the phase each failed in
   * ("" before its first) and why.
   */
  public RunResult withMapFailures(Map<Integer, String[]> failures) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal,
        replay, prefill, task, provenance, phases, server,
        Collections.unmodifiableMap(new java.util.TreeMap<>(failures)));
  }

  /** Maps that recorded a failure: by map index, {phase ("" before any), cause}; often empty. */
  public Map<Integer, String[]> mapFailures() {
    return mapFailures;
  }

  /** What the server reported while the run went on; {@link ServerSamples#NONE}: nothing. */
  public ServerSamples server() {
    return server;
  }

  /** Where the result came from; null when not recorded (a map's own result). */
  public Provenance provenance() {
    return provenance;
  }

  /** Where the map task that made this result ran; null for a run in one process. */
  public Task task() {
    return task;
  }

  /** Whether a stop came from a signal (exit 130) rather than the run itself (-failFast). */
  public boolean stoppedBySignal() {
    return stoppedBySignal;
  }

  /** What the prefill did; null when none was asked. */
  public PrefillResult prefill() {
    return prefill;
  }

  /** Why the run stopped early; empty when it was not interrupted. */
  public String interruptedBy() {
    return interruptedBy;
  }

  /** Whether the run was stopped early, so its figures cover only what completed. */
  public boolean partial() {
    return !interruptedBy.isEmpty();
  }

  /** This result with what the file system said about itself. */
  public RunResult withSemantics(FsSemantics semantics) {
    return new RunResult(this, notRun, notRunReason, semantics, interruptedBy, stoppedBySignal);
  }

  /** The file system's capabilities and rename kind; {@link FsSemantics#UNKNOWN} if not asked. */
  public FsSemantics semantics() {
    return semantics;
  }

  /** Operations of the requested phases that did not run; empty when all ran. */
  public List<String> notRun() {
    return notRun;
  }

  /** Why {@link #notRun()} did not run; empty when all ran. */
  public String notRunReason() {
    return notRunReason;
  }

  public RunInfo info() {
    return info;
  }

  public BenchConfig config() {
    return config;
  }

  public List<PhaseResult> phases() {
    return phases;
  }
  /**
   * The mix's operations ({@link PhaseResult#partOfMix()}) as one result named {@code mix}
   * ({@link PhaseResult#totalOfMix}); null when the run had no mix.
   */
  public PhaseResult mixTotal() {
    List<PhaseResult> ops = new java.util.ArrayList<>();
    for (PhaseResult p : phases) {
      if (p.partOfMix()) {
        ops.add(p);
      }
    }
    return ops.isEmpty() ? null : PhaseResult.totalOfMix(ops);
  }

  /**
   * Operations a second {@code phase} (one of this run's phases, or its {@link #mixTotal})
   * achieved: its attempted ÷ its window; where this run combines several maps or processes, the
   * sum of each one's own (its attempted ÷ its own window). They leave the barrier before a phase
   * up to a poll apart (50 ms or more): over the combined window a 2 s step would look 2.5 %
   * short while each of them offered its share in full (docs/metrics.md#pacing). A capacity
   * step's settling counts in (its operations and its length): a store over its capacity serves
   * the settling's backlog first, and the judged operations alone would look served slower than
   * it serves.
   */
  public double achievedPerSecond(PhaseResult phase) {
    long settle = config == null ? 0 : config.stepSettleMillis() * 1_000_000L;
    if (maps.size() < 2) {
      return achieved(phase, settle);
    }
    boolean total = phase.op() == io.metabench.op.OpType.MIX && !phase.partOfMix();
    double sum = 0;
    for (RunResult m : maps) {
      PhaseResult own = total ? m.mixTotal() : m.phaseNamed(phase.name());
      sum += own == null ? 0 : achieved(own, settle);
    }
    return sum;
  }

  /** {@code p}'s rate, over {@code settleNanos} of settling before its window too. */
  private static double achieved(PhaseResult p, long settleNanos) {
    return settleNanos == 0 || p.windowNanos() <= 0 ? p.attemptedPerSecond()
        : (p.attempted() + p.warmupOps()) * 1e9 / (p.windowNanos() + settleNanos);
  }

  private PhaseResult phaseNamed(String name) {
    for (PhaseResult p : phases) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }


  /** Items cleanup could not remove, by cause; empty when cleanup was not asked or succeeded. */
  public Map<String, FailureCount> cleanupFailures() {
    return cleanup.failures();
  }

  /** What {@code -cleanup} removed and could not remove; {@link Cleanup#NOT_ASKED} without it. */
  public Cleanup cleanup() {
    return cleanup;
  }

  /** Map tasks the job asked for; 0 for a run in one process. */
  public int mapsRequested() {
    return mapsRequested;
  }

  /** The results of the maps whose output was committed, by map index. */
  public List<RunResult> maps() {
    return maps;
  }

  /** Indexes of requested maps that left no committed report (failed, killed, or never ran). */
  public List<Integer> missingMaps() {
    boolean[] seen = new boolean[mapsRequested];
    for (RunResult m : maps) {
      int index = m.config().mapIndex();
      if (index >= 0 && index < mapsRequested) {
        seen[index] = true;
      }
    }
    List<Integer> missing = new java.util.ArrayList<>();
    for (int i = 0; i < mapsRequested; i++) {
      if (!seen[i]) {
        missing.add(i);
      }
    }
    return missing;
  }

  public long failedOperations() {
    long n = 0;
    for (PhaseResult p : phases) {
      n += p.failed() - FailureCount.expectedByTheLog(p.failures());
    }
    return n;
  }

  /**
   * Failures a replay counts as its log's own (the path was absent by the log's account): not
   * in {@link #failedOperations}, and not a reason for exit code 1.
   */
  public long expectedFailures() {
    long n = 0;
    for (PhaseResult p : phases) {
      n += FailureCount.expectedByTheLog(p.failures());
    }
    return n;
  }

  /**
   * 0 when every phase ran, every operation succeeded, the prefill (if asked) completed without
   * failures (a namespace drawn from a profile within the fidelity bounds), cleanup (if asked)
   * removed everything and every requested map reported; else 1.
   */
  public int exitCode() {
    if (partial()) {
      return stoppedBySignal ? INTERRUPTED_EXIT_CODE : 1;
    }
    return failedOperations() == 0 && cleanup.failures().isEmpty() && missingMaps().isEmpty()
        && notRun.isEmpty() && notRunReason.isEmpty()
        && (prefill == null || prefill.complete() && prefill.failed() == 0
        && !prefill.outsideBounds()) ? 0 : 1;
  }
}
