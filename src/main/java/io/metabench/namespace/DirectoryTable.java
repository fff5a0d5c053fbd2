package io.metabench.namespace;

import java.util.Arrays;

/**
 * The directories of an image, each at its rank among their inode ids (ids kept sorted, looked
 * up by binary search): what a profile needs of each (its parent, how many files,
 * subdirectories and other entries it holds, its depth, its top-level subtree) in a few
 * primitive arrays, so the memory grows with the number of directories, never with the files.
 * Filled in two steps: every id {@link #add}ed, then {@link #seal}ed before lookups. Not
 * thread-safe.
 */
final class DirectoryTable {
  private long[] ids = new long[1024];
  private int size;
  int[] parent;
  int[] files;
  int[] subdirs;
  /** Symbolic links and snapshot references: entries that are neither files nor directories. */
  int[] others;
  int[] depth;
  /** The index of the directory's ancestor at depth 1 (itself at depth 1); -1 for the root. */
  int[] top;

  void add(long id) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, size * 2);
    }
    ids[size++] = id;
  }

  int size() {
    return size;
  }

  /** Sorts the ids and makes the per-directory arrays; no {@link #add} after it. */
  void seal() {
    ids = Arrays.copyOf(ids, size);
    Arrays.sort(ids);
    parent = new int[size];
    Arrays.fill(parent, -1);
    files = new int[size];
    subdirs = new int[size];
    others = new int[size];
  }

  /** The directory's index, or -1 when {@code id} is not a directory's. */
  int index(long id) {
    int i = Arrays.binarySearch(ids, id);
    return i < 0 ? -1 : i;
  }

  int entries(int i) {
    return files[i] + subdirs[i] + others[i];
  }

  /**
   * Works out each directory's depth (the root's, index {@code root}, is 0) and top-level subtree
   * from the parents; a directory whose chain of parents does not reach the root (a damaged
   * image, or a loop) gets depth -1.
   */
  void computeDepths(int root) {
    final int unknown = Integer.MIN_VALUE;
    depth = new int[size];
    top = new int[size];
    Arrays.fill(depth, unknown);
    int[] chain = new int[64];
    for (int i = 0; i < size; i++) {
      int n = 0;
      int at = i;
      while (at >= 0 && depth[at] == unknown && n <= size) {
        if (n == chain.length) {
          chain = Arrays.copyOf(chain, n * 2);
        }
        chain[n++] = at;
        at = parent[at];
      }
      int base;
      int t = -1;
      if (at >= 0) {
        // A known depth (-1 when unreachable), or a loop the walk gave up on.
        base = depth[at] == unknown ? -1 : depth[at];
        t = base < 0 ? -1 : top[at];
      } else if (chain[n - 1] == root) {
        depth[root] = 0;
        top[root] = -1;
        n--;
        base = 0;
      } else {
        base = -1;
      }
      for (int k = n - 1; k >= 0; k--) {
        int dir = chain[k];
        if (base < 0) {
          depth[dir] = -1;
          top[dir] = -1;
        } else {
          base++;
          t = base == 1 ? dir : t;
          depth[dir] = base;
          top[dir] = t;
        }
      }
    }
  }
}
