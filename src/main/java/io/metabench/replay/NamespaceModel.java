package io.metabench.replay;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The namespace as an audit log shows it, walked in log order: which paths existed before the log
 * began (and whether each was a file or a directory), which commands find their path absent by
 * the log's own account, and which commands change a subtree that earlier commands work in.
 *
 * <p>A tree of nodes, one per path the log names (and their parents). A node is
 * <ul>
 *   <li><b>implicit</b>: a parent of a named path, which must have existed; a directory;</li>
 *   <li><b>pre</b>: existed before the log, as a command needed it before any command made it;
 *       it is precreated under the name it had when the log began (renames move nodes, and a
 *       node keeps its original name), as a file or directory by the evidence the whole log
 *       gives (see {@link #finish});</li>
 *   <li><b>made</b> by the log: a created file, anything under a directory the log made after
 *       deleting it, and what is made under those; a {@code mkdirs} of a path the log has not
 *       seen, and the parents a create makes, are implicit instead (a {@code mkdirs} of an
 *       existing directory succeeds and is logged, so it does not show the directory was new);
 *       </li>
 *   <li><b>gone</b>: deleted, or renamed away, by the log: a command on it, or under it, finds
 *       nothing until the log makes it again.</li>
 * </ul>
 * A getfileinfo or contentSummary of a path nothing else has settled is a <b>probe</b>: the path
 * is a pre candidate until the log settles it (made later: the probe was a miss; needed later,
 * or a parent of a path: it existed); a probe the log never settles is ambiguous (HDFS logs
 * existence checks as allowed whatever they found) and is precreated unless
 * {@code probesAreMisses}.
 *
 * <p>Memory: a node per path named and not yet deleted (a deleted node drops its children), plus
 * the original names of precreated paths and two bits per command.
 *
 * <p>Not thread-safe: one pass, one thread.
 */
final class NamespaceModel {
  private static final byte IMPLICIT = 0;
  private static final byte PRE = 1;
  private static final byte MADE = 2;
  private static final byte GONE = 3;

  // Evidence about a pre node, as bits.
  static final int FILE = 1;
  static final int DIR = 2;
  static final int LISTED = 4;
  static final int PROBE_ONLY = 8;
  static final int CANCELLED = 16;
  /** Known only as a rename's destination directory. */
  static final int DESTINATION = 32;

  private static final class Node {
    Node parent;
    String name;
    Map<String, Node> kids;
    byte state;
    boolean dir;
    /** An implicit node the log's own create or mkdirs brought into being: never precreated. */
    boolean madeByLog;
    /**
     * Brought to its path by a command on another path's thread (a create or mkdirs under it, a
     * rename): the next command on it waits for the earlier commands on other threads.
     */
    boolean madeElsewhere;
    int pre = -1;

    Node(Node parent, String name, byte state, boolean dir) {
      this.parent = parent;
      this.name = name;
      this.state = state;
      this.dir = dir;
    }

    Node kid(String n) {
      return kids == null ? null : kids.get(n);
    }

    void put(Node k) {
      if (kids == null) {
        kids = new HashMap<>(4);
      }
      kids.put(k.name, k);
    }

    boolean dirLike() {
      return dir || kids != null && !kids.isEmpty();
    }
  }

  private final Node root = new Node(null, "", IMPLICIT, true);
  private final List<String> origins = new ArrayList<>();
  private final List<Integer> evidence = new ArrayList<>();
  private final Map<Integer, long[]> pendingProbes = new HashMap<>();
  private final BitSet absent = new BitSet();
  private final BitSet ordered = new BitSet();

  /** Takes the log's next command, numbered {@code k}. */
  void accept(long k, AuditLog.Entry entry) {
    AuditEvent e = entry.event();
    AuditCommand c = entry.command();
    String[] parts = parts(e.src());
    switch (c) {
      case CREATE:
      case MKDIRS:
        make(parts, c == AuditCommand.MKDIRS);
        return;
      case GETFILEINFO:
      case CONTENT_SUMMARY:
        probe(k, parts);
        return;
      default:
        break;
    }
    Node n = need(k, parts, c);
    if (n == null) {
      return;
    }
    if (c == AuditCommand.DELETE || c == AuditCommand.RENAME
        || c == AuditCommand.SET_PERMISSION) {
      if (n.dirLike() || n.pre >= 0 && (evidence.get(n.pre) & DIR) != 0) {
        ordered.set(index(k));
      }
    }
    if (c == AuditCommand.DELETE) {
      gone(n);
    } else if (c == AuditCommand.RENAME && e.dst() != null) {
      move(k, n, parts(e.dst()));
    }
  }

  /** A create or mkdirs: the path exists from now on, made by the log unless it was there. */
  private void make(String[] parts, boolean dir) {
    Node n = root;
    for (int i = 0; i < parts.length; i++) {
      Node k = n.kid(parts[i]);
      boolean last = i == parts.length - 1;
      if (k == null) {
        // A parent a create makes may have been there (under a directory the log did not make),
        // and so may a directory mkdirs makes: mkdirs of an existing directory succeeds, and is
        // logged, so it does not show the directory was new. Only a created file is surely new.
        byte state = n.state == MADE || last && !dir ? MADE : IMPLICIT;
        k = new Node(n, parts[i], state, !last || dir);
        k.madeByLog = true;
        k.madeElsewhere = !last;
        markHasChildren(n);
        n.put(k);
      } else if (k.state == GONE) {
        k.state = MADE;
        k.kids = null;
        k.dir = !last || dir;
        k.madeElsewhere = !last;
      } else if (last && k.pre >= 0 && (evidence.get(k.pre) & PROBE_ONLY) != 0) {
        // Probed, then made: the probes found nothing.
        settleProbes(k.pre, true);
        evidence.set(k.pre, evidence.get(k.pre) | CANCELLED);
        k.pre = -1;
        k.state = MADE;
        k.dir = dir;
      } else if (last && k.pre >= 0) {
        addEvidence(k, dir ? DIR : FILE);
      }
      n = k;
    }
  }

  /** A getfileinfo or contentSummary. */
  private void probe(long k, String[] parts) {
    Lookup at = lookup(parts);
    if (at.found != null) {
      if (at.found.state == GONE) {
        absent.set(index(k));
        return;
      }
      waitIfMadeElsewhere(k, at.found);
      Node n = at.found;
      if (n.state == IMPLICIT && !n.madeByLog && n.pre < 0 && n != root) {
        // Known only as the parent of other paths the log names: it existed if any of them did,
        // which the rest of the log (or finish) settles, so it is a probe like any other.
        n.state = PRE;
        n.pre = newPre(origin(n), PROBE_ONLY | DIR);
        pendingProbes.put(n.pre, new long[] {k});
        return;
      }
      if (at.found.pre >= 0 && (evidence.get(at.found.pre) & PROBE_ONLY) != 0) {
        pendingProbes.merge(at.found.pre, new long[] {k}, NamespaceModel::concat);
      }
      return;
    }
    if (!at.mayHaveExisted()) {
      absent.set(index(k));
      return;
    }
    Node n = materialize(at, parts, PROBE_ONLY);
    pendingProbes.put(n.pre, new long[] {k});
  }

  /** A command that needs its path: the node, or null when the log says it is absent. */
  private Node need(long k, String[] parts, AuditCommand c) {
    int kind = c == AuditCommand.OPEN || c == AuditCommand.APPEND
        || c == AuditCommand.SET_TIMES ? FILE : c == AuditCommand.LIST_STATUS ? LISTED : 0;
    Lookup at = lookup(parts);
    Node n = at.found;
    if (n == null) {
      if (!at.mayHaveExisted()) {
        absent.set(index(k));
        return null;
      }
      return materialize(at, parts, kind);
    }
    if (n.state == GONE) {
      absent.set(index(k));
      return null;
    }
    waitIfMadeElsewhere(k, n);
    if (n.state == IMPLICIT && n != root && !n.madeByLog) {
      n.state = PRE;
      n.pre = newPre(origin(n), DIR | kind);
    } else if (n.pre >= 0) {
      if ((evidence.get(n.pre) & PROBE_ONLY) != 0) {
        settleProbes(n.pre, false);
      }
      addEvidence(n, kind);
    }
    return n;
  }

  /**
   * The first command on a node another thread's command brought there waits for the earlier
   * commands on other threads (commands on one path share a thread, so later ones follow it).
   */
  private void waitIfMadeElsewhere(long k, Node n) {
    if (n.madeElsewhere) {
      ordered.set(index(k));
      n.madeElsewhere = false;
    }
  }

  private void gone(Node n) {
    n.state = GONE;
    n.kids = null;
  }

  /** A rename: the node moves to {@code dst} (into it, when it is a directory). */
  private void move(long k, Node n, String[] dst) {
    if (n == root) {
      return;
    }
    Lookup at = lookup(dst);
    Node parent;
    String name;
    if (at.found != null && at.found.state != GONE && at.found.dirLike()
        && at.found != n) {
      parent = at.found;
      name = n.name;
    } else {
      String[] up = java.util.Arrays.copyOf(dst, Math.max(0, dst.length - 1));
      parent = up.length == 0 ? root : ensureParents(up);
      name = dst.length == 0 ? n.name : dst[dst.length - 1];
    }
    destination(k, parent);
    if (n.pre < 0 && n.state == IMPLICIT) {
      // The name it had is kept for what is under it; a directory the log made itself is
      // remembered but not precreated.
      n.pre = newPre(origin(n), n.madeByLog ? DIR | CANCELLED : DIR);
      n.state = n.madeByLog ? IMPLICIT : PRE;
    }
    Node tomb = new Node(n.parent, n.name, GONE, false);
    n.parent.kids.put(n.name, tomb);
    n.parent = parent;
    n.name = name;
    parent.put(n);
    n.madeElsewhere = true;
    markHasChildren(parent);
  }

  /**
   * A rename's destination directory must exist (HDFS's rename makes no parents): one the log did
   * not make existed before it, and is precreated; one the log made may have been made on another
   * thread, so the rename waits for the earlier commands there.
   */
  private void destination(long k, Node parent) {
    if (parent == root) {
      return;
    }
    if (parent.state == IMPLICIT && !parent.madeByLog && parent.pre < 0) {
      parent.state = PRE;
      parent.pre = newPre(origin(parent), DIR | DESTINATION);
    } else if (parent.state == MADE || parent.madeByLog) {
      ordered.set(index(k));
    }
  }

  /** The directories of a rename's destination, which existed (or the log made them). */
  private Node ensureParents(String[] parts) {
    Node n = root;
    for (String p : parts) {
      Node k = n.kid(p);
      if (k == null || k.state == GONE) {
        byte state = n.state == MADE || n.state == GONE ? MADE : IMPLICIT;
        k = new Node(n, p, state, true);
        n.put(k);
        markHasChildren(n);
      }
      n = k;
    }
    return n;
  }

  /** The nodes for a path that was there before the log: implicit parents, a pre leaf. */
  private Node materialize(Lookup at, String[] parts, int kind) {
    Node n = at.deepest;
    markHasChildren(n);
    for (int i = at.depth; i < parts.length; i++) {
      boolean last = i == parts.length - 1;
      Node k = new Node(n, parts[i], last ? PRE : IMPLICIT, !last);
      n.put(k);
      n = k;
    }
    n.pre = newPre(origin(n), kind);
    return n;
  }

  /** A node that has a child is a directory; a probed one then existed. */
  private void markHasChildren(Node n) {
    if (n.pre >= 0) {
      if ((evidence.get(n.pre) & PROBE_ONLY) != 0) {
        settleProbes(n.pre, false);
      }
      addEvidence(n, DIR);
    }
  }

  private void settleProbes(int pre, boolean missed) {
    evidence.set(pre, evidence.get(pre) & ~PROBE_ONLY);
    long[] probes = pendingProbes.remove(pre);
    if (missed && probes != null) {
      for (long k : probes) {
        absent.set(index(k));
      }
    }
  }

  private void addEvidence(Node n, int bits) {
    evidence.set(n.pre, evidence.get(n.pre) | bits);
  }

  private int newPre(String origin, int bits) {
    origins.add(origin);
    evidence.add(bits);
    return origins.size() - 1;
  }

  /** The name a node had when the log began: its own, or its parent's plus its name. */
  private String origin(Node n) {
    if (n.pre >= 0) {
      return origins.get(n.pre);
    }
    if (n == root) {
      return "";
    }
    return origin(n.parent) + "/" + n.name;
  }

  private static final class Lookup {
    Node found;
    Node deepest;
    int depth;

    /** Whether the missing path can have existed: its deepest existing parent was not made. */
    boolean mayHaveExisted() {
      return deepest.state == IMPLICIT || deepest.state == PRE;
    }
  }

  private Lookup lookup(String[] parts) {
    Lookup l = new Lookup();
    Node n = root;
    for (int i = 0; i < parts.length; i++) {
      if (n.state == GONE) {
        l.deepest = n;
        l.depth = i;
        return l;
      }
      Node k = n.kid(parts[i]);
      if (k == null) {
        l.deepest = n;
        l.depth = i;
        return l;
      }
      n = k;
    }
    l.found = n;
    l.deepest = n;
    l.depth = parts.length;
    return l;
  }

  static String[] parts(String path) {
    String[] raw = path.split("/"); // one character: no regular expression
    int n = 0;
    for (String p : raw) {
      if (!p.isEmpty()) {
        raw[n++] = p;
      }
    }
    return java.util.Arrays.copyOf(raw, n);
  }

  private static int index(long k) {
    if (k > Integer.MAX_VALUE) {
      throw new IllegalStateException("more than " + Integer.MAX_VALUE + " commands in one log");
    }
    return (int) k;
  }

  private static long[] concat(long[] a, long[] b) {
    long[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  /**
   * What the walk found: the paths to precreate with their kinds, the commands that find their
   * path absent by the log's account, and those that change a subtree.
   *
   * @param listing the namespace's listing, or null: its kinds win, and with it a probe of a
   *     path it lacks is a miss
   * @param probesAreMisses whether a probe the log never settles is a miss (else it existed)
   */
  Precreation finish(NamespaceListing listing, boolean probesAreMisses) {
    List<String> dirs = new ArrayList<>();
    List<String> files = new ArrayList<>();
    long ambiguous = 0;
    long fromListing = 0;
    // Only when some destination directory may be redundant: the set costs memory.
    java.util.TreeSet<String> others = new java.util.TreeSet<>();
    if (evidence.stream().anyMatch(ev -> ev == (DIR | DESTINATION) || ev == (PROBE_ONLY | DIR))) {
      for (int i = 0; i < origins.size(); i++) {
        if ((evidence.get(i) & (CANCELLED | DESTINATION | PROBE_ONLY)) == 0) {
          others.add(origins.get(i));
        }
      }
    }
    for (int i = 0; i < origins.size(); i++) {
      int ev = evidence.get(i);
      if ((ev & CANCELLED) != 0) {
        continue;
      }
      String path = origins.get(i);
      if (ev == (DIR | DESTINATION) && under(others, path)) {
        continue; // made anyway, as the parent of what is precreated under it
      }
      NamespaceListing.Kind listed = listing == null ? null : listing.kindOf(path);
      if (ev == (PROBE_ONLY | DIR) && under(others, path)) {
        settleProbes(i, false); // it existed: made anyway, as the parent of what is precreated
        continue;
      }
      if ((ev & PROBE_ONLY) != 0) {
        boolean miss = listing != null ? listed == null : probesAreMisses;
        if (listing == null) {
          ambiguous++;
        }
        if (miss) {
          settleProbes(i, true);
          continue;
        }
      }
      boolean dir;
      if (listed != null) {
        dir = listed == NamespaceListing.Kind.DIR;
        fromListing++;
      } else {
        dir = (ev & DIR) != 0 || (ev & LISTED) != 0 && (ev & FILE) == 0;
      }
      (dir ? dirs : files).add(path.isEmpty() ? "/" : path);
    }
    return new Precreation(dirs, files, absent, ordered, ambiguous, fromListing);
  }

  /** Whether {@code paths} holds a path under {@code dir}. */
  private static boolean under(java.util.TreeSet<String> paths, String dir) {
    String prefix = dir + "/";
    String next = paths.ceiling(prefix);
    return next != null && next.startsWith(prefix);
  }

  /** The original names of every path the walk found there before the log (for a listing). */
  java.util.Set<String> candidates() {
    java.util.Set<String> s = new java.util.HashSet<>();
    for (int i = 0; i < origins.size(); i++) {
      if ((evidence.get(i) & CANCELLED) == 0) {
        s.add(origins.get(i));
      }
    }
    return s;
  }
}
