package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.util.Locale;

/**
 * How the read phases pick the prefill's files with {@code -onPrefill} (docs/namespaces.md#
 * reading-it-as-production-does): not at all ({@link #NONE}: each worker reads its own items),
 * every file alike ({@code uniform}), or by a Zipf law of exponent <i>s</i> ({@code zipf:s}: the
 * file of popularity rank <i>k</i> is read in proportion to 1 ÷ <i>k</i><sup><i>s</i></sup>).
 *
 * <p>Immutable.
 */
public final class Popularity {
  /** The read phases read their own items. */
  public static final Popularity NONE = new Popularity("", 0);
  /** The largest exponent taken: beyond it one file takes nearly every read. */
  public static final double MAX_EXPONENT = 10;
  private static final String HINT = "give uniform, or zipf:s with s over 0 and at most 10, "
      + "such as zipf:1.1";

  private final String text;
  private final double exponent;

  private Popularity(String text, double exponent) {
    this.text = text;
    this.exponent = exponent;
  }

  /**
   * {@code ""} (none), {@code uniform} or {@code zipf:s}, in any case.
   *
   * @throws InvalidInputException naming the value and the fix
   */
  public static Popularity parse(String raw) {
    String v = raw.trim().toLowerCase(Locale.ROOT);
    if (v.isEmpty()) {
      return NONE;
    }
    if (v.equals("uniform")) {
      return new Popularity(v, 0);
    }
    if (v.startsWith("zipf:")) {
      double s;
      try {
        s = Double.parseDouble(v.substring(5));
      } catch (NumberFormatException e) {
        s = Double.NaN;
      }
      if (s > 0 && s <= MAX_EXPONENT) {
        return new Popularity("zipf:" + s, s);
      }
    }
    throw new InvalidInputException("-onPrefill '" + raw + "' is not a popularity; " + HINT);
  }

  /** Whether the read phases pick the prefill's files. */
  public boolean picks() {
    return this != NONE && !text.isEmpty();
  }

  /** The Zipf exponent; 0 for uniform. */
  public double exponent() {
    return exponent;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Popularity && text.equals(((Popularity) o).text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
