package io.metabench.path;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * What a prefill makes under {@code <baseDir>/prefill/map_<m>} (docs/prefill.md), cut into
 * <em>units</em>: numbered directories, each made once and filled with a contiguous range of the
 * shape's numbered files. Units are what workers share out and what a checkpoint records as
 * complete ({@link LeafRanges} of unit numbers), so a shape is resumable whatever it draws. Two
 * shapes: {@link PrefillTree} (a fixed depth and fan-out, its units the leaves) and a namespace
 * drawn from a profile (docs/namespaces.md, its units every directory).
 *
 * <p>Implementations are immutable and thread-safe, except their {@link Names}, which belong to
 * one worker.
 */
public interface PrefillShape {
  /** {@code <baseDir>/prefill/map_<m>}, scheme-less. */
  Path root();

  long files();

  /** The directories the shape makes below its root. */
  long directories();

  /** The units: unit numbers are 0 to {@code units() - 1}. */
  long units();

  /** The first file of unit {@code unit}; {@code firstFile(units())} is {@link #files()}. */
  long firstFile(long unit);

  /** The unit that holds file {@code index}. */
  long unitOf(long index);

  /** How many files unit {@code unit} holds. */
  default long filesIn(long unit) {
    return firstFile(unit + 1) - firstFile(unit);
  }

  /** The files of the units in {@code set}. */
  default long filesIn(LeafRanges set) {
    long n = 0;
    for (long[] range : set.ranges()) {
      n += firstFile(range[1]) - firstFile(range[0]);
    }
    return n;
  }

  /** The directories the units in {@code set} make (one each, but for those that make none). */
  default long directoriesIn(LeafRanges set) {
    long n = 0;
    for (java.util.PrimitiveIterator.OfLong it = set.iterator(); it.hasNext(); ) {
      if (unitDir(it.nextLong()) != null) {
        n++;
      }
    }
    return n;
  }

  /** The directory unit {@code unit} makes, or null when it makes none (it has no file). */
  Path unitDir(long unit);

  /**
   * Whether unit {@code unit}'s directory holds no directory of the shape, so cleanup removes it
   * right after its files; the others go with {@link #innerDirsDeepestFirst()}.
   */
  boolean unitIsLeaf(long unit);

  /**
   * The directories cleanup removes after the units' files and leaves, deepest first, each once,
   * the root not included.
   */
  List<Path> innerDirsDeepestFirst();

  /** File {@code index}'s size in bytes. */
  long sizeOf(long index);

  /** The name a file takes in its unit's directory. */
  default String fileName(long index) {
    return PrefillTree.FILE_PREFIX + index;
  }

  /**
   * What identifies the shape in its record: equal maps, equal names and sizes. Keys and values
   * are those {@link PrefillState} stores.
   */
  Map<String, String> identity();

  /** The options that make this shape. */
  String asOptions();

  /** A worker's name builder. */
  default Names names() {
    return new Names(this);
  }

  /**
   * A worker's file names: caches the current unit's path text so consecutive files of a unit
   * do not rebuild it. Not thread-safe.
   */
  final class Names {
    private final PrefillShape shape;
    private long cachedUnit = -1;
    private final StringBuilder text = new StringBuilder(128);
    private int prefixLength;

    Names(PrefillShape shape) {
      this.shape = shape;
    }

    /** File {@code index}'s path. */
    public Path file(long index) {
      long unit = shape.unitOf(index);
      if (unit != cachedUnit) {
        text.setLength(0);
        text.append(shape.unitDir(unit).toUri().getRawPath()).append('/');
        prefixLength = text.length();
        cachedUnit = unit;
      }
      text.setLength(prefixLength);
      text.append(shape.fileName(index));
      return new Path(URI.create(text.toString()));
    }
  }
}
