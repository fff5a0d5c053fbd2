package io.metabench.namespace;

import io.metabench.compat.NeedsProbe;
import io.metabench.core.InvalidInputException;
import io.metabench.path.PrefillShape;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.thirdparty.protobuf.ByteString;

/**
 * The directories {@link ImageWriter} adds to an image for a shape: those of the shape's root
 * missing from the image (top down; the first, number 0, is a child of the deepest one there, the
 * <em>attach point</em>), then every directory of the shape, each numbered once, with its parent
 * and the unit whose files it holds. Memory: each directory's path while numbering, then its
 * name and three numbers. Not thread-safe; used by one writer.
 */
@NeedsProbe("hadoop-hdfs's fsimage classes on Hadoop's shaded protobuf (3.3): ImageClasses.check")
final class NewDirectories {
  private final long attachId;
  private final long attachPermission;
  private final List<String> names = new ArrayList<>();
  private int[] parent;
  private long[] unit;
  /** Each directory's subdirectories: those of {@code d} are {@code sub[subStart[d]..]}. */
  private int[] subStart;
  private int[] sub;
  /** Empty files beside the shape (MetaBench's records): each one's directory and name. */
  private final List<Integer> extraDir = new ArrayList<>();
  private final List<String> extraName = new ArrayList<>();

  private NewDirectories(long attachId, long attachPermission) {
    this.attachId = attachId;
    this.attachPermission = attachPermission;
  }

  /**
   * The directories {@code shape} adds to {@code base}.
   *
   * @throws InvalidInputException when the image holds the shape's root, or a file where one of
   *     its ancestors goes
   */
  static NewDirectories of(BaseImage base, PrefillShape shape) {
    return of(base, shape, java.util.Collections.<Path>emptyList());
  }

