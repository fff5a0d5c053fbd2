package io.metabench.path;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * The names of one map's prefill tree, a pure function of (file index, depth, fan-out, files):
 *
 * <pre>
 *   &lt;baseDir&gt;/prefill/map_&lt;m&gt;/d_&lt;x1&gt;/d_&lt;x2&gt;/.../d_&lt;xd&gt;/file_&lt;i&gt;
 * </pre>
 *
 * <p>The tree has {@code fanOut^depth} leaf directories; leaf {@code j}'s path is {@code j}
 * written in base {@code fanOut} with exactly {@code depth} digits, most significant first, each
 * digit a directory {@code d_<digit>}. The {@code files} files are spread evenly: leaf {@code j}
 * holds the contiguous indexes {@code [j*files/leaves, (j+1)*files/leaves)}, so leaves differ by
 * at most one file, and a slice of leaves is a slice of indexes. With fewer files than leaves,
 * the leaves that get none are not made. File {@code i}'s size is {@link PrefillSizes#sizeOf}.
 *
 * <p>Its units ({@link PrefillShape}) are the leaves. Immutable and thread-safe.
 */
public final class PrefillTree implements PrefillShape {
  /** Most leaf directories a tree may have (fanOut^depth). */
  public static final long MAX_LEAVES = 100_000_000L;
  /** Most files one map's tree may hold; with {@link #MAX_LEAVES} keeps index × leaves in a long. */
  public static final long MAX_FILES = 10_000_000_000L;
  public static final String FILE_PREFIX = "file_";
  public static final String DIR_PREFIX = "d_";

  private final Path root;
  private final long files;
  private final int depth;
  private final int fanOut;
  private final long leaves;
  private final PrefillSizes sizes;

  /**
   * The tree of {@code files} files under {@code root} ({@code <baseDir>/prefill/map_<m>},
   * scheme-less for workers' paths).
   *
   * @throws IllegalArgumentException for a shape out of range (BenchConfig refuses those first)
   */
  public PrefillTree(Path root, long files, int depth, int fanOut, PrefillSizes sizes) {
    if (files < 1 || files > MAX_FILES || depth < 1 || fanOut < 1) {
      throw new IllegalArgumentException("files 1.." + MAX_FILES + ", depth >= 1 and fanOut >= 1 "
          + "required");
    }
    this.leaves = leafCount(depth, fanOut);
    if (leaves > MAX_LEAVES) {
      throw new IllegalArgumentException(fanOut + "^" + depth + " leaves is more than "
          + MAX_LEAVES);
    }
    this.root = root;
    this.files = files;
    this.depth = depth;
    this.fanOut = fanOut;
    this.sizes = sizes;
  }

  /** {@code fanOut^depth}, or {@link Long#MAX_VALUE} when that is larger than a long holds. */
  public static long leafCount(int depth, int fanOut) {
    long n = 1;
    for (int i = 0; i < depth; i++) {
      if (n > Long.MAX_VALUE / fanOut) {
        return Long.MAX_VALUE;
      }
      n *= fanOut;
    }
    return n;
  }

  @Override
  public Path root() {
    return root;
  }

  @Override
  public long files() {
    return files;
  }

  public int depth() {
    return depth;
  }

  public int fanOut() {
    return fanOut;
  }

  public PrefillSizes sizes() {
    return sizes;
  }

  /** Leaf directories of the shape: {@code fanOut^depth}. */
  public long leaves() {
    return leaves;
  }

  @Override
  public long units() {
    return leaves;
  }

  /** Leaf directories that hold at least one file, and so are made. */
  public long leavesWithFiles() {
    return Math.min(files, leaves);
  }

  /** The first file index of leaf {@code leaf}; {@code firstFile(leaves())} is {@code files}. */
  @Override
  public long firstFile(long leaf) {
    return leaf * files / leaves;
  }

