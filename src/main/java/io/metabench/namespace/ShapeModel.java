package io.metabench.namespace;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A namespace of a profile's shape at a scale (docs/namespaces.md#a-namespace-from-a-profile),
 * drawn with a seed: at each depth exactly the profile's directories and files times the scale
 * (rounded; a depth keeps one directory where a deeper one needs a parent), and each directory's
 * subdirectories and files drawn from the profile's distributions at its depth by stratified
 * quantiles (n directories take the distribution's n evenly spaced quantiles, so every value
 * keeps its share rather than leaving it to chance), brought to the depth's exact totals by
 * their largest values and paired at random. The same profile, scale and seed give the same namespace.
 *
 * <p>Directories are numbered breadth first, the root 0; a directory's children are numbered
 * together, in order. Memory: five ints a directory, none a file. Immutable.
 */
public final class ShapeModel {
  /** HDFS's default {@code dfs.namenode.fs-limits.max-directory-items}. */
  public static final int MAX_DIRECTORY_ITEMS = 1_048_576;
  /**
   * The least scale the largest directories are planted at: below it one of them would take
   * more than twice its share of its depth's files (at a tenth of Yahoo's, its largest would
   * hold 59 % of its depth's files, and the files-per-directory distance grew from 0.0017 to
   * 0.0135), skewing every other directory there.
   */
  static final double PLANT_FROM = 0.5;
  /** The most directories a model holds: its arrays are indexed by int. */
  public static final int MAX_DIRECTORIES = 200_000_000;

  private final int[] parent;
  private final int[] depth;
  private final int[] files;
  private final int[] subdirs;
  private final int[] firstChild;
  private final long fileCount;

  private ShapeModel(int[] parent, int[] depth, int[] files, int[] subdirs, int[] firstChild) {
    this.parent = parent;
    this.depth = depth;
    this.files = files;
    this.subdirs = subdirs;
    this.firstChild = firstChild;
    long n = 0;
    for (int f : files) {
      n += f;
    }
    this.fileCount = n;
  }

  /**
   * The namespace of {@code profile}'s shape at {@code scale} (0.1: a tenth of its directories
   * and files), drawn with {@code seed}.
   *
   * @throws InvalidInputException when the profile lacks what a synthesis reads, or the scale
   *     makes a namespace that is empty, too large to hold, or over HDFS's directory limit
   */
  public static ShapeModel of(JsonNode profile, double scale, long seed) {
    long[][] plan = plan(profile, scale);
    return build(profile.path("byDepth"), plan[0], plan[1], (int) sum(plan[0]), new Random(seed),
        planted(profile.path("largestDirectories"), plan[0], plan[1], scale));
  }

  /**
   * The file counts of the profile's largest directories to plant at each depth, largest first:
   * the scale times the directories it lists, the largest of them (at a scale over 1 each listed
   * one about scale times), each at its own depth, as many there as leave the depth one
   * directory drawn and fit its files; none below {@link #PLANT_FROM}. The quantiles give a
   * depth's largest values only as its histogram's buckets have them (1,759 for Yahoo's 1,755
   * and 1,701): planted, the largest directories have the profile's exact counts.
   */
  static int[][] planted(JsonNode largest, long[] dirs, long[] filesAt, double scale) {
    int levels = dirs.length;
    if (scale < PLANT_FROM) {
      int[][] none = new int[levels][0];
      return none;
    }
    List<long[]> listed = new ArrayList<>();
    for (JsonNode row : largest) {
      int d = row.path("depth").asInt(-1);
      long f = row.path("files").asLong();
      if (d >= 0 && d < levels && f > 0 && f <= MAX_DIRECTORY_ITEMS) {
        listed.add(new long[] {f, d});
      }
    }
    listed.sort((a, b) -> Long.compare(b[0], a[0]));
    long plant = Math.round(scale * listed.size());
    int[][] out = new int[levels][0];
    long[] budget = new long[levels];
    for (int d = 0; d < levels; d++) {
      budget[d] = d + 1 < filesAt.length ? filesAt[d + 1] : 0;
    }
    for (long j = 0; j < plant; j++) {
      long[] dir = listed.get((int) (j % listed.size()));
      int d = (int) dir[1];
      if (out[d].length < dirs[d] - 1 && dir[0] <= budget[d]) {
        out[d] = Arrays.copyOf(out[d], out[d].length + 1);
        out[d][out[d].length - 1] = (int) dir[0];
        budget[d] -= dir[0];
      }
    }
    return out;
  }

