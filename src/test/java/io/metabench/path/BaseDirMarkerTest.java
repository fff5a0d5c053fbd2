package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claiming a base directory when several processes start together (hand-started processes with
 * {@code -mapIndex} and one {@code -startTime}): none takes the other's half-made marker for
 * foreign content, one marker results, and a directory of unknown origin is never recorded as
 * MetaBench's to delete. On the real local file system.
 */
class BaseDirMarkerTest {
  @TempDir
  File root;

  private static FileSystem local() throws Exception {
    return FileSystem.getLocal(new Configuration()).getRawFileSystem();
  }

  private static String marker(File base) throws Exception {
    return new String(Files.readAllBytes(new File(base, ".metabench/MARKER").toPath()),
        StandardCharsets.ISO_8859_1);
  }

  @Test
  void aDirectoryHoldingOnlyAHalfMadeMarkerIsBeingClaimedNotForeign() throws Exception {
    File base = new File(root, "base");
    assertThat(new File(base, ".metabench").mkdirs()).isTrue();
    Path p = new Path(base.toURI());
    assertThat(BaseDirMarker.inspect(local(), p)).isEqualTo(BaseDirMarker.Ownership.BEING_CLAIMED);
    // Nobody finishes it: this claim marks it, as not created by MetaBench (it cannot know).
    BaseDirMarker.claim(local(), p, "test", 200);
    assertThat(BaseDirMarker.inspect(local(), p)).isEqualTo(BaseDirMarker.Ownership.OWNED);
    assertThat(marker(base)).contains("created.base.dir=false");

    File other = new File(root, "other");
    assertThat(new File(other, ".metabench").mkdirs()).isTrue();
    Files.write(new File(other, "theirs.txt").toPath(), new byte[] {1});
    assertThat(BaseDirMarker.inspect(local(), new Path(other.toURI())))
        .isEqualTo(BaseDirMarker.Ownership.FOREIGN);
    assertThatThrownBy(() -> BaseDirMarker.claim(local(), new Path(other.toURI()), "test", 200))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("holds other content");
  }

  @Test
  void aClaimWaitingForAnotherProcessKeepsItsMarker() throws Exception {
    File base = new File(root, "base");
    assertThat(new File(base, ".metabench").mkdirs()).isTrue();
    Thread other = new Thread(() -> {
      try {
        Thread.sleep(300);
        Files.write(new File(base, ".metabench/MARKER").toPath(),
            "created.base.dir=true\n".getBytes(StandardCharsets.ISO_8859_1));
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    other.start();
    BaseDirMarker.claim(local(), new Path(base.toURI()), "test", 10_000);
    other.join();
    assertThat(marker(base)).isEqualTo("created.base.dir=true\n");
  }

  @Test
  void processesClaimingTogetherAllSucceedWithOneMarker() throws Exception {
    File base = new File(root, "together");
    Path p = new Path(base.toURI());
    int n = 8;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> claims = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      claims.add(pool.submit(() -> {
        go.await();
        BaseDirMarker.claim(local(), p, "test");
        return null;
      }));
    }
    go.countDown();
    for (Future<?> f : claims) {
      f.get();
    }
    pool.shutdown();
    assertThat(new File(base, ".metabench").list()).containsExactly("MARKER");
    assertThat(BaseDirMarker.inspect(local(), p)).isEqualTo(BaseDirMarker.Ownership.OWNED);
  }
}
