package io.metabench.path;

import java.net.URI;
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
 * <p>Immutable and thread-safe, except {@link Names}, which belongs to one worker.
 */
public final class PrefillTree {
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

  public Path root() {
    return root;
  }

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

  /** Leaf directories that hold at least one file, and so are made. */
  public long leavesWithFiles() {
    return Math.min(files, leaves);
  }

  /** The first file index of leaf {@code leaf}; {@code firstFile(leaves())} is {@code files}. */
  public long firstFile(long leaf) {
    return leaf * files / leaves;
  }

  /** How many files leaf {@code leaf} holds. */
  public long filesIn(long leaf) {
    return firstFile(leaf + 1) - firstFile(leaf);
  }

  /** The files of the leaves in {@code set}. */
  public long filesIn(LeafRanges set) {
    long n = 0;
    for (long[] range : set.ranges()) {
      n += firstFile(range[1]) - firstFile(range[0]);
    }
    return n;
  }

  /** The leaf that holds file {@code index}. */
  public long leafOf(long index) {
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

  /** File {@code index}'s path. */
  public Path file(long index) {
    return new Path(leafDir(leafOf(index)), FILE_PREFIX + index);
  }

  /** File {@code index}'s size in bytes. */
  public long sizeOf(long index) {
    return sizes.sizeOf(index);
  }

  /**
   * The directories the tree is made of below {@code map_<m>}: the leaves with files and their
   * ancestors. With at least as many files as leaves, {@code fanOut + fanOut^2 + ... +
   * fanOut^depth}.
   */
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
      long dir = leafOf(i) / span;
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

  /**
   * A worker's name builder: caches the current leaf's path text so consecutive files of a leaf
   * do not rebuild it (as {@link ItemTree} does for the phases). Not thread-safe.
   */
  public Names names() {
    return new Names();
  }

  /** See {@link #names()}. */
  public final class Names {
    private long cachedLeaf = -1;
    private final StringBuilder text = new StringBuilder(128);
    private int leafPrefixLength;

    private Names() {
    }

    /** File {@code index}'s path, equal to {@link PrefillTree#file}. */
    public Path file(long index) {
      long leaf = leafOf(index);
      if (leaf != cachedLeaf) {
        text.setLength(0);
        text.append(leafDir(leaf).toUri().getRawPath()).append('/');
        leafPrefixLength = text.length();
        cachedLeaf = leaf;
      }
      text.setLength(leafPrefixLength);
      text.append(FILE_PREFIX).append(index);
      return new Path(URI.create(text.toString()));
    }
  }

  /** The options that make this shape. */
  public String asOptions() {
    return "-prefillFiles " + files + " -prefillDepth " + depth + " -prefillFanOut " + fanOut
        + " -prefillSizes " + sizes;
  }
}
