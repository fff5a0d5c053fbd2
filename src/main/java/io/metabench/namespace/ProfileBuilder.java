package io.metabench.namespace;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Gathers what a profile keeps of an image, inode by inode, then builds it. Names become their
 * lengths and {@link NameClass}es, times become ages: nothing that names a path is kept. Not
 * thread-safe; one per image.
 */
final class ProfileBuilder {
  /** How many of the largest directories a profile lists (their counts, not their names). */
  static final int LARGEST = 20;
  /** How many top-level subtrees a profile lists by share; the rest are summed. */
  static final int SUBTREES = 20;
  private static final long HOUR = TimeUnit.HOURS.toMillis(1);

  private final String kind;
  private final long imageBytes;
  private final int layoutVersion;
  private final String codec;
  /** Whether the files' sizes, blocks, replication and times are known. */
  private boolean attributes = true;
  private final DirectoryTable directories = new DirectoryTable();
  private final Set<Long> symlinks = new HashSet<>();
  private long files;
  private long emptyFiles;
  private final Distribution fileSizes = new Distribution();
  private final Distribution blocksPerFile = new Distribution();
  private final Map<Integer, Long> replication = new TreeMap<>();
  private final Distribution fileNameLengths = new Distribution();
  private final Distribution dirNameLengths = new Distribution();
  private final Map<NameClass, Long> fileNames = new EnumMap<>(NameClass.class);
  private final Map<NameClass, Long> dirNames = new EnumMap<>(NameClass.class);
  /** Files by the hour of their modification time: ages once the newest is known. */
  private final TreeMap<Long, Long> modifiedHours = new TreeMap<>();

  /** A builder for an fsimage of {@code imageBytes}, its layout and compression codec. */
  ProfileBuilder(long imageBytes, int layoutVersion, String codec) {
    this("fsimage", imageBytes, layoutVersion, codec);
  }

  /** A builder for a namespace of another {@code kind} ({@code synthesis}): no image. */
  ProfileBuilder(String kind) {
    this(kind, 0, 0, "");
  }

  /**
   * A builder for a namespace known by its paths only ({@link PathsProfiler}, an audit log's):
   * no file's size, blocks, replication or time, which its profile leaves out rather than say
   * every file is empty and new.
   */
  static ProfileBuilder ofPathsOnly(String kind) {
    ProfileBuilder b = new ProfileBuilder(kind);
    b.attributes = false;
    return b;
  }

  private ProfileBuilder(String kind, long imageBytes, int layoutVersion, String codec) {
    this.kind = kind;
    this.imageBytes = imageBytes;
    this.layoutVersion = layoutVersion;
    this.codec = codec;
  }

  DirectoryTable directories() {
    return directories;
  }

  void file(String name, long bytes, int blocks, int replicas, long mtime) {
    files++;
    if (bytes == 0) {
      emptyFiles++;
    }
    fileSizes.record(bytes);
    blocksPerFile.record(blocks);
    replication.merge(replicas, 1L, Long::sum);
    fileNameLengths.record(name.length());
    fileNames.merge(NameClass.of(name), 1L, Long::sum);
    modifiedHours.merge(mtime / HOUR, 1L, Long::sum);
  }

  void directory(long id, String name) {
    directories.add(id);
    if (id != FsImageProfiler.ROOT_ID) {
      dirNameLengths.record(name.length());
      dirNames.merge(NameClass.of(name), 1L, Long::sum);
    }
  }

  void symlink(long id) {
    symlinks.add(id);
  }

  boolean isSymlink(long id) {
    return !symlinks.isEmpty() && symlinks.contains(id);
  }

