package io.metabench.config;

import static io.metabench.config.ConfigKeys.*;

import io.metabench.core.InvalidInputException;
import io.metabench.path.NamespaceState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * What a study runs: the same phases at each concurrency ({@code -threads 1,2,4}), on each target
 * ({@code -target}), repeated {@code -iterations} times. One run of one concurrency on one target
 * is an ordinary MetaBench run, configured by {@link #runConfiguration}; a plain invocation is a
 * study of one run.
 *
 * <p>Immutable and thread-safe.
 */
public final class StudyPlan {
  private static final Pattern RANGE = Pattern.compile("(\\d+)-(\\d+)(?:\\*(\\d+))?");
  private static final Pattern LABEL = Pattern.compile("([A-Za-z0-9_.+-]+)=(.+)");
  private static final int MAX_LEVELS = 64;

  private final List<Integer> threadLevels;
  private final int iterations;
  private final List<TargetSpec> targets;
  private final String outDir;
  private final int chartThreads;
  private final boolean quiet;

  /** A target of a study: its label (empty when derived later) and its base directory. */
  public static final class TargetSpec {
    private final String label;
    private final String baseDir;

    TargetSpec(String label, String baseDir) {
      this.label = label;
      this.baseDir = baseDir;
    }

    /** The label given with {@code label=uri}; empty when none was given. */
    public String label() {
      return label;
    }

    /** The base directory: a path on the default file system or a URI naming one. */
    public String baseDir() {
      return baseDir;
    }
  }

  private StudyPlan(Configuration conf) {
    this.threadLevels = parseLevels(conf.getTrimmed(THREADS, Option.THREADS.defaultText()));
    this.iterations = Option.ITERATIONS.readInt(conf);
    this.targets = parseTargets(conf);
    checkTargetSettings(conf, targets);
    this.outDir = Option.OUT_DIR.readText(conf);
    this.chartThreads = Option.CHART_THREADS.readInt(conf);
    if (chartThreads != 0 && !threadLevels.contains(chartThreads)) {
      throw new InvalidInputException("-chartThreads " + chartThreads + " is not one of the "
          + "-threads levels " + threadLevels + ": give one of them, or 0 for the highest");
    }
    this.quiet = Option.QUIET.readBool(conf);
  }

  /**
   * Reads and validates the study keys of {@code conf}, then every run's configuration, so that
   * bad input anywhere in the study is refused before anything runs.
   *
   * @throws InvalidInputException naming the option and the fix
   */
  public static StudyPlan fromConfiguration(Configuration conf) {
    StudyPlan plan = unchecked(conf);
    BenchConfig first = null;
    for (TargetSpec t : plan.targets) {
      for (int threads : plan.threadLevels) {
        BenchConfig c = BenchConfig.fromConfiguration(plan.runConfiguration(conf, t, threads));
        first = first == null ? c : first;
      }
    }
    if (plan.runsPerTarget() > 1 && !first.cleanup()) {
      requireSequenceRepeatable(first, plan);
    }
    return plan;
  }

  /**
   * The plan's targets, concurrencies and iterations as given, without the checks of its runs'
   * sequence: for a capacity search, whose own checks come first.
   */
  static StudyPlan unchecked(Configuration conf) {
    return new StudyPlan(conf);
  }

  /**
   * A later run on a target starts where the earlier one left the namespace; unless cleanup
   * removes everything after each run, the phases themselves must.
   */
  private static void requireSequenceRepeatable(BenchConfig c, StudyPlan plan) {
    NamespaceState end = NamespaceState.EMPTY.afterAll(c.ownItemPhases(), c.mix().keepsNames(),
        new io.metabench.path.Layout(c.threads(), c.filesPerWorker(), c.filesPerDir()),
        c.baseDir());
    if (!end.isEmpty()) {
      throw new InvalidInputException("-operation " + io.metabench.op.OpType.join(c.operations())
          + " leaves files or directories behind, so the next of the " + plan.runsPerTarget()
          + " runs per target (-threads " + plan.threadLevels + " x -iterations "
          + plan.iterations + ") cannot start: end the phases with delete/rmdir (e.g. "
          + "-operation all) or add -cleanup");
    }
  }

  /**
   * The configuration of one run: {@code conf} with this target's base directory and threads,
   * and its own client settings: each {@code metabench.target.<label>.<key>} as {@code <key>},
   * and {@code metabench.target.<label>.confDir} loaded as {@code -confDir} loads a directory
   * (so one nameservice can be measured with two client configurations, e.g. with and without
   * observer reads).
   */
  public Configuration runConfiguration(Configuration conf, TargetSpec target, int threads) {
    Configuration c = new Configuration(conf);
    c.set(BASE_DIR, target.baseDir());
    c.setInt(THREADS, threads);
    c.unset(TARGETS);
    if (!target.label().isEmpty()) {
      for (Map.Entry<String, String> e : conf.getPropsWithPrefix(TARGET_SETTING
          + target.label() + ".").entrySet()) {
        if (e.getKey().equals("confDir")) {
          Resources.loadConfDir(e.getValue(), c);
        } else {
          c.set(e.getKey(), e.getValue());
        }
      }
    }
    return c;
  }

  /** Refuses a target setting whose label no -target has. */
  private static void checkTargetSettings(Configuration conf, List<TargetSpec> targets) {
    Set<String> labels = new HashSet<>();
    for (TargetSpec t : targets) {
      labels.add(t.label());
    }
    for (String key : conf.getPropsWithPrefix(TARGET_SETTING).keySet()) {
      String label = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
      if (!labels.contains(label) || !key.contains(".")) {
        throw new InvalidInputException("-D " + TARGET_SETTING + key + " names no -target "
            + "labelled '" + label + "': label the target (-target " + label + "=<uri>) and give "
            + "its settings as -D " + TARGET_SETTING + "<label>.<key>=<value>");
      }
      String dir = conf.get(TARGET_SETTING + key);
      if (key.equals(label + ".confDir") && !new java.io.File(dir).isDirectory()) {
        throw new InvalidInputException("-D " + TARGET_SETTING + key + "=" + dir + " is not a "
            + "directory: give the directory holding that target's core-site.xml and "
            + "hdfs-site.xml");
      }
    }
  }

  /**
   * Concurrencies from {@code 4}, {@code 1,2,4}, {@code 1-8} or {@code 1-64*2}; ascending,
   * without repeats.
   */
  static List<Integer> parseLevels(String raw) {
    Set<Integer> levels = new TreeSet<>();
    for (String part : raw.split(",")) {
      String p = part.trim();
      Matcher m = RANGE.matcher(p);
      if (m.matches()) {
        long from = Long.parseLong(m.group(1));
        long to = Long.parseLong(m.group(2));
        long factor = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
        if (from < 1 || to < from || (m.group(3) != null && factor < 2)) {
          throw badLevels(raw, "'" + p + "' is not an ascending range of positive numbers"
              + (m.group(3) != null ? " with a factor of 2 or more" : ""));
        }
        for (long v = from; v <= to && levels.size() <= MAX_LEVELS; v = factor == 0 ? v + 1
            : v * factor) {
          levels.add(level(raw, v));
        }
      } else {
        long v;
        try {
          v = Long.parseLong(p);
        } catch (NumberFormatException e) {
          throw badLevels(raw, "'" + p + "' is not a number or a range");
        }
        if (v < 1) {
          throw badLevels(raw, "'" + p + "' is not a positive number");
        }
        levels.add(level(raw, v));
      }
      if (levels.size() > MAX_LEVELS) {
        throw badLevels(raw, "it names more than " + MAX_LEVELS + " concurrencies");
      }
    }
    return Collections.unmodifiableList(new ArrayList<>(levels));
  }

  private static int level(String raw, long v) {
    if (v > 100_000) {
      throw badLevels(raw, v + " is more than 100000 threads");
    }
    return (int) v;
  }

  private static InvalidInputException badLevels(String raw, String why) {
    return new InvalidInputException("-threads '" + raw + "' is not usable: " + why + "; give a "
        + "number (16), a list (1,2,4,8), a range (1-8) or a doubling range (1-64*2)");
  }

  /** Prefix of a target's own client settings: {@code metabench.target.<label>.<key>}. */
  static final String TARGET_SETTING = "metabench.target.";

  private static List<TargetSpec> parseTargets(Configuration conf) {
    String raw = Option.TARGET.readText(conf);
    if (raw.isEmpty()) {
      return Collections.singletonList(
          new TargetSpec("", conf.getTrimmed(BASE_DIR, Option.BASE_DIR.defaultText())));
    }
    if (UserSettings.isSetByUser(conf, BASE_DIR)) {
      throw new InvalidInputException("both -baseDir and -target were given: give each file "
          + "system as a -target (e.g. -target hdfs://nn:8020/bench -target file:///tmp/bench) "
          + "and drop -baseDir");
    }
    List<TargetSpec> targets = new ArrayList<>();
    Set<String> labels = new HashSet<>();
    for (String part : raw.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        throw new InvalidInputException("-target is empty; give a base directory URI such as "
            + "hdfs://namenode:8020/benchmarks/MetaBench, optionally as label=uri");
      }
      Matcher m = LABEL.matcher(p);
      String label = "";
      String dir = p;
      if (m.matches() && !m.group(1).contains(":")) {
        label = m.group(1);
        dir = m.group(2).trim();
      }
      if (!label.isEmpty() && !labels.add(label)) {
        throw new InvalidInputException("-target label '" + label + "' is given twice; give each "
            + "target its own label");
      }
      targets.add(new TargetSpec(label, dir));
    }
    return Collections.unmodifiableList(targets);
  }

  /** Concurrencies, ascending. */
  public List<Integer> threadLevels() {
    return threadLevels;
  }

  public int iterations() {
    return iterations;
  }

  /** Targets in the order given; ratios are to the first. */
  public List<TargetSpec> targets() {
    return targets;
  }

  /** The result directory as given; empty when none was. */
  public String outDir() {
    return outDir;
  }

  /** The concurrency the latency charts show; 0 for the highest. */
  public int chartThreads() {
    return chartThreads;
  }

  public boolean quiet() {
    return quiet;
  }

  public int runsPerTarget() {
    return threadLevels.size() * iterations;
  }

  public int runs() {
    return runsPerTarget() * targets.size();
  }

  /** Whether this is a study (several runs, or a result directory asked for) or a plain run. */
  public boolean isStudy() {
    return runs() > 1 || !outDir.isEmpty();
  }
}
