package io.metabench.namespace;

import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillState;
import io.metabench.path.PrefillTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;

/**
 * A namespace drawn from a profile ({@link ShapeModel}) as a prefill makes it
 * (docs/namespaces.md#making-it): the model's root is {@code <baseDir>/prefill/map_<m>}, its
 * directory {@code i} is unit {@code i} (breadth first, so a worker's slice is a run of
 * directories at one or two depths), named after its place among its parent's subdirectories,
 * and its files are numbered on from the directories before it, each name in a class the
 * profile has ({@link ClassNames}: {@code part-00000}, {@code dt=3}, ...; a namespace recorded
 * before classes, {@code d_<k>} and {@code file_<index>}). Sizes are the prefill's
 * ({@code -prefillSizes}), by file index.
 *
 * <p>Memory: the model's five ints and one long a directory. Immutable and thread-safe.
 */
public final class ShapedTree implements PrefillShape {
  private final Path root;
  private final ShapeProfile profile;
  private final double scale;
  private final long seed;
  private final PrefillSizes sizes;
  /** Names in the profile's classes; null: {@code d_<k>} and {@code file_<index>}. */
  private final ClassNames classNames;
  /** The model and each directory's first file (the files' count last), drawn when first used. */
  private volatile Drawn drawn;

  /** The drawn namespace and where each directory's files begin. */
  private static final class Drawn {
    final ShapeModel model;
    final long[] firstFile;

    Drawn(ShapeModel model) {
      this.model = model;
      int n = model.directories();
      this.firstFile = new long[n + 1];
      for (int i = 0; i < n; i++) {
        firstFile[i + 1] = firstFile[i] + model.files(i);
      }
    }
  }

  /**
   * {@code profile}'s namespace at {@code scale}, drawn with {@code seed}, under {@code root}.
   *
   * @throws io.metabench.core.InvalidInputException when the scale makes no namespace or one
   *     beyond HDFS's limits
   */
  public ShapedTree(Path root, ShapeProfile profile, double scale, long seed, PrefillSizes sizes) {
    this(root, profile, scale, seed, sizes, true);
  }

  /**
   * As {@link #ShapedTree(Path, ShapeProfile, double, long, PrefillSizes)}; with {@code
   * classNames} false, every directory {@code d_<k>} and file {@code file_<index>}, as a
   * namespace recorded before names took the profile's classes was made.
   */
  public ShapedTree(Path root, ShapeProfile profile, double scale, long seed, PrefillSizes sizes,
      boolean classNames) {
    this.root = root;
    this.profile = profile;
    this.scale = scale;
    this.seed = seed;
    this.sizes = sizes;
    this.classNames = classNames ? ClassNames.of(profile.json(), seed) : null;
    ShapeModel.size(profile.json(), scale); // refuses a scale before anything is drawn
  }

  /** The identity's key, and value, of a namespace named in the profile's classes. */
  public static final String NAMES = "names";
  public static final String CLASSES = "classes";

  /** The drawn namespace: drawn on the first call (identity and options need no drawing). */
  public ShapeModel model() {
    return drawn().model;
  }

  private Drawn drawn() {
    Drawn d = drawn;
    if (d == null) {
      synchronized (this) {
        d = drawn;
        if (d == null) {
          d = new Drawn(ShapeModel.of(profile.json(), scale, seed));
          drawn = d;
        }
      }
    }
    return d;
  }

  public ShapeProfile profile() {
    return profile;
  }

  public double scale() {
    return scale;
  }

  @Override
  public Path root() {
    return root;
  }

  @Override
  public long files() {
    long[] firstFile = drawn().firstFile;
    return firstFile[firstFile.length - 1];
  }

  /** The directories below the root: the model's but its root. */
  @Override
  public long directories() {
    return model().directories() - 1L;
  }

  @Override
  public long units() {
    return model().directories();
  }

  @Override
  public long firstFile(long unit) {
    return drawn().firstFile[(int) unit];
  }

  @Override
  public long unitOf(long index) {
    // The last directory whose first file is at or before index: it holds the file, as those
    // after it start later and a directory of no file starts where its successor does.
    long[] firstFile = drawn().firstFile;
    int lo = 0;
    int hi = firstFile.length - 2;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (firstFile[mid] <= index) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  @Override
  public long directoriesIn(io.metabench.path.LeafRanges set) {
    return set.size();
  }

  /** Every directory is made, with or without files: an empty directory is part of the shape. */
  @Override
  public Path unitDir(long unit) {
    ShapeModel model = model();
    int i = (int) unit;
    if (i == 0) {
      return root;
    }
    String[] names = new String[model.depth(i)];
    for (int d = names.length - 1; d >= 0; d--) {
      int p = model.parent(i);
      int k = i - model.firstChild(p);
      names[d] = classNames == null ? PrefillTree.DIR_PREFIX + k : classNames.dir(i, k);
      i = p;
    }
    Path dir = root;
    for (String name : names) {
      dir = new Path(dir, name);
    }
    return dir;
  }

  @Override
  public boolean unitIsLeaf(long unit) {
    return model().subdirectories((int) unit) == 0;
  }

  /** Breadth-first numbers run from the root down, so backwards is deepest first. */
  @Override
  public List<Path> innerDirsDeepestFirst() {
    ShapeModel model = model();
    List<Path> out = new ArrayList<>();
    for (int i = model.directories() - 1; i >= 1; i--) {
      if (model.subdirectories(i) > 0) {
        out.add(unitDir(i));
      }
    }
    return out;
  }

  @Override
  public String fileName(long index) {
    return classNames == null ? PrefillTree.FILE_PREFIX + index
        : classNames.file(index, index - drawn().firstFile[(int) unitOf(index)]);
  }

  @Override
  public long sizeOf(long index) {
    return sizes.sizeOf(index);
  }

  @Override
  public Map<String, String> identity() {
    Map<String, String> m = new TreeMap<>();
    m.put(PrefillState.KIND, PrefillState.PROFILE);
    m.put("profile.sha256", profile.sha256());
    m.put("scale", Double.toString(scale));
    m.put("seed", Long.toString(seed));
    if (classNames != null) {
      m.put(NAMES, CLASSES);
    }
    m.put("sizes", sizes.toString());
    return m;
  }

  @Override
  public String asOptions() {
    return String.format(Locale.ROOT, "-prefillProfile %s -prefillScale %s -seed %d "
        + "-prefillSizes %s", profile, scaleText(scale), seed, sizes);
  }

  /** A scale as a person writes it: 0.1, 2, 0.000001. */
  public static String scaleText(double scale) {
    return java.math.BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
  }
}
