package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.namespace.ShapeModel;
import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.PrefillSizes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * A log's paths mapped onto a namespace of yahoo's shape: each directory that was there before
 * the log onto one of the namespace's at its depth, under its parent's, of its size class where
 * one is free; files and what the log makes by their own names inside them.
 */
class NamespaceMappingTest {
  private static final Path ROOT = new Path("hdfs://nn:8020/base/replay");
  private static final ShapedTree TREE = new ShapedTree(ROOT, ShapeProfile.load("yahoo"), 0.1,
      7, PrefillSizes.EMPTY_FILES);

  /** A log that reads 40 files in 4 tables of a warehouse, one table of 25, and a user's dir. */
  private static Precreation warehouseLog() throws Exception {
    List<Object> rows = new ArrayList<>();
    int ms = 0;
    for (int t = 0; t < 4; t++) {
      int files = t == 0 ? 25 : 5;
      for (int f = 0; f < files; f++) {
        rows.add(ms++);
        rows.add("open");
        rows.add("/data/warehouse/t" + t + "/part-" + f);
      }
    }
    rows.add(ms++);
    rows.add("listStatus");
    rows.add("/user/alice/out");
    rows.add(ms);
    rows.add("create");
    rows.add("/data/warehouse/t1/new-file");
    return Precreation.of(ReplayScheduleTest.log(rows.toArray()), null, false);
  }

  private static String relative(Path p) {
    String s = p.toUri().getPath();
    String root = ROOT.toUri().getPath();
    assertThat(s).startsWith(root);
    return s.substring(root.length());
  }

  private static int depth(String relative) {
    return relative.isEmpty() ? 0 : relative.split("/").length - 1;
  }

  @Test
  void everyDirectoryGoesOntoOneOfTheNamespacesAtItsDepthUnderItsParents() throws Exception {
    NamespaceMapping m = NamespaceMapping.of(warehouseLog(), null, TREE, 1);
    Map<String, String> made = new HashMap<>();
    for (String dir : new String[] {"/data", "/data/warehouse", "/data/warehouse/t0",
        "/data/warehouse/t1", "/data/warehouse/t2", "/data/warehouse/t3", "/user",
        "/user/alice", "/user/alice/out"}) {
      assertThat(m.mapsDirectory(dir)).as(dir).isTrue();
      String onto = relative(m.remap(dir));
      assertThat(depth(onto)).as(dir + " -> " + onto).isEqualTo(depth(dir));
      assertThat(onto).as(dir).doesNotContain("warehouse").doesNotContain("alice");
      made.put(dir, onto);
    }
    // Under its parent's: a directory's rename or delete moves what it held.
    assertThat(made.get("/data/warehouse/t0")).startsWith(made.get("/data/warehouse") + "/");
    assertThat(made.get("/user/alice/out")).startsWith(made.get("/user/alice") + "/");
    // No two share one.
    assertThat(new HashSet<>(made.values())).hasSize(made.size());
    assertThat(m.exact() + m.nearest() + m.anyClass() + m.madeBeside()).isEqualTo(9);
    assertThat(m.madeBeside()).isZero();
    // The root is the namespace's root; a file keeps its name in its directory's.
    assertThat(m.remap("/")).isEqualTo(ROOT);
    assertThat(relative(m.remap("/data/warehouse/t0/part-3")))
        .isEqualTo(made.get("/data/warehouse/t0") + "/part-3");
    assertThat(relative(m.remap("/data/warehouse/t1/new-file")))
        .isEqualTo(made.get("/data/warehouse/t1") + "/new-file");
    // A path no one mapped lies under the root by its own name.
    assertThat(relative(m.remap("/tmp/x"))).isEqualTo("/tmp/x");
    assertThat(m.describe()).startsWith("9 directories that were there before the log mapped "
        + "onto the namespace's at their depth");
  }

