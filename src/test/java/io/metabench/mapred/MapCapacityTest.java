package io.metabench.mapred;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import java.util.Arrays;
import java.util.Collections;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class MapCapacityTest {
  @Test
  void theLocalRunnerIsCheckedOnlyWhenTheUserLimitedIt() {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.framework.name", "local");
    MapCapacity.check(64, conf); // MetaBench then sets the maximum to -maps itself
    conf.setInt(MapCapacity.LOCAL_MAPS_MAXIMUM, 2);
    MapCapacity.check(2, conf);
    assertThatThrownBy(() -> MapCapacity.check(3, conf))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-maps 3 needs 3 maps running at once to meet at each phase's barrier, but "
            + "the local job runner runs at most 2 (mapreduce.local.map.tasks.maximum): give "
            + "-maps 2 or fewer, or raise mapreduce.local.map.tasks.maximum to 3 or more "
            + "(nothing was changed)");
  }

  @Test
  void mapsFitInWhatTheNodesHaveFreeAfterTheMastersContainer() {
    // Two nodes: 8 GB and 8 vcores free, 4 GB and 2 vcores free; 1 GB maps, 1.5 GB master.
    long[] big = {8192, 8};
    long[] small = {4096, 2};
    // The master takes the big node: 6.5 GB and 7 vcores left = 6 maps; the small node 2 (vcores).
    assertThat(MapCapacity.fitAfterMaster(Arrays.asList(big, small), 1536, 1, 1024, 1))
        .isEqualTo(8);
    // Memory bounds a node as vcores do; vcores of 0 (memory-only scheduling) bound nothing.
    assertThat(MapCapacity.fitAfterMaster(Collections.singletonList(new long[] {3000, 64}), 1000,
        1, 1024, 1)).isEqualTo(1);
    assertThat(MapCapacity.fitAfterMaster(Arrays.asList(big, small), 1536, 0, 1024, 0))
        .isEqualTo(6 + 4);
    // No node holds the master: nothing runs.
    assertThat(MapCapacity.fitAfterMaster(Collections.singletonList(new long[] {1024, 4}), 1536,
        1, 512, 1)).isZero();
  }
}