  /** The leaf that holds file {@code index}. */
  @Override
  public long unitOf(long index) {
    return ((index + 1) * leaves - 1) / files;
  }

  /** The directory names from {@code map_<m>} down to leaf {@code leaf}. */
  public String[] leafNames(long leaf) {
    String[] names = new String[depth];
    long rest = leaf;
    for (int level = depth - 1; level >= 0; level--) {
      names[level] = DIR_PREFIX + (rest % fanOut);
      rest /= fanOut;
    }
    return names;
  }

  /** Leaf directory {@code leaf}. */
  public Path leafDir(long leaf) {
    Path p = root;
    for (String name : leafNames(leaf)) {
      p = new Path(p, name);
    }
    return p;
  }

  /** Every leaf when there are as many files as leaves; else those of the set that hold one. */
  @Override
  public long directoriesIn(LeafRanges set) {
    return files >= leaves ? set.size() : PrefillShape.super.directoriesIn(set);
  }

  /** A leaf makes its directory only when it holds a file. */
  @Override
  public Path unitDir(long leaf) {
    return filesIn(leaf) > 0 ? leafDir(leaf) : null;
  }

  @Override
  public boolean unitIsLeaf(long unit) {
    return true;
  }

  /** File {@code index}'s path. */
  public Path file(long index) {
    return new Path(leafDir(unitOf(index)), FILE_PREFIX + index);
  }

  /** File {@code index}'s size in bytes. */
  @Override
  public long sizeOf(long index) {
    return sizes.sizeOf(index);
  }

  /**
   * The directories the tree is made of below {@code map_<m>}: the leaves with files and their
   * ancestors. With at least as many files as leaves, {@code fanOut + fanOut^2 + ... +
   * fanOut^depth}.
   */
  @Override
  public long directories() {
    long n = 0;
    long perLevel = 1;
    for (int level = 1; level <= depth; level++) {
      perLevel *= fanOut;
      // leaves under one directory of this level
      long span = leaves / perLevel;
      n += files >= leaves ? perLevel : occupied(span);
    }
    return n;
  }

  /** Directories of a level whose {@code span} leaves hold at least one file. */
  private long occupied(long span) {
    long count = 0;
    long last = -1;
    for (long i = 0; i < files; i++) {
      long dir = unitOf(i) / span;
      if (dir != last) {
        count++;
        last = dir;
      }
    }
    return count;
  }

  /**
   * The inner directories above the leaves, deepest level first, each once: what cleanup
   * removes after the leaves, before {@code map_<m>}. Only those with files below them.
   */
  @Override
  public List<Path> innerDirsDeepestFirst() {
    List<Path> out = new ArrayList<>();
    long perLevel = leaves;
    for (int level = depth - 1; level >= 1; level--) {
      perLevel /= fanOut;
      long span = leaves / perLevel;
      long last = -1;
      for (long leaf = 0; leaf < leaves; leaf += span) {
        long dir = leaf / span;
        if (dir != last && firstFile(leaf + span) > firstFile(leaf)) {
          Path p = leafDir(leaf);
          for (int up = level; up < depth; up++) {
            p = p.getParent();
          }
          out.add(p);
          last = dir;
        }
      }
    }
    return out;
  }

  @Override
  public java.util.Map<String, String> identity() {
    java.util.Map<String, String> m = new java.util.TreeMap<>();
    m.put("files", Long.toString(files));
    m.put("depth", Integer.toString(depth));
    m.put("fan.out", Integer.toString(fanOut));
    m.put("sizes", sizes.toString());
    return m;
  }

  /** The options that make this shape. */
  @Override
  public String asOptions() {
    return asOptions(files, depth, fanOut, sizes.toString());
  }

  /** The options that make a tree of this shape. */
  static String asOptions(long files, int depth, int fanOut, String sizes) {
    return "-prefillFiles " + files + " -prefillDepth " + depth + " -prefillFanOut " + fanOut
        + " -prefillSizes " + sizes;
  }
}
