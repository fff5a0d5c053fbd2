package io.metabench.merge;

import io.metabench.cli.MergeRequest;
import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.core.InvalidInputException;
import io.metabench.stats.CombinedRun;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;

/**
 * Combines the results of processes that ran one run by hand, each with its own
 * {@code -mapIndex} (docs/mapreduce.md, "Without YARN"), into the result a {@code -maps} job
 * gives: {@link CombinedRun} adds them up exactly as a job's driver adds up its maps, and each
 * process is one row of the per-map table.
 *
 * <p>What a job knows and hand-started processes do not is checked here: the processes must
 * have run the same options against the same base directory with different map numbers
 * (refused otherwise, in one line); a process whose workers reached the common
 * {@code -startTime} after it had passed is marked late in its first phase (as a map that
 * reaches a job's barrier late); warnings say when nothing started the processes together or
 * when a process began a phase after another had finished it.
 *
 * <p>Stateless.
 */
public final class ProcessMerge {
  private ProcessMerge() {
  }

  /** One process's result and the file it was read from. Immutable. */
  public static final class Process {
    private final File file;
    private final RunResult result;

    public Process(File file, RunResult result) {
      this.file = file;
      this.result = result;
    }

    public File file() {
      return file;
    }

    public RunResult result() {
      return result;
    }

    int mapIndex() {
      return result.config().mapIndex();
    }
  }

  /** The combined result and what a reader should know about it. Immutable. */
  public static final class Merged {
    private final RunResult result;
    private final List<String> warnings;

    Merged(RunResult result, List<String> warnings) {
      this.result = result;
      this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
    }

    public RunResult result() {
      return result;
    }

    /** One line each, for the log and the table's reader. */
    public List<String> warnings() {
      return warnings;
    }
  }

  /**
   * The processes combined; {@code processes} are in the order given.
   *
   * @throws InvalidInputException in one line, naming the files and the fix, when they are not
   *     the processes of one run
   */
  public static Merged merge(List<Process> processes) {
    if (processes.size() < 2) {
      throw new InvalidInputException("merge: give the JSON files of at least two processes "
          + "(one per -mapIndex); " + MergeRequest.USAGE);
    }
    List<Process> sorted = new ArrayList<>(processes);
    sorted.sort(Comparator.comparingInt(Process::mapIndex));
    for (Process p : sorted) {
      check(p);
    }
    Process first = sorted.get(0);
    for (Process p : sorted.subList(1, sorted.size())) {
      same(first, p);
    }
    List<String> warnings = new ArrayList<>();
    BenchConfig config = first.result.config();
    if (config.processes() == 0) {
      warnings.add("the processes were run without -processes, so nothing lined them up before "
          + "each phase" + (config.startTime() == 0 ? " (nor started them together: no "
          + "-startTime)" : " after the first") + ": each phase's window runs from the first "
          + "process's first operation to the last one's last; run them with -processes n and "
          + "one -startTime");
    }
    List<RunResult> parts = new ArrayList<>();
    for (Process p : sorted) {
      // With -processes the barrier marked late processes itself, phase by phase.
      parts.add(asPart(p, config.startTime() > 0 && config.processes() == 0));
    }
    warnings.addAll(notTogether(sorted));
    warnings.addAll(differences(first, sorted));
    int expected = config.processes() > 0 ? config.processes()
        : sorted.get(sorted.size() - 1).mapIndex() + 1;
    RunResult merged = CombinedRun.of(info(sorted), asJob(config, expected), expected, parts,
        "processes")
        .withProvenance(first.result.provenance()).withSemantics(first.result.semantics());
    for (Process p : sorted) {
      if (p.result.partial()) {
        String why = "process -mapIndex " + p.mapIndex() + ": " + p.result.interruptedBy();
        merged = p.result.stoppedBySignal() ? merged.withInterruption(why)
            : merged.withEarlyStop(why);
        break;
      }
    }
    return new Merged(merged, warnings);
  }

  private static void check(Process p) {
    BenchConfig c = p.result.config();
    if (c.maps() > 0) {
      throw new InvalidInputException("merge: " + p.file + " is already the combined result of a "
          + "-maps " + c.maps() + " job; merge the JSON files of processes run with -mapIndex");
    }
    if (p.result.replay() != null) {
      throw new InvalidInputException("merge: " + p.file + " is a replay's result; merge "
          + "combines runs of phases (replay spreads over maps with -maps)");
    }
  }

