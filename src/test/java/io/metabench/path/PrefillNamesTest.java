package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * The read phases' picks of the prefill's files: the same item is the same file, workers and
 * seeds draw apart, uniform spreads over every file, a Zipf law makes a few files hot (the most
 * read takes its share 1 ÷ H(n, s)), and the hot files are spread over the tree.
 */
class PrefillNamesTest {
  private static final PrefillTree TREE = new PrefillTree(new Path("/b/prefill/map_0"), 10_000,
      2, 10, PrefillSizes.EMPTY_FILES);

  private static Map<Long, Integer> counts(PrefillNames names, int draws) {
    Map<Long, Integer> n = new HashMap<>();
    for (long i = 0; i < draws; i++) {
      n.merge(names.pick(i), 1, Integer::sum);
    }
    return n;
  }

  @Test
  void anItemIsTheSameFileEveryTimeAndWorkersAndSeedsDrawApart() {
    PrefillNames a = new PrefillNames(TREE, Popularity.parse("zipf:1.1"), 1, 0, 0);
    PrefillNames again = new PrefillNames(TREE, Popularity.parse("zipf:1.1"), 1, 0, 0);
    PrefillNames otherWorker = new PrefillNames(TREE, Popularity.parse("zipf:1.1"), 1, 0, 1);
    int same = 0;
    for (long i = 0; i < 1000; i++) {
      assertThat(again.file(i)).isEqualTo(a.file(i));
      assertThat(a.file(i)).isEqualTo(TREE.file(a.pick(i)));
      assertThat(a.renamedFile(i)).isEqualTo(a.file(i));
      assertThat(a.dir(i)).isEqualTo(a.file(i).getParent());
      same += otherWorker.pick(i) == a.pick(i) ? 1 : 0;
    }
    assertThat(same).as("the same file by chance: mostly the hottest").isLessThan(100);
  }

  @Test
  void uniformSpreadsOverEveryFile() {
    Map<Long, Integer> n = counts(new PrefillNames(TREE, Popularity.parse("uniform"), 7, 0, 0),
        100_000);
    assertThat(n.size()).isGreaterThan(9_900); // 10,000 × (1 - e^-10) expected
    assertThat(n.values().stream().mapToInt(Integer::intValue).max().getAsInt()).isLessThan(40);
  }

  @Test
  void aZipfLawMakesAFewFilesHotAndSpreadsThemOverTheTree() {
    Map<Long, Integer> n = counts(new PrefillNames(TREE, Popularity.parse("zipf:1.1"), 7, 0, 0),
        100_000);
    // H(10,000, 1.1) = 6.51: the most read file takes 1 / 6.51 = 15.4 % of the reads.
    int top = n.values().stream().mapToInt(Integer::intValue).max().getAsInt();
    assertThat(top).isBetween(14_000, 17_000);
    long hot = n.entrySet().stream().filter(e -> e.getValue() >= 500).count();
    long leavesOfHot = n.entrySet().stream().filter(e -> e.getValue() >= 500)
        .map(e -> TREE.unitOf(e.getKey())).distinct().count();
    assertThat(hot).isBetween(10L, 40L);
    assertThat(leavesOfHot).as("hot files in %d leaves of 100", leavesOfHot).isGreaterThan(hot / 2);
  }

  @Test
  void aPopularityIsUniformOrAZipfLaw() {
    assertThat(Popularity.parse("").picks()).isFalse();
    assertThat(Popularity.parse("Uniform").toString()).isEqualTo("uniform");
    assertThat(Popularity.parse("zipf:1.1").exponent()).isEqualTo(1.1);
    for (String bad : new String[] {"zipf", "zipf:0", "zipf:11", "pareto"}) {
      assertThatThrownBy(() -> Popularity.parse(bad)).isInstanceOf(InvalidInputException.class)
          .hasMessage("-onPrefill '" + bad + "' is not a popularity; give uniform, or zipf:s "
              + "with s over 0 and at most 10, such as zipf:1.1");
    }
    assertThat(PrefillNames.strideFor(10_000) % 2).isOne();
  }
}
