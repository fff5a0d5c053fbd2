package io.metabench.stats;

import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a prefill did, reported on its own and never mixed into the phases' figures: the tree's
 * size, what this run created (and what it found already there when it resumed), the bytes it
 * wrote, how long it took, and its failures by cause.
 *
 * <p>Immutable.
 */
public final class PrefillResult {
  /** How the prefill went. */
  public enum Status {
    /** Nothing was recorded: the whole tree was made by this run (unless it failed). */
    CREATED,
    /** A recorded, unfinished prefill of the same shape was carried on. */
    RESUMED,
    /** A recorded prefill of the same shape was complete: nothing was done. */
    SKIPPED,
    /**
     * The whole namespace was written offline into the embedded NameNode's image, which it was
     * restarted on ({@link #offline()}).
     */
    OFFLINE;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Status status;
  private final boolean complete;
  private final long files;
  private final long directories;
  private final long doneBefore;
  private final long created;
  private final long alreadyThere;
  private final long replaced;
  private final long bytesWritten;
  private final long elapsedNanos;
  private final Map<String, FailureCount> failures;
  private final ClientWarmupFigures clientWarmup;
  private final List<NamespaceCheck> checks;
  private final Offline offline;

  /**
   * How a namespace made offline was made: the image's bytes, the time to write it (after the
   * NameNode saved the namespace it adds to) and the time to restart the NameNode on it.
   * Immutable.
   */
  public static final class Offline {
    public final long imageBytes;
    public final long writeNanos;
    public final long restartNanos;

    public Offline(long imageBytes, long writeNanos, long restartNanos) {
      this.imageBytes = imageBytes;
      this.writeNanos = writeNanos;
      this.restartNanos = restartNanos;
    }
  }

  /**
   * @param files the tree's files (every map's, when combined)
   * @param directories the tree's directories below {@code map_<m>}
   * @param doneBefore files in leaf directories an earlier run had completed
   * @param created files this run created, {@code replaced} included
   * @param alreadyThere files of unfinished leaves found whole ({@code FileAlreadyExists})
   * @param replaced files found with the wrong length (cut short when a run was killed),
   *     removed by name and created again
   */
  public PrefillResult(Status status, boolean complete, long files, long directories,
      long doneBefore, long created, long alreadyThere, long replaced, long bytesWritten,
      long elapsedNanos, Map<String, FailureCount> failures) {
    this(status, complete, files, directories, doneBefore, created, alreadyThere, replaced,
        bytesWritten, elapsedNanos, failures, ClientWarmupFigures.NONE,
        Collections.<NamespaceCheck>emptyList(), null);
  }

  private PrefillResult(Status status, boolean complete, long files, long directories,
      long doneBefore, long created, long alreadyThere, long replaced, long bytesWritten,
      long elapsedNanos, Map<String, FailureCount> failures, ClientWarmupFigures clientWarmup,
      List<NamespaceCheck> checks, Offline offline) {
    this.status = status;
    this.offline = offline;
    this.complete = complete;
    this.files = files;
    this.directories = directories;
    this.doneBefore = doneBefore;
    this.created = created;
    this.alreadyThere = alreadyThere;
    this.replaced = replaced;
    this.bytesWritten = bytesWritten;
    this.elapsedNanos = elapsedNanos;
    this.failures = Collections.unmodifiableMap(new TreeMap<>(failures));
    this.clientWarmup = clientWarmup;
    this.checks = Collections.unmodifiableList(new java.util.ArrayList<>(checks));
  }

  /** This result, with the client warm-up that ran before the prefill (in none of its figures). */
  public PrefillResult withClientWarmup(ClientWarmupFigures figures) {
    return new PrefillResult(status, complete, files, directories, doneBefore, created,
        alreadyThere, replaced, bytesWritten, elapsedNanos, failures, figures, checks, offline);
  }

  /** This result, with its namespace read back and compared with its profile. */
  public PrefillResult withChecks(List<NamespaceCheck> namespaceChecks) {
    return new PrefillResult(status, complete, files, directories, doneBefore, created,
        alreadyThere, replaced, bytesWritten, elapsedNanos, failures, clientWarmup,
        namespaceChecks, offline);
  }

