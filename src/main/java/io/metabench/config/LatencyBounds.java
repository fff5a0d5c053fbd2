package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency bounds a capacity search holds a rate to ({@code -capacity p99=10ms,p99.9=50ms}):
 * each a percentile of the latency measured from when each operation was due, at or under a time,
 * on every operation or on one named ({@code stat:p99=5ms}). Parsed and checked when read, so a
 * bound that does not parse is refused before anything is touched.
 *
 * <p>Immutable.
 */
public final class LatencyBounds {
  /** No bound: not a capacity search. */
  public static final LatencyBounds NONE = new LatencyBounds("", Collections.<Bound>emptyList());

  private static final Pattern ONE = Pattern.compile(
      "(?:([A-Za-z_-]+):)?[pP]([0-9]+(?:\\.[0-9]+)?)=(-?[0-9]+(?:\\.[0-9]+)?)([a-zA-Z]*)");
  private static final String EXAMPLE = "give bounds such as p99=10ms or p99=10ms,p99.9=50ms "
      + "(stat:p99=5ms for one operation; units us, ms, s)";

  /** One bound. Immutable. */
  public static final class Bound {
    private final OpType operation;
    private final double percentile;
    private final double millis;

    Bound(OpType operation, double percentile, double millis) {
      this.operation = operation;
      this.percentile = percentile;
      this.millis = millis;
    }

    /** The operation it holds; null: every operation. */
    public OpType operation() {
      return operation;
    }

    /** The percentile, over 0 and at most 100 (the maximum). */
    public double percentile() {
      return percentile;
    }

    /** The latency the percentile may reach, in milliseconds. */
    public double millis() {
      return millis;
    }

    /** {@code p99 <= 10 ms}, {@code stat p99.9 <= 0.5 ms}. */
    public String describe() {
      return (operation == null ? "" : operation.id() + " ") + "p" + number(percentile) + " <= "
          + number(millis) + " ms";
    }
  }

  private final String text;
  private final List<Bound> bounds;

  private LatencyBounds(String text, List<Bound> bounds) {
    this.text = text;
    this.bounds = Collections.unmodifiableList(bounds);
  }

  /**
   * Reads {@code -capacity}'s value; empty: {@link #NONE}.
   *
   * @throws InvalidInputException naming the bound that does not parse and the fix
   */
  public static LatencyBounds parse(String text) {
    String all = text.trim();
    if (all.isEmpty()) {
      return NONE;
    }
    List<Bound> bounds = new ArrayList<>();
    for (String raw : all.split(",")) {
      String one = raw.trim();
      Matcher m = ONE.matcher(one);
      if (!m.matches()) {
        throw bad(one, "is not a bound");
      }
      OpType op = null;
      if (m.group(1) != null) {
        try {
          op = OpType.byName(m.group(1));
        } catch (InvalidInputException e) {
          throw bad(one, "names no operation (" + m.group(1) + "; operations: "
              + OpType.validNames() + ")");
        }
      }
      double percentile = Double.parseDouble(m.group(2));
      if (percentile <= 0 || percentile > 100) {
        throw bad(one, "asks for percentile " + m.group(2) + ", which is not over 0 and at most "
            + "100");
      }
      double value = Double.parseDouble(m.group(3));
      String unit = m.group(4).toLowerCase(Locale.ROOT);
      if (unit.isEmpty()) {
        throw bad(one, "has no unit");
      }
      double scale = unit.equals("us") ? 1e-3 : unit.equals("ms") ? 1 : unit.equals("s") ? 1e3
          : Double.NaN;
      if (Double.isNaN(scale)) {
        throw bad(one, "has the unit '" + m.group(4) + "', which is none of us, ms, s");
      }
      if (value <= 0) {
        throw bad(one, "is not a positive time");
      }
      bounds.add(new Bound(op, percentile, value * scale));
    }
    return new LatencyBounds(all, bounds);
  }

  private static InvalidInputException bad(String one, String what) {
    return new InvalidInputException("-capacity " + one + " " + what + ": " + EXAMPLE);
  }

  /** Whether any bound was given: the run is a capacity search. */
  public boolean present() {
    return !bounds.isEmpty();
  }

  public List<Bound> bounds() {
    return bounds;
  }

  /**
   * The bounds {@code op} is held to: its own and those on every operation; for null, those on
   * every operation alone (a mix's operations as one).
   */
  public List<Bound> of(OpType op) {
    List<Bound> mine = new ArrayList<>();
    for (Bound b : bounds) {
      if (b.operation == null || b.operation == op) {
        mine.add(b);
      }
    }
    return mine;
  }

  /** {@code p99 <= 10 ms and p99.9 <= 50 ms}. */
  public String describe() {
    List<String> each = new ArrayList<>();
    for (Bound b : bounds) {
      each.add(b.describe());
    }
    return String.join(" and ", each);
  }

  /** The text given, as the JSON parameters show it. */
  @Override
  public String toString() {
    return text;
  }

  /** A percentile or a time as a person writes it: {@code 99}, {@code 99.9}, {@code 0.5}. */
  public static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%s", v).replaceAll("0+$", "");
  }
}