  /**
   * As {@link #of(BaseImage, PrefillShape)}, with {@code emptyFiles} too, each in a directory
   * this adds (one of the shape root's new ancestors, or a new one under such).
   *
   * @throws IllegalArgumentException for an empty file whose directory's parent is not added
   */
  static NewDirectories of(BaseImage base, PrefillShape shape, List<Path> emptyFiles) {
    String rootPath = shape.root().toUri().getPath();
    String[] parts = rootPath.substring(1).split("/");
    long at = FsImageProfiler.ROOT_ID;
    int have = 0;
    for (; have < parts.length; have++) {
      long c = base.child(at, parts[have]);
      if (c < 0) {
        break;
      }
      if (base.inode(c).getType() != INodeSection.INode.Type.DIRECTORY) {
        throw new InvalidInputException("the image holds a file where " + rootPath + " needs a "
            + "directory: choose another -baseDir");
      }
      at = c;
    }
    if (have == parts.length) {
      throw new InvalidInputException("the image holds " + rootPath + " already: choose another "
          + "-baseDir, or remove it first");
    }
    NewDirectories dirs = new NewDirectories(at,
        base.inode(at).getDirectory().getPermission());
    Map<String, Integer> index = new HashMap<>();
    List<String> paths = new ArrayList<>();
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      p.append('/').append(parts[i]);
      if (i >= have) {
        dirs.add(p.toString(), index, paths);
      }
    }
    List<long[]> units = new ArrayList<>();
    for (long u = 0; u < shape.units(); u++) {
      Path dir = shape.unitDir(u);
      if (dir != null) {
        units.add(new long[] {dirs.add(dir.toUri().getPath(), index, paths), u});
      }
    }
    for (Path dir : shape.innerDirsDeepestFirst()) {
      dirs.add(dir.toUri().getPath(), index, paths);
    }
    for (Path f : emptyFiles) {
      String dir = f.getParent().toUri().getPath();
      String above = f.getParent().getParent().toUri().getPath();
      if (!index.containsKey(dir) && !index.containsKey(above)) {
        throw new IllegalArgumentException(f + " is not in a directory the image gets new");
      }
      dirs.extraDir.add(dirs.add(dir, index, paths));
      dirs.extraName.add(f.getName());
    }
    dirs.link(index, paths, units);
    return dirs;
  }

  /** Numbers {@code path} (and its ancestors not numbered yet); returns its number. */
  private int add(String path, Map<String, Integer> index, List<String> paths) {
    Integer d = index.get(path);
    if (d != null) {
      return d;
    }
    int slash = path.lastIndexOf('/');
    if (!paths.isEmpty() && slash > 0) {
      add(path.substring(0, slash), index, paths);
    }
    index.put(path, paths.size());
    paths.add(path);
    names.add(path.substring(slash + 1));
    return paths.size() - 1;
  }

  private void link(Map<String, Integer> index, List<String> paths, List<long[]> units) {
    int n = paths.size();
    parent = new int[n];
    unit = new long[n];
    Arrays.fill(unit, -1);
    for (long[] u : units) {
      unit[(int) u[0]] = u[1];
    }
    int[] count = new int[n + 1];
    parent[0] = -1;
    for (int d = 1; d < n; d++) {
      String path = paths.get(d);
      parent[d] = index.get(path.substring(0, path.lastIndexOf('/')));
      count[parent[d] + 1]++;
    }
    subStart = new int[n + 1];
    for (int d = 0; d < n; d++) {
      subStart[d + 1] = subStart[d] + count[d + 1];
    }
    sub = new int[n - 1];
    int[] next = Arrays.copyOf(subStart, n);
    for (int d = 1; d < n; d++) {
      sub[next[parent[d]]++] = d;
    }
  }

  int size() {
    return names.size();
  }

  /** How many empty files are added beside the shape's. */
  int extraFiles() {
    return extraName.size();
  }

  /** Empty file {@code k}'s name. */
  ByteString extraNameBytes(int k) {
    return bytes(extraName.get(k));
  }

  long attachId() {
    return attachId;
  }

  /** The user, group and mode of the attach point, as the image encodes them. */
  long attachPermission() {
    return attachPermission;
  }

  ByteString nameBytes(int d) {
    return bytes(names.get(d));
  }

  static ByteString bytes(String name) {
    return ByteString.copyFromUtf8(name);
  }

  /**
   * Directory {@code d}'s entry: its subdirectories and its unit's files, sorted by name; null
   * when it holds nothing.
   */
  DirEntry entry(int d, long firstDirId, long firstFileId, PrefillShape shape) {
    int subs = subStart[d + 1] - subStart[d];
    long first = unit[d] < 0 ? 0 : shape.firstFile(unit[d]);
    long files = unit[d] < 0 ? 0 : shape.filesIn(unit[d]);
    int extras = java.util.Collections.frequency(extraDir, d);
    if (subs + files + extras == 0) {
      return null;
    }
    String[] childNames = new String[subs + (int) files + extras];
    long[] ids = new long[childNames.length];
    // The empty files' ids follow the shape's files (firstFileId + files + k).
    for (int k = 0, at = subs + (int) files; k < extraDir.size(); k++) {
      if (extraDir.get(k) == d) {
        childNames[at] = extraName.get(k);
        ids[at++] = firstFileId + shape.files() + k;
      }
    }
    for (int k = 0; k < subs; k++) {
      int c = sub[subStart[d] + k];
      childNames[k] = names.get(c);
      ids[k] = firstDirId + c;
    }
    for (int k = 0; k < files; k++) {
      childNames[subs + k] = shape.fileName(first + k);
      ids[subs + k] = firstFileId + first + k;
    }
    return sorted(DirEntry.newBuilder().setParent(firstDirId + d), childNames, ids).build();
  }

  /** The attach point's entry with directory 0 among its children. */
  DirEntry mergeTop(DirEntry e, BaseImage base, long firstDirId) {
    int n = e.getChildrenCount();
    String[] childNames = new String[n + 1];
    long[] ids = new long[n + 1];
    for (int k = 0; k < n; k++) {
      ids[k] = e.getChildren(k);
      childNames[k] = base.inode(ids[k]).getName().toString(StandardCharsets.UTF_8);
    }
    childNames[n] = names.get(0);
    ids[n] = firstDirId;
    return sorted(e.toBuilder().clearChildren(), childNames, ids).build();
  }

  /**
   * Adds {@code ids} to {@code b} in the order of their names: a NameNode keeps a directory's
   * children sorted by name, and loads them by binary search, so sorted is appending.
   */
  private static DirEntry.Builder sorted(DirEntry.Builder b, String[] childNames, long[] ids) {
    Integer[] order = new Integer[ids.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> childNames[x].compareTo(childNames[y]));
    for (Integer i : order) {
      b.addChildren(ids[i]);
    }
    return b;
  }
}
