package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The pause meter on a scripted clock: each sleep takes its tick, one takes 41 ms. */
class PauseMeterTest {
  private static final long MS = 1_000_000L;

  @Test
  void theLongestPauseIsHowMuchLaterThanItsTickTheMeterWoke() throws Exception {
    AtomicLong now = new AtomicLong();
    AtomicInteger sleeps = new AtomicInteger();
    CountDownLatch enough = new CountDownLatch(20);
    PauseMeter m = PauseMeter.start(now::get, 0, nanos -> {
      // The fifth sleep stands still for 41 ms, as a GC pause or a stopped process does.
      now.addAndGet(sleeps.incrementAndGet() == 5 ? 41 * MS : nanos);
      enough.countDown();
    });
    assertThat(enough.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(m.stop()).isEqualTo(40 * MS);
  }

  @Test
  void aMeterThatNeverWokeLateSaysNone() throws Exception {
    AtomicLong now = new AtomicLong();
    CountDownLatch enough = new CountDownLatch(20);
    PauseMeter m = PauseMeter.start(now::get, 0, nanos -> {
      now.addAndGet(nanos);
      enough.countDown();
    });
    assertThat(enough.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(m.stop()).isZero();
  }

  /**
   * A pause that ended while the phase warmed up (a capacity step's settling: the operations it
   * delayed are in no figure) is not counted; one that ends after it is, whole.
   */
  @Test
  void aPauseThatEndedInTheWarmupIsNotCounted() throws Exception {
    for (long[] c : new long[][] {{100 * MS, 20 * MS}, {30 * MS, 40 * MS}}) {
      AtomicLong now = new AtomicLong();
      AtomicInteger sleeps = new AtomicInteger();
      CountDownLatch enough = new CountDownLatch(80);
      // A 41 ms stall at the fifth sleep, ending at 45 ms; a 21 ms one at the sixtieth, ending
      // at 120 ms.
      PauseMeter m = PauseMeter.start(now::get, c[0], nanos -> {
        int n = sleeps.incrementAndGet();
        now.addAndGet(n == 5 ? 41 * MS : n == 60 ? 21 * MS : nanos);
        enough.countDown();
      });
      assertThat(enough.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(m.stop()).as("judged from %d ms", c[0] / MS).isEqualTo(c[1]);
    }
  }
}