  @Test
  void aDirectoryTakesOneOfItsSizeClassWhereItsParentHasOne() throws Exception {
    NamespaceMapping m = NamespaceMapping.of(warehouseLog(), null, TREE, 1);
    ShapeModel model = TREE.model();
    Map<String, Integer> byPath = new HashMap<>();
    for (int i = 0; i < model.directories(); i++) {
      byPath.put(relative(TREE.unitDir(i)), i);
    }
    int warehouse = byPath.get(relative(m.remap("/data/warehouse")));
    Set<Integer> classes = new HashSet<>();
    for (int c = model.firstChild(warehouse); c < model.firstChild(warehouse)
        + model.subdirectories(warehouse); c++) {
      classes.add(NamespaceMapping.sizeClass(model.files(c) + model.subdirectories(c)));
    }
    int t0 = byPath.get(relative(m.remap("/data/warehouse/t0")));
    int wanted = NamespaceMapping.sizeClass(25);
    int got = NamespaceMapping.sizeClass(model.files(t0) + model.subdirectories(t0));
    if (classes.contains(wanted)) {
      assertThat(got).isEqualTo(wanted);
    } else {
      assertThat(Math.abs(got - wanted)).isEqualTo(classes.stream()
          .mapToInt(c -> Math.abs(c - wanted)).min().getAsInt());
    }
    assertThat(m.exact()).isPositive();
  }

  @Test
  void theSameSeedMapsAlikeAndAnotherSeedOtherwise() throws Exception {
    Precreation pre = warehouseLog();
    assertThat(NamespaceMapping.of(pre, null, TREE, 1).directories())
        .isEqualTo(NamespaceMapping.of(pre, null, TREE, 1).directories());
    assertThat(NamespaceMapping.of(pre, null, TREE, 1).directories())
        .isNotEqualTo(NamespaceMapping.of(pre, null, TREE, 2).directories());
  }

  @Test
  void aDirectoryWhoseParentHasNoneLeftIsMadeByItsOwnName() throws Exception {
    // The root of yahoo at 0.1 has 20 subdirectories: 25 top-level directories cannot all map.
    List<Object> rows = new ArrayList<>();
    for (int d = 0; d < 25; d++) {
      rows.add(d);
      rows.add("open");
      rows.add("/top" + d + "/f");
    }
    NamespaceMapping m = NamespaceMapping.of(Precreation.of(ReplayScheduleTest.log(
        rows.toArray()), null, false), null, TREE, 1);
    int free = TREE.model().subdirectories(0);
    assertThat(m.exact() + m.nearest() + m.anyClass()).isEqualTo(free);
    assertThat(m.madeBeside()).isEqualTo(25 - free);
    long byOwnName = 0;
    for (int d = 0; d < 25; d++) {
      byOwnName += relative(m.remap("/top" + d)).equals("/top" + d) ? 1 : 0;
    }
    assertThat(byOwnName).isEqualTo(25 - free);
  }

  @Test
  void whatTheLogWritesGoesIntoTheNamespacesDirectoriesAboveIt() throws Exception {
    AuditLog log = ReplayScheduleTest.log(
        0, "create", "/jobs/out/part-0",   // into directories the log never made: theirs
        1, "mkdirs", "/new/dir",           // made by the log: by its own name, under /new's
        2, "create", "/new/dir/f");
    Precreation pre = Precreation.of(log, null, false);
    assertThat(pre.size()).isZero();
    assertThat(NamespaceMapping.of(pre, null, TREE, 1).mapsDirectory("/jobs")).isFalse();
    NamespaceMapping m = NamespaceMapping.of(pre, log, TREE, 1);
    for (String dir : new String[] {"/jobs", "/jobs/out", "/new"}) {
      assertThat(m.mapsDirectory(dir)).as(dir).isTrue();
      assertThat(depth(relative(m.remap(dir)))).as(dir).isEqualTo(depth(dir));
    }
    assertThat(m.mapsDirectory("/new/dir")).isFalse();
    assertThat(relative(m.remap("/new/dir/f"))).isEqualTo(relative(m.remap("/new")) + "/dir/f");
    assertThat(relative(m.remap("/jobs/out/part-0")))
        .isEqualTo(relative(m.remap("/jobs/out")) + "/part-0");
    // The log shows none of their entries: any class of their depth.
    assertThat(m.anyClass()).isEqualTo(3);
  }

  @Test
  void sizeClassesArePowersOfTen() {
    assertThat(NamespaceMapping.sizeClass(0)).isZero();
    assertThat(NamespaceMapping.sizeClass(1)).isEqualTo(1);
    assertThat(NamespaceMapping.sizeClass(9)).isEqualTo(1);
    assertThat(NamespaceMapping.sizeClass(10)).isEqualTo(2);
    assertThat(NamespaceMapping.sizeClass(1_000)).isEqualTo(4);
  }
}
