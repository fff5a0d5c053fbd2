package io.metabench.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reads a directory tree into a sorted listing, to compare before and after a run. */
public final class Trees {
  private Trees() {
  }

  /**
   * Every entry below {@code root} (not the root), relative to it, mapped to "d" or the file's
   * length; empty when the root does not exist. Checksum files of the local file system are left
   * out.
   */
  public static Map<String, String> list(FileSystem fs, Path root) throws IOException {
    Map<String, String> entries = new TreeMap<>();
    if (!fs.exists(root)) {
      return entries;
    }
    String prefix = fs.makeQualified(root).toUri().getPath();
    List<Path> pending = new ArrayList<>();
    pending.add(root);
    while (!pending.isEmpty()) {
      for (FileStatus s : fs.listStatus(pending.remove(pending.size() - 1))) {
        String name = s.getPath().getName();
        if (name.startsWith(".") && name.endsWith(".crc")) {
          continue;
        }
        String rel = s.getPath().toUri().getPath().substring(prefix.length() + 1);
        entries.put(rel, s.isDirectory() ? "d" : Long.toString(s.getLen()));
        if (s.isDirectory()) {
          pending.add(s.getPath());
        }
      }
    }
    return entries;
  }

  /** The entries of {@link #list} whose names start with {@code prefix} (e.g. "file_"). */
  public static Map<String, String> named(Map<String, String> tree, String prefix) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, String> e : tree.entrySet()) {
      String name = e.getKey().substring(e.getKey().lastIndexOf('/') + 1);
      if (name.startsWith(prefix)) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /**
   * Every directory ("d") and file ("0") the built-in yahoo profile's namespace at {@code scale},
   * drawn with {@code seed}, puts below its root: what {@link #list} reads of it once made.
   */
  public static Map<String, String> drawn(double scale, long seed) {
    io.metabench.namespace.ShapedTree tree = new io.metabench.namespace.ShapedTree(new Path("/r"),
        io.metabench.namespace.ShapeProfile.load("yahoo"), scale, seed,
        io.metabench.path.PrefillSizes.EMPTY_FILES);
    Map<String, String> out = new TreeMap<>();
    for (long u = 1; u < tree.units(); u++) {
      out.put(tree.unitDir(u).toUri().getPath().substring(3), "d");
    }
    for (long i = 0; i < tree.files(); i++) {
      out.put(tree.names().file(i).toUri().getPath().substring(3), "0");
    }
    return out;
  }
}
