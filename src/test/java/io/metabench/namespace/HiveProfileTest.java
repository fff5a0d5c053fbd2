package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.path.PrefillSizes;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The built-in profile {@code hive}: a Hive table of 10,000 partitions, each a {@code dt=…}
 * directory of four {@code part-…} files, the {@code hive-partitions} workload's namespace
 * (docs/namespaces.md#scenarios). Drawn at any scale it keeps four files a partition, exactly,
 * and Hive's names.
 */
class HiveProfileTest {
  private static final int PARTITIONS = 10_000;
  private static final int FILES_EACH = 4;
  private static JsonNode hive;

  /** The table profiled: the root holds the partitions, each partition its files. */
  @BeforeAll
  static void profileATable() {
    ProfileBuilder b = new ProfileBuilder("reference");
    int total = PARTITIONS + 1;
    b.directory(FsImageProfiler.ROOT_ID, "");
    for (int i = 1; i < total; i++) {
      b.directory(FsImageProfiler.ROOT_ID + i, "dt=" + i);
      for (int f = 0; f < FILES_EACH; f++) {
        b.file(String.format("part-%05d", f), 0, 0, 3, 0);
      }
    }
    DirectoryTable t = b.directories();
    t.seal();
    t.parent[0] = -1;
    for (int i = 1; i < total; i++) {
      t.parent[i] = 0;
      t.files[i] = FILES_EACH;
      t.subdirs[0]++;
    }
    t.computeDepths(0);
    hive = b.build().json();
  }

  /**
   * The built-in profile is this table, its {@code source} aside. Run with {@code
   * -Dmetabench.writeHive=<file>} to write it again.
   */
  @Test
  void theBuiltInHiveProfileIsTheTable() throws Exception {
    ShippedProfile.check("hive", hive, "A Hive table of 10,000 partitions (dt=... directories), "
        + "each of four part-... files, empty: the hive-partitions workload's namespace. Drawn by "
        + "MetaBench's HiveProfileTest.");
  }

  @Test
  void atAnyScaleEveryPartitionHoldsFourFilesExactly() {
    for (double scale : new double[] {0.01, 0.1, 1, 10}) {
      ShapeModel m = ShapeModel.of(hive, scale, 7);
      long partitions = Math.round(PARTITIONS * scale);
      assertThat(m.directories()).as("scale %s", scale).isEqualTo(partitions + 1);
      for (int i = 1; i < m.directories(); i++) {
        assertThat(m.files(i)).as("partition %d at %s", i, scale).isEqualTo(FILES_EACH);
      }
      assertThat(Fidelity.of(hive, m.profile().json(), scale).failures()).isEmpty();
    }
  }

  @Test
  void partitionsAreNamedAsHiveNamesThem() {
    ShapedTree tree = new ShapedTree(new Path("/p/map_0"), ShapeProfile.load("hive"), 0.01, 3,
        PrefillSizes.EMPTY_FILES);
    Set<String> dirs = new HashSet<>();
    for (long unit = 0; unit < tree.units(); unit++) {
      Path dir = tree.unitDir(unit);
      if (dir == null || dir.equals(tree.root())) {
        continue;
      }
      assertThat(dir.getParent()).isEqualTo(tree.root());
      assertThat(dir.getName()).matches("dt=\\d+");
      dirs.add(dir.getName());
      for (long i = tree.firstFile(unit); i < tree.firstFile(unit + 1); i++) {
        assertThat(tree.fileName(i)).matches("part-0000[0-3]");
      }
    }
    assertThat(dirs).hasSize(PARTITIONS / 100);
  }
}