  NamespaceProfile build() {
    DirectoryTable t = directories;
    int maxDepth = 0;
    for (int i = 0; i < t.size(); i++) {
      maxDepth = Math.max(maxDepth, t.depth[i]);
    }
    long[] dirsAt = new long[maxDepth + 1];
    long[] filesAt = new long[maxDepth + 2];
    List<Distribution> entriesAt = new ArrayList<>();
    List<Distribution> subdirsAt = new ArrayList<>();
    List<Distribution> filesPerDirAt = new ArrayList<>();
    for (int d = 0; d <= maxDepth; d++) {
      entriesAt.add(new Distribution());
      subdirsAt.add(new Distribution());
      filesPerDirAt.add(new Distribution());
    }
    Distribution entries = new Distribution();
    Distribution filesPerDirWithFiles = new Distribution();
    long unreachable = 0;
    long filesInDirectories = 0;
    long[] largest = new long[t.size()];
    Map<Integer, long[]> subtrees = new TreeMap<>();
    for (int i = 0; i < t.size(); i++) {
      int d = t.depth[i];
      if (d < 0) {
        unreachable++;
        continue;
      }
      dirsAt[d]++;
      filesAt[d + 1] += t.files[i];
      filesInDirectories += t.files[i];
      entriesAt.get(d).record(t.entries(i));
      subdirsAt.get(d).record(t.subdirs[i]);
      filesPerDirAt.get(d).record(t.files[i]);
      entries.record(t.entries(i));
      if (t.files[i] > 0) {
        filesPerDirWithFiles.record(t.files[i]);
      }
      largest[i] = ((long) t.entries(i) << 32) | i;
      if (t.top[i] >= 0) {
        long[] s = subtrees.computeIfAbsent(t.top[i], k -> new long[2]);
        s[0]++;
        s[1] += t.files[i];
      }
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("profileVersion", NamespaceProfile.VERSION);
    ObjectNode source = o.putObject("source");
    source.put("kind", kind);
    if (kind.equals("fsimage")) {
      source.put("layoutVersion", layoutVersion);
      source.put("codec", codec);
      source.put("bytes", imageBytes);
    }
    long dirs = t.size();
    o.put("inodes", files + dirs + symlinks.size());
    o.put("files", files);
    o.put("directories", dirs);
    o.put("symlinks", symlinks.size());
    // Inodes no directory holds: kept only by snapshots (deleted since), or orphaned.
    o.put("filesInNoDirectory", files - filesInDirectories);
    o.put("directoriesNotUnderRoot", unreachable);
    ArrayNode byDepth = o.putArray("byDepth");
    double depthSum = 0;
    long counted = 0;
    for (int d = 0; d < filesAt.length; d++) {
      long dd = d <= maxDepth ? dirsAt[d] : 0;
      ObjectNode row = byDepth.addObject();
      row.put("depth", d);
      row.put("directories", dd);
      row.put("files", filesAt[d]);
      if (d <= maxDepth) {
        row.set("entriesPerDirectory", entriesAt.get(d).toJson());
        row.set("subdirectoriesPerDirectory", subdirsAt.get(d).toJson());
        row.set("filesPerDirectory", filesPerDirAt.get(d).toJson());
      }
      depthSum += (double) d * (dd + filesAt[d]);
      counted += dd + filesAt[d];
    }
    double meanDepth = counted == 0 ? 0 : depthSum / counted;
    double fileDepthSum = 0;
    for (int d = 0; d < filesAt.length; d++) {
      fileDepthSum += (double) d * filesAt[d];
    }
    o.put("meanDepth", Math.round(meanDepth * 1000) / 1000.0);
    o.put("meanFileDepth", filesInDirectories == 0 ? 0
        : Math.round(fileDepthSum / filesInDirectories * 1000) / 1000.0);
    o.put("maxDepth", filesAt[maxDepth + 1] > 0 ? maxDepth + 1 : maxDepth);
    o.set("entriesPerDirectory", entries.toJson());
    ObjectNode withFiles = filesPerDirWithFiles.toJson();
    withFiles.put("shareHoldingOne", round(filesPerDirWithFiles.shareAtMost(1)));
    withFiles.put("shareHoldingAtMost10", round(filesPerDirWithFiles.shareAtMost(10)));
    withFiles.put("shareHoldingAtMost100", round(filesPerDirWithFiles.shareAtMost(100)));
    o.set("filesPerDirectoryWithFiles", withFiles);
    java.util.Arrays.sort(largest);
    ArrayNode top = o.putArray("largestDirectories");
    for (int k = largest.length - 1; k >= 0 && k >= largest.length - LARGEST; k--) {
      int i = (int) (largest[k] & 0xFFFFFFFFL);
      if (t.depth[i] < 0 || t.entries(i) == 0) {
        continue;
      }
      ObjectNode row = top.addObject();
      row.put("entries", t.entries(i));
      row.put("files", t.files[i]);
      row.put("subdirectories", t.subdirs[i]);
      row.put("depth", t.depth[i]);
    }
    if (attributes) {
      ObjectNode sizes = fileSizes.toJson();
      sizes.put("emptyShare", files == 0 ? 0 : round((double) emptyFiles / files));
      o.set("fileSizes", sizes);
      o.set("blocksPerFile", blocksPerFile.toJson());
      ObjectNode reps = o.putObject("replication");
      replication.forEach((r, n) -> reps.put(Integer.toString(r), n));
    }
    ObjectNode names = o.putObject("names");
    names.set("fileNameLengths", fileNameLengths.toJson());
    names.set("directoryNameLengths", dirNameLengths.toJson());
    names.set("fileClasses", classes(fileNames));
    names.set("directoryClasses", classes(dirNames));
    o.set("topLevelSubtrees", subtrees(subtrees, files + dirs + symlinks.size()));
    if (attributes) {
      o.set("fileAgesHours", ages());
    }
    return new NamespaceProfile(o, files, dirs, meanDepth, entries.max(), !attributes
        ? Double.NaN : files == 0 ? 0 : (double) emptyFiles / files);
  }

  private static ObjectNode classes(Map<NameClass, Long> counts) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    for (NameClass c : NameClass.values()) {
      o.put(c.label, counts.getOrDefault(c, 0L));
    }
    return o;
  }

  /** Each top-level subtree's share of the inodes, largest first; the rest summed. */
  private static ArrayNode subtrees(Map<Integer, long[]> byTop, long inodes) {
    List<long[]> all = new ArrayList<>(byTop.values());
    all.sort((a, b) -> Long.compare(b[0] + b[1], a[0] + a[1]));
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    long[] rest = new long[2];
    for (int k = 0; k < all.size(); k++) {
      long[] s = all.get(k);
      if (k >= SUBTREES) {
        rest[0] += s[0];
        rest[1] += s[1];
        continue;
      }
      ObjectNode row = out.addObject();
      row.put("directories", s[0]);
      row.put("files", s[1]);
      row.put("inodeShare", inodes == 0 ? 0 : round((double) (s[0] + s[1]) / inodes));
    }
    if (all.size() > SUBTREES) {
      ObjectNode row = out.addObject();
      row.put("others", all.size() - SUBTREES);
      row.put("directories", rest[0]);
      row.put("files", rest[1]);
      row.put("inodeShare", inodes == 0 ? 0 : round((double) (rest[0] + rest[1]) / inodes));
    }
    return out;
  }

  /** Files' ages in hours before the newest file's modification time. */
  private ObjectNode ages() {
    Distribution d = new Distribution();
    if (!modifiedHours.isEmpty()) {
      long newest = modifiedHours.lastKey();
      modifiedHours.forEach((hour, n) -> d.record(newest - hour, n));
    }
    return d.toJson();
  }

  private static double round(double share) {
    return Math.round(share * 100_000) / 100_000.0;
  }
}
