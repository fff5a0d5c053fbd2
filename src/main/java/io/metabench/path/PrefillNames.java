package io.metabench.path;

import io.metabench.op.ItemNames;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.JDKRandomGenerator;
import org.apache.hadoop.fs.Path;

/**
 * One worker's items as files of the prefill (docs/namespaces.md#reading-it-as-production-does):
 * item {@code index} is a file of the prefill's shape drawn by a {@link Popularity}, a pure
 * function of (seed, map, worker, index), so a retried or re-read item is the same file. A Zipf
 * draw gives a popularity rank (commons-math's rejection-inversion sampler); ranks are spread
 * over the namespace by a fixed stride coprime with the file count, so the most read files are
 * not all in the first directories. Picking files weighs each directory by the files it holds:
 * {@code list} (which lists the item's directory) lists large directories the more often.
 * Renames do not apply: the prefill's files keep their names.
 *
 * <p>Not thread-safe: one instance belongs to one worker.
 */
public final class PrefillNames implements ItemNames {
  /** The most files a Zipf draw ranks (commons-math's sampler counts in ints). */
  public static final long MAX_RANKED = Integer.MAX_VALUE;

  private final PrefillShape shape;
  private final PrefillShape.Names names;
  private final long files;
  private final long salt;
  private final long stride;
  private final JDKRandomGenerator random = new JDKRandomGenerator();
  private final ZipfDistribution zipf;

  /**
   * @throws IllegalArgumentException for a Zipf law over more than {@link #MAX_RANKED} files
   *     (the configuration refuses it first)
   */
  public PrefillNames(PrefillShape shape, Popularity popularity, long seed, int map, int worker) {
    if (!popularity.picks()) {
      throw new IllegalArgumentException("no popularity");
    }
    this.shape = shape;
    this.names = shape.names();
    this.files = shape.files();
    this.salt = mix(seed ^ mix(((long) map << 32) + worker + 0x5DEECE66DL));
    this.stride = strideFor(files);
    this.zipf = popularity.exponent() > 0 ? new ZipfDistribution(random,
        (int) Math.min(files, MAX_RANKED), popularity.exponent()) : null;
    if (zipf != null && files > MAX_RANKED) {
      throw new IllegalArgumentException(files + " files are more than a Zipf law ranks");
    }
  }

  /** The file of the prefill item {@code index} is: the pick's number in the shape. */
  public long pick(long index) {
    long h = mix(salt + index * 0x9E3779B97F4A7C15L);
    if (zipf == null) {
      return Long.remainderUnsigned(h, files);
    }
    random.setSeed(h);
    long rank = zipf.sample() - 1L;
    return Math.floorMod(rank * stride, files);
  }

  @Override
  public Path file(long index) {
    return names.file(pick(index));
  }

  /** The prefill's files are never renamed: the same file. */
  @Override
  public Path renamedFile(long index) {
    return file(index);
  }

  /** The directory that holds the picked file. */
  @Override
  public Path dir(long index) {
    return shape.unitDir(shape.unitOf(pick(index)));
  }

  /** An odd stride near the golden ratio of {@code n} with no factor in common with it. */
  static long strideFor(long n) {
    if (n <= 2) {
      return 1;
    }
    long s = (long) (n * 0.6180339887498949) | 1L;
    while (gcd(s, n) != 1) {
      s += 2;
    }
    return s % n;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /** SplitMix64's finaliser: every bit of {@code z} moves every bit of the result. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
