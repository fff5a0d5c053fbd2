package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The gate holds every worker until all have arrived, each time, and lets one leave. */
class StartGateTest {

  /**
   * {@code workers} threads each arrive {@code rounds} times (counted in {@code arrived} just
   * before each arrival); returns what {@code arrived} was each time the gate opened.
   */
  private static List<Integer> arriveInRounds(int workers, int maxParties, int rounds)
      throws Exception {
    AtomicInteger arrived = new AtomicInteger();
    List<Integer> seenAtOpening = new ArrayList<>();
    StartGate gate = new StartGate(workers, () -> seenAtOpening.add(arrived.get()), maxParties);
    ExecutorService pool = Executors.newFixedThreadPool(workers);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < workers; t++) {
        done.add(pool.submit(() -> {
          for (int round = 0; round < rounds; round++) {
            arrived.incrementAndGet();
            gate.arriveAndWait();
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return seenAtOpening;
  }

  @Test
  void opensOnlyWhenAllHaveArrivedAndAgainEachTime() throws Exception {
    // Opened once per round, each time after all three had arrived for that round.
    assertThat(arriveInRounds(3, 65_535, 5)).containsExactly(3, 6, 9, 12, 15);
  }

  @Test
  void aWorkerThatLeavesIsNotWaitedFor() throws Exception {
    StartGate gate = new StartGate(2, () -> { });
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<?> stays = pool.submit(() -> {
        for (int round = 0; round < 3; round++) {
          gate.arriveAndWait();
        }
        return null;
      });
      gate.arriveAndWait();
      gate.leave();
      stays.get(30, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void moreWorkersThanOnePhaserTakesAllPassTogether() throws Exception {
    // 7 workers over phasers of at most 3 parties: three children under one root.
    assertThat(arriveInRounds(7, 3, 4)).containsExactly(7, 14, 21, 28);
  }
}
