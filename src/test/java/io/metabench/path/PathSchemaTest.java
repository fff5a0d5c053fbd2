package io.metabench.path;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PathSchemaTest {
  private static final Path BASE = new Path("hdfs://nn.example:8020/bench/base");

  private static final Pattern FILE = Pattern.compile(
      "/bench/base/data/map_(\\d+)/thread_(\\d+)((?:/d_\\d+)*)/file_(\\d+)");
  private static final Pattern RENAMED = Pattern.compile(
      "/bench/base/data/map_(\\d+)/thread_(\\d+)((?:/d_\\d+)*)/file_(\\d+)_r");
  private static final Pattern DIR = Pattern.compile(
      "/bench/base/dirs/map_(\\d+)/thread_(\\d+)((?:/d_\\d+)*)/dir_(\\d+)");

  @Test
  void kindAndMapDirectories() {
    PathSchema s = new PathSchema(BASE, 7, 10, 10);
    assertThat(s.baseDir()).isEqualTo(BASE);
    assertThat(s.kindDir(true).toString()).isEqualTo("/bench/base/data");
    assertThat(s.kindDir(false).toString()).isEqualTo("/bench/base/dirs");
    assertThat(s.mapDir(true).toString())
        .isEqualTo("/bench/base/data/map_7");
    assertThat(s.mapDir(false).toString())
        .isEqualTo("/bench/base/dirs/map_7");
    assertThat(s.fanOut().items()).isEqualTo(10);
    assertThat(s.fanOut().entriesPerDir()).isEqualTo(10);
  }

  @Test
  void flatLayoutNamesFilesDirectlyInTheThreadDirectory() {
    WorkerPaths w = new PathSchema(BASE, 3, 5, 10).forWorker(2);
    assertThat(w.file(0).toString())
        .isEqualTo("/bench/base/data/map_3/thread_2/file_0");
    assertThat(w.file(4).toString())
        .isEqualTo("/bench/base/data/map_3/thread_2/file_4");
    assertThat(w.renamedFile(4).toString())
        .isEqualTo("/bench/base/data/map_3/thread_2/file_4_r");
    assertThat(w.dir(1).toString())
        .isEqualTo("/bench/base/dirs/map_3/thread_2/dir_1");
    assertThat(w.currentFile(4, false)).isEqualTo(w.file(4));
    assertThat(w.currentFile(4, true)).isEqualTo(w.renamedFile(4));
    assertThat(w.tree(true)).isSameAs(w.files());
    assertThat(w.tree(false)).isSameAs(w.dirs());
    assertThat(w.files().leafDirs()).containsExactly(
        new Path("/bench/base/data/map_3/thread_2"));
    assertThat(w.dirs().dirsDeepestFirst()).containsExactly(
        new Path("/bench/base/dirs/map_3/thread_2"));
  }

  @Test
  void nestedLayoutNamesBucketsMostSignificantFirst() {
    WorkerPaths w = new PathSchema(BASE, 0, 25, 3).forWorker(1);
    // 25 items, 3 per directory: depth 2; item 17 is in leaf bucket 5 = (1, 2)
    assertThat(w.file(17).toString())
        .isEqualTo("/bench/base/data/map_0/thread_1/d_1/d_2/file_17");
    assertThat(w.renamedFile(17).toString())
        .isEqualTo("/bench/base/data/map_0/thread_1/d_1/d_2/file_17_r");
    assertThat(w.dir(24).toString())
        .isEqualTo("/bench/base/dirs/map_0/thread_1/d_2/d_2/dir_24");
    assertThat(w.file(0).toString())
        .isEqualTo("/bench/base/data/map_0/thread_1/d_0/d_0/file_0");
  }

  /**
   * Enumerates every name of every worker and checks the fan-out limit by counting the children of
   * each directory over all item paths and all bucket directories.
   */
  @ParameterizedTest(name = "items={0}, entriesPerDir={1}, threads={2}")
  @CsvSource({
      "25, 3, 2",
      "1000, 10, 3",
      "1001, 10, 1",
      "7, 2, 2",
      "1, 2, 1",
      "10, 10, 2",
      "11, 10, 1",
      "2000, 7, 1",
  })
  void everyNameIsUniqueWellFormedAndNoDirectoryOverflows(long items, int entriesPerDir,
      int threads) {
    int map = 4;
    PathSchema schema = new PathSchema(BASE, map, items, entriesPerDir);
    for (boolean ofFiles : new boolean[] {true, false}) {
      Set<Path> all = new HashSet<>();
      Map<Path, Set<Path>> children = new HashMap<>();
      Set<Path> threadDirs = new HashSet<>();
      for (int t = 0; t < threads; t++) {
        WorkerPaths w = schema.forWorker(t);
        ItemTree tree = w.tree(ofFiles);
        Path threadDir = new Path(schema.mapDir(ofFiles), "thread_" + t);
        assertThat(tree.root()).isEqualTo(threadDir);
        threadDirs.add(threadDir);
        Set<Path> parentsOfItems = new LinkedHashSet<>();
        for (long i = 0; i < items; i++) {
          Path p = ofFiles ? w.file(i) : w.dir(i);
          assertThat(all.add(p)).as("%s is unique", p).isTrue();
          Matcher m = (ofFiles ? FILE : DIR).matcher(p.toString());
          assertThat(m.matches()).as("%s is well formed", p).isTrue();
          assertThat(Integer.parseInt(m.group(1))).isEqualTo(map);
          assertThat(Integer.parseInt(m.group(2))).isEqualTo(t);
          assertThat(Long.parseLong(m.group(4))).isEqualTo(i);
          int levels = m.group(3).isEmpty() ? 0 : m.group(3).substring(1).split("/").length;
          assertThat(levels).isEqualTo(schema.fanOut().depth());
          parentsOfItems.add(p.getParent());
          addAncestors(children, p, threadDir);
          if (ofFiles) {
            Path r = w.renamedFile(i);
            assertThat(r.getParent()).isEqualTo(p.getParent());
            assertThat(r.getName()).isEqualTo(p.getName() + "_r");
            assertThat(RENAMED.matcher(r.toString()).matches()).isTrue();
          }
        }
        // leafDirs: exactly the directories holding items, no empty bucket made
        assertThat(tree.leafDirs()).doesNotHaveDuplicates();
        assertThat(new LinkedHashSet<>(tree.leafDirs())).isEqualTo(parentsOfItems);
        for (Path leaf : tree.leafDirs()) {
          addAncestors(children, leaf, threadDir);
        }
      }
      // the fan-out limit holds in every directory of a worker's tree
      for (Map.Entry<Path, Set<Path>> e : children.entrySet()) {
        assertThat(e.getValue().size()).as("entries of %s", e.getKey())
            .isLessThanOrEqualTo(entriesPerDir);
      }
      assertThat(all).hasSize((int) (items * threads));
      assertThat(children.keySet()).containsAll(threadDirs);
    }
  }

  /** Records p under its parent, and so on up to (and including) the parent of stop's child. */
  private static void addAncestors(Map<Path, Set<Path>> children, Path p, Path stop) {
    Path child = p;
    while (!child.equals(stop)) {
      Path parent = child.getParent();
      assertThat(parent).as("%s is below %s", p, stop).isNotNull();
      children.computeIfAbsent(parent, k -> new HashSet<>()).add(child);
      child = parent;
    }
  }

  @Test
  void namesAreDeterministicWhateverTheOrderOfAccess() {
    WorkerPaths sequential = new PathSchema(BASE, 2, 1000, 10).forWorker(5);
    List<Path> expected = new ArrayList<>();
    for (long i = 0; i < 1000; i++) {
      expected.add(sequential.file(i));
    }
    // another instance (a later run), accessed in random order, with renamed names in between
    WorkerPaths shuffledPaths = new PathSchema(BASE, 2, 1000, 10).forWorker(5);
    List<Long> order = new ArrayList<>();
    for (long i = 0; i < 1000; i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(42));
    for (long i : order) {
      shuffledPaths.renamedFile(999 - i);
      shuffledPaths.dir(i);
      assertThat(shuffledPaths.file(i)).isEqualTo(expected.get((int) i));
    }
  }

  @Test
  void workersAndMapsNeverShareNames() {
    PathSchema m0 = new PathSchema(BASE, 0, 50, 10);
    PathSchema m1 = new PathSchema(BASE, 1, 50, 10);
    Set<Path> names = new HashSet<>();
    for (PathSchema s : new PathSchema[] {m0, m1}) {
      for (int t = 0; t < 3; t++) {
        WorkerPaths w = s.forWorker(t);
        for (long i = 0; i < 50; i++) {
          assertThat(names.add(w.file(i))).isTrue();
          assertThat(names.add(w.renamedFile(i))).isTrue();
          assertThat(names.add(w.dir(i))).isTrue();
        }
      }
    }
    assertThat(names).hasSize(2 * 3 * 50 * 3);
  }

  @ParameterizedTest(name = "items={0}, entriesPerDir={1}")
  @CsvSource({"25, 3", "1000, 10", "1001, 10", "5, 10", "11, 10"})
  void dirsDeepestFirstListsEveryDirectoryChildrenBeforeParents(long items, int entriesPerDir) {
    ItemTree tree = new PathSchema(BASE, 0, items, entriesPerDir).forWorker(0).files();
    List<Path> dirs = tree.dirsDeepestFirst();
    Path root = tree.root();

    // every directory of the tree: all ancestors of every leaf, up to and including the root
    Set<Path> expected = new HashSet<>();
    for (Path leaf : tree.leafDirs()) {
      for (Path p = leaf; ; p = p.getParent()) {
        expected.add(p);
        if (p.equals(root)) {
          break;
        }
      }
    }
    assertThat(dirs).doesNotHaveDuplicates();
    assertThat(new HashSet<>(dirs)).isEqualTo(expected);
    assertThat(dirs).contains(root);
    assertThat(dirs.get(dirs.size() - 1)).isEqualTo(root);
    assertThat(dirs).doesNotContain(root.getParent());

    // children before parents: each directory comes after all directories below it
    for (int i = 0; i < dirs.size(); i++) {
      for (int j = i + 1; j < dirs.size(); j++) {
        assertThat(isAncestor(dirs.get(i), dirs.get(j)))
            .as("%s is listed before its descendant %s", dirs.get(i), dirs.get(j)).isFalse();
      }
    }
    // the number of directories, worked out from the fan-out: the leaves plus their ancestors
    FanOut f = tree.fanOut();
    long count = 0;
    long level = f.leafBuckets();
    for (int d = f.depth(); d >= 0; d--) {
      count += level;
      level = (level + f.entriesPerDir() - 1) / f.entriesPerDir();
    }
    assertThat((long) dirs.size()).isEqualTo(count);
  }

  @Test
  void dirsDeepestFirstForTwentyFiveByThree() {
    ItemTree tree = new PathSchema(new Path("/b"), 0, 25, 3).forWorker(0).dirs();
    List<String> names = new ArrayList<>();
    for (Path p : tree.dirsDeepestFirst()) {
      names.add(p.toString());
    }
    assertThat(names).hasSize(9 + 3 + 1);
    assertThat(names).startsWith("/b/dirs/map_0/thread_0/d_2/d_2");
    assertThat(names).endsWith("/b/dirs/map_0/thread_0/d_0", "/b/dirs/map_0/thread_0");
  }

  private static boolean isAncestor(Path ancestor, Path p) {
    for (Path q = p.getParent(); q != null; q = q.getParent()) {
      if (q.equals(ancestor)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void aSharedTreeInterleavesTheWorkersAndKeepsEachDirectoryWithinItsLimit() {
    PathSchema shared = PathSchema.of(BASE, 1, new Layout(3, 4, 5, true));
    assertThat(shared.shared()).isTrue();
    Set<String> names = new HashSet<>();
    Map<Path, Integer> perDir = new HashMap<>();
    for (int t = 0; t < 3; t++) {
      WorkerPaths w = shared.forWorker(t);
      for (int i = 0; i < 4; i++) {
        Path p = w.file(i);
        assertThat(p.getName()).isEqualTo("file_" + (i * 3 + t));
        assertThat(p.toString()).contains("/data/map_1/shared/");
        names.add(p.getName());
        perDir.merge(p.getParent(), 1, Integer::sum);
      }
      assertThat(w.renamedFile(2).getName()).isEqualTo("file_" + (6 + t) + "_r");
    }
    assertThat(names).hasSize(12);
    assertThat(perDir.values()).allMatch(n -> n <= 5);
    assertThat(PathSchema.of(BASE, 1, new Layout(3, 4, 5)).shared()).isFalse();
  }
}