  /** This result, with how its namespace was made offline. */
  public PrefillResult withOffline(Offline figures) {
    return new PrefillResult(status, complete, files, directories, doneBefore, created,
        alreadyThere, replaced, bytesWritten, elapsedNanos, failures, clientWarmup, checks,
        figures);
  }

  /** How the namespace was made offline; null when it was made through the file system's API. */
  public Offline offline() {
    return offline;
  }

  /** Each map's namespace drawn from a profile, compared with it; empty for a tree, or skipped. */
  public List<NamespaceCheck> checks() {
    return checks;
  }

  /** Whether a namespace drawn from a profile is outside the fidelity bounds. */
  public boolean outsideBounds() {
    for (NamespaceCheck c : checks) {
      if (!c.failures().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** What the client warm-up before the prefill did; {@link ClientWarmupFigures#NONE}: none. */
  public ClientWarmupFigures clientWarmup() {
    return clientWarmup;
  }

  public Status status() {
    return status;
  }

  /** Whether the whole tree is there now (every leaf directory completed). */
  public boolean complete() {
    return complete;
  }

  public long files() {
    return files;
  }

  public long directories() {
    return directories;
  }

  public long doneBefore() {
    return doneBefore;
  }

  public long created() {
    return created;
  }

  public long alreadyThere() {
    return alreadyThere;
  }

  public long replaced() {
    return replaced;
  }

  public long bytesWritten() {
    return bytesWritten;
  }

  public long elapsedNanos() {
    return elapsedNanos;
  }

  public double elapsedSeconds() {
    return elapsedNanos / 1e9;
  }

  /** Files this run created per second of the prefill's elapsed time; 0 when none. */
  public double filesPerSecond() {
    return elapsedNanos <= 0 ? 0 : created / elapsedSeconds();
  }

  public Map<String, FailureCount> failures() {
    return failures;
  }

  public long failed() {
    long n = 0;
    for (FailureCount f : failures.values()) {
      n += f.count();
    }
    return n;
  }

  /**
   * The maps' prefills as one: counts added up, the elapsed time of the slowest map (they run
   * at once), complete only when every map's is, skipped only when every map's was.
   */
  public static PrefillResult combine(List<PrefillResult> maps) {
    boolean complete = true;
    boolean allSkipped = true;
    boolean anyResumed = false;
    boolean allOffline = true;
    long files = 0;
    long dirs = 0;
    long before = 0;
    long created = 0;
    long there = 0;
    long replaced = 0;
    long bytes = 0;
    long elapsed = 0;
    Map<String, FailureCount> failures = new TreeMap<>();
    List<ClientWarmupFigures> warmups = new java.util.ArrayList<>();
    List<NamespaceCheck> checks = new java.util.ArrayList<>();
    for (PrefillResult p : maps) {
      warmups.add(p.clientWarmup);
      checks.addAll(p.checks);
      complete &= p.complete;
      allSkipped &= p.status == Status.SKIPPED;
      anyResumed |= p.status == Status.RESUMED;
      allOffline &= p.status == Status.OFFLINE;
      files += p.files;
      dirs += p.directories;
      before += p.doneBefore;
      created += p.created;
      there += p.alreadyThere;
      replaced += p.replaced;
      bytes += p.bytesWritten;
      elapsed = Math.max(elapsed, p.elapsedNanos);
      FailureCount.addAll(failures, p.failures);
    }
    Status status = maps.isEmpty() ? Status.CREATED : allSkipped ? Status.SKIPPED
        : allOffline ? Status.OFFLINE : anyResumed ? Status.RESUMED : Status.CREATED;
    // A namespace is made offline by one process only, so its figures are one map's.
    return new PrefillResult(status, complete && !maps.isEmpty(), files, dirs, before, created,
        there, replaced, bytes, elapsed, failures, ClientWarmupFigures.combine(warmups), checks,
        maps.size() == 1 ? maps.get(0).offline : null);
  }

}
