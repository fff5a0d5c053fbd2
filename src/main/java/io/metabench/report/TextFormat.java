package io.metabench.report;

import io.metabench.config.MixSpec;
import io.metabench.op.OpType;
import io.metabench.stats.ClientWarmupFigures;
import io.metabench.stats.Disruption;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.ReplaySummary;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import io.metabench.stats.StoreCalls;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The table a person reads on stdout: one row per phase, then failures by cause. */
public final class TextFormat implements ResultFormat<RunResult> {
  /** A replay below this share of its asked speed is said to have fallen behind. */
  private static final double BEHIND = 0.9;
  private static final String ROW =
      "%-13s %7s %10s %8s %5s %9s %11s %9s %9s %9s %9s %9s %9s %9s%n";

  @Override
  public void write(RunResult result, Appendable out) throws IOException {
    RunInfo info = result.info();
    out.append(String.format(Locale.ROOT, "MetaBench %s on %s%s%s%n", info.toolVersion(),
        info.fileSystemUri(), info.embeddedHdfs() ? " (embedded HDFS)" : "",
        result.config().workload().isEmpty() ? "" : ", workload " + result.config().workload()));
    String who = result.mapsRequested() > 0
        ? result.mapsRequested() + " maps x " + result.config().threads() + " workers"
        : "map " + result.config().mapIndex() + ", " + result.config().threads() + " workers";
    if (result.replay() != null) {
      out.append(String.format(Locale.ROOT, "replay of %s into %s/replay, %d threads, %s "
          + "clients; latency = %s%n%n", result.replay().auditLog(), info.baseDir(),
          result.config().threads(), info.clientsLabel(), result.replay().speed() == 0
              ? "service time (no schedule at -replaySpeed 0)"
              : "from each command's due time (service time below)"));
    } else if (result.config().operations().isEmpty() && result.prefill() == null) {
      // Nothing measured (-cleanup on its own): what was removed is the whole report.
      writeCleanupOnly(result, out);
      return;
    } else {
      out.append(String.format(Locale.ROOT,
          "base dir %s, %s x %d items, %s clients, %d bytes per file%n",
          info.baseDir(), who, result.config().filesPerWorker(), info.clientsLabel(),
          result.config().bytesToWrite()));
      if (!result.config().sized().isEmpty()) {
        out.append(result.config().sized()).append(String.format("%n"));
      }
      if (result.prefill() != null) {
        out.append(PrefillText.of(result.prefill(), info.baseDir(),
            result.config().prefill(), result.config().operations()));
      }
      out.append(String.format("%n"));
    }
    out.append(String.format(Locale.ROOT, ROW, "phase", "workers", "ok", "failed", "late",
        "seconds", "TPS", "mean ms", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "MB/s"));
    List<PhaseResult> phases = result.phases();
    PhaseResult mixTotal = result.mixTotal();
    // A replay's rate is the log's pace, not a steady state: its phases are not judged.
    boolean judged = result.replay() == null;
    for (int i = 0; i < phases.size(); i++) {
      writeRow(phases.get(i), judged, out);
      // The mix's total follows its last operation.
      if (phases.get(i).partOfMix() && (i + 1 == phases.size() || !phases.get(i + 1).partOfMix())) {
        writeRow(mixTotal, judged, out);
      }
    }
    for (PhaseResult p : result.phases()) {
      if (p.op().unit() == OpType.Unit.ENTRIES) {
        out.append(String.format(Locale.ROOT, "  %s: %d entries listed, %s entries/s%n",
            p.name(), p.bytes(), fixed(p.bytesPerSecond(), 1)));
      }
    }
    List<PhaseResult> all = new java.util.ArrayList<>(phases);
    all.add(mixTotal);
    if (judged) {
      writeSteadiness(all, out);
    }
    writeClientWarmup(result, out);
    writeStoreCalls(result, out);
    ClientLoadFigures.text(result, out);
    if (!info.hadoopLacks().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  Hadoop %s client lacks %s%n", info.hadoopVersion(),
          info.hadoopLacks()));
    }
    ServerFigures.text(result, out);
    for (PhaseResult p : result.phases()) {
      writePacing(result, p, out);
    }
    if (mixTotal != null) {
      writePacing(result, mixTotal, out);
    }
    writeMixShares(result, out);
    if (result.semantics().renameCopies() && result.config().operations().contains(
        OpType.RENAME)) {
      out.append(String.format(Locale.ROOT, "  rename on %s copies and deletes each object: "
          + "its TPS is not a rate of metadata renames%n", result.semantics().scheme()));
    }
    if (result.mapsRequested() > 0) {
      writeMaps(result, out);
    }
    for (PhaseResult p : result.phases()) {
      for (Disruption d : Disruption.of(p.series())) {
        out.append(String.format(Locale.ROOT, "  %s: %s from %.1f s to %.1f s into the phase "
            + "(%d ok, %d failed)%s%n", p.name(), d.kind() == Disruption.Kind.STALL
            ? "nothing completed" : "failures", d.fromSeconds(), d.toSeconds(), d.successes(),
            d.failed(), ServerFigures.cause(result, p, d.fromSeconds(), d.toSeconds())));
      }
    }
    for (PhaseResult p : result.phases()) {
      writeCauses(out, p.name() + " failed", p.failures());
      writeCauses(out, p.name() + " retried", p.retries());
    }
    if (result.prefill() != null) {
      writeCauses(out, "prefill failed", result.prefill().failures());
    }
    writeCauses(out, "cleanup could not remove", result.cleanupFailures());
    if (result.replay() != null) {
      writeReplay(result.replay(), out);
    }
    if (!result.notRun().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  not run: %s: %s%n",
          String.join(",", result.notRun()), result.notRunReason()));
    } else if (!result.notRunReason().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  %s%n", result.notRunReason()));
    }
    long failed = result.failedOperations();
    String verdict;
    int missing = result.missingMaps().size();
    if (result.partial()) {
      verdict = "Stopped early (" + result.interruptedBy() + "): the figures cover the operations "
          + "that completed before it" + (failed == 0 ? "" : "; " + failed + " of them failed")
          + " (exit code " + result.exitCode() + ").";
    } else if (result.exitCode() == 0 && result.expectedFailures() > 0) {
      verdict = "No replay faults: the " + result.expectedFailures() + " failures are the log's "
          + "own (expected by the log; exit code 0).";
    } else if (result.exitCode() == 0) {
      verdict = "All operations succeeded.";
    } else if (!result.notRun().isEmpty()) {
      verdict = failed + " operations failed, and " + result.notRun().size() + " phases did not "
          + "run (exit code " + result.exitCode() + ").";
    } else if (!result.notRunReason().isEmpty()) {
      verdict = failed + " operations failed, and the run could not finish its bookkeeping "
          + "(exit code " + result.exitCode() + ").";
    } else if (missing > 0) {
      // Their operations are in no column: say so rather than blame cleanup or count 0 failed.
      verdict = (failed == 0 ? "" : failed + " operations failed, and ") + missing + " of "
          + result.mapsRequested() + " maps left no report (exit code " + result.exitCode()
          + ").";
    } else if (result.prefill() != null && (!result.prefill().complete()
        || result.prefill().failed() > 0)) {
      verdict = (failed == 0 ? "" : failed + " operations failed, and ") + "the prefill is "
          + "incomplete: run the same command again to resume it (exit code "
          + result.exitCode() + ").";
    } else if (result.prefill() != null && result.prefill().outsideBounds()) {
      verdict = (failed == 0 ? "" : failed + " operations failed, and ") + "the namespace made is "
          + "outside the fidelity bounds (above; exit code " + result.exitCode() + ").";
    } else if (failed == 0) {
      verdict = "Every operation succeeded, but cleanup could not remove everything (exit code "
          + result.exitCode() + ").";
    } else {
      verdict = failed + " operations failed (exit code " + result.exitCode() + ").";
    }
    if (result.replay() != null && result.exitCode() != 0 && result.expectedFailures() > 0) {
      verdict += " Besides those, " + result.expectedFailures() + " failures are the log's own "
          + "(expected by the log).";
    }
    out.append(String.format(Locale.ROOT, "%n%s%n", verdict));
  }

  /** A run that measured nothing: what cleanup removed, or that there was nothing to do. */
  private static void writeCleanupOnly(RunResult result, Appendable out) throws IOException {
    io.metabench.stats.Cleanup c = result.cleanup();
    String whose = result.mapsRequested() > 0 ? result.mapsRequested() + " maps"
        : "map " + result.config().mapIndex();
    out.append(String.format(Locale.ROOT, "base dir %s, %s%n", result.info().baseDir(), whose));
    out.append(!c.asked() ? String.format(Locale.ROOT, "nothing to do: no phase, prefill or "
        + "-cleanup was asked%n") : String.format(Locale.ROOT, "cleanup removed %d files and "
        + "%d directories that MetaBench made%n", c.filesRemoved(), c.directoriesRemoved()));
    writeCauses(out, "cleanup could not remove", c.failures());
    out.append(String.format(Locale.ROOT, "%n%s%n", result.exitCode() == 0
        ? "Nothing was measured." : "Cleanup could not remove everything (exit code "
            + result.exitCode() + ")."));
  }

  /** What the client warm-up did before each phase, in one line; or that it was off. */
  private static void writeClientWarmup(RunResult result, Appendable out) throws IOException {
    StringBuilder each = new StringBuilder();
    if (result.replay() != null && !result.phases().isEmpty()
        && result.phases().get(0).clientWarmup().ran()) {
      // A replay measures all its phases in one window after one warm-up.
      ClientWarmupFigures w = result.phases().get(0).clientWarmup();
      out.append(String.format(Locale.ROOT, "  client warm-up before the replay, on scratch names "
          + "removed after it, in no figure: %s s %d calls%s%n", fixed(w.nanos() / 1e9, 1),
          w.calls(), w.failed() > 0 ? " (" + w.failed() + " failed)" : ""));
      return;
    }
    for (PhaseResult p : result.phases()) {
      if (p.clientWarmup().ran() && !p.partOfMix()) {
        each.append(each.length() == 0 ? "" : ", ").append(p.name()).append(' ')
            .append(fixed(p.clientWarmup().nanos() / 1e9, 1)).append(" s ")
            .append(p.clientWarmup().calls()).append(p.clientWarmup().rewarm() ? " calls (re-warm)"
                : " calls");
        if (p.clientWarmup().failed() > 0) {
          each.append(" (").append(p.clientWarmup().failed()).append(" failed)");
        }
      }
    }
    PhaseResult mix = result.mixTotal();
    if (mix != null && mix.clientWarmup().ran()) {
      each.append(each.length() == 0 ? "" : ", ").append("mix ")
          .append(fixed(mix.clientWarmup().nanos() / 1e9, 1)).append(" s ")
          .append(mix.clientWarmup().calls()).append(" calls");
    }
    if (each.length() > 0) {
      out.append(String.format(Locale.ROOT, "  client warm-up before each phase, on scratch names "
          + "removed after it, in no figure: %s%n", each));
      for (PhaseResult p : result.phases()) {
        ClientWarmupFigures w = p.clientWarmup();
        if (w.capped() && !p.partOfMix()) {
          out.append(String.format(Locale.ROOT, "  client warm-up before %s stopped at its cap "
              + "(-clientWarmup %s s) before its rate settled, at %s calls/s: the phase may still "
              + "hold the client's warm-up (its per-second series shows it); give a longer "
              + "-clientWarmup to let it settle%n", p.name(), fixed(result.config()
                  .clientWarmupMillis() / 1000.0, 0), fixed(w.lastRate(), 0)));
        }
      }
    } else if (!result.phases().isEmpty() && result.phases().get(0).clientWarmup()
        .warmedByRun() > 0) {
      out.append(String.format(Locale.ROOT, "  no client warm-up: this JVM ran these phases at "
          + "this concurrency in run %d of the study, so they start on compiled code%n",
          result.phases().get(0).clientWarmup().warmedByRun()));
    } else if (result.config().clientWarmupMillis() == 0 && !result.phases().isEmpty()) {
      out.append(String.format(Locale.ROOT, "  no client warm-up (-clientWarmup 0): the figures "
          + "include the client JVM's start%n"));
    }
  }

  /**
   * The clients' own count of calls to the store per operation, one line per phase; or one line
   * saying the connector counts none (docs/metrics.md#store-calls).
   */
  private static void writeStoreCalls(RunResult result, Appendable out) throws IOException {
    boolean any = false;
    for (PhaseResult p : result.phases()) {
      StoreCalls c = p.storeCalls();
      if (c.available() && !p.partOfMix()) {
        any = true;
        out.append(String.format(Locale.ROOT, "  store calls, %s: %s%n", p.name(),
            c.perOperation(p.attempted() + p.warmupOps())));
      }
    }
    if (!any && !result.phases().isEmpty() && result.mixTotal() == null) {
      out.append(String.format(Locale.ROOT, "  store calls: %s counts none (its client exposes "
          + "no statistics)%n", result.info().fileSystemUri()));
    }
  }

  /** Whether a row's TPS is marked as no steady rate: a mix is judged as a whole. */
  private static boolean flagged(PhaseResult p) {
    return !p.partOfMix() && p.steadiness().flagged();
  }

  /** Why each flagged phase's TPS is marked {@code ~}, and what to change. */
  private static void writeSteadiness(List<PhaseResult> phases, Appendable out)
      throws IOException {
    for (PhaseResult p : phases) {
      if (p != null && flagged(p)) {
        StringBuilder last = new StringBuilder();
        for (double r : p.steadiness().lastRates()) {
          last.append(last.length() == 0 ? "" : ", ").append(fixed(r, 0));
        }
        out.append(String.format(Locale.ROOT, "  ~ %s: %s%s%n", p.name(),
            p.steadiness().advice(), last.length() == 0 ? ""
                : " (its last full seconds: " + last + " ops/s)"));
      }
    }
  }

  /**
   * A phase's TPS as the table shows it: to one decimal, or, when it held no steady rate, to the
   * two significant figures that is all it holds, marked {@code ~}; marked {@code !} when its
   * client was the bottleneck.
   */
  static String tps(PhaseResult p) {
    return tps(p, true);
  }

  /** As {@link #tps(PhaseResult)}; {@code judged} false: no steadiness mark (a replay). */
  private static String tps(PhaseResult p, boolean judged) {
    return (judged && flagged(p) ? ReportMath.significant(p.tps(), 2) + "~" : fixed(p.tps(), 1))
        + (ClientLoadFigures.marked(p) ? ClientLoadFigures.MARK : "");
  }

  private static void writeRow(PhaseResult p, boolean judged, Appendable out)
      throws IOException {
    out.append(String.format(Locale.ROOT, ROW, p.name(), p.workers(), p.successes(),
        p.failed(), p.lateWorkers(), fixed(p.windowSeconds(), 3), tps(p, judged),
        fixed(p.meanLatencyMillis(), 3), fixed(p.latencyMillisAt(50), 3),
        fixed(p.latencyMillisAt(90), 3), fixed(p.latencyMillisAt(99), 3),
        fixed(p.latencyMillisAt(99.9), 3), fixed(p.maxLatencyMillis(), 3),
        p.bytes() == 0 || p.op().unit() != OpType.Unit.BYTES ? "-"
            : fixed(p.bytesPerSecond() / 1e6, 2)));
  }

  /** The replay's summary: what the log held, what ran, the pace. */
  private static void writeReplay(ReplaySummary r, Appendable out) throws IOException {
    out.append(String.format(Locale.ROOT, "%nreplay: %d lines, %d audit commands: %d replayed, "
        + "%d not replayed; %d other lines, %d unreadable audit lines%n", r.lines(),
        r.auditLines(), r.replayed(), r.notReplayed(), r.otherLines(), r.malformedLines()));
    for (Map.Entry<String, Long> e : r.unsupported().entrySet()) {
      out.append(String.format(Locale.ROOT, "  not replayed (no MetaBench operation): %s x %d%n",
          e.getKey(), e.getValue()));
    }
    for (Map.Entry<String, Long> e : r.denied().entrySet()) {
      out.append(String.format(Locale.ROOT, "  not replayed (allowed=false): %s x %d%n",
          e.getKey(), e.getValue()));
    }
    out.append(r.precreate() ? String.format(Locale.ROOT, "precreated %d paths the log found "
        + "already there%s%s%n", r.precreated(), inferred(r.inference()),
        r.precreateFailed() == 0 ? "" : " (" + r.precreateFailed() + " could not be created)")
        : String.format(Locale.ROOT, "nothing precreated (-replayPrecreate false)%n"));
    ReplaySummary.Inference in = r.inference();
    if (in != null && in.namespace() != null) {
      out.append(PrefillText.check(in.namespace(), false));
      out.append(String.format(Locale.ROOT, "  on it: %s%n", in.mapping()));
    }
    if (in != null && in.listing() != null) {
      out.append(String.format(Locale.ROOT, "  listing %s%n", in.listing()));
    } else if (in != null && in.ambiguousProbes() > 0) {
      out.append(String.format(Locale.ROOT, "  %d paths were only probed (getfileinfo, "
          + "contentSummary) and never created or used: %s%n", in.ambiguousProbes(),
          in.probesAreMisses() ? "replayed as misses (-replayProbes miss)"
              : "precreated (-replayProbes miss replays them as misses)"));
    }
    if (r.part().orderWaits() > 0) {
      out.append(String.format(Locale.ROOT, "  order: %d commands waited for earlier commands "
          + "on other threads (directory deletes, renames, mode changes; first commands on paths "
          + "another thread made), %s ms in all%n",
          r.part().orderWaits(), fixed(r.part().orderWaitNanos() / 1e6, 1)));
    }
    out.append(String.format(Locale.ROOT, "log span %s s, replay span %s s, -replaySpeed %s, "
        + "achieved speed %s%n", fixed(r.logSpanMillis() / 1e3, 3),
        fixed(r.replaySpanNanos() / 1e9, 3), r.speed() == 0 ? "0 (as fast as possible)"
            : ReportMath.fixed(r.speed(), 3, "-"), fixed(r.achievedSpeed(), 3)));
    if (r.speed() > 0 && r.achievedSpeed() < BEHIND * r.speed()) {
      out.append(String.format(Locale.ROOT, "  the replay fell behind the recorded pace x %s "
          + "(achieved x %s): commands waited for a busy thread; add -threads, or lower "
          + "-replaySpeed (each command's lateness is in maxLateMs)%n",
          ReportMath.fixed(r.speed(), 3, "-"), fixed(r.achievedSpeed(), 3)));
    }
  }

  private static String inferred(ReplaySummary.Inference in) {
    return in == null ? "" : String.format(Locale.ROOT, " (%d directories, %d files)", in.dirs(),
        in.files());
  }

  private static final String MAP_ROW = "%-5s %-24s %-13s %10s %8s %5s %5s %13s %11s%n";

  /** One row per map and phase: what each map did, when it started relative to the first. */
  private static void writeMaps(RunResult result, Appendable out) throws IOException {
    String missing = result.missingMaps().isEmpty() ? "none" : result.missingMaps().toString();
    if (ReportMath.mergedProcesses(result)) {
      out.append(String.format(Locale.ROOT, "%nMerged processes: %d expected (-mapIndex 0 to %d),"
          + " %d given, missing: %s%n", result.mapsRequested(), result.mapsRequested() - 1,
          result.maps().size(), missing));
    } else {
      out.append(String.format(Locale.ROOT, "%nMapReduce job: %d maps requested, %d reported, "
          + "missing: %s%n", result.mapsRequested(), result.maps().size(), missing));
    }
    out.append(String.format(Locale.ROOT, MAP_ROW, "map", "host", "phase", "ok", "failed",
        "late", "lateW", "start skew ms", "TPS"));
    for (RunResult m : result.maps()) {
      for (PhaseResult p : m.phases()) {
        out.append(String.format(Locale.ROOT, MAP_ROW, m.config().mapIndex(), m.task().host(), p.name(),
            p.successes(), p.failed(), p.lateMaps() > 0 ? "yes" : "no", p.lateWorkers(),
            fixed(ReportMath.startSkewMillis(p, result.phases()), 3), fixed(p.tps(), 1)));
      }
    }
    for (Map.Entry<Integer, String[]> f : result.mapFailures().entrySet()) {
      out.append(String.format(Locale.ROOT, "map %d failed %s, and the other maps went on "
          + "without it: %s%n", f.getKey(), f.getValue()[0].isEmpty() ? "before its first phase"
          : "in " + f.getValue()[0], f.getValue()[1]));
    }
  }

  private static void writeCauses(Appendable out, String what, Map<String, FailureCount> causes)
      throws IOException {
    for (Map.Entry<String, FailureCount> e : causes.entrySet()) {
      out.append(String.format(Locale.ROOT, "  %s: %d x %s%s%n", what, e.getValue().count(),
          e.getKey(), e.getValue().example().isEmpty() ? "" : " (first: "
              + withoutServerStack(e.getValue().example()).replace('\n', ' ') + ")"));
    }
  }

  /**
   * The message without the server's stack trace that a RemoteException's message carries (the
   * JSON keeps the whole message): the table's line stays one readable line.
   */
  static String withoutServerStack(String message) {
    int stack = message.indexOf("\n\tat ");
    if (stack < 0) {
      stack = message.indexOf("\tat ");
    }
    return stack < 0 ? message : message.substring(0, stack).trim();
  }

  private static String fixed(double v, int decimals) {
    return ReportMath.fixed(v, decimals, "-");
  }

  /**
   * What -warmup, -duration and -rate did to a phase, each in one line. A mix's operations each
   * get their share of the asked rate; the warm-up is the mix's, shown on its total.
   */
  private static void writePacing(RunResult result, PhaseResult p, Appendable out)
      throws IOException {
    if (p.warmupOps() > 0 && !p.partOfMix()) {
      out.append(String.format(Locale.ROOT, "  %s: %d operations in the warm-up (first %s s), "
          + "in none of the figures%n", p.name(), p.warmupOps(),
          fixed(result.config().warmupMillis() / 1000.0, 1)));
    } else if (result.config().warmupMillis() > 0 && result.replay() == null
        && !result.config().durationBound(p.partOfMix() ? OpType.MIX : p.op())) {
      out.append(String.format(Locale.ROOT, "  %s: bound by its items, so no -warmup: every "
          + "planned item is measured%n", p.name()));
    }
    if (p.serviceTime() != null) {
      Histogram st = p.serviceTime();
      boolean empty = st.getTotalCount() == 0;
      String achieved = fixed(result.achievedPerSecond(p), 1);
      String pace;
      if (result.replay() != null) {
        pace = "replayed at -replaySpeed " + fixed(result.replay().speed(), 3) + ", " + achieved
            + " ops/s";
      } else if (p.partOfMix()) {
        MixSpec mix = result.config().mix();
        double share = mix.share(mix.ops().indexOf(p.op()));
        pace = "its " + fixed(100 * share, 1) + "% of the mix's fixed rate, "
            + fixed(result.config().rate() * share, 1) + " ops/s asked, " + achieved
            + " achieved";
      } else {
        pace = "fixed rate " + fixed(result.config().rate(), 1) + " ops/s asked, " + achieved
            + " achieved";
      }
      out.append(String.format(Locale.ROOT, "  %s: %s; latency counts from when each operation "
          + "was due, the latest started %s ms late. Service time (from its actual start): "
          + "p50 %s p99 %s p99.9 %s max %s ms%n", p.name(), pace, fixed(p.maxLateNanos() / 1e6, 3),
          fixed(empty ? 0 : st.getValueAtPercentile(50) / 1e6, 3),
          fixed(empty ? 0 : st.getValueAtPercentile(99) / 1e6, 3),
          fixed(empty ? 0 : st.getValueAtPercentile(99.9) / 1e6, 3),
          fixed(empty ? 0 : st.getMaxValue() / 1e6, 3)));
    }
  }

  /** A mix's operations as drawn, beside the shares asked for. */
  private static void writeMixShares(RunResult result, Appendable out) throws IOException {
    MixSpec mix = result.config().mix();
    long total = 0;
    for (PhaseResult p : result.phases()) {
      total += p.partOfMix() ? p.attempted() : 0;
    }
    if (mix.isEmpty() || total == 0) {
      return;
    }
    StringBuilder line = new StringBuilder();
    for (PhaseResult p : result.phases()) {
      if (p.partOfMix()) {
        line.append(line.length() == 0 ? "" : ", ").append(p.op().id()).append(' ')
            .append(fixed(100.0 * p.attempted() / total, 1)).append("% (asked ")
            .append(fixed(100.0 * mix.share(mix.ops().indexOf(p.op())), 1)).append("%)");
      }
    }
    out.append(String.format(Locale.ROOT, "  mix: %d operations drawn (seed %d): %s%n", total,
        result.config().seed(), line));
  }
}
