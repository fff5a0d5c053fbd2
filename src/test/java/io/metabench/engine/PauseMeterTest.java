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
    PauseMeter m = PauseMeter.start(now::get, nanos -> {
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
    PauseMeter m = PauseMeter.start(now::get, nanos -> {
      now.addAndGet(nanos);
      enough.countDown();
    });
    assertThat(enough.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(m.stop()).isZero();
  }
}
