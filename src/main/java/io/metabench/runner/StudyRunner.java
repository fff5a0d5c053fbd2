package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.config.StudyPlan;
import io.metabench.core.InvalidInputException;
import io.metabench.core.StopRequest;
import io.metabench.fs.Target;
import io.metabench.fs.TargetResolver;
import io.metabench.stats.RunResult;
import io.metabench.stats.study.StudyResult;
import io.metabench.stats.study.StudyRun;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a study: every concurrency on every target, repeated, as ordinary runs one after another.
 * Lifecycle: resolve every target (starting the embedded HDFS if one is asked for) and check each
 * the way a run does before it changes anything, so bad input anywhere is refused with nothing
 * touched; then run iteration by iteration, concurrency by concurrency, target by target —
 * interleaving the targets so that drift on the machine (caches, compactions, other load) spreads
 * over all of them rather than favouring the one that ran first; then close the targets.
 *
 * <p>A run that cannot start or complete does not stop the study: it and the later runs on the
 * same target are recorded with the reason, and the other targets go on.
 *
 * <p>One instance runs once; not thread-safe.
 */
public final class StudyRunner {
  private static final Logger LOG = LoggerFactory.getLogger(StudyRunner.class);

  /** Executes one run of the study: in this process or as a MapReduce job. */
  public interface RunExecutor {
    /**
     * @param warmedByRun the earlier run of the study that ran the same phases at the same
     *     concurrency on the same target in this JVM, so that a run in this process needs no
     *     client warm-up; 0: none
     */
    RunResult run(BenchConfig config, Configuration conf, Target target, int warmedByRun)
        throws IOException, InterruptedException;
  }

  /** Told about each run as it ends, e.g. to print its table. */
  public interface RunListener {
    void finished(StudyRun run, int number, int total);
  }

  private final StudyPlan plan;
  private final Configuration conf;
  private final RunExecutor executor;
  private final RunListener listener;
  private final StopRequest stop;
  /** Where each run's per-second series goes, as {@code <target>-t<threads>-i<n>.csv}. */
  private final File seriesDir;
  private Consumer<String> announcer = LOG::info;

  /** A study that runs no further run once {@code stop} is requested. */
  public StudyRunner(StudyPlan plan, Configuration conf, StopRequest stop, File seriesDir,
      RunExecutor executor, RunListener listener) {
    this.seriesDir = seriesDir;
    this.stop = stop;
    this.plan = plan;
    this.conf = conf;
    this.executor = executor;
    this.listener = listener;
  }

  /**
   * Where the study says, before it starts, how many runs it makes and, before each run, which
   * one it is and how long the rest will take (the log by default; the progress stream for a
   * person).
   */
  public StudyRunner announcingTo(Consumer<String> to) {
    this.announcer = to;
    return this;
  }

  /** A target of the study, resolved, with its label and, once a run failed, why it stopped. */
  private static final class Resolved {
    final StudyPlan.TargetSpec spec;
    final Target target;
    final String label;
    String stoppedBecause = "";
    /** The first finished run at each concurrency: its JVM is warm for the later ones. */
    final java.util.Map<Integer, Integer> warmedAt = new java.util.HashMap<>();
    /** Per thread level, the first sized run's configuration: later runs keep its count. */
    final java.util.Map<Integer, BenchConfig> sizedAt = new java.util.HashMap<>();

    Resolved(StudyPlan.TargetSpec spec, Target target, String label) {
      this.spec = spec;
      this.target = target;
      this.label = label;
    }
  }

  /**
   * Runs the study.
   *
   * @throws InvalidInputException when a target cannot be used; nothing was changed then
   */
  public StudyResult run() throws IOException, InterruptedException {
    long startedAt = System.currentTimeMillis();
    List<Resolved> targets = new ArrayList<>();
    try {
      resolveAll(targets);
      announcer.accept(StudyEta.plan(plan, BenchConfig.fromConfiguration(plan.runConfiguration(conf,
          plan.targets().get(0), plan.threadLevels().get(0)))));
      StudyEta eta = new StudyEta(plan);
      long began = System.nanoTime();
      List<StudyRun> runs = new ArrayList<>();
      int number = 0;
      for (int iteration = 1; iteration <= plan.iterations(); iteration++) {
        for (int threads : plan.threadLevels()) {
          for (Resolved t : targets) {
            ++number;
            long runBegan = System.nanoTime();
            if (!stop.isRequested() && t.stoppedBecause.isEmpty()) {
              double left = eta.secondsLeft(number);
              announcer.accept(String.format(java.util.Locale.ROOT,
                  "run %d/%d: %s at %d threads, iteration %d/%d (%s since the study began%s)",
                  number, plan.runs(), t.label, threads, iteration, plan.iterations(),
                  StudyEta.duration((runBegan - began) / 1e9), Double.isNaN(left) ? ""
                      : ", about " + StudyEta.duration(left) + " left"));
            }
            StudyRun run = runOne(t, threads, iteration, number);
            if (run.result() != null) {
              double warmup = 0;
              for (io.metabench.stats.PhaseResult p : run.result().phases()) {
                warmup += p.clientWarmup().nanos() / 1e9;
              }
              eta.finished(number, (System.nanoTime() - runBegan) / 1e9, warmup);
            }
            runs.add(run);
            listener.finished(run, number, plan.runs());
          }
        }
      }
      List<String> labels = new ArrayList<>();
      for (Resolved t : targets) {
        labels.add(t.label);
      }
      return new StudyResult(runs, plan.threadLevels(), plan.iterations(), labels, startedAt,
          stop.isRequested() ? stop.reason() : "");
    } finally {
      for (Resolved t : targets) {
        t.target.close();
      }
    }
  }

