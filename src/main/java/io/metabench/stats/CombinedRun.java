package io.metabench.stats;

import io.metabench.config.BenchConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of several processes of one run combined into one, exactly as the engine combines
 * its workers: a {@code -maps} job's map tasks, or processes started by hand with
 * {@code -mapIndex} and merged afterwards ({@code metabench merge}). Per result name (a phase,
 * or each operation of a mix), in the order the parts ran them, counts, histograms, series and
 * store calls add up and the window runs from the earliest first start to the latest last end;
 * cleanups and prefills add up; phases a part did not run are named.
 *
 * <p>Stateless.
 */
public final class CombinedRun {
  private CombinedRun() {
  }

  /**
   * One result of {@code parts}, which {@code mapsRequested} parts should have made; {@code
   * partsName} names them in the reason for phases not run ("maps", "processes").
   */
  public static RunResult of(RunInfo info, BenchConfig config, int mapsRequested,
      List<RunResult> parts, String partsName) {
    List<Cleanup> cleanups = new ArrayList<>();
    List<PrefillResult> prefills = new ArrayList<>();
    for (RunResult r : parts) {
      cleanups.add(r.cleanup());
      if (r.prefill() != null) {
        prefills.add(r.prefill());
      }
    }
    RunResult result = new RunResult(info, config, phases(parts), Cleanup.combine(cleanups),
        mapsRequested, parts)
        .withPrefill(config.prefill().asked() ? PrefillResult.combine(prefills) : null);
    List<String> notRun = new ArrayList<>();
    List<Integer> stopped = new ArrayList<>();
    for (RunResult r : parts) {
      if (!r.notRun().isEmpty()) {
        stopped.add(r.config().mapIndex());
        for (String op : r.notRun()) {
          if (!notRun.contains(op)) {
            notRun.add(op);
          }
        }
      }
    }
    if (!notRun.isEmpty()) {
      result = result.withNotRun(notRun, partsName + " " + stopped + " stopped before them "
          + "because their earlier phases' failures left items behind (see their logs)");
    }
    return result;
  }

  private static List<PhaseResult> phases(List<RunResult> parts) {
    Map<String, List<PhaseResult>> byName = new LinkedHashMap<>();
    for (RunResult m : parts) {
      for (PhaseResult p : m.phases()) {
        byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(p);
      }
    }
    List<PhaseResult> combined = new ArrayList<>();
    for (List<PhaseResult> same : byName.values()) {
      combined.add(PhaseResult.combine(same.get(0).op(), same));
    }
    return combined;
  }
}
