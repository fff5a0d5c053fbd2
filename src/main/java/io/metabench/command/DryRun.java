package io.metabench.command;

import io.metabench.config.BenchConfig;
import io.metabench.config.OptionNames;
import io.metabench.config.StudyPlan;
import io.metabench.namespace.ShapeModel;
import io.metabench.namespace.ShapedTree;
import io.metabench.op.OpType;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code -dryRun}: what a run or study would do, once its input has been checked, without
 * touching a file system or writing a file: the phases, workers and items, the base directory, a
 * study's runs, and every setting in effect as the options it stands for (a workload's among
 * them). Stateless.
 */
final class DryRun {
  private DryRun() {
  }

  /** Prints the plan of {@code config} (the first run of {@code plan}) read from {@code conf}. */
  static void print(PrintStream out, StudyPlan plan, BenchConfig config, Configuration conf) {
    out.println("Dry run: nothing is run, touched or written.");
    if (!config.workload().isEmpty()) {
      out.println("workload: " + config.workload());
    }
    List<String> steps = new ArrayList<>();
    if (config.prefill().profile() != null) {
      long[] size = ShapeModel.size(config.prefill().profile().json(), config.prefill().scale());
      steps.add(String.format(Locale.ROOT, "prefill of %s at scale %s per map (%,d files in %,d "
          + "directories), checked against it", config.prefill().profile(),
          ShapedTree.scaleText(config.prefill().scale()), size[1], size[0]));
    } else if (config.prefill().files() > 0) {
      steps.add(String.format(Locale.ROOT, "prefill of %d files per map", config.prefill().files()));
    }
    for (OpType op : config.operations()) {
      steps.add(op == OpType.MIX ? "mix (" + config.mix() + ")" : op.id());
    }
    if (config.cleanup()) {
      steps.add("cleanup");
    }
    out.println("phases: " + (steps.isEmpty() ? "none" : String.join(", then ", steps)));
    String who = config.maps() > 0 ? config.maps() + " map tasks x " + config.threads()
        + " workers" : config.threads() + (config.threads() == 1 ? " worker" : " workers");
    String how = config.durationMillis() > 0 ? String.format(Locale.ROOT, "; phases that keep "
        + "names run for %.1f s over them", config.durationMillis() / 1e3) : "";
    out.printf(Locale.ROOT, "each phase: %s x %d items%s%s%n", who, config.filesPerWorker(), how,
        config.rate() > 0 ? String.format(Locale.ROOT, ", at %.1f ops/s in all", config.rate())
            : "");
    if (plan.isStudy()) {
      List<String> targets = new ArrayList<>();
      for (StudyPlan.TargetSpec t : plan.targets()) {
        targets.add(t.label().isEmpty() ? t.baseDir() : t.label() + "=" + t.baseDir());
      }
      out.printf(Locale.ROOT, "study: %d runs: %s at %s threads, %d iteration%s%n", plan.runs(),
          String.join(" and ", targets), plan.threadLevels(), plan.iterations(),
          plan.iterations() == 1 ? "" : "s");
    } else {
      out.println("base directory: " + config.baseDir() + (config.baseDir().contains("://") ? ""
          : " (on the default file system; an embedded HDFS when none is configured)"));
    }
    out.println("options in effect: " + OptionNames.asOptions(conf));
    out.flush();
  }
}
