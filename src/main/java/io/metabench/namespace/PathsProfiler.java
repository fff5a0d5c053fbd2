package io.metabench.namespace;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile of a namespace known only by its paths: the directories and files an audit log
 * shows existed before it began (the replay's model of the log,
 * {@code io.metabench.replay.Precreation}), each path's parents directories too. Its shape is
 * what the log tells of the namespace, no more: only the paths the log names, and no file's
 * size, blocks, replication or time, which the profile leaves out ({@code source.kind} {@code
 * audit log}). Memory: a path a directory. Stateless.
 */
public final class PathsProfiler {
  private PathsProfiler() {
  }

  /** The profile of {@code dirs} and {@code files} (absolute paths; a parent is a directory). */
  public static NamespaceProfile profile(List<String> dirs, List<String> files) {
    ProfileBuilder builder = ProfileBuilder.ofPathsOnly("audit log");
    Map<String, Long> ids = new HashMap<>();
    Map<Long, Long> parentOf = new HashMap<>();
    ids.put("/", FsImageProfiler.ROOT_ID);
    builder.directory(FsImageProfiler.ROOT_ID, "");
    for (String d : dirs) {
      directory(d, ids, parentOf, builder);
    }
    Map<Long, int[]> counts = new HashMap<>();
    for (String f : files) {
      int slash = f.lastIndexOf('/');
      long parent = directory(slash <= 0 ? "/" : f.substring(0, slash), ids, parentOf, builder);
      counts.computeIfAbsent(parent, k -> new int[2])[0]++;
      builder.file(f.substring(slash + 1), 0, 0, 0, 0);
    }
    for (Long parent : parentOf.values()) {
      counts.computeIfAbsent(parent, k -> new int[2])[1]++;
    }
    DirectoryTable t = builder.directories();
    t.seal();
    for (long id : ids.values()) {
      int i = t.index(id);
      Long parent = parentOf.get(id);
      t.parent[i] = parent == null ? -1 : t.index(parent);
      int[] c = counts.getOrDefault(id, new int[2]);
      t.files[i] = c[0];
      t.subdirs[i] = c[1];
    }
    t.computeDepths(t.index(FsImageProfiler.ROOT_ID));
    return builder.build();
  }

  /** The id of directory {@code path}, numbered (with its parents) when first seen. */
  private static long directory(String path, Map<String, Long> ids, Map<Long, Long> parentOf,
      ProfileBuilder builder) {
    Long id = ids.get(path);
    if (id != null) {
      return id;
    }
    int slash = path.lastIndexOf('/');
    long parent = directory(slash <= 0 ? "/" : path.substring(0, slash), ids, parentOf, builder);
    long mine = FsImageProfiler.ROOT_ID + ids.size();
    ids.put(path, mine);
    parentOf.put(mine, parent);
    builder.directory(mine, path.substring(slash + 1));
    return mine;
  }
}
