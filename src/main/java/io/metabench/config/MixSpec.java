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
    if (spec == null || spec.trim().isEmpty()) {
      return NONE;
    }
    List<OpType> ops = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    for (String part : spec.split(",")) {
      String[] kv = part.trim().split(":");
      double w = kv.length == 2 ? weight(kv[1]) : Double.NaN;
      if (kv.length != 2 || !(w > 0) || Double.isInfinite(w)) {
        throw new InvalidInputException("-mix part '" + part.trim() + "' is not operation:weight "
            + "with a positive weight; give e.g. -mix create_write:20,open_read:50,stat:20,"
            + "rename:5,delete:5");
      }
      OpType op = OpType.byName(kv[0]);
      if (!mixable(op)) {
        throw new InvalidInputException("-mix cannot draw " + op.id() + ": a mix works on files "
            + "and draws from create_write, open_read, stat, exists, chmod, set_times, list, "
            + "append, rename and delete");
      }
      if (ops.contains(op)) {
        throw new InvalidInputException("-mix names " + op.id() + " twice; give each operation "
            + "once with its weight");
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
    double sum = 0;
    for (double w : weights) {
      sum += w;
    }
    return weights[i] / sum;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ops.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(ops.get(i).id()).append(':')
          .append(new java.math.BigDecimal(Double.toString(weights[i])).stripTrailingZeros()
              .toPlainString());
    }
    return sb.toString().toLowerCase(Locale.ROOT);
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
