package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The operations of a mix and their weights ({@code -mix create_write:20,open_read:50,...}).
 * Weights are relative (they need not sum to 100); each must be positive.
 *
 * <p>Immutable and thread-safe.
 */
public final class MixSpec {
  public static final MixSpec NONE = new MixSpec(Collections.emptyList(), new double[0]);

  private final List<OpType> ops;
  private final double[] weights;

  private MixSpec(List<OpType> ops, double[] weights) {
    this.ops = ops;
    this.weights = weights;
  }

  /**
   * Parses {@code op:weight,...}; an empty string is no mix.
   *
   * @throws InvalidInputException naming the part that is wrong and the fix
   */
  public static MixSpec parse(String spec) {
    return parse(spec, "-mix", "weight", "create_write:20,open_read:50,stat:20,rename:5,delete:5");
  }

  /**
   * Operations a capacity search pins at rates of their own ({@code -capacityPin
   * create_write:100}), parsed as a mix whose weights are operations a second.
   *
   * @throws InvalidInputException naming the part that is wrong and the fix
   */
  public static MixSpec parsePins(String spec) {
    return parse(spec, "-capacityPin", "rate", "create_write:100 (operations a second)");
  }

  private static MixSpec parse(String spec, String option, String value, String example) {
    if (spec == null || spec.trim().isEmpty()) {
      return NONE;
    }
    List<OpType> ops = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    for (String part : spec.split(",")) {
      String[] kv = part.trim().split(":");
      double w = kv.length == 2 ? weight(kv[1]) : Double.NaN;
      if (kv.length != 2 || !(w > 0) || Double.isInfinite(w)) {
        throw new InvalidInputException(option + " part '" + part.trim() + "' is not operation:"
            + value + " with a positive " + value + "; give e.g. " + option + " " + example);
      }
      OpType op = OpType.byName(kv[0]);
      if (!mixable(op)) {
        throw new InvalidInputException(option + " cannot draw " + op.id() + ": a mix works on files "
            + "and draws from create_write, open_read, stat, exists, chmod, set_times, list, "
            + "append, rename and delete");
      }
      if (ops.contains(op)) {
        throw new InvalidInputException(option + " names " + op.id() + " twice; give each "
            + "operation once with its " + value);
      }
      ops.add(op);
      weights.add(w);
    }
    double[] w = new double[weights.size()];
    for (int i = 0; i < w.length; i++) {
      w[i] = weights.get(i);
    }
    return new MixSpec(Collections.unmodifiableList(ops), w);
  }

  private static double weight(String s) {
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** Whether a mix can draw {@code op}: an operation on one file. */
  public static boolean mixable(OpType op) {
    return op.items() == OpType.Items.FILES && !op.traverses() && op != OpType.MIX;
  }

  /**
   * Whether every operation of the mix leaves its item as it is (a read, chmod, set_times,
   * append): such a mix can read one set of items run after run. False for no mix.
   */
  public boolean keepsNames() {
    for (OpType op : ops) {
      if (!op.keepsNames()) {
        return false;
      }
    }
    return !ops.isEmpty();
  }

  public boolean isEmpty() {
    return ops.isEmpty();
  }

  /** The operations, in the order given. */
  public List<OpType> ops() {
    return ops;
  }

  /** The weight of {@code ops().get(i)}. */
  public double weight(int i) {
    return weights[i];
  }

  /** Each weight as a share of their sum, in the order of {@link #ops()}. */
  public double share(int i) {
    return weights[i] / total();
  }

  /** The sum of the weights (of a pin's: operations a second in all). */
  public double total() {
    double sum = 0;
    for (double w : weights) {
      sum += w;
    }
    return sum;
  }

  /**
   * This mix at {@code rate} operations a second in all, {@code pinned}'s operations at their
   * own rates and the rest of the rate shared by this mix's weights: a mix whose weights are
   * each operation's rate. This mix itself when nothing is pinned.
   *
   * @throws IllegalArgumentException when {@code rate} does not exceed the pinned rates
   */
  public MixSpec at(double rate, MixSpec pinned) {
    if (pinned.isEmpty()) {
      return this;
    }
    double rest = rate - pinned.total();
    if (!(rest > 0)) {
      throw new IllegalArgumentException(rate + " ops/s leaves nothing beside the pins " + pinned);
    }
    List<OpType> all = new ArrayList<>(ops);
    all.addAll(pinned.ops);
    double[] w = java.util.Arrays.copyOf(weights, all.size());
    for (int i = 0; i < ops.size(); i++) {
      w[i] = share(i) * rest;
    }
    System.arraycopy(pinned.weights, 0, w, ops.size(), pinned.weights.length);
    return new MixSpec(Collections.unmodifiableList(all), w);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ops.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(ops.get(i).id()).append(':').append(plain(weights[i]));
    }
    return sb.toString().toLowerCase(Locale.ROOT);
  }

  /** {@code 12.5}, {@code 100}: a weight as given, with no trailing zeros. */
  static String plain(double weight) {
    return new java.math.BigDecimal(Double.toString(weight)).stripTrailingZeros().toPlainString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MixSpec && toString().equals(o.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
