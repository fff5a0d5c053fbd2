package io.metabench.mapred;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.config.ConfigKeys;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;

/** Splits are generated, one per map, each carrying its map index. */
class MapIndexInputFormatTest {
  @Test
  void oneSplitPerMapWithItsIndex() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setInt(ConfigKeys.MAPS, 200);
    List<InputSplit> splits = new MapIndexInputFormat().getSplits(Job.getInstance(conf));
    assertThat(splits).hasSize(200);
    for (int i = 0; i < splits.size(); i++) {
      MapIndexInputFormat.MapIndexSplit split = (MapIndexInputFormat.MapIndexSplit) splits.get(i);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      split.write(new DataOutputStream(bytes));
      MapIndexInputFormat.MapIndexSplit copy = new MapIndexInputFormat.MapIndexSplit();
      copy.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertThat(copy.mapIndex()).isEqualTo(i);
      assertThat(copy.getLocations()).isEmpty();
    }
  }
}
