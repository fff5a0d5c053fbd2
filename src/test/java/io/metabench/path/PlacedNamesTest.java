package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * The run's own items placed in the prefill's directories ({@code -onPrefill} on a writing
 * phase): a pure function of (seed, map, worker, index), in directories the prefill holds files
 * in, never a prefill file's name, renamed into another directory, and recorded with the layout
 * so that a later run finds them.
 */
class PlacedNamesTest {
  private static final PrefillTree TREE = new PrefillTree(new Path("/b/prefill/map_0"), 10_000,
      2, 10, PrefillSizes.EMPTY_FILES);

  @Test
  void anItemIsPlacedInAPrefillDirectoryUnderANameOfItsOwnAndRenamedAcross() {
    Popularity uniform = Popularity.parse("uniform");
    PlacedNames a = new PlacedNames(TREE, uniform, 5, 1, 3);
    PlacedNames again = new PlacedNames(TREE, uniform, 5, 1, 3);
    PrefillNames reads = new PrefillNames(TREE, uniform, 5, 1, 3);
    Set<Path> prefillDirs = new HashSet<>();
    Set<String> prefillNames = new HashSet<>();
    for (long f = 0; f < TREE.files(); f++) {
      prefillDirs.add(TREE.file(f).getParent());
      prefillNames.add(TREE.file(f).getName());
    }
    Set<Path> dirsUsed = new HashSet<>();
    int across = 0;
    for (long i = 0; i < 2000; i++) {
      Path file = a.file(i);
      assertThat(again.file(i)).isEqualTo(file);
      assertThat(again.renamedFile(i)).isEqualTo(a.renamedFile(i));
      assertThat(file.getName()).isEqualTo("file_1_3_" + i);
      assertThat(a.renamedFile(i).getName()).isEqualTo("file_1_3_" + i + "_r");
      assertThat(a.dir(i).getName()).isEqualTo("dir_1_3_" + i);
      assertThat(prefillNames).doesNotContain(file.getName(), a.renamedFile(i).getName());
      // Where the read phases' item i is, its create is: the same draw.
      assertThat(file.getParent()).isEqualTo(reads.dir(i));
      assertThat(a.dir(i).getParent()).isEqualTo(reads.dir(i));
      assertThat(prefillDirs).contains(file.getParent(), a.renamedFile(i).getParent());
      dirsUsed.add(file.getParent());
      across += a.renamedFile(i).getParent().equals(file.getParent()) ? 0 : 1;
    }
    // 100 leaf directories of 100 files each: 2,000 uniform creates reach every one, and a
    // rename stays in its directory one time in a hundred.
    assertThat(dirsUsed).hasSize(100);
    assertThat(across).isBetween(1940, 2000);
    assertThat(new PlacedNames(TREE, uniform, 5, 1, 4).file(7)).isNotEqualTo(a.file(7));
  }

  @Test
  void thePlacementIsPartOfTheLayoutAndItsRecord() {
    Layout placed = new Layout(2, 400, 10_000, false, Popularity.parse("zipf:1.1"), 3);
    Layout own = new Layout(2, 400, 10_000, false);
    assertThat(placed).isNotEqualTo(own);
    assertThat(placed).isNotEqualTo(new Layout(2, 400, 10_000, false,
        Popularity.parse("zipf:1.1"), 4));
    assertThat(placed.asOptions()).isEqualTo("-threads 2 -numberOfFiles 400 -filesPerDir 10000 "
        + "-onPrefill zipf:1.1 -seed 3");
    assertThat(own.asOptions()).doesNotContain("-onPrefill");
    // The seed is no part of a layout that is not placed.
    assertThat(new Layout(2, 400, 10_000, false, Popularity.NONE, 9)).isEqualTo(own);
    NamespaceState state = new NamespaceState(NamespaceState.Files.RENAMED, placed,
        NamespaceState.Dirs.MADE, placed);
    Properties p = state.toProperties();
    assertThat(NamespaceState.fromProperties(p)).isEqualTo(state);
    assertThat(NamespaceState.fromProperties(new NamespaceState(NamespaceState.Files.CREATED,
        own, NamespaceState.Dirs.ABSENT, null).toProperties()).fileLayout()).isEqualTo(own);
  }
}
