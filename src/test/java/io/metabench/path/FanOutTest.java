package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FanOutTest {

  /** Depth is the least d with entriesPerDir^(d+1) >= items (values worked out by hand). */
  @ParameterizedTest(name = "items={0}, entriesPerDir={1} -> depth {2}")
  @CsvSource({
      "1, 2, 0",
      "2, 2, 0",
      "3, 2, 1",
      "4, 2, 1",
      "5, 2, 2",
      "8, 2, 2",
      "9, 2, 3",
      "9, 3, 1",
      "10, 3, 2",
      "25, 3, 2",
      "27, 3, 2",
      "28, 3, 3",
      "10, 10, 0",
      "11, 10, 1",
      "100, 10, 1",
      "101, 10, 2",
      "1000, 10, 2",
      "1001, 10, 3",
      "10000, 10000, 0",
      "10001, 10000, 1",
      "100000000, 10000, 1",
      "100000001, 10000, 2",
      "1048576, 1048576, 0",
      "1048577, 1048576, 1",
  })
  void depth(long items, long entriesPerDir, int expectedDepth) {
    FanOut f = new FanOut(items, entriesPerDir);
    assertThat(f.depth()).isEqualTo(expectedDepth);
    assertThat(f.items()).isEqualTo(items);
    assertThat(f.entriesPerDir()).isEqualTo(entriesPerDir);
  }

  @Test
  void depthDoesNotOverflowForHugeCounts() {
    // 2^63 > Long.MAX_VALUE: 62 levels of buckets plus the item level cover every long.
    assertThat(new FanOut(Long.MAX_VALUE, 2).depth()).isEqualTo(62);
    // 1,048,576^3 = 2^60 < Long.MAX_VALUE <= 2^80 = 1,048,576^4: three bucket levels.
    assertThat(new FanOut(Long.MAX_VALUE, 1_048_576).depth()).isEqualTo(3);
    assertThat(new FanOut(1L << 60, 1_048_576).depth()).isEqualTo(2);
    assertThat(new FanOut((1L << 60) + 1, 1_048_576).depth()).isEqualTo(3);
  }

  @Test
  void refusesImpossibleShapes() {
    assertThatThrownBy(() -> new FanOut(0, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FanOut(-1, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FanOut(10, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FanOut(10, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void leafBucketsHoldEntriesPerDirItemsEach() {
    assertThat(new FanOut(10, 10).leafBuckets()).isEqualTo(1);
    assertThat(new FanOut(11, 10).leafBuckets()).isEqualTo(2);
    assertThat(new FanOut(25, 3).leafBuckets()).isEqualTo(9);
    assertThat(new FanOut(1000, 10).leafBuckets()).isEqualTo(100);
    assertThat(new FanOut(1001, 10).leafBuckets()).isEqualTo(101);
  }

  @Test
  void bucketOfGroupsConsecutiveItems() {
    FanOut f = new FanOut(25, 3);
    assertThat(f.bucketOf(0)).isEqualTo(0);
    assertThat(f.bucketOf(2)).isEqualTo(0);
    assertThat(f.bucketOf(3)).isEqualTo(1);
    assertThat(f.bucketOf(24)).isEqualTo(8);
    // depth 0: everything in the worker's own directory
    FanOut flat = new FanOut(10, 10);
    assertThat(flat.bucketOf(9)).isEqualTo(0);
    assertThat(flat.bucketNames(0)).isEmpty();
  }

  @Test
  void bucketNamesAreMostSignificantFirst() {
    FanOut f = new FanOut(25, 3); // depth 2, 9 leaf buckets: d_0/d_0 .. d_2/d_2
    assertThat(f.bucketNames(0)).containsExactly("d_0", "d_0");
    assertThat(f.bucketNames(1)).containsExactly("d_0", "d_1");
    assertThat(f.bucketNames(3)).containsExactly("d_1", "d_0");
    assertThat(f.bucketNames(5)).containsExactly("d_1", "d_2");
    assertThat(f.bucketNames(8)).containsExactly("d_2", "d_2");

    FanOut g = new FanOut(1001, 10); // depth 3, 101 leaf buckets
    assertThat(g.bucketNames(100)).containsExactly("d_1", "d_0", "d_0");
    assertThat(g.bucketNames(57)).containsExactly("d_0", "d_5", "d_7");
  }

  @Test
  void everyLeafBucketHasDistinctNamesWithinRange() {
    FanOut f = new FanOut(1001, 10);
    Set<String> seen = new HashSet<>();
    for (long b = 0; b < f.leafBuckets(); b++) {
      String[] names = f.bucketNames(b);
      assertThat(names).hasSize(f.depth());
      for (String n : names) {
        assertThat(n).matches("d_[0-9]");
      }
      assertThat(seen.add(String.join("/", names))).as("bucket %d unique", b).isTrue();
    }
  }
}
