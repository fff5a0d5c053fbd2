package io.metabench.namespace;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Names for a synthesized namespace in the profile's name classes ({@link NameClass}), so a
 * namespace of MapReduce output is made of {@code part-00000} files and one of Hive tables of
 * {@code dt=} directories (docs/namespaces.md#making-it): each file and directory takes a class
 * drawn by the profile's share of it ({@code names.fileClasses}, {@code directoryClasses}) from
 * the seed and its number alone, and a name of that class unique in its directory:
 *
 * <pre>
 * class      file (index i, p-th in its directory)   directory (k-th in its parent)
 * part-N     part-%05d of p                         part-r-k
 * key=value  k=i                                    dt=k
 * hidden     _fi                                    _dk
 * numeric    i, 12 digits                           k
 * name.ext   file_i.dat                             d_k.db
 * other      file_i                                 d_k
 * </pre>
 *
 * No two classes' names can meet (their forms differ), nor a file's and a directory's. A profile
 * without classes names every entry {@code other}, as synthesis did before classes. Immutable
 * and thread-safe.
 */
final class ClassNames {
  private static final long DIR_SALT = 0x6A09E667F3BCC909L;
  private static final NameClass[] CLASSES = NameClass.values();
  /** Cumulative shares by class, in {@link NameClass} order; null: every entry other. */
  private final double[] files;
  private final double[] dirs;
  private final long seed;

  private ClassNames(double[] files, double[] dirs, long seed) {
    this.files = files;
    this.dirs = dirs;
    this.seed = seed;
  }

  /** The names of {@code profile}'s classes, drawn with {@code seed}. */
  static ClassNames of(JsonNode profile, long seed) {
    JsonNode names = profile.path("names");
    return new ClassNames(cumulative(names.path("fileClasses")),
        cumulative(names.path("directoryClasses")), seed);
  }

  private static double[] cumulative(JsonNode counts) {
    double[] c = new double[CLASSES.length];
    double total = 0;
    for (int k = 0; k < CLASSES.length; k++) {
      total += Math.max(0, counts.path(CLASSES[k].label).asDouble());
      c[k] = total;
    }
    if (total <= 0) {
      return null;
    }
    for (int k = 0; k < c.length; k++) {
      c[k] /= total;
    }
    return c;
  }

  /** File {@code index}'s name, the {@code position}-th file (from 0) of its directory. */
  String file(long index, long position) {
    switch (classOf(files, index)) {
      case PART:
        return String.format(java.util.Locale.ROOT, "part-%05d", position);
      case KEY_VALUE:
        return "k=" + index;
      case HIDDEN:
        return "_f" + index;
      case NUMERIC:
        return String.format(java.util.Locale.ROOT, "%012d", index);
      case WITH_EXTENSION:
        return "file_" + index + ".dat";
      default:
        return "file_" + index;
    }
  }

  /** The name of directory {@code unit}, the {@code k}-th subdirectory (from 0) of its parent. */
  String dir(long unit, long k) {
    switch (classOf(dirs, unit ^ DIR_SALT)) {
      case PART:
        return "part-r-" + k;
      case KEY_VALUE:
        return "dt=" + k;
      case HIDDEN:
        return "_d" + k;
      case NUMERIC:
        return Long.toString(k);
      case WITH_EXTENSION:
        return "d_" + k + ".db";
      default:
        return "d_" + k;
    }
  }

  /** The class of entry {@code n} by the cumulative shares {@code c} (null: other). */
  private NameClass classOf(double[] c, long n) {
    if (c == null) {
      return NameClass.OTHER;
    }
    double u = (mix(seed + 0x9E3779B97F4A7C15L * (n + 1)) >>> 11) * 0x1.0p-53;
    for (int k = 0; k < c.length; k++) {
      if (u < c[k]) {
        return CLASSES[k];
      }
    }
    return CLASSES[c.length - 1];
  }

  /** SplitMix64's finalizer: a well-spread 64-bit value of {@code z}. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
