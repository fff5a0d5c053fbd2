package io.metabench.replay;

import io.metabench.namespace.ShapeModel;
import io.metabench.namespace.ShapedTree;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;

/**
 * Where a replay on a namespace of a profile's shape puts its log's paths
 * (docs/replay.md#on-a-namespace-like-production): every directory that was there before the log
 * ({@link Precreation}, its parents included) is mapped onto a directory of the namespace at the
 * same depth and of the same size class, chosen among the subdirectories of the directory its
 * parent was mapped onto; every other path lies under the nearest of its mapped ancestors by its
 * own name. So the log's root is the namespace's root, its {@code /user/x} a depth-2 directory of
 * the namespace holding as many entries (within a power of ten) as the log shows it held, and a
 * file the log reads there is made in it by its own name, beside the namespace's own files.
 *
 * <p>Size class of a directory with n entries: 0 for none, else {@code 1 + floor(log10 n)}; the
 * log's directory counts the entries the log shows were there before it (a lower bound), the
 * namespace's its files and subdirectories. Where its parent's mapped directory has no
 * subdirectory of the class left, the nearest class is taken; where it has none left at all, the
 * directory is made under it by its own name, as a replay without a namespace makes it. No two of
 * the log's directories share a namespace directory, and every mapped path lies under its parent's
 * mapped path, so a directory's rename or delete moves or removes exactly what it held.
 *
 * <p>Choices are a pure function of the log's paths, the namespace and the seed. Immutable once
 * made; {@link #remap} may be called from any thread.
 */
public final class NamespaceMapping {
  private final String scheme;
  private final String authority;
  /** Log directory path → the namespace directory's path, under the replay's root. */
  private final Map<String, String> dirs;
  /** Directories by how they went: {@link #EXACT}, {@link #NEAREST}, ... */
  private final long[] counts;
  private final long files;
  /** The class wanted of a directory the log shows none of the entries of. */
  private static final int ANY = -1;
  private static final int EXACT = 0;
  private static final int NEAREST = 1;
  private static final int ANY_CLASS = 2;
  private static final int BESIDE = 3;

  private NamespaceMapping(Path root, Map<String, String> dirs, long[] counts, long files) {
    this.scheme = root.toUri().getScheme();
    this.authority = root.toUri().getAuthority();
    this.dirs = dirs;
    this.counts = counts;
    this.files = files;
  }

  /**
   * The mapping of what was there before {@code log} onto {@code tree}, whose root is the
   * replay's root ({@code <baseDir>/replay}), choosing with {@code seed}: what {@code pre} says
   * the log needed, with its parents, and every directory above a path the log names that the
   * log did not name first itself (a create's parents, a rename's destination's: HDFS's create
   * makes them if missing, but production's jobs write into directories that were there).
   *
   * @param log the log, or null for {@code pre}'s paths alone
   */
  public static NamespaceMapping of(Precreation pre, AuditLog log, ShapedTree tree, long seed)
      throws java.io.IOException {
    // Every path there before the log that it needs and all their parents, each counted once
    // among its parent's entries.
    Set<String> known = new HashSet<>();
    Set<String> dirSet = new HashSet<>(pre.dirs());
    Map<String, Integer> entries = new HashMap<>();
    List<String> all = new ArrayList<>(pre.dirs());
    all.addAll(pre.files());
    for (String p : all) {
      for (String c = p; !c.equals("/") && known.add(c); c = ReplaySchedule.parent(c)) {
        dirSet.add(ReplaySchedule.parent(c));
        entries.merge(ReplaySchedule.parent(c), 1, Integer::sum);
      }
    }
    if (log != null) {
      // What it needs is known already; a path the log names first, below that, is its own.
      Set<String> seen = known;
      log.forEachEntry((k, e) -> {
        for (String p : new String[] {e.event().src(), e.event().dst()}) {
          if (p != null && p.startsWith("/")) {
            for (String a = ReplaySchedule.parent(p); !a.equals("/") && seen.add(a);
                a = ReplaySchedule.parent(a)) {
              dirSet.add(a);
            }
            seen.add(p);
          }
        }
      });
    }
    Map<String, Integer> subdirs = new HashMap<>();
    for (String d : dirSet) {
      if (!d.equals("/")) {
        subdirs.merge(ReplaySchedule.parent(d), 1, Integer::sum);
      }
    }
    List<String> byDepth = new ArrayList<>(dirSet);
    byDepth.remove("/");
    byDepth.sort((a, b) -> depth(a) != depth(b) ? Integer.compare(depth(a), depth(b))
        : a.compareTo(b));
    ShapeModel model = tree.model();
    BitSet taken = new BitSet(model.directories());
    Map<String, Integer> onto = new HashMap<>();
    onto.put("/", 0);
    Map<String, String> mapped = new HashMap<>();
    mapped.put("/", tree.root().toUri().getPath());
    long[] counts = new long[4];
    for (String dir : byDepth) {
      Integer parent = onto.get(ReplaySchedule.parent(dir));
      int known0 = entries.getOrDefault(dir, 0);
      int wanted = known0 == 0 ? ANY : sizeClass(known0);
      int chosen = parent == null ? -1 : choose(model, parent, wanted,
          subdirs.getOrDefault(dir, 0), taken, hash(dir, seed));
      if (chosen < 0) {
        counts[BESIDE]++;
        continue;
      }
      taken.set(chosen);
      onto.put(dir, chosen);
      mapped.put(dir, tree.unitDir(chosen).toUri().getPath());
      counts[wanted == ANY ? ANY_CLASS : sizeClass(model.files(chosen)
          + model.subdirectories(chosen)) == wanted ? EXACT : NEAREST]++;
    }
    return new NamespaceMapping(tree.root(), mapped, counts, pre.files().size());
  }

