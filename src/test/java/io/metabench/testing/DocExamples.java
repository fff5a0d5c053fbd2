package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code scripts/meta-bench.sh} examples of README.md and docs/: each command of a shell
 * block (continuation lines joined, {@code NAME=value} prefixes as its environment, simple
 * {@code NAME=value} lines of the block as variables), whether it can run here (no external
 * cluster, no placeholder) and, if so, the same command scaled down to seconds.
 */
public final class DocExamples {
  /** Words that stand for something the reader fills in, or for a cluster that is not here. */
  private static final Pattern ELSEWHERE = Pattern.compile(
      "(hdfs://(?!localhost)[a-z]|s3a://|oss://|cv://|jfs://|alluxio://|META_BENCH_CLASSPATH"
          + "|-principal|-maps |/path/to/(?!metabench/)|YOUR_|X\\.Y\\.Z|\\.\\.\\.|\\[|<[a-z]|"
          + "-confDir|-conf |CONF_DIR=|~/)");
  private static final Pattern VARIABLE = Pattern.compile("^([A-Z_][A-Z0-9_]*)=(\"?)(.*)\\2$");
  /** A comment after an example giving the exit code it ends with: {@code # exits 1 (...)}. */
  private static final Pattern EXITS = Pattern.compile("\\s#\\s*exits (\\d+)");
  private static final Pattern ENV_PREFIX = Pattern.compile("^([A-Z_][A-Z0-9_]*)=(\\S+)\\s+");

  /** Items per worker an example runs at most, and workers, once scaled down. */
  static final int FILES = 20;
  static final int THREADS = 2;

  private DocExamples() {
  }

  /** One example, where it stands, and whether it runs here. */
  public static final class Example {
    public final String where;
    public final String asWritten;
    /** Why it cannot run here; null when it can. */
    public final String skipped;
    /** The arguments after the script, scaled down; null when skipped. */
    public final List<String> args;
    /** The environment it sets ({@code THREADS=4 scripts/meta-bench.sh ...}), scaled down. */
    public final Map<String, String> env;
    /** The block it stands in: examples of one block run in one working directory, in order. */
    public final String block;
    /** The exit code the docs give it ({@code # exits 1} after it); 0 when they say none. */
    public final int exitCode;

    Example(String where, String asWritten, String skipped, List<String> args,
        Map<String, String> env, String block, int exitCode) {
      this.where = where;
      this.asWritten = asWritten;
      this.skipped = skipped;
      this.args = args;
      this.env = env;
      this.block = block;
      this.exitCode = exitCode;
    }

    @Override
    public String toString() {
      return where + ": " + asWritten;
    }
  }

