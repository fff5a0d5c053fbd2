package io.metabench.replay;

import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * What a replay finds in its log before it starts ({@link NamespaceModel}): the paths that
 * existed before the log began, as directories and files under their original names (a replay
 * creates them, unmeasured, so it is not a wall of FileNotFoundException), the commands whose
 * path is absent by the log's own account (their failures are the log's, not the replay's), and
 * the commands that must not overtake earlier commands on other threads (a directory's delete,
 * rename or mode change; the first command on a path another path's command made).
 *
 * <p>Not changed once made; {@link #absent} and {@link #ordered} may be read from any thread.
 */
public final class Precreation {
  private final List<String> dirs;
  private final List<String> files;
  private final BitSet absent;
  private final BitSet ordered;
  private final long ambiguousProbes;
  private final long fromListing;
  private String listing;

  Precreation(List<String> dirs, List<String> files, BitSet absent, BitSet ordered,
      long ambiguousProbes, long fromListing) {
    this.dirs = Collections.unmodifiableList(dirs);
    this.files = Collections.unmodifiableList(files);
    this.absent = absent;
    this.ordered = ordered;
    this.ambiguousProbes = ambiguousProbes;
    this.fromListing = fromListing;
  }

  /** Walks {@code log} and works out what it finds already there. */
  public static Precreation of(AuditLog log, NamespaceListing listing, boolean probesAreMisses)
      throws java.io.IOException {
    NamespaceModel model = new NamespaceModel();
    log.forEachEntry(model::accept);
    NamespaceListing kept = listing == null ? null : listing.keeping(model.candidates());
    Precreation p = model.finish(kept, probesAreMisses);
    if (kept != null) {
      p.listing = String.format(java.util.Locale.ROOT, "%s: %d paths read, %d kept (those the "
          + "log needs), %d paths' kinds from it", kept.file().getName(), kept.read(),
          kept.kept(), p.fromListing);
    }
    return p;
  }

  /** What was read of the listing, or null when none was given. */
  public String listing() {
    return listing;
  }

  /** Only the flags, as a map of a MapReduce replay needs them (no paths to create). */
  public void writeFlags(java.io.DataOutput out) throws java.io.IOException {
    for (BitSet b : java.util.Arrays.asList(absent, ordered)) {
      byte[] bytes = b.toByteArray();
      out.writeInt(bytes.length);
      out.write(bytes);
    }
  }

  /** The flags {@link #writeFlags} wrote. */
  public static Precreation readFlags(java.io.DataInput in) throws java.io.IOException {
    BitSet[] b = new BitSet[2];
    for (int i = 0; i < 2; i++) {
      byte[] bytes = new byte[in.readInt()];
      in.readFully(bytes);
      b[i] = BitSet.valueOf(bytes);
    }
    return new Precreation(Collections.<String>emptyList(), Collections.<String>emptyList(),
        b[0], b[1], 0, 0);
  }

  /** Directories to make (with parents), as log paths. */
  public List<String> dirs() {
    return dirs;
  }

  /** Empty files to create (with parents), as log paths. */
  public List<String> files() {
    return files;
  }

  public int size() {
    return dirs.size() + files.size();
  }

  /** Whether command {@code k} finds its path absent by the log's own account. */
  public boolean absent(long k) {
    return k <= Integer.MAX_VALUE && absent.get((int) k);
  }

  /**
   * Whether command {@code k} waits for the earlier commands on other threads: it deletes,
   * renames or changes the mode of a directory, or it is the first command on a path that a
   * command on another path (so perhaps another thread) made or moved there.
   */
  public boolean waitsForOthers(long k) {
    return k <= Integer.MAX_VALUE && ordered.get((int) k);
  }

  /**
   * Paths the log only probed (getfileinfo, contentSummary) and never settled: precreated
   * unless probes are replayed as misses; 0 with a listing, which settles them.
   */
  public long ambiguousProbes() {
    return ambiguousProbes;
  }

  /** Precreated paths whose kind came from the listing. */
  public long fromListing() {
    return fromListing;
  }
}
