package io.metabench.core;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * "Did you mean" for a mistyped name: the known name closest to what was typed, by edit distance
 * (Levenshtein, case ignored), when it is close enough to be the likely intent. Stateless and
 * thread-safe.
 */
public final class Suggestions {
  private Suggestions() {
  }

  /**
   * The candidate closest to {@code typed}, or null when none is within a third of its length
   * (at least 2 edits, at most 4): a far guess helps less than none.
   */
  public static String closest(String typed, Collection<String> candidates) {
    String t = typed.toLowerCase(Locale.ROOT);
    int limit = Math.max(2, Math.min(4, t.length() / 3));
    LevenshteinDistance distance = new LevenshteinDistance(limit);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = distance.apply(t, c.toLowerCase(Locale.ROOT));
      if (d >= 0 && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return best;
  }

  /** {@code "; did you mean X?"} for the closest candidate, or empty when none is close. */
  public static String didYouMean(String typed, Collection<String> candidates, String prefix) {
    String c = closest(typed, candidates);
    return c == null || c.equals(typed) ? "" : "; did you mean " + prefix + c + "?";
  }
}
