package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A client warm-up's scratch names, shaped like the phase's: flat, or spread over {@code d_<x>}
 * buckets as many levels deep as the phase's items are, so the warm-up runs the code the phase's
 * names run.
 */
class WorkerPathsTest {
  private static final Path DIR = new Path("hdfs://nn:8020/base/.metabench/client-warmup/w0");

  @Test
  void flatScratchNamesLieInTheDirectory() {
    WorkerPaths p = WorkerPaths.shapedIn(DIR, 16, 0);
    assertThat(p.depth()).isZero();
    assertThat(p.file(15).toString()).isEqualTo("/base/.metabench/client-warmup/w0/file_15");
  }

  @Test
  void shapedScratchNamesTakeAsManyBucketLevelsAsAsked() {
    for (int depth = 0; depth <= 3; depth++) {
      WorkerPaths p = WorkerPaths.shapedIn(DIR, 16, depth);
      assertThat(p.depth()).as("depth %d", depth).isEqualTo(depth);
      String name = p.file(15).toString();
      assertThat(name.split("/d_", -1).length - 1).as(name).isEqualTo(depth);
      assertThat(name).startsWith("/base/.metabench/client-warmup/w0/").endsWith("/file_15");
    }
    // Items in more than one bucket: a pass moves from one bucket to the next, as a phase does.
    WorkerPaths one = WorkerPaths.shapedIn(DIR, 16, 1);
    assertThat(one.file(0).getParent()).isNotEqualTo(one.file(15).getParent());
    // Deeper than 16 items allow: as deep as they allow.
    assertThat(WorkerPaths.shapedIn(DIR, 16, 6).depth()).isEqualTo(3);
  }
}
