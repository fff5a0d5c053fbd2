package io.metabench.replay;

import org.apache.hadoop.fs.Path;

/**
 * Who replays which command, and when it is due.
 *
 * <p><b>Threads.</b> Command k goes to thread {@code slot(parent(src_k)) mod threads}, where
 * {@code parent} is the source path's parent directory ({@code /} for {@code /} itself) and
 * {@code slot} a fixed hash of that string (Java's {@code String.hashCode}, then MurmurHash3's
 * 32-bit finalizer so that similar names spread, taken non-negative modulo the number of slots).
 * Every command on one path, and on its siblings, lands on the same thread, which runs its
 * commands in log order: so create, open, rename and delete of a file keep their recorded order.
 * Dynamometer partitions by the client's IP or user instead, which keeps each client's order but
 * lets two clients' commands on one file race; a directory keeps what a namespace replay needs
 * most. What it does not keep: the order between a command and one on another directory (a
 * {@code mkdirs /a/b} and a {@code create /a/b/f} are on different threads), which only the due
 * times order; a rename's destination belongs to its source's thread.
 *
 * <p><b>Maps.</b> With {@code -maps m}, the slots are {@code m × threads}: map
 * {@code slot ÷ threads} takes the command, on its thread {@code slot mod threads}. One map's
 * commands on a directory keep their order as above; the maps start together at a barrier.
 *
 * <p><b>Due times.</b> With speed s &gt; 0, command k is due {@code (t_k - t_0) / s} after the
 * replay starts, t_k being its log time in ms and t_0 the earliest of the replayed commands. With
 * s = 0 nothing is due: every thread runs its commands back to back.
 *
 * <p>Immutable; a function of the command, computed as the log streams past.
 */
public final class ReplaySchedule {
  private final int threads;
  private final double speed;
  private final int maps;
  private final int mapIndex;
  private final long firstMillis;

  private ReplaySchedule(int threads, double speed, int maps, int mapIndex, long firstMillis) {
    this.threads = threads;
    this.speed = speed;
    this.maps = maps;
    this.mapIndex = mapIndex;
    this.firstMillis = firstMillis;
  }

  /** The schedule of a log whose earliest command is at {@code firstMillis}, in one process. */
  public static ReplaySchedule of(long firstMillis, int threads, double speed) {
    return of(firstMillis, threads, speed, 0, 0);
  }

  /**
   * The schedule of map {@code mapIndex} of {@code maps} (0: one process): with maps, command k
   * belongs to map {@code slot(src_k, maps × threads) ÷ threads} and to its thread
   * {@code slot mod threads}, so each map takes a fixed share of the directories. Due times are
   * relative to the earliest command of the whole log, the same in every map.
   */
  public static ReplaySchedule of(long firstMillis, int threads, double speed, int maps,
      int mapIndex) {
    return new ReplaySchedule(threads, speed, maps, mapIndex, firstMillis);
  }

  /** The thread of this process (or map) that replays a command on {@code src}; -1: another map's. */
  public int owner(String src) {
    if (maps == 0) {
      return threadOf(src, threads);
    }
    long slot = slot(src, (long) maps * threads); // up to 10^10 slots: long
    return slot / threads == mapIndex ? (int) (slot % threads) : -1;
  }

  /** How long after the replay's start a command recorded at {@code epochMillis} is due. */
  public long dueOffsetNanosAt(long epochMillis) {
    return dueOffsetNanos(epochMillis - firstMillis, speed);
  }

  /**
   * How long after the replay's start a command recorded {@code sinceFirstMillis} after the first
   * one is due, at {@code speed}: {@code round(sinceFirstMillis × 10^6 / speed)} ns; 0 when speed
   * is 0 (as fast as possible).
   */
  public static long dueOffsetNanos(long sinceFirstMillis, double speed) {
    return speed == 0 ? 0 : Math.round(sinceFirstMillis * 1e6 / speed);
  }

  /** The thread of a command on {@code src}, out of {@code threads}. */
  public static int threadOf(String src, int threads) {
    return slot(src, threads);
  }

  /**
   * The slot of {@code src} out of {@code slots}: the hash of its parent directory, non-negative
   * modulo {@code slots}. Stable across JVMs and runs (String.hashCode is specified).
   */
  public static int slot(String src, int slots) {
    return (int) slot(src, (long) slots);
  }

  /** As {@link #slot(String, int)}, for more slots than an int holds (maps × threads). */
  public static long slot(String src, long slots) {
    return Math.floorMod((long) mix(parent(src).hashCode()), slots);
  }

  /** The parent directory of an absolute path as a string; "/" for "/" and top-level names. */
  static String parent(String src) {
    String s = src.length() > 1 && src.endsWith("/") ? src.substring(0, src.length() - 1) : src;
    int slash = s.lastIndexOf('/');
    return slash <= 0 ? "/" : s.substring(0, slash);
  }

  /** MurmurHash3's 32-bit finalizer: spreads similar hash codes over all slots. */
  private static int mix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  /** Where {@code src} of the log is replayed: {@code <baseDir>/replay<src>}. */
  public static Path remap(Path baseDir, String src) {
    Path root = replayRoot(baseDir);
    if (src.equals("/")) {
      return root;
    }
    // Built from its parts, not parsed: a path may hold ':' or spaces, which a parsed child
    // string would take for a scheme or reject.
    java.net.URI r = root.toUri();
    return new Path(r.getScheme(), r.getAuthority(), r.getPath() + src);
  }

  /** The subtree only a replay writes into: {@code <baseDir>/replay}. */
  public static Path replayRoot(Path baseDir) {
    return new Path(baseDir, "replay");
  }

  public int threads() {
    return threads;
  }

  /** Whether commands have due times (speed &gt; 0). */
  public boolean paced() {
    return speed > 0;
  }

  public double speed() {
    return speed;
  }
}
