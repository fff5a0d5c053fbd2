package io.metabench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file barrier on the local file system, with maps played by threads. */
class FileBarrierTest {
  @TempDir
  File dir;

  private FileBarrier barrier(int map, int maps, long timeoutMillis, AtomicInteger beats)
      throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    return new FileBarrier(fs, new Path(dir.toURI()), map, maps, timeoutMillis,
        beats::incrementAndGet);
  }

  @Test
  void nobodyLeavesBeforeEveryoneHasArrived() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      AtomicInteger beats = new AtomicInteger();
      List<Future<Long>> left = new ArrayList<>();
      long start = System.nanoTime();
      for (int m = 0; m < 3; m++) {
        final int map = m;
        left.add(pool.submit(() -> {
          Thread.sleep(map * 400L);
          assertThat(barrier(map, 3, 60_000, beats).await(0)).isFalse();
          return System.nanoTime();
        }));
      }
      for (Future<Long> f : left) {
        // The last map arrives after 800 ms; nobody may leave before that.
        assertThat((f.get() - start) / 1_000_000).isGreaterThanOrEqualTo(800);
      }
      assertThat(beats.get()).as("heartbeats while waiting").isPositive();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void afterTheTimeoutTheReadyMapsStartAndALaterOneIsLate() throws Exception {
    AtomicInteger beats = new AtomicInteger();
    long start = System.nanoTime();
    assertThat(barrier(0, 2, 500, beats).await(3)).isFalse();
    assertThat((System.nanoTime() - start) / 1_000_000).isBetween(450L, 10_000L);
    assertThat(barrier(1, 2, 500, beats).await(3)).isTrue();
    // Another phase has its own barrier: map 1 is on time there if it arrives in time.
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Boolean> zero = pool.submit(() -> barrier(0, 2, 60_000, beats).await(4));
      assertThat(barrier(1, 2, 60_000, beats).await(4)).isFalse();
      assertThat(zero.get()).isFalse();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aMapThatWithdrawsIsNotWaitedFor() throws Exception {
    AtomicInteger beats = new AtomicInteger();
    barrier(1, 2, 60_000, beats).withdraw(2, 4);
    long start = System.nanoTime();
    assertThat(barrier(0, 2, 60_000, beats).await(2)).isFalse();
    assertThat(barrier(0, 2, 60_000, beats).await(3)).isFalse();
    assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(5_000);
  }

  /** Counts the barrier's calls to the file system: its load on a NameNode. */
  static final class Counting extends org.apache.hadoop.fs.RawLocalFileSystem {
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public org.apache.hadoop.fs.FileStatus getFileStatus(Path f) throws java.io.IOException {
      calls.incrementAndGet();
      return super.getFileStatus(f);
    }

    @Override
    public boolean exists(Path f) throws java.io.IOException {
      calls.incrementAndGet();
      return new File(f.toUri().getPath()).exists();
    }

    @Override
    public org.apache.hadoop.fs.FileStatus[] listStatus(Path f) throws java.io.IOException {
      calls.incrementAndGet();
      return super.listStatus(f);
    }
  }

  /** Calls a process waiting 2 s at a barrier of {@code maps} processes makes. */
  private long callsWaiting(int maps) throws Exception {
    Counting fs = new Counting();
    fs.initialize(java.net.URI.create("file:///"), new Configuration());
    FileBarrier b = new FileBarrier(fs, new Path(new File(dir, "m" + maps).toURI()), 0, maps,
        2000, () -> { });
    b.await(0);
    return fs.calls.get();
  }

  @Test
  void theLastToLeaveRemovesTheDirectoryAndALaterLeaverFindsItGone() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path d = new Path(new File(dir, "left").toURI());
    fs.mkdirs(d);
    assertThat(FileBarrier.leave(fs, d, 0, 2)).isFalse();
    assertThat(fs.exists(d)).isTrue();
    assertThat(FileBarrier.leave(fs, d, 1, 2)).isTrue();
    assertThat(fs.exists(d)).isFalse();
    // One whose marker was made as another removed the directory: no failure, nothing removed.
    assertThat(FileBarrier.leave(fs, d, 0, 2)).isFalse();
  }

  @Test
  void aWaitingProcessPollsLessOftenTheMoreProcessesWait() throws Exception {
    assertThat(FileBarrier.pollMillis(3)).isEqualTo(50);
    assertThat(FileBarrier.pollMillis(200)).isEqualTo(200);
    assertThat(FileBarrier.pollMillis(5000)).isEqualTo(1000);
    // 200 processes: a check every 200 ms, so all of them together make 1,000 a second; this one
    // makes about 10 in its 2 s, plus about 8 for its arrival (a check, a create and its own
    // checks, a listing) and the timeout's listing and create.
    long many = callsWaiting(200);
    assertThat(many).isBetween(5L, 2000 / 200 + 12L);
    // 3 processes: every 50 ms, so they leave the barrier close together.
    long few = callsWaiting(3);
    assertThat(few).isGreaterThan(many).isLessThanOrEqualTo(2000 / 50 + 12L);
  }
}
