package io.metabench.path;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The names of one worker's items of one kind (files or directories) below its own directory:
 * {@code <root>/[d_<x>/...]<prefix><index>}.
 *
 * <p>Not thread-safe: it caches the last bucket's {@link Path} so that consecutive indexes do not
 * rebuild the parent, and belongs to one worker.
 */
public final class ItemTree {
  private final Path root;
  private final String prefix;
  private final FanOut fanOut;
  private final long stride;
  private final long offset;
  private long cachedBucket = -1;
  private Path cachedBucketPath;
  /** The cached bucket's URI and a '/', to which an item's name is appended. */
  private final StringBuilder name = new StringBuilder(128);
  private int bucketPrefixLength;

  public ItemTree(Path root, String prefix, FanOut fanOut) {
    this(root, prefix, fanOut, 1, 0);
  }

  /**
   * A worker's share of a tree it shares with others: its item {@code i} is the tree's item
   * {@code i * stride + offset}, so the workers' items interleave in the same directories.
   */
  public ItemTree(Path root, String prefix, FanOut fanOut, long stride, long offset) {
    this.root = root;
    this.prefix = prefix;
    this.fanOut = fanOut;
    this.stride = stride;
    this.offset = offset;
  }

  public Path root() {
    return root;
  }

  public FanOut fanOut() {
    return fanOut;
  }

  /** The path of item {@code index}. */
  public Path item(long index) {
    return named(index, "");
  }

  /** A sibling of item {@code index}: same directory, {@code suffix} appended to its name. */
  public Path sibling(long index, String suffix) {
    return named(index, suffix);
  }

  /**
   * Builds the item's path from its bucket's URI text and its name in a reused buffer and parses it
   * once: Path(parent, child) would parse and resolve URIs three times and run a regex, which was
   * most of MetaBench's own cost per operation (docs/performance.md). Item names contain only
   * characters that need no escaping, so the text is a valid URI. Items' paths carry no scheme or
   * authority (see {@link #bucket}).
   */
  private Path named(long index, String suffix) {
    long inTree = index * stride + offset;
    bucket(fanOut.bucketOf(inTree));
    name.setLength(bucketPrefixLength);
    name.append(prefix).append(inTree).append(suffix);
    return new Path(URI.create(name.toString()));
  }

  private Path bucket(long bucket) {
    if (bucket != cachedBucket) {
      Path p = root;
      for (String dir : fanOut.bucketNames(bucket)) {
        p = new Path(p, dir);
      }
      cachedBucketPath = p;
      cachedBucket = bucket;
      name.setLength(0);
      name.append(p.toUri().getRawPath()).append('/');
      bucketPrefixLength = name.length();
    }
    return cachedBucketPath;
  }

  /** The directories that hold items; making them makes every directory of the tree. */
  public List<Path> leafDirs() {
    List<Path> leaves = new ArrayList<>();
    for (long b = 0; b < fanOut.leafBuckets(); b++) {
      leaves.add(bucket(b));
    }
    return leaves;
  }

  /** Every directory of the tree, the root included, children before their parents. */
  public List<Path> dirsDeepestFirst() {
    Set<Path> seen = new LinkedHashSet<>();
    List<Path> ordered = new ArrayList<>();
    for (Path leaf : leafDirs()) {
      List<Path> chain = new ArrayList<>();
      for (Path p = leaf; p != null && !p.equals(root.getParent()); p = p.getParent()) {
        chain.add(p);
      }
      for (int i = chain.size() - 1; i >= 0; i--) {
        if (seen.add(chain.get(i))) {
          ordered.add(chain.get(i));
        }
      }
    }
    List<Path> reversed = new ArrayList<>(ordered.size());
    for (int i = ordered.size() - 1; i >= 0; i--) {
      reversed.add(ordered.get(i));
    }
    return reversed;
  }
}
