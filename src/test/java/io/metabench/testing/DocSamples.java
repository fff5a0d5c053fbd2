package io.metabench.testing;

import io.metabench.op.OpType;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sample output of README.md and docs/ (the lines of fenced blocks with no language) checked
 * against what the program printed: each sample line is reduced to its <em>skeleton</em> (numbers
 * and operation names masked, paths and URIs too, up to the first parenthesis, the first
 * {@value #WORDS} words), and a sample line whose kind the
 * program printed in the runs given (its first four skeleton words) must have the skeleton of a
 * line it printed (plurals read as singulars: counts vary). A sample of a kind those runs did not
 * print (a cluster's, another file
 * system's) is not checked, and is listed as such. An abridged line (ending in {@code ...}) is
 * checked up to the abridgement. Rows of figures (three numbers in their first five words) are
 * their table header's to check.
 */
public final class DocSamples {
  private static final int WORDS = 10;
  private static final Pattern NUMBER = Pattern.compile("-?[0-9][0-9,]*(\\.[0-9]+)?");
  private static final Pattern OPERATION = Pattern.compile("\\b(mix:)?(" + operations()
      + ")\\b");

  private DocSamples() {
  }

  /** A sample line, where it is. */
  public static final class Line {
    public final String where;
    public final String text;

    Line(String where, String text) {
      this.where = where;
      this.text = text;
    }

    @Override
    public String toString() {
      return where + ": " + text.trim();
    }
  }

  private static String operations() {
    List<String> ids = new ArrayList<>();
    for (OpType op : OpType.values()) {
      ids.add(Pattern.quote(op.id()));
    }
    // Longest first, so create_write is not read as create.
    ids.sort((a, b) -> b.length() - a.length());
    return String.join("|", ids);
  }

  /** The lines of every fenced block with no language in README.md and docs/. */
  public static List<Line> of(File project) throws IOException {
    List<Line> out = new ArrayList<>();
    for (File f : DocExamples.markdown(project)) {
      String rel = project.toPath().relativize(f.toPath()).toString();
      List<String> lines = Files.readAllLines(f.toPath(), StandardCharsets.UTF_8);
      boolean sample = false;
      boolean fenced = false;
      for (int i = 0; i < lines.size(); i++) {
        String l = lines.get(i);
        if (l.startsWith("```")) {
          sample = !fenced && l.trim().equals("```");
          fenced = !fenced;
        } else if (fenced && sample && !l.trim().isEmpty() && !l.trim().equals("...")) {
          out.add(new Line(rel + ":" + (i + 1), l));
        }
      }
    }
    return out;
  }

  /** The line with numbers and operation names masked, as words, up to an abridgement. */
  static List<String> words(String line) {
    String t = line.trim();
    int cut = t.indexOf("...");
    if (cut >= 0) {
      t = t.substring(0, cut);
    }
    t = NUMBER.matcher(OPERATION.matcher(t.replaceAll("\\[[^\\]]*\\]", "[list]"))
        .replaceAll("<op>")).replaceAll("#");
    List<String> words = new ArrayList<>();
    for (String w : t.trim().split("\\s+")) {
      if (w.startsWith("(")) {
        // What a parenthesis holds is a detail (methods, lists of phases, times): the words
        // before it carry the line's wording.
        words.add("(");
        cut = 0;
        break;
      }
      // A path or URI is the machine's; "-" stands where a number is unknown.
      words.add(w.contains("/") && (w.startsWith("/") || w.contains(":/")) ? "<path>"
          : w.equals("-") ? "#" : singular(w));
    }
    // A word cut by the abridgement is not compared.
    int at = line.trim().indexOf("...");
    if (cut > 0 && at > 0 && !words.isEmpty() && !line.trim().substring(0, at).endsWith(" ")) {
      words.remove(words.size() - 1);
    }
    return words.subList(0, Math.min(WORDS, words.size()));
  }

  /** A row of figures (a table's), whose wording is its header's: 3 of its first 5 words. */
  private static boolean dataRow(List<String> words) {
    int numbers = 0;
    for (String w : words.subList(0, Math.min(5, words.size()))) {
      numbers += w.startsWith("#") ? 1 : 0;
    }
    return numbers >= 3;
  }

  /** "targets" and "target", "concurrencies" and "concurrency" read alike: counts vary. */
  private static String singular(String w) {
    String bare = w.replaceAll("[,:;]$", "");
    String tail = w.substring(bare.length());
    if (bare.endsWith("ies") && bare.length() > 4) {
      return bare.substring(0, bare.length() - 3) + "y" + tail;
    }
    return bare.endsWith("s") && bare.length() > 3 && !bare.endsWith("ss")
        ? bare.substring(0, bare.length() - 1) + tail : w;
  }

  /** The kind of a line: its first four skeleton words. */
  static String kind(List<String> words) {
    return String.join(" ", words.subList(0, Math.min(4, words.size())));
  }

  /** What the check found. */
  public static final class Result {
    public final List<String> drifted = new ArrayList<>();
    public final List<String> unchecked = new ArrayList<>();
    public int checked;
  }

  /** Checks {@code samples} against the lines the program printed ({@code printed}). */
  public static Result check(List<Line> samples, Collection<String> printed) {
    Set<String> kinds = new HashSet<>();
    List<List<String>> skeletons = new ArrayList<>();
    for (String p : printed) {
      List<String> w = words(p);
      if (!w.isEmpty() && !w.get(0).isEmpty()) {
        kinds.add(kind(w));
        skeletons.add(w);
      }
    }
    Result r = new Result();
    for (Line s : samples) {
      List<String> w = words(s.text);
      if (w.isEmpty() || w.get(0).isEmpty() || dataRow(w) || !kinds.contains(kind(w))) {
        r.unchecked.add(s.toString());
        continue;
      }
      r.checked++;
      boolean found = false;
      for (List<String> p : skeletons) {
        if (p.size() >= w.size() && p.subList(0, w.size()).equals(w)) {
          found = true;
          break;
        }
      }
      if (!found) {
        r.drifted.add(s + "\n    as words: " + String.join(" ", w));
      }
    }
    return r;
  }

  /** Sample lines of one Markdown text: for tests of this class. */
  public static List<Line> parse(String name, String text) {
    List<Line> out = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^```\\n(.*?)^```", Pattern.DOTALL).matcher(text);
    while (m.find()) {
      for (String l : m.group(1).split("\n")) {
        if (!l.trim().isEmpty() && !l.trim().equals("...")) {
          out.add(new Line(name, l));
        }
      }
    }
    return out;
  }
}
