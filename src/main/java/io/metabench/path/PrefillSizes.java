package io.metabench.path;

import io.metabench.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The prefill's size distribution: sizes with weights in percent ({@code 0:70,4k:20,1m:10}), and
 * the size of each file as a pure function of its index. A file's index is hashed (SplitMix64's
 * finaliser) to one of 10,000 slots, and the slots are dealt to the sizes in proportion to their
 * weights (a weight is a percentage with up to two decimals, so one slot is 0.01%): every run,
 * resumed or repeated, gives file {@code i} the same size, and any large enough range of indexes
 * has the sizes in the given proportions.
 *
 * <p>Immutable and thread-safe.
 */
public final class PrefillSizes {
  /** Slots a file's hash is reduced to: weights are counted in hundredths of a percent. */
  static final int SLOTS = 10_000;
  private static final Pattern SIZE = Pattern.compile("(\\d{1,19})([kKmMgG]?)");
  private static final String HINT = "give size:percent pairs such as 0:70,4k:20,1m:10 (sizes in "
      + "bytes or with k, m, g; percentages adding up to 100)";

  /** All files empty: the default. */
  public static final PrefillSizes EMPTY_FILES = parse("0:100");

  private final long[] sizes;
  /** Upper slot (exclusive) of each size, ascending; the last is {@link #SLOTS}. */
  private final int[] upTo;

  private PrefillSizes(long[] sizes, int[] upTo) {
    this.sizes = sizes;
    this.upTo = upTo;
  }

  /**
   * Reads {@code 0:70,4k:20,1m:10}; a single size without a weight ({@code 4k}) means all files.
   *
   * @throws InvalidInputException naming -prefillSizes and the fix
   */
  public static PrefillSizes parse(String raw) {
    String text = raw.trim();
    if (text.isEmpty()) {
      throw bad(raw, "it is empty");
    }
    List<Long> sizes = new ArrayList<>();
    List<Integer> weights = new ArrayList<>();
    String[] parts = text.split(",", -1);
    for (String part : parts) {
      String p = part.trim();
      int colon = p.indexOf(':');
      if (colon < 0 && parts.length == 1) {
        p = p + ":100";
        colon = p.indexOf(':');
      }
      if (colon < 0) {
        throw bad(raw, "'" + p + "' has no :percent");
      }
      sizes.add(size(raw, p.substring(0, colon).trim()));
      weights.add(basisPoints(raw, p.substring(colon + 1).trim()));
    }
    int total = 0;
    int[] upTo = new int[weights.size()];
    for (int i = 0; i < weights.size(); i++) {
      total += weights.get(i);
      upTo[i] = total;
    }
    if (total != SLOTS) {
      throw bad(raw, "the percentages add up to " + BigDecimal.valueOf(total, 2)
          .stripTrailingZeros().toPlainString() + ", not 100");
    }
    long[] s = new long[sizes.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = sizes.get(i);
    }
    return new PrefillSizes(s, upTo);
  }

  private static long size(String raw, String text) {
    Matcher m = SIZE.matcher(text);
    if (!m.matches()) {
      throw bad(raw, "'" + text + "' is not a size");
    }
    long unit;
    switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k":
        unit = 1L << 10;
        break;
      case "m":
        unit = 1L << 20;
        break;
      case "g":
        unit = 1L << 30;
        break;
      default:
        unit = 1;
        break;
    }
    try {
      return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
    } catch (ArithmeticException | NumberFormatException e) {
      throw bad(raw, "'" + text + "' is more bytes than a file can hold");
    }
  }

  private static int basisPoints(String raw, String text) {
    BigDecimal percent;
    try {
      percent = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw bad(raw, "'" + text + "' is not a percentage");
    }
    if (percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0
        || percent.stripTrailingZeros().scale() > 2) {
      throw bad(raw, "'" + text + "' is not a percentage from 0 to 100 with at most two "
          + "decimals");
    }
    return percent.movePointRight(2).intValueExact();
  }

  private static InvalidInputException bad(String raw, String why) {
    return new InvalidInputException("-prefillSizes '" + raw + "' is not usable: " + why + "; "
        + HINT);
  }

  /** The size of file {@code index}. */
  public long sizeOf(long index) {
    int slot = (int) Long.remainderUnsigned(mix(index), SLOTS);
    for (int i = 0; i < upTo.length; i++) {
      if (slot < upTo[i]) {
        return sizes[i];
      }
    }
    throw new AssertionError(slot);
  }

  /** SplitMix64's finaliser: consecutive indexes land on unrelated slots. */
  static long mix(long index) {
    long z = index + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The sizes, in the order given. */
  public long[] sizes() {
    return sizes.clone();
  }

  /** Each size's share of the files, in percent. */
  public double percentOf(int i) {
    return (upTo[i] - (i == 0 ? 0 : upTo[i - 1])) / 100.0;
  }

  /** The mean file size the weights give, in bytes. */
  public double meanSize() {
    double mean = 0;
    for (int i = 0; i < sizes.length; i++) {
      mean += sizes[i] * percentOf(i) / 100;
    }
    return mean;
  }

  /** The canonical text, sizes in bytes: {@code 0:70,4096:20,1048576:10}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < sizes.length; i++) {
      if (i > 0) {
        b.append(',');
      }
      int bp = upTo[i] - (i == 0 ? 0 : upTo[i - 1]);
      b.append(sizes[i]).append(':')
          .append(BigDecimal.valueOf(bp, 2).stripTrailingZeros().toPlainString());
    }
    return b.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PrefillSizes && toString().equals(o.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