  /**
   * An untaken subdirectory of {@code parent} with at least {@code subdirs} subdirectories (so
   * the log's own go onto the namespace's too), else with the most, and of class {@code wanted}
   * ({@link #ANY}: any), else of the nearest class (the smaller of two as near), starting the
   * search at {@code hash}; -1 when none is left.
   */
  private static int choose(ShapeModel model, int parent, int wanted, int subdirs, BitSet taken,
      long hash) {
    int n = model.subdirectories(parent);
    int first = model.firstChild(parent);
    int best = -1;
    long bestDistance = Long.MAX_VALUE;
    for (int k = 0; k < n; k++) {
      int i = first + (int) Math.floorMod(hash + k, (long) n);
      if (taken.get(i)) {
        continue;
      }
      int c = sizeClass(model.files(i) + model.subdirectories(i));
      // Subdirectories lacking weigh most: each is a directory of the log's made beside.
      long distance = (wanted == ANY ? 0 : 2 * Math.abs(c - wanted) + (c > wanted ? 1 : 0))
          + 1_000L * Math.max(0, subdirs - model.subdirectories(i));
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
        if (distance == 0) {
          break;
        }
      }
    }
    return best;
  }

  /** A directory's size class by its entries: 0 for none, else 1 + floor(log10 n). */
  static int sizeClass(long entries) {
    int c = 0;
    for (long n = entries; n > 0; n /= 10) {
      c++;
    }
    return c;
  }

  private static int depth(String path) {
    int d = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '/' && i + 1 < path.length()) {
        d++;
      }
    }
    return d;
  }

  /** A stable 64-bit hash of a path and the seed (FNV-1a, then a finalizer). */
  private static long hash(String path, long seed) {
    long h = 0xcbf29ce484222325L ^ seed;
    for (int i = 0; i < path.length(); i++) {
      h ^= path.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    return h & Long.MAX_VALUE;
  }

  /** Where log path {@code src} is replayed: under its nearest mapped ancestor, by its names. */
  public Path remap(String src) {
    String s = src.length() > 1 && src.endsWith("/") ? src.substring(0, src.length() - 1) : src;
    String at = s;
    while (true) {
      String target = dirs.get(at);
      if (target != null) {
        String rest = !at.equals("/") ? s.substring(at.length()) : s.equals("/") ? "" : s;
        // Built from its parts, as ReplaySchedule.remap builds it: names may hold ':'.
        return new Path(scheme, authority, target + rest);
      }
      at = ReplaySchedule.parent(at);
    }
  }

  /** Whether log directory {@code dir} was mapped onto a directory of the namespace. */
  public boolean mapsDirectory(String dir) {
    return dirs.containsKey(dir);
  }

  /** The log's directories mapped onto namespace directories of their size class. */
  public long exact() {
    return counts[EXACT];
  }

  /** The log's directories mapped onto namespace directories of the nearest size class. */
  public long nearest() {
    return counts[NEAREST];
  }

  /** The log's directories, none of whose entries it shows, mapped onto any of its depth. */
  public long anyClass() {
    return counts[ANY_CLASS];
  }

  /** The log's directories made under a mapped one by their own names: none was left. */
  public long madeBeside() {
    return counts[BESIDE];
  }

  /** The mapped directories by their namespace paths, for tests and logs; a copy. */
  Map<String, String> directories() {
    return new TreeMap<>(dirs);
  }

  /** The mapping in one line, as the replay's report says it. */
  public String describe() {
    return String.format(Locale.ROOT, "%,d directories that were there before the log mapped "
        + "onto the namespace's at their depth (%,d of their size class, %,d of the nearest, "
        + "%,d of any: the log shows none of their entries), %,d made by their own names where "
        + "their parent had none left; its %,d files made by their own names in them",
        counts[EXACT] + counts[NEAREST] + counts[ANY_CLASS], counts[EXACT], counts[NEAREST],
        counts[ANY_CLASS], counts[BESIDE], files);
  }
}
