package io.metabench.core;

/**
 * Ties the monotonic clock to wall-clock time once, so operation times taken with
 * {@link NanoClock} can be placed on a timeline shared with other processes (map tasks on other
 * hosts). Within one process the conversion is a fixed offset, so differences stay exact; across
 * hosts they are as good as the hosts' clock synchronisation, which is why per-map start skew is
 * reported next to them.
 *
 * <p>Immutable.
 */
public final class ClockAnchor {
  /** Treats monotonic time as the timeline itself: for results that never leave the process. */
  public static final ClockAnchor IDENTITY = new ClockAnchor(0, 0);

  private final long epochNanosAtAnchor;
  private final long nanoTimeAtAnchor;

  private ClockAnchor(long epochNanosAtAnchor, long nanoTimeAtAnchor) {
    this.epochNanosAtAnchor = epochNanosAtAnchor;
    this.nanoTimeAtAnchor = nanoTimeAtAnchor;
  }

  /** Anchors {@code clock} to the current wall-clock time. */
  public static ClockAnchor now(NanoClock clock) {
    long nano = clock.nanoTime();
    // Instant.now() has microsecond resolution on JDK 9 and later (milliseconds on JDK 8), which
    // bounds how finely start skews across processes can be told apart.
    java.time.Instant wall = java.time.Instant.now();
    return new ClockAnchor(wall.getEpochSecond() * 1_000_000_000L + wall.getNano(), nano);
  }

  /** The wall-clock time, in nanoseconds since the epoch, of a {@link NanoClock} reading. */
  public long epochNanos(long nanoTime) {
    return epochNanosAtAnchor + (nanoTime - nanoTimeAtAnchor);
  }
}
