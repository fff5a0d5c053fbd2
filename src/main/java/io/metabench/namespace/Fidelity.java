package io.metabench.namespace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How closely a made namespace's profile follows its source's at a scale
 * (docs/namespaces.md#fidelity): the directories and files against the source's times the scale,
 * and each distribution's Kolmogorov-Smirnov distance (the largest gap between the two
 * cumulative shares) with its p50, p90, p99 and max side by side. Both profiles' histograms are
 * of the same bucketing, so the distance compares like with like. Immutable.
 */
public final class Fidelity {
  /** The largest KS distance of depth or files per directory a synthesis may show. */
  public static final double MAX_DISTANCE = 0.02;
  /** The largest relative error of a count a synthesis may show. */
  public static final double MAX_COUNT_ERROR = 0.001;

  /** One distribution compared. Immutable. */
  public static final class Row {
    public final String name;
    public final double distance;
    public final long[] source;
    public final long[] made;

    /** A row as {@link Fidelity#of} made it: {@code source} and {@code made} p50/p90/p99/max. */
    public Row(String name, double distance, long[] source, long[] made) {
      this.name = name;
      this.distance = distance;
      this.source = source;
      this.made = made;
    }
  }

  private final long[] expected;
  private final long[] made;
  private final List<Row> rows;

  private Fidelity(long[] expected, long[] made, List<Row> rows) {
    this.expected = expected;
    this.made = made;
    this.rows = rows;
  }

  /** {@code made}'s profile against {@code source}'s at {@code scale}. */
  public static Fidelity of(JsonNode source, JsonNode made, double scale) {
    List<Row> rows = new ArrayList<>();
    rows.add(row("depth", depths(source), depths(made)));
    rows.add(row("filesPerDirectory", merged(source, "filesPerDirectory"),
        merged(made, "filesPerDirectory")));
    rows.add(row("subdirectoriesPerDirectory", merged(source, "subdirectoriesPerDirectory"),
        merged(made, "subdirectoriesPerDirectory")));
    rows.add(row("entriesPerDirectory", pairs(source.path("entriesPerDirectory")),
        pairs(made.path("entriesPerDirectory"))));
    // The root is never scaled: one namespace has one.
    long rooted = source.path("directories").asLong() - source.path("directoriesNotUnderRoot")
        .asLong();
    return new Fidelity(new long[] {1 + Math.round((rooted - 1) * scale),
        Math.round(source.path("files").asLong() * scale)}, new long[] {
        made.path("directories").asLong(), made.path("files").asLong()},
        Collections.unmodifiableList(rows));
  }

  /**
   * The comparison {@link #of} made, from its parts ({@link #expected()}, {@link #made()},
   * {@link #rows()}): how a result read back holds it.
   */
  public static Fidelity restored(long[] expected, long[] made, List<Row> rows) {
    return new Fidelity(expected.clone(), made.clone(),
        Collections.unmodifiableList(new ArrayList<>(rows)));
  }

  public List<Row> rows() {
    return rows;
  }

  /** The row named {@code name}. */
  public Row row(String name) {
    for (Row r : rows) {
      if (r.name.equals(name)) {
        return r;
      }
    }
    throw new IllegalArgumentException(name);
  }

  /** The source's directories (the root aside, which is never scaled) and files times the scale,
   * rounded. */
  public long[] expected() {
    return expected.clone();
  }

  /** The made namespace's directories and files. */
  public long[] made() {
    return made.clone();
  }

  /** The larger relative error of the two counts. */
  public double countError() {
    double e = 0;
    for (int i = 0; i < 2; i++) {
      e = Math.max(e, expected[i] == 0 ? (made[i] == 0 ? 0 : 1)
          : Math.abs(made[i] - expected[i]) / (double) expected[i]);
    }
    return e;
  }

  /**
   * What keeps the synthesis from its bounds (depth or files per directory farther than
   * {@link #MAX_DISTANCE}, a count off by more than {@link #MAX_COUNT_ERROR}); empty when none.
   */
  public List<String> failures() {
    List<String> out = new ArrayList<>();
    for (String name : new String[] {"depth", "filesPerDirectory"}) {
      Row r = row(name);
      if (r.distance > MAX_DISTANCE) {
        out.add(String.format(Locale.ROOT, "%s: KS distance %.4f > %.2f", name, r.distance,
            MAX_DISTANCE));
      }
    }
    if (countError() > MAX_COUNT_ERROR) {
      out.add(String.format(Locale.ROOT, "counts: %,d directories and %,d files made, %,d and "
          + "%,d expected (%.3f %% off)", made[0], made[1], expected[0], expected[1],
          100 * countError()));
    }
    return out;
  }

  /** Inodes (directories and files) by depth, from the profile's {@code byDepth}. */
  private static TreeMap<Long, Long> depths(JsonNode profile) {
    TreeMap<Long, Long> m = new TreeMap<>();
    for (JsonNode row : profile.path("byDepth")) {
      long n = row.path("directories").asLong() + row.path("files").asLong();
      if (n > 0) {
        m.put(row.path("depth").asLong(), n);
      }
    }
    return m;
  }

  /** One distribution of every depth's rows, merged. */
  private static TreeMap<Long, Long> merged(JsonNode profile, String field) {
    TreeMap<Long, Long> m = new TreeMap<>();
    for (JsonNode row : profile.path("byDepth")) {
      pairs(row.path(field)).forEach((v, n) -> m.merge(v, n, Long::sum));
    }
    return m;
  }

  private static TreeMap<Long, Long> pairs(JsonNode distribution) {
    TreeMap<Long, Long> m = new TreeMap<>();
    for (JsonNode pair : distribution.path("histogram")) {
      m.merge(pair.get(0).asLong(), pair.get(1).asLong(), Long::sum);
    }
    return m;
  }

  private static Row row(String name, TreeMap<Long, Long> a, TreeMap<Long, Long> b) {
    return new Row(name, distance(a, b), summary(a), summary(b));
  }

  /** The largest gap between the cumulative shares of {@code a} and {@code b}. */
  static double distance(TreeMap<Long, Long> a, TreeMap<Long, Long> b) {
    double na = total(a);
    double nb = total(b);
    if (na == 0 || nb == 0) {
      return na == nb ? 0 : 1;
    }
    TreeMap<Long, long[]> both = new TreeMap<>();
    a.forEach((v, n) -> both.computeIfAbsent(v, k -> new long[2])[0] += n);
    b.forEach((v, n) -> both.computeIfAbsent(v, k -> new long[2])[1] += n);
    double ca = 0;
    double cb = 0;
    double d = 0;
    for (long[] n : both.values()) {
      ca += n[0];
      cb += n[1];
      d = Math.max(d, Math.abs(ca / na - cb / nb));
    }
    return d;
  }

  private static long total(Map<Long, Long> m) {
    long n = 0;
    for (long c : m.values()) {
      n += c;
    }
    return n;
  }

  /** p50, p90, p99 and max of a distribution. */
  private static long[] summary(TreeMap<Long, Long> m) {
    long n = total(m);
    long[] out = new long[4];
    double[] at = {0.5, 0.9, 0.99};
    long seen = 0;
    int k = 0;
    for (Map.Entry<Long, Long> e : m.entrySet()) {
      seen += e.getValue();
      while (k < at.length && seen >= at[k] * n) {
        out[k++] = e.getKey();
      }
      out[3] = e.getKey();
    }
    return out;
  }
}
