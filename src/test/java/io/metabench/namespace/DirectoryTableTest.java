package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Depths and top-level subtrees from parents alone, whatever order the directories come in; a
 * directory whose parents do not lead to the root (orphaned, or in a loop of a damaged image)
 * gets depth -1 instead of hanging or throwing.
 */
class DirectoryTableTest {
  @Test
  void depthsAndSubtreesComeFromTheParentsAndADamagedChainIsUnreachable() {
    DirectoryTable t = new DirectoryTable();
    // ids out of order, as an image may list them after renames
    long[] ids = {30, FsImageProfiler.ROOT_ID, 10, 20, 40, 50, 60};
    for (long id : ids) {
      t.add(id);
    }
    t.seal();
    int root = t.index(FsImageProfiler.ROOT_ID);
    // 30 under 10 under 20 under the root; 40 under the root; 50 and 60 a loop; none missing
    t.parent[t.index(30)] = t.index(10);
    t.parent[t.index(10)] = t.index(20);
    t.parent[t.index(20)] = root;
    t.parent[t.index(40)] = root;
    t.parent[t.index(50)] = t.index(60);
    t.parent[t.index(60)] = t.index(50);
    assertThat(t.index(99)).isEqualTo(-1);
    t.computeDepths(root);
    assertThat(t.depth[root]).isZero();
    assertThat(t.depth[t.index(20)]).isEqualTo(1);
    assertThat(t.depth[t.index(10)]).isEqualTo(2);
    assertThat(t.depth[t.index(30)]).isEqualTo(3);
    assertThat(t.depth[t.index(40)]).isEqualTo(1);
    assertThat(t.depth[t.index(50)]).isEqualTo(-1);
    assertThat(t.depth[t.index(60)]).isEqualTo(-1);
    assertThat(t.top[t.index(30)]).isEqualTo(t.index(20));
    assertThat(t.top[t.index(10)]).isEqualTo(t.index(20));
    assertThat(t.top[t.index(40)]).isEqualTo(t.index(40));
    assertThat(t.top[root]).isEqualTo(-1);
  }

  @Test
  void aDirectoryWithNoParentThatIsNotTheRootIsUnreachable() {
    DirectoryTable t = new DirectoryTable();
    t.add(FsImageProfiler.ROOT_ID);
    t.add(7);
    t.add(8);
    t.seal();
    t.parent[t.index(8)] = t.index(7);
    t.computeDepths(t.index(FsImageProfiler.ROOT_ID));
    assertThat(t.depth[t.index(7)]).isEqualTo(-1);
    assertThat(t.depth[t.index(8)]).isEqualTo(-1);
  }
}
