package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.path.LeafRanges;
import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillState;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A profile's namespace as the prefill makes it: every directory a unit, every file in exactly
 * one, every name once, parents before children; its record identifies profile, scale, seed and
 * sizes, survives its properties and resumes by units; the profile given inline (as a job's
 * configuration carries it) is the same profile, name and all.
 */
class ShapedTreeTest {
  private static final ShapeProfile YAHOO = ShapeProfile.load("yahoo");
  private static final Path ROOT = new Path("/b/prefill/map_0");

  @Test
  void everyFileIsInOneDirectoryAndEveryNameIsMadeOnceParentsFirst() {
    ShapedTree t = new ShapedTree(ROOT, YAHOO, 0.01, 4, PrefillSizes.EMPTY_FILES);
    assertThat(t.files()).isEqualTo(2_322);
    assertThat(t.units()).isEqualTo(t.directories() + 1).isEqualTo(338);
    assertThat(t.unitDir(0)).isEqualTo(ROOT);
    Set<Path> made = new HashSet<>();
    made.add(ROOT);
    PrefillShape.Names names = t.names();
    for (long u = 0; u < t.units(); u++) {
      Path dir = t.unitDir(u);
      assertThat(made.contains(dir.getParent()) || u == 0).as("parent of %s made first", dir)
          .isTrue();
      made.add(dir);
      for (long i = t.firstFile(u); i < t.firstFile(u + 1); i++) {
        assertThat(t.unitOf(i)).isEqualTo(u);
        assertThat(names.file(i).getParent()).isEqualTo(dir);
        assertThat(made.add(names.file(i))).isTrue();
      }
      assertThat(t.unitIsLeaf(u)).isEqualTo(t.model().subdirectories((int) u) == 0);
    }
    assertThat(made).hasSize((int) (t.units() + t.files()));
    assertThat(t.innerDirsDeepestFirst()).hasSize((int) java.util.stream.LongStream
        .range(1, t.units()).filter(u -> !t.unitIsLeaf(u)).count());
  }

  @Test
  void itsRecordNamesProfileScaleSeedAndSizesAndResumesByUnits() {
    ShapedTree t = new ShapedTree(ROOT, YAHOO, 0.01, 4, PrefillSizes.EMPTY_FILES);
    PrefillState s = PrefillState.started(t).withCompleted(LeafRanges.of(0, 100));
    Properties p = s.toProperties();
    PrefillState back = PrefillState.fromProperties(p);
    assertThat(back.isProfile()).isTrue();
    assertThat(back.sameShape(t)).isTrue();
    assertThat(back.complete()).isFalse();
    assertThat(back.withCompleted(LeafRanges.of(0, t.units())).complete()).isTrue();
    assertThat(back.asOptions()).isEqualTo("-prefillProfile yahoo (sha256 "
        + YAHOO.sha256().substring(0, 12) + ") -prefillScale 0.01 -seed 4 -prefillSizes 0:100");
    assertThat(back.sameShape(new ShapedTree(ROOT, YAHOO, 0.01, 5, PrefillSizes.EMPTY_FILES)))
        .isFalse();
    assertThat(back.sameShape(new ShapedTree(ROOT, YAHOO, 0.02, 4, PrefillSizes.EMPTY_FILES)))
        .isFalse();
    assertThatThrownBy(() -> back.requireShape(new ShapedTree(ROOT, YAHOO, 0.02, 4,
        PrefillSizes.EMPTY_FILES), "/b")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-prefillScale 0.01 -seed 4");
  }

  @Test
  void aProfileCarriedInlineIsTheSameProfileUnderItsName() {
    ShapeProfile carried = ShapeProfile.load(YAHOO.carried());
    assertThat(carried).isEqualTo(YAHOO);
    assertThat(carried.name()).isEqualTo("yahoo");
    assertThat(ShapeProfile.load(YAHOO.text()).name()).isEqualTo("the profile given inline");
    assertThat(ShapedTree.scaleText(0.000001)).isEqualTo("0.000001");
    assertThat(ShapedTree.scaleText(10)).isEqualTo("10");
  }
}
