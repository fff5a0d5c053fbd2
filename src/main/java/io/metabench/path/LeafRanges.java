package io.metabench.path;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A set of leaf-directory indexes as sorted, disjoint, non-adjacent half-open ranges
 * {@code [from, to)}: the leaves a prefill completed, and the slices its workers own. Written as
 * {@code 0-100,200-350} (empty for none).
 *
 * <p>Immutable and thread-safe.
 */
public final class LeafRanges {
  public static final LeafRanges NONE = new LeafRanges(new long[0]);

  /** from0, to0, from1, to1, ... */
  private final long[] bounds;

  private LeafRanges(long[] bounds) {
    this.bounds = bounds;
  }

  /** {@code [from, to)}; empty when {@code to <= from}. */
  public static LeafRanges of(long from, long to) {
    return to <= from ? NONE : new LeafRanges(new long[] {from, to});
  }

  /**
   * Reads what {@link #toString} wrote.
   *
   * @throws IllegalArgumentException when the text is not ascending, disjoint ranges
   */
  public static LeafRanges parse(String text) {
    LeafRanges r = NONE;
    long last = -1;
    for (String part : text.trim().isEmpty() ? new String[0] : text.trim().split(",")) {
      String[] ft = part.trim().split("-");
      if (ft.length != 2) {
        throw new IllegalArgumentException("'" + part + "' is not a range from-to");
      }
      long from = Long.parseLong(ft[0]);
      long to = Long.parseLong(ft[1]);
      if (from <= last || to <= from) {
        throw new IllegalArgumentException("'" + part + "' is not an ascending range after "
            + last);
      }
      last = to;
      r = r.union(of(from, to));
    }
    return r;
  }

  /** The ranges of both sets, merged. */
  public LeafRanges union(LeafRanges other) {
    List<long[]> all = new ArrayList<>();
    for (LeafRanges s : new LeafRanges[] {this, other}) {
      for (int i = 0; i < s.bounds.length; i += 2) {
        all.add(new long[] {s.bounds[i], s.bounds[i + 1]});
      }
    }
    Collections.sort(all, (a, b) -> Long.compare(a[0], b[0]));
    List<Long> out = new ArrayList<>();
    for (long[] r : all) {
      int n = out.size();
      if (n > 0 && r[0] <= out.get(n - 1)) {
        out.set(n - 1, Math.max(out.get(n - 1), r[1]));
      } else {
        out.add(r[0]);
        out.add(r[1]);
      }
    }
    long[] b = new long[out.size()];
    for (int i = 0; i < b.length; i++) {
      b[i] = out.get(i);
    }
    return new LeafRanges(b);
  }

  /** The leaves of {@code [0, total)} not in this set. */
  public LeafRanges missingFrom(long total) {
    List<Long> out = new ArrayList<>();
    long next = 0;
    for (int i = 0; i < bounds.length; i += 2) {
      if (bounds[i] > next) {
        out.add(next);
        out.add(Math.min(bounds[i], total));
      }
      next = Math.max(next, bounds[i + 1]);
    }
    if (next < total) {
      out.add(next);
      out.add(total);
    }
    LeafRanges r = NONE;
    for (int i = 0; i < out.size(); i += 2) {
      r = r.union(of(out.get(i), out.get(i + 1)));
    }
    return r;
  }

  /** The ranges as {@code {from, to}} pairs, ascending. */
  public List<long[]> ranges() {
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < bounds.length; i += 2) {
      out.add(new long[] {bounds[i], bounds[i + 1]});
    }
    return out;
  }

  /** How many leaves the set holds. */
  public long size() {
    long n = 0;
    for (int i = 0; i < bounds.length; i += 2) {
      n += bounds[i + 1] - bounds[i];
    }
    return n;
  }

  public boolean isEmpty() {
    return bounds.length == 0;
  }

  /** Whether the set is exactly {@code [0, total)}. */
  public boolean coversAll(long total) {
    return total == 0 ? isEmpty() : bounds.length == 2 && bounds[0] == 0 && bounds[1] == total;
  }

  /** The {@code count} leaves that follow the first {@code skip} ones, in ascending order. */
  public LeafRanges slice(long skip, long count) {
    LeafRanges r = NONE;
    long toSkip = skip;
    long left = count;
    for (int i = 0; i < bounds.length && left > 0; i += 2) {
      long len = bounds[i + 1] - bounds[i];
      if (toSkip >= len) {
        toSkip -= len;
        continue;
      }
      long from = bounds[i] + toSkip;
      long take = Math.min(left, bounds[i + 1] - from);
      r = r.union(of(from, from + take));
      left -= take;
      toSkip = 0;
    }
    return r;
  }

  /** The {@code k}-th of {@code parts} contiguous, nearly equal slices (sizes differ by one). */
  public LeafRanges part(int k, int parts) {
    long n = size();
    long from = n * k / parts;
    long to = n * (k + 1) / parts;
    return slice(from, to - from);
  }

  /** The leaves, in ascending order. */
  public java.util.PrimitiveIterator.OfLong iterator() {
    return new java.util.PrimitiveIterator.OfLong() {
      private int range;
      private long next = bounds.length == 0 ? 0 : bounds[0];

      @Override
      public boolean hasNext() {
        return range < bounds.length;
      }

      @Override
      public long nextLong() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        long leaf = next++;
        if (next >= bounds[range + 1]) {
          range += 2;
          next = range < bounds.length ? bounds[range] : 0;
        }
        return leaf;
      }
    };
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < bounds.length; i += 2) {
      if (i > 0) {
        b.append(',');
      }
      b.append(bounds[i]).append('-').append(bounds[i + 1]);
    }
    return b.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LeafRanges && java.util.Arrays.equals(bounds, ((LeafRanges) o).bounds);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(bounds);
  }
}