  /** Every example of README.md and docs/ (recursively) under {@code project}, in file order. */
  public static List<Example> of(File project) throws IOException {
    List<Example> all = new ArrayList<>();
    for (File f : markdown(project)) {
      String rel = project.toPath().relativize(f.toPath()).toString();
      all.addAll(parse(rel, new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8),
          project));
    }
    return all;
  }

  /** README.md and every Markdown file under docs/ (recursively), in file order. */
  public static List<File> markdown(File project) {
    List<File> files = new ArrayList<>();
    files.add(new File(project, "README.md"));
    collect(new File(project, "docs"), files);
    return files;
  }

  private static void collect(File dir, List<File> into) {
    File[] entries = dir.listFiles();
    if (entries == null) {
      return;
    }
    Arrays.sort(entries);
    for (File e : entries) {
      if (e.isDirectory()) {
        collect(e, into);
      } else if (e.getName().endsWith(".md")) {
        into.add(e);
      }
    }
  }

  /** The examples of one Markdown text, named {@code file} in their {@code where}. */
  public static List<Example> parse(String file, String text, File project) {
    List<Example> out = new ArrayList<>();
    // A block may be indented (inside a list item): its fences then are too, alike.
    Matcher block = Pattern.compile("(?m)^([ \\t]*)```(?:sh|bash)\\n(.*?)^\\1```",
        Pattern.DOTALL).matcher(text);
    while (block.find()) {
      int line = 1 + text.substring(0, block.start()).split("\n", -1).length;
      String body = block.group(2).replaceAll("\\\\\\n\\s*", " ");
      Map<String, String> vars = new LinkedHashMap<>();
      String blockId = file + ":" + line;
      for (String raw : body.split("\n")) {
        Matcher exits = EXITS.matcher(raw);
        int exitCode = exits.find() ? Integer.parseInt(exits.group(1)) : 0;
        String l = raw.replaceAll("\\s+#.*$", "").trim();
        Matcher var = VARIABLE.matcher(l);
        if (var.matches() && !l.contains(" scripts/")) {
          vars.put(var.group(1), var.group(3));
          continue;
        }
        int at = l.indexOf("scripts/meta-bench.sh");
        if (at < 0 || l.startsWith("#")) {
          continue;
        }
        out.add(example(file + ":" + line, l, vars, blockId, project, exitCode));
      }
    }
    return out;
  }

  private static Example example(String where, String line, Map<String, String> vars,
      String block, File project, int exitCode) {
    String l = line;
    for (Map.Entry<String, String> v : vars.entrySet()) {
      l = l.replace("$" + v.getKey(), v.getValue()).replace("${" + v.getKey() + "}", v.getValue());
    }
    Map<String, String> env = new LinkedHashMap<>();
    String rest = l.replaceFirst("^.*&&\\s*", "");
    for (Matcher m = ENV_PREFIX.matcher(rest); m.find(); m = ENV_PREFIX.matcher(rest)) {
      env.put(m.group(1), m.group(2));
      rest = rest.substring(m.end());
    }
    String why = null;
    Matcher elsewhere = ELSEWHERE.matcher(l);
    if (elsewhere.find()) {
      why = "names something not here (" + elsewhere.group(1).trim() + ")";
    } else if (l.contains("$") || rest.contains(";") || rest.contains("|")) {
      why = "needs a shell around it";
    } else if (!rest.matches("(\\S*/)?scripts/meta-bench\\.sh( .*)?")) {
      why = "not a command of the script alone";
    }
    List<String> args = new ArrayList<>();
    if (why == null) {
      for (String a : rest.replaceFirst("^\\S*scripts/meta-bench\\.sh\\s*", "").split("\\s+")) {
        if (!a.isEmpty()) {
          args.add(a);
        }
      }
      if (args.contains("-auditLog")) {
        String log = args.get(args.indexOf("-auditLog") + 1);
        if (!new File(log).isAbsolute() && !new File(project, log).isFile()) {
          why = "needs " + log + ", which another test makes";
        }
      }
    }
    return new Example(where, line, why, why == null ? args : null, env, block, exitCode);
  }

  /**
   * {@code args} scaled down to seconds: at most {@link #FILES} items and {@link #THREADS}
   * workers (a list of levels: its first two, at most {@link #THREADS}), one iteration, phases of
   * 2 s after a warm-up of 1 s, a prefill of at most 300 files (a profile's at a scale of at
   * most 0.01), no client warm-up (given or
   * not); a bare operation word gets the scaled size too. Paths under /tmp go under
   * {@code tmp}, relative audit logs under {@code project}.
   */
  public static List<String> scaled(List<String> args, File tmp, File project) {
    List<String> out = new ArrayList<>();
    boolean sized = false;
    boolean threaded = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : null;
      String scaledValue = null;
      if (next != null) {
        switch (a) {
          case "-numFiles":
          case "-numberOfFiles":
            scaledValue = Long.toString(Math.min(Long.parseLong(next), FILES));
            sized = true;
            break;
          case "-threads":
            scaledValue = threads(next);
            threaded = true;
            break;
          case "-prefillThreads":
            scaledValue = Integer.toString(Math.min(Integer.parseInt(next), THREADS));
            break;
          case "-iterations":
            scaledValue = "1";
            break;
          case "-duration":
            scaledValue = "2";
            break;
          case "-warmup":
            scaledValue = "1";
            break;
          case "-clientWarmup":
            scaledValue = "0";
            break;
          case "-prefillFiles":
            scaledValue = Long.toString(Math.min(Long.parseLong(next), 300));
            break;
          case "-prefillScale":
            // yahoo at 0.01: 2,322 files, the smallest it keeps its shape at
            scaledValue = Double.toString(Math.min(Double.parseDouble(next), 0.01));
            break;
          case "-auditLog":
            // A log under /tmp is one an earlier command of the block recorded there.
            scaledValue = new File(next).isAbsolute() ? next.replace("/tmp/", tmp.getPath() + "/")
                : new File(project, next).getPath();
            break;
          default:
            break;
        }
      }
      if (scaledValue != null) {
        out.add(a);
        out.add(scaledValue);
        i++;
      } else {
        out.add(a.replace("/tmp/", tmp.getPath() + "/"));
      }
    }
    boolean report = !out.isEmpty()
        && (out.get(0).equals("report") || out.get(0).equals("compare"));
    if (!report && !out.contains("-clientWarmup")) {
      out.add("-clientWarmup");
      out.add("0");
    }
    // A capacity search in seconds: short steps, a short settling, a coarse precision, and (for
    // an operation that keeps its items, made once before the first step) 100 items a worker,
    // not 1,000.
    if (out.contains("-capacity") && !out.contains("-capacityStep")) {
      out.addAll(Arrays.asList("-capacityStep", "2", "-capacityPrecision", "60",
          "-capacitySettle", "250ms"));
      if (!sized) {
        out.addAll(Arrays.asList("-numFiles", "100"));
      }
    }
    // A shipped workload sizes the run itself: the command line wins over it.
    if (out.contains("-workload") && !out.contains("-dryRun")) {
      if (!sized) {
        out.addAll(Arrays.asList("-numFiles", Integer.toString(FILES)));
      }
      out.addAll(workloadScaled(out.get(out.indexOf("-workload") + 1), out, threaded));
    }
    return out;
  }

  /**
   * What a shipped workload's own sizes are scaled to, as its options would be: its threads as
   * {@link #threads} scales a count or a list, its prefill to
   * {@code -prefillFiles 300} or {@code -prefillScale 0.01}, its phases' time to 2 s; nothing
   * the command line gives already.
   */
  private static List<String> workloadScaled(String name, List<String> given, boolean threaded) {
    org.apache.hadoop.conf.Configuration w = new org.apache.hadoop.conf.Configuration(false);
    w.addResource("metabench/workloads/" + name + ".xml");
    List<String> out = new ArrayList<>();
    if (!threaded) {
      // A sweep stays a sweep (its study's report is part of what the example shows), at two
      // counts; a workload of one count runs at the scaled one, not as a study of two.
      String threads = w.get("metabench.threads", Integer.toString(THREADS));
      out.addAll(Arrays.asList("-threads", threads(threads), "-iterations", "1"));
    }
    if (w.get("metabench.prefill.files") != null && !given.contains("-prefillFiles")) {
      out.addAll(Arrays.asList("-prefillFiles", "300"));
    }
    if (w.get("metabench.prefill.profile") != null && !given.contains("-prefillScale")) {
      out.addAll(Arrays.asList("-prefillScale", "0.01"));
    }
    if (w.get("metabench.duration.millis") != null && !given.contains("-duration")) {
      out.addAll(Arrays.asList("-duration", "2"));
    }
    return out;
  }

  /**
   * The environment scaled down as {@link #scaled} scales options. A run named by an operation
   * word ({@code scripts/meta-bench.sh all}) gets the script's THREADS and NUM_FILES at the
   * scaled size, in place of its defaults of 10 x 1,000. Unless the example sets it, the JVM
   * compiles as {@link ScriptRun#QUICK_JIT} says ({@code META_BENCH_JIT}): what is checked is
   * that a scaled example runs and what kinds of line it prints, not its figures.
   */
  public static Map<String, String> scaledEnv(Map<String, String> env, List<String> args) {
    Map<String, String> out = new LinkedHashMap<>(env);
    out.putIfAbsent("META_BENCH_JIT", ScriptRun.QUICK_JIT);
    out.computeIfPresent("THREADS", (k, v) -> threads(v));
    out.computeIfPresent("NUM_FILES", (k, v) -> Long.toString(Math.min(Long.parseLong(v), FILES)));
    String first = args.isEmpty() ? "-" : args.get(0);
    if (!first.startsWith("-") && !first.equals("report") && !first.equals("replay")) {
      out.putIfAbsent("THREADS", Integer.toString(THREADS));
      out.putIfAbsent("NUM_FILES", Integer.toString(FILES));
    }
    return out;
  }

  private static String threads(String value) {
    if (value.matches("\\d+")) {
      return Integer.toString(Math.min(Integer.parseInt(value), THREADS));
    }
    return "1," + THREADS;
  }
}