  /**
   * The directories and files (the root included) {@link #of} would draw, without drawing them.
   *
   * @throws InvalidInputException as {@link #of} does
   */
  public static long[] size(JsonNode profile, double scale) {
    long[][] plan = plan(profile, scale);
    return new long[] {sum(plan[0]), sum(plan[1])};
  }

  /** Each depth's directories and (one deeper) files at {@code scale}, checked. */
  private static long[][] plan(JsonNode profile, double scale) {
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw new InvalidInputException("the scale " + ShapedTree.scaleText(scale) + " makes no "
          + "namespace: give a scale above 0 (0.1 for a tenth of the profile's files, 10 for ten "
          + "times)");
    }
    JsonNode rows = profile.path("byDepth");
    int levels = rows.size();
    double[] dirsExact = new double[levels];
    double[] filesExact = new double[levels + 1];
    for (int d = 0; d < levels; d++) {
      JsonNode row = rows.get(d);
      if (row.path("directories").asLong() > 0 && !row.has("filesPerDirectory")) {
        throw new InvalidInputException("the profile has no filesPerDirectory at depth " + d
            + " (a profile of version 1): make it again with this MetaBench's profile command");
      }
      dirsExact[d] = d == 0 ? 0 : row.path("directories").asLong() * scale;
      filesExact[d] = row.path("files").asLong() * scale;
    }
    // Each depth's share rounded so that the depths add up to the whole times the scale,
    // rounded once: rounding each depth alone would leave the totals off by up to half a
    // directory a depth. The root is never scaled.
    long[] dirs = apportion(dirsExact);
    dirs[0] = 1;
    long[] filesAt = apportion(filesExact);
    // A depth that holds anything keeps a parent for it above: one directory moved from the
    // depth that has the most, so the total stays the scaled one.
    for (int d = levels - 1; d >= 1; d--) {
      if ((dirs[d] > 0 || filesAt[d] > 0) && dirs[d - 1] == 0) {
        dirs[d - 1] = 1;
        int most = 1;
        for (int k = 1; k < levels; k++) {
          most = dirs[k] > dirs[most] ? k : most;
        }
        if (most != d - 1 && dirs[most] > 1) {
          dirs[most]--;
        }
      }
    }
    for (int d = 0; d < levels; d++) {
      long below = (d + 1 < levels ? dirs[d + 1] : 0) + filesAt[d + 1];
      if (dirs[d] > 0 && below > dirs[d] * (long) MAX_DIRECTORY_ITEMS) {
        throw new InvalidInputException("the scale " + ShapedTree.scaleText(scale) + " puts "
            + below + " entries in the " + dirs[d] + " directories at depth " + d + ", more than "
            + "HDFS's " + MAX_DIRECTORY_ITEMS + " a directory: give a smaller scale");
      }
    }
    long total = sum(dirs);
    if (total > MAX_DIRECTORIES) {
      throw new InvalidInputException("the scale " + ShapedTree.scaleText(scale) + " makes "
          + total + " directories, more than " + MAX_DIRECTORIES + " one synthesis holds: give a "
          + "smaller scale");
    }
    if (sum(filesAt) == 0 && total == 1) {
      throw new InvalidInputException("the scale " + ShapedTree.scaleText(scale) + " makes an "
          + "empty namespace (no directory or file below the root): give a larger scale");
    }
    return new long[][] {dirs, filesAt};
  }

  /**
   * Whole numbers, each the floor or ceiling of its {@code exact} value, adding up to the sum of
   * {@code exact} rounded: the largest remainders get the ceilings (Hamilton's apportionment).
   */
  static long[] apportion(double[] exact) {
    long[] out = new long[exact.length];
    double total = 0;
    long given = 0;
    for (int i = 0; i < exact.length; i++) {
      out[i] = (long) Math.floor(exact[i]);
      given += out[i];
      total += exact[i];
    }
    long left = Math.round(total) - given;
    Integer[] order = new Integer[exact.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    // Few values (a profile's depths): boxed sorting costs nothing here.
    Arrays.sort(order, (a, b) -> Double.compare(exact[b] - out[b], exact[a] - out[a]));
    for (int j = 0; j < left && j < order.length; j++) {
      out[order[j]]++;
    }
    return out;
  }

  private static long sum(long[] values) {
    long n = 0;
    for (long v : values) {
      n += v;
    }
    return n;
  }

  private static ShapeModel build(JsonNode rows, long[] dirs, long[] filesAt, int total,
      Random random, int[][] planted) {
    int[] parent = new int[total];
    int[] depth = new int[total];
    int[] files = new int[total];
    int[] subdirs = new int[total];
    int[] firstChild = new int[total];
    parent[0] = -1;
    int levelStart = 0;
    int next = 1;
    for (int d = 0; d < dirs.length && dirs[d] > 0; d++) {
      int n = (int) dirs[d];
      long children = d + 1 < dirs.length ? dirs[d + 1] : 0;
      int[] k = draw(rows.get(d).path("subdirectoriesPerDirectory").path("histogram"), n,
          children, random);
      int[] f = draw(rows.get(d).path("filesPerDirectory").path("histogram"), n, filesAt[d + 1],
          random, planted[d]);
      for (int i = 0; i < n; i++) {
        int dir = levelStart + i;
        depth[dir] = d;
        files[dir] = f[i];
        subdirs[dir] = k[i];
        firstChild[dir] = next;
        for (int c = 0; c < k[i]; c++) {
          parent[next++] = dir;
        }
      }
      levelStart += n;
    }
    return new ShapeModel(parent, depth, files, subdirs, firstChild);
  }

  /**
   * {@code n} values summing to {@code total}: {@code histogram}'s ({@code [value, count]} pairs)
   * n evenly spaced quantiles, the difference to the total taken by the large values (each
   * rounded by its largest remainders), in a random order; an even share each where the
   * histogram is empty or all zeros.
   */
  static int[] draw(JsonNode histogram, int n, long total, Random random) {
    return draw(histogram, n, total, random, new int[0]);
  }

  /**
   * {@link #draw(JsonNode, int, long, Random)} with {@code plant} (fewer than {@code n} values
   * adding up to at most {@code total}) in place of the largest quantiles: the other values are
   * the n quantiles below them, brought to what the planted leave of the total.
   */
  static int[] draw(JsonNode histogram, int nAll, long totalAll, Random random, int[] plant) {
    int n = nAll - plant.length;
    long total = totalAll;
    for (int p : plant) {
      total -= p;
    }
    long[] v = new long[n];
    long count = 0;
    for (JsonNode pair : histogram) {
      count += pair.get(1).asLong();
    }
    long sum = 0;
    if (count > 0) {
      int at = 0;
      long seen = histogram.get(0).get(1).asLong();
      for (int i = 0; i < n; i++) {
        double rank = (i + 0.5) / nAll * count;
        while (seen < rank && at + 1 < histogram.size()) {
          seen += histogram.get(++at).get(1).asLong();
        }
        v[i] = histogram.get(at).get(0).asLong();
        sum += v[i];
      }
    }
    // The quantiles' sum is the depth's total only roughly: a small depth's few quantiles miss
    // its tail (a directory of 1,759 files is 1 in 4,000) or overweight it. Files missing go to
    // the largest values first, each up to the distribution's largest, so every other value
    // (most of the distribution's shares) keeps its quantile; files over go from the large
    // values in proportion to their squares. Only where the tail cannot take or give enough
    // are all values scaled alike.
    double squares = 0;
    for (long x : v) {
      squares += (double) x * x;
    }
    double diff = total - sum;
    double[] exact = new double[n];
    for (int i = 0; i < n; i++) {
      exact[i] = v[i];
    }
    if (sum == 0) {
      java.util.Arrays.fill(exact, (double) total / n);
    } else if (diff > 0) {
      long cap = Math.max(v[n - 1], count == 0 ? 0
          : histogram.get(histogram.size() - 1).get(0).asLong());
      cap = Math.min(cap, MAX_DIRECTORY_ITEMS);
      for (int i = n - 1; i >= 0 && diff > 0; i--) {
        double add = Math.min(cap - v[i], diff);
        exact[i] += add;
        diff -= add;
      }
      for (int i = 0; i < n && diff > 0; i++) {
        exact[i] += diff * v[i] * v[i] / squares;
      }
    } else if (-diff * v[n - 1] <= squares) {
      for (int i = 0; i < n; i++) {
        exact[i] += diff * v[i] * v[i] / squares;
      }
    } else {
      for (int i = 0; i < n; i++) {
        exact[i] = (double) v[i] * total / sum;
      }
    }
    int[] out = new int[n];
    long given = 0;
    // Largest remainder first, as primitive keys (the remainder's complement in the high bits,
    // the index in the low), so a depth of millions of directories sorts no boxed values.
    long[] byRemainder = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = (int) Math.min(MAX_DIRECTORY_ITEMS, (long) Math.floor(exact[i]));
      given += out[i];
      double rest = Math.max(0, Math.min(1, exact[i] - out[i]));
      byRemainder[i] = (long) ((1 - rest) * Integer.MAX_VALUE) << 32 | i;
    }
    Arrays.sort(byRemainder);
    for (int j = 0; given < total; j = (j + 1) % n) {
      int i = (int) byRemainder[j];
      if (out[i] < MAX_DIRECTORY_ITEMS) {
        out[i]++;
        given++;
      }
    }
    out = Arrays.copyOf(out, nAll);
    System.arraycopy(plant, 0, out, n, plant.length);
    for (int i = nAll - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }

  /** Directories, the root included. */
  public int directories() {
    return parent.length;
  }

  public long files() {
    return fileCount;
  }

  /** Directory {@code i}'s parent; -1 for the root. */
  public int parent(int i) {
    return parent[i];
  }

  /** Directory {@code i}'s depth: the root's is 0. */
  public int depth(int i) {
    return depth[i];
  }

  /** The files directory {@code i} holds. */
  public int files(int i) {
    return files[i];
  }

  /** The subdirectories directory {@code i} holds: numbered from {@link #firstChild}. */
  public int subdirectories(int i) {
    return subdirs[i];
  }

  /** The number of directory {@code i}'s first subdirectory. */
  public int firstChild(int i) {
    return firstChild[i];
  }

  /**
   * The profile of this namespace (its source's kind {@code synthesis}), as one read from an
   * image of it would be, names aside: directories {@code d<n>}, files {@code f<n>}, empty.
   */
  public NamespaceProfile profile() {
    ProfileBuilder b = new ProfileBuilder("synthesis");
    for (int i = 0; i < parent.length; i++) {
      b.directory(i == 0 ? FsImageProfiler.ROOT_ID : FsImageProfiler.ROOT_ID + i,
          "d" + (i == 0 ? 0 : i - firstChild[parent[i]]));
      for (int f = 0; f < files[i]; f++) {
        b.file("f" + f, 0, 0, 1, 0);
      }
    }
    DirectoryTable t = b.directories();
    t.seal();
    for (int i = 0; i < parent.length; i++) {
      // Ids were given in this model's order from the root's up, so index i is directory i.
      t.parent[i] = parent[i];
      t.files[i] = files[i];
      t.subdirs[i] = subdirs[i];
    }
    t.computeDepths(0);
    return b.build();
  }
}
