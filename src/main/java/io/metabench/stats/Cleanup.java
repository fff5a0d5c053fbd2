package io.metabench.stats;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code -cleanup} did: how many files and directories it removed (MetaBench's own items,
 * those of the prefill included) and what it could not remove, by cause. Under {@code -maps} the
 * driver adds the maps' up ({@link #combine}).
 *
 * <p>Immutable.
 */
public final class Cleanup {
  /** A run that was not asked to clean up. */
  public static final Cleanup NOT_ASKED = new Cleanup(false, 0, 0, Collections.emptyMap());

  private final boolean asked;
  private final long filesRemoved;
  private final long directoriesRemoved;
  private final Map<String, FailureCount> failures;

  /**
   * @param asked whether {@code -cleanup} ran
   * @param filesRemoved files that were there and are gone
   * @param directoriesRemoved directories that were there and are gone
   * @param failures what could not be removed, by cause
   */
  public Cleanup(boolean asked, long filesRemoved, long directoriesRemoved,
      Map<String, FailureCount> failures) {
    this.asked = asked;
    this.filesRemoved = filesRemoved;
    this.directoriesRemoved = directoriesRemoved;
    this.failures = Collections.unmodifiableMap(new TreeMap<>(failures));
  }

  /** What a run that has only the failures to say did (kept for results read back). */
  static Cleanup ofFailures(Map<String, FailureCount> failures) {
    return new Cleanup(!failures.isEmpty(), 0, 0, failures);
  }

  /** The maps' cleanups as one: counts and failures added up. */
  public static Cleanup combine(List<Cleanup> parts) {
    boolean asked = false;
    long files = 0;
    long dirs = 0;
    Map<String, FailureCount> failures = new TreeMap<>();
    for (Cleanup c : parts) {
      asked |= c.asked;
      files += c.filesRemoved;
      dirs += c.directoriesRemoved;
      FailureCount.addAll(failures, c.failures);
    }
    return new Cleanup(asked, files, dirs, failures);
  }

  public boolean asked() {
    return asked;
  }

  public long filesRemoved() {
    return filesRemoved;
  }

  public long directoriesRemoved() {
    return directoriesRemoved;
  }

  /** What could not be removed, by cause; empty when everything went (or nothing was asked). */
  public Map<String, FailureCount> failures() {
    return failures;
  }
}
