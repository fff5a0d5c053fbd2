package io.metabench.stats;

/**
 * How often one cause of failure occurred, with the first message seen for it (so a report can
 * say what went wrong without a log).
 *
 * <p>Mutable, and not thread-safe: owned by one worker until merged after the phase.
 */
public final class FailureCount {
  /**
   * The prefix of a cause a replay counts as the log's own: the command's path was absent by
   * the log's account, so it could not have succeeded on the source either (docs/replay.md).
   * Such failures are reported, and do not make the exit code 1.
   */
  public static final String EXPECTED_BY_THE_LOG = "expected by the log: ";

  private long count;
  private final String example;

  public FailureCount(long count, String example) {
    this.count = count;
    this.example = example;
  }

  public long count() {
    return count;
  }

  /** The first message seen for this cause, or an empty string. */
  public String example() {
    return example;
  }

  void add(long n) {
    count += n;
  }

  /**
   * Adds the counts of {@code from} into {@code into}, cause by cause, keeping the first example
   * seen; the entries of {@code from} are copied, never shared.
   */
  public static void addAll(java.util.Map<String, FailureCount> into,
      java.util.Map<String, FailureCount> from) {
    for (java.util.Map.Entry<String, FailureCount> e : from.entrySet()) {
      FailureCount existing = into.get(e.getKey());
      if (existing == null) {
        into.put(e.getKey(), new FailureCount(e.getValue().count(), e.getValue().example()));
      } else {
        existing.add(e.getValue().count());
      }
    }
  }

  /** Whether failures under {@code cause} are the log's own (see {@link #EXPECTED_BY_THE_LOG}). */
  public static boolean expectedByTheLog(String cause) {
    return cause.startsWith(EXPECTED_BY_THE_LOG);
  }

  /** The failures in {@code causes} that are the log's own. */
  public static long expectedByTheLog(java.util.Map<String, FailureCount> causes) {
    long n = 0;
    for (java.util.Map.Entry<String, FailureCount> e : causes.entrySet()) {
      if (expectedByTheLog(e.getKey())) {
        n += e.getValue().count();
      }
    }
    return n;
  }
}
