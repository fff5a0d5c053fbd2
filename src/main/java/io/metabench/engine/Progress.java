package io.metabench.engine;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Live progress of a phase for people watching a long run: per-interval operations, current TPS,
 * the interval's p99, failures so far and the time left. On a terminal one line is rewritten in
 * place every second; elsewhere (a log file, a CI job, a map task's stderr) a plain line is
 * written every {@link #PLAIN_EVERY_SECONDS} seconds so logs stay readable.
 *
 * <p>Called from the sampler thread of one phase at a time.
 */
public interface Progress {
  int PLAIN_EVERY_SECONDS = 10;

  /** Prints nothing. */
  Progress QUIET = new Progress() {
    @Override
    public void update(Snapshot s) {
    }

    @Override
    public void phaseEnded() {
    }
  };

  void update(Snapshot s);

  /**
   * One interval of a measured phase's results of {@code operation} (the phase's one, or one of
   * a mix): its successes' {@code latency} (nanoseconds; not to be kept or changed) and its
   * failures by cause ({@code failed}: the cause as the result names it, and how many; not to be
   * kept), given before the {@link #update} it is part of; every measured operation lands in
   * exactly one. Called from the sampler's thread; must be quick.
   */
  default void interval(String phase, String operation, Histogram latency,
      java.util.Map<String, Long> failed) {
  }

  /**
   * The client warm-up before measured phase {@code phase} begins ({@code on}) or has ended;
   * said around each one that runs.
   */
  default void warmingUp(String phase, boolean on) {
  }

  /**
   * The phase waits for its agreed start ({@code -startTime}) before its window opens; said once.
   *
   * @param epochMillis the start, on the wall clock
   * @param inMillis how long until then
   */
  default void waitingUntil(String label, long epochMillis, long inMillis) {
  }

  /** The phase is over: a terminal line is ended so the next output starts on a line of its own. */
  void phaseEnded();

  /**
   * {@code first}, then {@code second}, for each call: the console and another watcher of the
   * same run.
   */
  static Progress both(Progress first, Progress second) {
    return new Progress() {
      @Override
      public void update(Snapshot s) {
        first.update(s);
        second.update(s);
      }

      @Override
      public void interval(String phase, String operation, Histogram latency,
          java.util.Map<String, Long> failed) {
        first.interval(phase, operation, latency, failed);
        second.interval(phase, operation, latency, failed);
      }

      @Override
      public void warmingUp(String phase, boolean on) {
        first.warmingUp(phase, on);
        second.warmingUp(phase, on);
      }

      @Override
      public void waitingUntil(String label, long epochMillis, long inMillis) {
        first.waitingUntil(label, epochMillis, inMillis);
        second.waitingUntil(label, epochMillis, inMillis);
      }

      @Override
      public void phaseEnded() {
        first.phaseEnded();
        second.phaseEnded();
      }
    };
  }

  /** What the sampler knows after an interval. Immutable. */
  final class Snapshot {
    final String label;
    final double elapsedSeconds;
    final long done;
    final long expected;
    final double intervalTps;
    final double intervalP99Ms;
    final long failed;
    final double offeredPerSecond;

    public Snapshot(String label, double elapsedSeconds, long done, long expected,
        double intervalTps, double intervalP99Ms, long failed, double offeredPerSecond) {
      this.label = label;
      this.elapsedSeconds = elapsedSeconds;
      this.done = done;
      this.expected = expected;
      this.intervalTps = intervalTps;
      this.intervalP99Ms = intervalP99Ms;
      this.failed = failed;
      this.offeredPerSecond = offeredPerSecond;
    }

    /** The phase's label. */
    public String label() {
      return label;
    }

    /** Seconds since the phase's window opened (after its {@code -warmup}). */
    public double elapsedSeconds() {
      return elapsedSeconds;
    }

    /** Operations done so far, failed ones too. */
    public long done() {
      return done;
    }

    /** The operations the phase will do; negative when it is bounded by time. */
    public long expected() {
      return expected;
    }

    /** Operations that succeeded in the last interval, a second. */
    public double intervalPerSecond() {
      return intervalTps;
    }

    /** Failed operations so far. */
    public long failed() {
      return failed;
    }

    /** The rate the phase offers, for this process ({@code -rate}); 0: closed loop. */
    public double offeredPerSecond() {
      return offeredPerSecond;
    }

    /**
     * Seconds left at the average rate so far; NaN before anything is done, or when the phase is
     * bounded by time ({@code expected} &lt; 0), whose end the runner knows and prints apart.
     */
    double etaSeconds() {
      return done == 0 || expected < 0 ? Double.NaN : (expected - done) * elapsedSeconds / done;
    }

    String line() {
      double eta = etaSeconds();
      String count = expected < 0 ? String.format(Locale.ROOT, "%d ops", done)
          : String.format(Locale.ROOT, "%d/%d ops (%.0f%%)", done, expected,
              expected == 0 ? 100.0 : 100.0 * done / expected);
      return String.format(Locale.ROOT, "%s %5.0fs %s  %.1f ops/s  p99 %s  "
          + "failed %d  ETA %s", label, elapsedSeconds, count, intervalTps,
          Double.isNaN(intervalP99Ms) ? "-" : String.format(Locale.ROOT, "%.3f ms",
              intervalP99Ms), failed, Double.isNaN(eta) ? "-" : String.format(Locale.ROOT,
              "%.0fs", eta));
    }
  }

  /** Progress on {@code err}: rewritten in place when {@code terminal}, else plain lines. */
  public static Progress to(PrintStream err, boolean terminal) {
    return new Progress() {
      private long lastPlainSecond = -1;
      private boolean lineOpen;

      @Override
      public void update(Snapshot s) {
        if (terminal) {
          err.print("\r" + s.line() + "\u001b[K"); // erase what a longer line left
          lineOpen = true;
        } else {
          long bucket = (long) (s.elapsedSeconds / PLAIN_EVERY_SECONDS);
          if (bucket > lastPlainSecond && s.elapsedSeconds >= PLAIN_EVERY_SECONDS - 0.5) {
            lastPlainSecond = bucket;
            err.println(s.line());
          }
        }
        err.flush();
      }

      @Override
      public void waitingUntil(String label, long epochMillis, long inMillis) {
        err.println(String.format(Locale.ROOT, "%s waiting for -startTime %s (in %.0f s)", label,
            Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS), inMillis / 1000.0));
        err.flush();
      }

      @Override
      public void phaseEnded() {
        if (lineOpen) {
          err.println();
          err.flush();
          lineOpen = false;
        }
        lastPlainSecond = -1;
      }
    };
  }
}
