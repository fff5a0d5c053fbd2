package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrefillTreeTest {
  private static final Path ROOT = new Path("/b/prefill/map_0");

  private static PrefillTree tree(long files, int depth, int fanOut) {
    return new PrefillTree(ROOT, files, depth, fanOut, PrefillSizes.EMPTY_FILES);
  }

  @Test
  void namesAreTheLeafIndexInBaseFanOutWithDepthDigits() {
    PrefillTree t = tree(1000, 3, 4);
    assertThat(t.leaves()).isEqualTo(64);
    assertThat(t.leafDir(0)).isEqualTo(new Path("/b/prefill/map_0/d_0/d_0/d_0"));
    assertThat(t.leafDir(27)).isEqualTo(new Path("/b/prefill/map_0/d_1/d_2/d_3")); // 27 = 123 base 4
    assertThat(t.leafDir(63)).isEqualTo(new Path("/b/prefill/map_0/d_3/d_3/d_3"));
    assertThat(t.file(0)).isEqualTo(new Path("/b/prefill/map_0/d_0/d_0/d_0/file_0"));
    assertThat(t.file(999)).isEqualTo(new Path("/b/prefill/map_0/d_3/d_3/d_3/file_999"));
    PrefillShape.Names names = t.names();
    for (long i = 0; i < 1000; i++) {
      assertThat(names.file(i)).isEqualTo(t.file(i));
    }
  }

  @ParameterizedTest
  @CsvSource({"1000, 5, 4", "1024, 5, 4", "7, 2, 3", "100, 1, 1", "1, 3, 2", "12345, 2, 10",
      "5, 32, 1"})
  void everyFileIsInExactlyOneLeafAndLeavesDifferByAtMostOne(long files, int depth, int fanOut) {
    PrefillTree t = tree(files, depth, fanOut);
    assertThat(t.leaves()).isEqualTo(PrefillTree.leafCount(depth, fanOut));
    long total = 0;
    long min = Long.MAX_VALUE;
    long max = 0;
    for (long leaf = 0; leaf < t.leaves(); leaf++) {
      long n = t.filesIn(leaf);
      total += n;
      min = Math.min(min, n);
      max = Math.max(max, n);
      for (long i = t.firstFile(leaf); i < t.firstFile(leaf) + n; i++) {
        assertThat(t.unitOf(i)).isEqualTo(leaf);
      }
    }
    assertThat(total).isEqualTo(files);
    assertThat(max - min).isLessThanOrEqualTo(1);
    assertThat(t.filesIn(LeafRanges.of(0, t.leaves()))).isEqualTo(files);
    assertThat(t.leavesWithFiles()).isEqualTo(Math.min(files, t.leaves()));
    // directories: those holding files and their ancestors, counted from the names
    Set<Path> dirs = new HashSet<>();
    for (long i = 0; i < files; i++) {
      for (Path p = t.file(i).getParent(); !p.equals(ROOT); p = p.getParent()) {
        dirs.add(p);
      }
    }
    assertThat(t.directories()).isEqualTo(dirs.size());
    Set<Path> inner = new HashSet<>(t.innerDirsDeepestFirst());
    assertThat(inner).hasSize(t.innerDirsDeepestFirst().size());
    Set<Path> leaves = new HashSet<>();
    for (long leaf = 0; leaf < t.leaves(); leaf++) {
      if (t.filesIn(leaf) > 0) {
        leaves.add(t.leafDir(leaf));
      }
    }
    assertThat(inner.size() + leaves.size()).isEqualTo(dirs.size());
  }

  @Test
  void innerDirectoriesComeDeepestFirst() {
    PrefillTree t = tree(100, 3, 2);
    int lastDepth = Integer.MAX_VALUE;
    for (Path p : t.innerDirsDeepestFirst()) {
      assertThat(p.depth()).isLessThanOrEqualTo(lastDepth);
      lastDepth = p.depth();
    }
    assertThat(t.innerDirsDeepestFirst()).containsExactly(
        new Path(ROOT, "d_0/d_0"), new Path(ROOT, "d_0/d_1"), new Path(ROOT, "d_1/d_0"),
        new Path(ROOT, "d_1/d_1"), new Path(ROOT, "d_0"), new Path(ROOT, "d_1"));
  }

  @Test
  void theDefaultShapeHas1024LeavesAnd1364Directories() {
    PrefillTree t = tree(1_000_000, 5, 4);
    assertThat(t.leaves()).isEqualTo(1024);
    assertThat(t.directories()).isEqualTo(1364);
    assertThat(t.filesIn(0)).isBetween(976L, 977L);
  }

  @Test
  void namesAndSizesAreAPureFunctionOfTheShape() {
    PrefillSizes mix = PrefillSizes.parse("0:70,4k:20,1m:10");
    PrefillTree a = new PrefillTree(ROOT, 5000, 4, 3, mix);
    PrefillTree b = new PrefillTree(ROOT, 5000, 4, 3, PrefillSizes.parse("0:70,4096:20,1M:10"));
    for (long i = 0; i < 5000; i++) {
      assertThat(a.file(i)).isEqualTo(b.file(i));
      assertThat(a.sizeOf(i)).isEqualTo(b.sizeOf(i));
    }
    assertThat(mix.toString()).isEqualTo("0:70,4096:20,1048576:10");
    assertThat(PrefillSizes.parse(mix.toString())).isEqualTo(mix);
  }

  @Test
  void sizesFollowTheWeightsWithinTolerance() {
    PrefillSizes mix = PrefillSizes.parse("0:2.4,64k:33.66,512k:16.71,4m:47.23");
    Map<Long, Integer> count = new HashMap<>();
    int n = 200_000;
    for (long i = 0; i < n; i++) {
      count.merge(mix.sizeOf(i), 1, Integer::sum);
    }
    double[] expected = {2.4, 33.66, 16.71, 47.23};
    long[] sizes = mix.sizes();
    for (int k = 0; k < sizes.length; k++) {
      double share = 100.0 * count.getOrDefault(sizes[k], 0) / n;
      assertThat(share).as("size %d", sizes[k]).isCloseTo(expected[k],
          org.assertj.core.api.Assertions.within(0.4));
    }
    // and in any contiguous slice (a leaf's files), not only overall
    int zeros = 0;
    for (long i = 1_000_000; i < 1_010_000; i++) {
      zeros += mix.sizeOf(i) == 0 ? 1 : 0;
    }
    assertThat(zeros / 100.0).isCloseTo(2.4, org.assertj.core.api.Assertions.within(0.6));
    assertThat(PrefillSizes.parse("4k").sizeOf(12)).isEqualTo(4096);
    assertThat(PrefillSizes.EMPTY_FILES.sizeOf(99)).isZero();
    assertThat(mix.meanSize()).isGreaterThan(0);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "0:70,4x:30|'4x' is not a size",
      "0:70,4k:20|the percentages add up to 90, not 100",
      "0:70,4k:40|the percentages add up to 110, not 100",
      "0:70,4k|'4k' has no :percent",
      "0:abc|'abc' is not a percentage",
      "0:100.001|'100.001' is not a percentage from 0 to 100 with at most two decimals",
      "99999999999g:100|'99999999999g' is more bytes than a file can hold"})
  void malformedSizesAreRefusedInOneLine(String raw, String why) {
    assertThatThrownBy(() -> PrefillSizes.parse(raw)).isInstanceOf(InvalidInputException.class)
        .hasMessage("-prefillSizes '" + raw + "' is not usable: " + why + "; give size:percent "
            + "pairs such as 0:70,4k:20,1m:10 (sizes in bytes or with k, m, g; percentages "
            + "adding up to 100)");
  }

  @Test
  void leafRangesSliceMergeAndComplement() {
    LeafRanges done = LeafRanges.parse("0-10,20-30");
    assertThat(done.size()).isEqualTo(20);
    assertThat(done.missingFrom(40)).isEqualTo(LeafRanges.parse("10-20,30-40"));
    assertThat(done.union(LeafRanges.of(10, 20))).isEqualTo(LeafRanges.of(0, 30));
    assertThat(done.union(LeafRanges.of(10, 20)).coversAll(30)).isTrue();
    assertThat(done.slice(5, 10)).isEqualTo(LeafRanges.parse("5-10,20-25"));
    LeafRanges rest = done.missingFrom(40);
    LeafRanges all = done;
    for (int k = 0; k < 3; k++) {
      all = all.union(rest.part(k, 3));
    }
    assertThat(all.coversAll(40)).isTrue();
    assertThat(rest.part(0, 3).size() + rest.part(1, 3).size() + rest.part(2, 3).size())
        .isEqualTo(20);
    PrimitiveIterator.OfLong it = LeafRanges.parse("3-5,7-8").iterator();
    StringBuilder seen = new StringBuilder();
    while (it.hasNext()) {
      seen.append(it.nextLong()).append(' ');
    }
    assertThat(seen.toString()).isEqualTo("3 4 7 ");
    assertThat(LeafRanges.parse("")).isEqualTo(LeafRanges.NONE);
    assertThat(LeafRanges.parse(done.toString())).isEqualTo(done);
    assertThatThrownBy(() -> LeafRanges.parse("5-3")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LeafRanges.parse("0-5,4-9"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStateRecordsItsShapeAndRefusesAnother() {
    PrefillTree t = tree(1000, 3, 4);
    PrefillState s = PrefillState.started(t).withCompleted(LeafRanges.of(0, 10));
    PrefillState back = PrefillState.fromProperties(s.toProperties());
    assertThat(back.sameShape(t)).isTrue();
    assertThat(back.completed()).isEqualTo(LeafRanges.of(0, 10));
    assertThat(back.seq()).isEqualTo(1);
    assertThat(back.complete()).isFalse();
    assertThat(back.withCompleted(LeafRanges.of(0, 64)).complete()).isTrue();
    assertThatThrownBy(() -> back.requireShape(tree(2000, 3, 4), "/b (map 0)"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("prefill: /b (map 0) already holds a prefill made with -prefillFiles 1000 "
            + "-prefillDepth 3 -prefillFanOut 4 -prefillSizes 0:100; give those same values to "
            + "resume or reuse it (it was given -prefillFiles 2000 -prefillDepth 3 "
            + "-prefillFanOut 4 -prefillSizes 0:100), remove it with -cleanup, or choose a new "
            + "-baseDir");
    java.util.Properties cut = s.toProperties();
    cut.remove("end");
    assertThatThrownBy(() -> PrefillState.fromProperties(cut))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
