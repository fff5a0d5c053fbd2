package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.core.ClockAnchor;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.StopRequest;
import io.metabench.engine.ClientWarmup;
import io.metabench.engine.PhaseBarrier;
import io.metabench.engine.PhaseEngine;
import io.metabench.engine.Progress;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.fs.TargetChecks;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.Layout;
import io.metabench.path.NamespaceState;
import io.metabench.path.PathSchema;
import io.metabench.path.PrefillState;
import io.metabench.report.SeriesFile;
import io.metabench.stats.Cleanup;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.PrefillResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the phases of one process (one map) against a target, in order, and returns their merged
 * results. Lifecycle: check everything that can be checked without changing the file system
 * (reachability, ownership of the base directory, the phase sequence against the recorded
 * namespace state, HDFS limits); then claim the base directory, make the worker clients, run each
 * phase behind a start gate, record the namespace state after each, clean up if asked, and close
 * the clients.
 *
 * <p>One instance runs once; not thread-safe.
 */
public final class BenchmarkRunner {
  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunner.class);

  /** As given, until {@link #run} sizes it ({@link RunSizing}) or turns sizing off. */
  private BenchConfig config;
  private final Target target;
  private final NanoClock clock;
  private final ClientFactory clients;
  private final ClockAnchor anchor;
  private final PhaseBarrier barrier;
  private final Progress progress;
  private final StopRequest stop;
  private FileSystem control;
  private PhaseEngine engine;
  private PhaseKinds kinds;
  private File seriesPath;
  private int warmedByRun;
  private SeriesFile series;

  private PhaseEngine.EarlyEnd earlyEnd = PhaseEngine.EarlyEnd.NEVER;

  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock) {
    this(config, target, clock, PhaseBarrier.NONE);
  }

  /** A runner that is one of several processes (map tasks) meeting at {@code barrier}. */
  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock,
      PhaseBarrier barrier) {
    this(config, target, clock, barrier, Progress.QUIET, StopRequest.NEVER);
  }

  /**
   * A runner reporting live progress of each phase to {@code progress}, and stopping early, with
   * a partial result, when {@code stop} is requested.
   */
  public BenchmarkRunner(BenchConfig config, Target target, NanoClock clock,
      PhaseBarrier barrier, Progress progress, StopRequest stop) {
    // The run's own request: -failFast makes it; a signal's request reaches it through stop.
    this.stop = new StopRequest(stop);
    this.barrier = barrier;
    this.progress = progress;
    this.config = config;
    this.target = target;
    this.clock = clock;
    this.clients = new ClientFactory(target);
    this.anchor = ClockAnchor.now(clock);
  }

  /** Writes the per-second series of the run's phases to {@code file} as they run. */
  public BenchmarkRunner seriesTo(File file) {
    this.seriesPath = file;
    return this;
  }

  /**
   * Skips the client warm-ups: this JVM already ran the same phases at the same concurrency in
   * run {@code run} of a study (0: warm up as usual).
   */
  public BenchmarkRunner warmedBy(int run) {
    this.warmedByRun = run;
    return this;
  }

  /** Asks {@code e} after each second of each measured phase whether to end it early. */
  public BenchmarkRunner endingPhasesEarlyWhen(PhaseEngine.EarlyEnd e) {
    this.earlyEnd = e;
    return this;
  }

  /**
   * Runs every phase.
   *
   * @throws InvalidInputException when the run cannot start; nothing was changed then
   * @throws IOException when the base directory or the workers' directories cannot be prepared
   */
  public RunResult run() throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    Path base = target.baseDir();
    String where = base + " (map " + config.mapIndex()
        + (target.embedded() ? ", on the embedded HDFS, which lasts one run" : "") + ")";
    NamespaceState initial = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      control = clients.newClient();
      return RunChecks.recordedState(control, base, config.mapIndex());
    });
    try {
      PrefillState recordedPrefill = Reachability.within(target, config.connectTimeoutSeconds(),
          () -> BaseDirMarker.readPrefill(control, base, config.mapIndex()));
      RunChecks.checkPrefill(config, recordedPrefill, target, where);
      initial.afterAll(config.ownItemPhases(), config.mix().keepsNames(), config.layout(),
          where);
      TargetChecks.hdfsLimits(config, target);
      if (config.mapIndex() == 0) {
        RunChecks.warnReplication(config, control);
      }
      RunChecks.checkCapabilities(config, control, target);
      if (config.operations().stream().anyMatch(OpType::traverses)) {
        RunChecks.traversalRoot(config, target);
      }
      RunChecks.claim(control, target);
      FsSemantics semantics = FsSemantics.of(control, base);
      series = SeriesFile.openOrWarn(seriesPath);
      engine = new PhaseEngine(clients, config.sharedClient(), clock, anchor, barrier, progress,
          stop).writingSeriesTo(series).warmingClientsWith(new ClientWarmup(
              config.clientWarmupMillis() * 1_000_000L,
              BaseDirMarker.clientWarmupDir(base, config.mapIndex())).warmedBy(warmedByRun))
          .tellingWindowsTo(target::measuring).endingEarlyWhen(earlyEnd);
      kinds = new PhaseKinds(config, target, clock, engine, stop, control);

      List<PhaseResult> results = new ArrayList<>();
      List<String> notRun = new ArrayList<>();
      String notRunReason = "";
      boolean stateUnrecorded = false;
      NamespaceState state = initial;
      PrefillResult prefill = null;
      int firstPhase = 0;
      if (config.prefill().asked()) {
        prefill = prefill().run(recordedPrefill);
        if (!prefill.complete() && !stop.isRequested() && !config.operations().isEmpty()) {
          // The phases would measure a namespace smaller than asked.
          notRunReason = "the prefill is incomplete (" + prefill.failed() + " files or "
              + "directories failed); run the same command again to resume it";
          for (OpType skipped : config.operations()) {
            notRun.add(skipped.id());
          }
          LOG.error("stopping before {}: {}", notRun, notRunReason);
          barrier.withdraw(0, config.operations().size());
          firstPhase = config.operations().size();
        }
      }
      config = sizedConfig(initial, firstPhase == 0 && !config.operations().isEmpty());
      kinds = new PhaseKinds(config, target, clock, engine, stop, control);
      Layout layout = config.layout();
      for (int phase = firstPhase; phase < config.operations().size(); phase++) {
        OpType op = config.operations().get(phase);
        String refusal = stop.isRequested() ? stop.reason() : config.prefill().reads(op) ? null
            : RunChecks.refusal(state, op, config.mix().keepsNames(), layout, where);
        if (refusal != null) {
          // Only an earlier phase's failures get here: the sequence was checked before the run.
          notRunReason = refusal;
          for (OpType skipped : config.operations().subList(phase, config.operations().size())) {
            notRun.add(skipped.id());
          }
          LOG.error("stopping before {}: {}", notRun, refusal);
          barrier.withdraw(phase, config.operations().size());
          break;
        }
        if (!op.traverses()) {
          LOG.info("{}: {} workers x {} {} in {}", op.id(), config.threads(),
              config.filesPerWorker(), config.prefill().reads(op) ? "files picked from the prefill ("
              + config.prefill().popularity() + ")" : (op.items() == OpType.Items.FILES ? "files"
              : "directories") + (config.prefill().places(op) ? " placed in the prefill's "
              + "directories (" + config.prefill().popularity() + ")" : ""), where);
        }
        long startAt = phase == 0 ? config.startTime() * 1000 : 0;
        List<PhaseResult> produced = op == OpType.MIX
            ? kinds.runMix(layout, state, startAt, phase)
            : Collections.singletonList(op.traverses() ? kinds.runTraversal(op, startAt, phase)
                : kinds.runPhase(op, op.op(), layout,
                    state.files() == NamespaceState.Files.RENAMED, startAt, phase));
        // A removing phase with failures left items behind: keep them on record, so that a later
        // -cleanup (which takes both names and skips what is gone) still removes them.
        if (!config.prefill().reads(op)
            && !(op.removesItems() && (produced.get(0).failed() > 0 || stop.isRequested()))) {
          state = state.after(op, config.mix().keepsNames(), layout, where);
        }
        for (PhaseResult result : produced) {
          logPhase(result);
          results.add(result);
        }
        String unrecorded = recordState(state);
        if (unrecorded != null) {
          // The phase's figures stand; what the namespace holds now is not on record, so no
          // later phase (nor cleanup) may rely on it.
          notRunReason = unrecorded;
          for (OpType skipped : config.operations().subList(phase + 1,
              config.operations().size())) {
            notRun.add(skipped.id());
          }
          barrier.withdraw(phase + 1, config.operations().size());
          stateUnrecorded = true;
          break;
        }
      }
      Cleanup cleanup = Cleanup.NOT_ASKED;
      if (config.cleanup() && !stateUnrecorded) {
        cleanup = cleanup(state);
      }
      RunResult result = new RunResult(info(startedAt), config, results, cleanup)
          .withProvenance(RunProvenance.of(target))
          .withNotRun(notRun, notRunReason).withSemantics(semantics).withPrefill(prefill);
      return !stop.isRequested() ? result : stop.bySignal()
          ? result.withInterruption(stop.reason()) : result.withEarlyStop(stop.reason());
    } finally {
      close();
    }
  }

  /**
   * This run's configuration as it runs: sized from a client warm-up run ahead of its phases
   * when it asks to be ({@link RunSizing}), else with sizing off. Only a run that starts on an
   * empty record is sized (one that goes on with what an earlier run made keeps its count), and
   * only with a client warm-up to measure rates (not a study's later run, which is given the
   * count its first run was sized to).
   */
  private BenchConfig sizedConfig(NamespaceState initial, boolean phasesRun)
      throws IOException, InterruptedException {
    if (config.sizeForMillis() == 0 || !config.sized().isEmpty()) {
      return config;
    }
    if (!phasesRun || !initial.isEmpty() || config.operations().contains(OpType.MIX)
        || warmedByRun > 0) {
      return config.unsized();
    }
    Map<OpType, Double> rates = new EnumMap<>(OpType.class);
    ClientWarmupFigures warmup = kinds.warmUpAhead(config.operations(), config.layout(), rates);
    if (!warmup.ran()) {
      return config.unsized();
    }
    BenchConfig sized = RunSizing.size(config, rates, !warmup.capped());
    if (!sized.sized().isEmpty()) {
      LOG.info("{}", sized.sized());
    }
    return sized;
  }

  /** This map's prefill, on the run's engine. */
  private Prefill prefill() {
    PathSchema schema = new PathSchema(target.baseDir(), config.mapIndex(), 1, 2);
    return new Prefill(config, control, target, schema.prefillDir(),
        schema.prefillMapDir(), engine, kinds.ioBufferSize());
  }

  /**
   * Records the namespace state after a phase, retrying for up to the connect timeout: the file
   * system may just be coming back from the outage the phase ran into.
   *
   * @return null when recorded, else why not
   */
  private String recordState(NamespaceState state) throws InterruptedException {
    long deadline = System.nanoTime() + config.connectTimeoutSeconds() * 1_000_000_000L;
    for (long pause = 100;; pause = Math.min(pause * 2, 2000)) {
      try {
        BaseDirMarker.writeState(control, target.baseDir(), config.mapIndex(), state);
        return null;
      } catch (IOException e) {
        if (System.nanoTime() + pause * 1_000_000L > deadline) {
          String why = "the namespace state after this phase could not be recorded in "
              + BaseDirMarker.markerDir(target.baseDir()) + " (" + e + "); later phases and "
              + "cleanup were not run; check what the base directory holds before the next run";
          LOG.error(why);
          return why;
        }
        Thread.sleep(pause);
      }
    }
  }

  /**
   * Removes what the recorded namespace state says this map made, by name and non-recursively,
   * with the layout it was made with; then the marker when nothing else is left. Counts what was
   * there and went: a name already gone is what cleanup wants, and is not counted.
   */
  private Cleanup cleanup(NamespaceState state) throws IOException, InterruptedException {
    Map<String, FailureCount> failures = new TreeMap<>();
    LongAdder files = new LongAdder();
    LongAdder dirs = new LongAdder();
    if (state.files() != NamespaceState.Files.ABSENT) {
      // Under both names, since a rename phase that partly failed leaves some under each.
      collectCleanupFailures(failures, kinds.runPhase(OpType.DELETE, (ctx, i) -> {
        if (ctx.fs().delete(ctx.paths().file(i), false)
            | ctx.fs().delete(ctx.paths().renamedFile(i), false)) {
          files.increment();
        }
        return true;
      }, state.fileLayout(), false, 0, -1));
    }
    if (state.dirs() != NamespaceState.Dirs.ABSENT) {
      collectCleanupFailures(failures, kinds.runPhase(OpType.RMDIR, (ctx, i) -> {
        if (ctx.fs().delete(ctx.paths().dir(i), false)) {
          dirs.increment();
        }
        return true;
      }, state.dirLayout(), false, 0, -1));
    }
    PrefillState prefill = config.cleanupKeepsPrefill() ? null
        : BaseDirMarker.readPrefill(control, target.baseDir(), config.mapIndex());
    if (prefill != null) {
      Map<String, FailureCount> left = prefill().cleanup(prefill, files);
      if (left.isEmpty()) {
        BaseDirMarker.deletePrefill(control, target.baseDir(), config.mapIndex());
      }
      FailureCount.addAll(failures, left);
    }
    if (failures.isEmpty()) {
      BaseDirMarker.release(control, target.baseDir(), config.mapIndex());
      LOG.info("cleanup: removed what map {} made in {}: {} files, {} directories",
          config.mapIndex(), target.baseDir(), files.sum(), dirs.sum());
    } else {
      // The state stays as it was, so a later -cleanup retries (and skips what is gone).
      LOG.warn("cleanup: some items could not be removed ({}); the marker stays so a later "
          + "-cleanup can retry", failures.keySet());
    }
    return new Cleanup(true, files.sum(), dirs.sum(), failures);
  }

  private void collectCleanupFailures(Map<String, FailureCount> into, PhaseResult r) {
    Map<String, FailureCount> failures = new TreeMap<>(r.failures());
    failures.remove(FileNotFoundException.class.getSimpleName()); // already gone: what we want
    if (kinds.dirsLeftByLastPhase() > 0) {
      // Something MetaBench did not make (or could not remove) is still inside its directories.
      failures.put("directory not empty", new FailureCount(kinds.dirsLeftByLastPhase(), ""));
    }
    FailureCount.addAll(into, failures);
  }

  private void logPhase(PhaseResult r) {
    LOG.info(String.format(java.util.Locale.ROOT, "%s: %d ok, %d failed in %.3f s: %.1f ops/s",
        r.op().id(), r.successes(), r.failed(), r.windowSeconds(), r.tps()));
    for (Map.Entry<String, FailureCount> e : r.failures().entrySet()) {
      String example = e.getValue().example();
      LOG.warn("{}: {} failed with {}{}", r.op().id(), e.getValue().count(), e.getKey(),
          example.isEmpty() ? "" : " (first: " + example + ")");
    }
  }

  private RunInfo info(long startedAt) {
    return RunInfo.ofThisJvm(target.fsUri().toString(), target.embedded(),
        target.baseDir().toString(), config.sharedClient(), target.localClient(), startedAt);
  }

  private void close() {
    if (engine != null) {
      engine.close();
    }
    if (series != null) {
      try {
        series.close();
      } catch (IOException e) {
        LOG.warn("closing the per-second series file failed: {}", e.toString());
      }
    }
    if (control != null) {
      ClientFactory.closeQuietly(control);
    }
  }
}