  /** Refuses {@code p} unless it ran what {@code first} ran, as another map. */
  private static void same(Process first, Process p) {
    String pair = first.file + " and " + p.file;
    if (p.mapIndex() == first.mapIndex()) {
      throw new InvalidInputException("merge: " + pair + " are both -mapIndex " + p.mapIndex()
          + "; each process needs its own -mapIndex (is one file given twice?)");
    }
    RunInfo a = first.result.info();
    RunInfo b = p.result.info();
    if (!a.fileSystemUri().equals(b.fileSystemUri()) || !a.baseDir().equals(b.baseDir())) {
      throw new InvalidInputException("merge: " + pair + " ran against different base "
          + "directories (" + a.baseDir() + " and " + b.baseDir() + ")" + (a.embeddedHdfs()
          ? ", each on an embedded HDFS of its own" : "") + "; merge combines processes that "
          + "shared one base directory");
    }
    Map<String, Object> pa = parametersBesideMapIndex(first.result.config());
    Map<String, Object> pb = parametersBesideMapIndex(p.result.config());
    for (Map.Entry<String, Object> e : pa.entrySet()) {
      if (!Objects.equals(e.getValue(), pb.get(e.getKey()))) {
        throw new InvalidInputException("merge: " + pair + " ran with different -" + e.getKey()
            + " (" + e.getValue() + " and " + pb.get(e.getKey()) + "); merge combines the "
            + "processes of one run, started with the same options and different -mapIndex");
      }
    }
  }

  private static Map<String, Object> parametersBesideMapIndex(BenchConfig c) {
    Map<String, Object> p = new LinkedHashMap<>(c.parameters());
    p.remove("mapIndex");
    return p;
  }

  /** The process as one part of the whole: where it ran, and whether it started late. */
  private static RunResult asPart(Process p, boolean commonStart) {
    String host = p.result.provenance() == null ? "unknown" : p.result.provenance().host();
    RunResult part = p.result.withTask(RunResult.Task.process(host, p.file.getPath()));
    List<PhaseResult> phases = part.phases();
    if (commonStart && !phases.isEmpty() && phases.get(0).lateWorkers() > 0) {
      List<PhaseResult> marked = new ArrayList<>(phases);
      marked.set(0, phases.get(0).withLateMaps(1));
      part = part.withPhases(marked);
    }
    return part;
  }

  /** The first process's run information, from when the earliest process started. */
  private static RunInfo info(List<Process> processes) {
    RunInfo a = processes.get(0).result.info();
    long started = Long.MAX_VALUE;
    for (Process p : processes) {
      started = Math.min(started, p.result.info().startedAtEpochMillis());
    }
    return a.withStartedAt(started);
  }

  /** {@code config} as a {@code -maps} job of {@code maps} maps would have had it. */
  private static BenchConfig asJob(BenchConfig config, int maps) {
    Configuration conf = new Configuration(false);
    config.writeTo(conf);
    conf.setInt(ConfigKeys.MAPS, maps);
    conf.setInt(ConfigKeys.MAP_INDEX, 0);
    // The job's barrier stands for the processes' own: -processes does not go with -maps.
    conf.setInt(ConfigKeys.PROCESSES, 0);
    return BenchConfig.fromConfiguration(conf);
  }

  /** A line for each phase some process began after another had finished it. */
  private static List<String> notTogether(List<Process> processes) {
    Map<String, long[]> latestStart = new LinkedHashMap<>();
    Map<String, long[]> earliestEnd = new LinkedHashMap<>();
    for (Process p : processes) {
      for (PhaseResult ph : p.result.phases()) {
        if (ph.attempted() == 0) {
          continue;
        }
        long[] s = latestStart.computeIfAbsent(ph.name(), k -> new long[] {Long.MIN_VALUE, 0});
        if (ph.firstStartEpochNanos() > s[0]) {
          s[0] = ph.firstStartEpochNanos();
          s[1] = p.mapIndex();
        }
        long[] e = earliestEnd.computeIfAbsent(ph.name(), k -> new long[] {Long.MAX_VALUE, 0});
        if (ph.lastEndEpochNanos() < e[0]) {
          e[0] = ph.lastEndEpochNanos();
          e[1] = p.mapIndex();
        }
      }
    }
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, long[]> s : latestStart.entrySet()) {
      long[] e = earliestEnd.get(s.getKey());
      if (s.getValue()[0] > e[0]) {
        lines.add(String.format(Locale.ROOT, "%s: -mapIndex %d began it %.3f s after -mapIndex "
            + "%d had finished it, so the processes did not all run it together and its TPS "
            + "counts time when only some of them ran", s.getKey(), s.getValue()[1],
            (s.getValue()[0] - e[0]) / 1e9, e[1]));
      }
    }
    return lines;
  }

  /** A line for each way the processes' own circumstances differ (versions, settings). */
  private static List<String> differences(Process first, List<Process> processes) {
    List<String> lines = new ArrayList<>();
    for (Process p : processes.subList(1, processes.size())) {
      String a = first.result.info().toolVersion();
      String b = p.result.info().toolVersion();
      if (!a.equals(b)) {
        lines.add("MetaBench versions differ: -mapIndex " + first.mapIndex() + " ran " + a
            + ", -mapIndex " + p.mapIndex() + " ran " + b);
      }
      if (first.result.provenance() != null && p.result.provenance() != null
          && !first.result.provenance().clientSettings()
              .equals(p.result.provenance().clientSettings())) {
        lines.add("client settings differ between -mapIndex " + first.mapIndex() + " and "
            + "-mapIndex " + p.mapIndex() + " (see each file's provenance)");
      }
    }
    return lines;
  }
}
