package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.Concurrently;
import io.metabench.testing.DocExamples;
import io.metabench.testing.DocSamples;
import io.metabench.testing.ScriptRun;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code scripts/meta-bench.sh} example of README.md and docs/ that needs no cluster of
 * its own is run through the script, scaled down ({@link DocExamples#scaled}), and must succeed,
 * so the docs stay true. The examples of one shell block run in order in one working directory
 * (a later one may read what an earlier one made); blocks run two at a time. What ran and what
 * was skipped, and why, is printed. Then the sample output the docs show is checked against what those runs printed
 * ({@link DocSamples}): a sample line of a kind they printed must read as one of their lines,
 * numbers aside.
 */
class ITDocExamples {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final File SCRIPT = new File(PROJECT, "scripts/meta-bench.sh");

  @TempDir
  File scratch;

  @Test
  void everyExampleThatCanRunHereRunsAsWritten() throws Exception {
    List<DocExamples.Example> examples = DocExamples.of(PROJECT);
    Map<String, List<DocExamples.Example>> blocks = new LinkedHashMap<>();
    List<String> notRun = new ArrayList<>();
    // An example written the same way on several pages (the first command is on three) runs
    // once: its output cannot differ when it names no path, whose content a block may change,
    // and reads no file (a report of what its block made).
    Map<String, String> alreadyRan = new LinkedHashMap<>();
    for (DocExamples.Example e : examples) {
      if (e.skipped != null) {
        notRun.add("skipped " + e + "  (" + e.skipped + ")");
        continue;
      }
      String same = sameWherever(e);
      if (same != null && alreadyRan.containsKey(same)) {
        notRun.add("as " + alreadyRan.get(same) + ": " + e + "  (the same command, not run "
            + "again)");
        continue;
      }
      if (same != null) {
        alreadyRan.put(same, e.toString().split(": ")[0]);
      }
      blocks.computeIfAbsent(e.block, b -> new ArrayList<>()).add(e);
    }
    // Blocks are independent (each its own working directory, its /tmp paths under it), and an
    // example waits much of its time (phases of a given length, capacity steps): two at a time
    // (three took longer on two cores: each then ran half as fast), the longest kinds first so
    // that none starts last and runs alone.
    List<List<DocExamples.Example>> order = new ArrayList<>(blocks.values());
    order.sort(java.util.Comparator.comparingInt(ITDocExamples::shortness));
    Map<String, java.util.concurrent.Callable<Block>> runs = new LinkedHashMap<>();
    for (List<DocExamples.Example> b : order) {
      File dir = new File(scratch, "block-" + runs.size());
      runs.put(b.get(0).where, () -> runBlock(b, dir));
    }
    List<String> ran = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    List<String> printed = new ArrayList<>();
    notRun.forEach(System.out::println);
    for (Block b : Concurrently.run(2, runs)) {
      b.lines.forEach(System.out::println);
      ran.addAll(b.ran);
      failures.addAll(b.failures);
      printed.addAll(b.printed);
    }
    System.out.printf("%d examples ran, %d skipped%n", ran.size(), examples.size() - ran.size());
    assertThat(failures).as("examples that failed").isEmpty();
    // The test cannot pass by skipping: the quick start, a study and the NNBench line run.
    assertThat(ran.size()).as("examples run").isGreaterThanOrEqualTo(12);
    assertThat(String.join("\n", ran)).contains("scripts/meta-bench.sh all")
        .contains("-target /benchmarks/MetaBench").contains("-baseDir /benchmarks/NNBench");

    // The sample output the docs show is what the program prints now (numbers aside).
    DocSamples.Result samples = DocSamples.check(DocSamples.of(PROJECT), printed);
    System.out.printf("%d sample lines checked against what the examples printed, %d of kinds "
        + "they did not print (not checked)%n", samples.checked, samples.unchecked.size());
    assertThat(samples.drifted).as("sample lines unlike any the program printed").isEmpty();
    assertThat(samples.checked).as("sample lines checked").isGreaterThanOrEqualTo(20);
  }

  /**
   * How soon a block should start, lower first: capacity searches, studies and workloads (many
   * runs or steps) before single runs.
   */
  private static int shortness(List<DocExamples.Example> block) {
    String all = block.toString();
    return all.contains("-capacity") ? 0 : all.contains("-workload") || all.contains("-target")
        || all.contains("-embeddedHa") || all.contains("-prefillFiles") ? 1 : 2;
  }

  /**
   * The key under which {@code e} is the same command wherever it is written; null when it names
   * a path or reads a file, so that its block decides what it does.
   */
  private static String sameWherever(DocExamples.Example e) {
    String first = e.args.isEmpty() ? "" : e.args.get(0);
    if (first.equals("report") || first.equals("compare")
        || e.args.stream().anyMatch(a -> a.contains("/"))) {
      return null;
    }
    return e.env + " " + String.join(" ", e.args) + " exit " + e.exitCode;
  }

  /** What one block's examples did, run in order in {@code dir}. */
  private Block runBlock(List<DocExamples.Example> examples, File dir) throws Exception {
    Block b = new Block();
    for (DocExamples.Example e : examples) {
      String missing = missingInput(e.args, dir);
      if (missing != null) {
        b.lines.add("skipped " + e + "  (reads " + missing + ", which an example that cannot "
            + "run here makes)");
        continue;
      }
      File tmp = new File(dir, "tmp");
      tmp.mkdirs();
      List<String> cmd = new ArrayList<>();
      cmd.add(SCRIPT.getPath());
      cmd.addAll(DocExamples.scaled(e.args, tmp, PROJECT));
      Map<String, String> env = DocExamples.scaledEnv(e.env, e.args);
      long started = System.nanoTime();
      ScriptRun r = ScriptRun.exec(dir, scratch, env, 5, cmd.toArray(new String[0]));
      String line = String.format("ran %s  (%.1f s)", e, (System.nanoTime() - started) / 1e9);
      b.lines.add(line);
      b.ran.add(line);
      b.printed.addAll(java.util.Arrays.asList(r.stdout.split("\n")));
      b.printed.addAll(java.util.Arrays.asList(r.stderr.split("\n")));
      if (r.exitCode != e.exitCode) {
        b.failures.add(e + "\n  as run: " + String.join(" ", cmd) + "\n  expected exit "
            + e.exitCode + "\n" + r);
      }
    }
    return b;
  }

  /** One block's lines to print, examples run, failures and what they printed. */
  private static final class Block {
    final List<String> lines = new ArrayList<>();
    final List<String> ran = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    final List<String> printed = new ArrayList<>();
  }

  /** A result file {@code report} is given that is not in {@code dir}; null when all are. */
  private static String missingInput(List<String> args, File dir) {
    if (args.isEmpty() || !args.get(0).equals("report")) {
      return null;
    }
    for (int i = 1; i < args.size(); i++) {
      if (args.get(i).startsWith("-")) {
        i++; // an option and its value
      } else if (!new File(dir, args.get(i)).exists()) {
        return args.get(i);
      }
    }
    return null;
  }
}
