package io.metabench.stats;

/**
 * How often one cause of failure occurred, with the first message seen for it (so a report can
 * say what went wrong without a log).
 *
 * <p>Mutable, and not thread-safe: owned by one worker until merged after the phase.
 */
public final class FailureCount {
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
}