  private void resolveAll(List<Resolved> into) throws IOException {
    Set<String> labels = new HashSet<>();
    for (StudyPlan.TargetSpec spec : plan.targets()) {
      labels.add(spec.label());
    }
    for (StudyPlan.TargetSpec spec : plan.targets()) {
      Configuration c = plan.runConfiguration(conf, spec, plan.threadLevels().get(0));
      BenchConfig config = BenchConfig.fromConfiguration(c);
      Target target = TargetResolver.resolve(config, c);
      String label = spec.label().isEmpty() ? uniqueLabel(derivedLabel(target), labels)
          : spec.label();
      into.add(new Resolved(spec, target, label));
    }
    for (Resolved t : into) {
      Configuration c = plan.runConfiguration(conf, t.spec, plan.threadLevels().get(0));
      RunChecks.preflight(BenchConfig.fromConfiguration(c), t.target);
    }
  }

  /** {@code embedded-hdfs}, or the scheme: {@code hdfs}, {@code s3a}, {@code file}. */
  static String derivedLabel(Target target) {
    return target.embedded() ? "embedded-hdfs" : target.fsUri().getScheme();
  }

  private static String uniqueLabel(String base, Set<String> taken) {
    String label = base;
    for (int n = 2; !taken.add(label); n++) {
      label = base + "-" + n;
    }
    return label;
  }

  private StudyRun runOne(Resolved t, int threads, int iteration, int number)
      throws InterruptedException {
    String fsUri = t.target.fsUri().toString();
    if (stop.isRequested()) {
      return StudyRun.missing(t.label, fsUri, threads, iteration, stop.reason());
    }
    if (!t.stoppedBecause.isEmpty()) {
      return StudyRun.missing(t.label, fsUri, threads, iteration, t.stoppedBecause);
    }
    Configuration c = plan.runConfiguration(conf, t.spec, threads);
    if (seriesDir != null) {
      c.set(io.metabench.config.ConfigKeys.SERIES_OUT, new File(seriesDir,
          io.metabench.report.StudyFiles.fileSafe(t.label) + "-t" + threads + "-i" + iteration
              + ".csv").getPath());
    }
    BenchConfig sized = t.sizedAt.get(threads);
    if (sized != null) {
      // Iterations compare like with like: the count the first run was sized to, not one sized
      // again (a later run is not warmed up, so it has no rates to size from).
      c.setLong(io.metabench.config.ConfigKeys.FILES_PER_WORKER, sized.filesPerWorker());
      c.setLong(io.metabench.config.ConfigKeys.DURATION_MILLIS, sized.durationMillis());
      c.set(io.metabench.config.ConfigKeys.SIZED, "as run " + t.warmedAt.get(threads)
          + " of the study was " + sized.sized());
    }
    try {
      RunResult result = executor.run(BenchConfig.fromConfiguration(c), c, t.target,
          t.warmedAt.getOrDefault(threads, 0));
      if (result.partial()) {
        // A run cut short is no figure: its phases' counts and rates cover part of their work
        // (or none of it), and would sit in the summary, the knee and the charts as if whole.
        LOG.warn("{}: run {} was stopped before it finished ({}); it is recorded as not run",
            t.label, number, result.interruptedBy());
        return StudyRun.missing(t.label, fsUri, threads, iteration, "stopped before it finished ("
            + result.interruptedBy() + ")");
      }
      t.warmedAt.putIfAbsent(threads, number);
      if (!result.config().sized().isEmpty()) {
        t.sizedAt.putIfAbsent(threads, result.config());
      }
      return StudyRun.finished(t.label, fsUri, threads, iteration, result);
    } catch (InvalidInputException | IOException e) {
      // The namespace is not as the next run needs it (an earlier run's failures left items)
      // or the file system went away: later runs on this target would meet the same.
      t.stoppedBecause = "run " + number + " (" + threads + " threads, iteration " + iteration
          + ") could not " + (e instanceof InvalidInputException ? "start" : "complete") + ": "
          + e.getMessage();
      LOG.error("{}: {}; the later runs on this target are skipped", t.label, t.stoppedBecause);
      return StudyRun.missing(t.label, fsUri, threads, iteration, t.stoppedBecause);
    }
  }
}
