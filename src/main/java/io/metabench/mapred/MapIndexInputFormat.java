package io.metabench.mapred;

import io.metabench.config.ConfigKeys;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * One split per map, generated from {@code metabench.maps}: each carries only its map index.
 * Nothing is read from a file system, so a job of hundreds of maps starts without NNBench's
 * serial creation of one control file per map.
 */
public final class MapIndexInputFormat extends InputFormat<IntWritable, NullWritable> {

  @Override
  public List<InputSplit> getSplits(JobContext context) {
    int maps = context.getConfiguration().getInt(ConfigKeys.MAPS, 1);
    List<InputSplit> splits = new ArrayList<>(maps);
    for (int m = 0; m < maps; m++) {
      splits.add(new MapIndexSplit(m));
    }
    return splits;
  }

  @Override
  public RecordReader<IntWritable, NullWritable> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    return new SingleRecordReader();
  }

  /** A split that is only a map index. */
  public static final class MapIndexSplit extends InputSplit implements Writable {
    private int mapIndex;

    public MapIndexSplit() {
    }

    MapIndexSplit(int mapIndex) {
      this.mapIndex = mapIndex;
    }

    public int mapIndex() {
      return mapIndex;
    }

    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(mapIndex);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      mapIndex = in.readInt();
    }
  }

  /** Yields the split's map index once. */
  private static final class SingleRecordReader extends RecordReader<IntWritable, NullWritable> {
    private final IntWritable key = new IntWritable();
    private boolean consumed;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {
      key.set(((MapIndexSplit) split).mapIndex());
    }

    @Override
    public boolean nextKeyValue() {
      if (consumed) {
        return false;
      }
      consumed = true;
      return true;
    }

    @Override
    public IntWritable getCurrentKey() {
      return key;
    }

    @Override
    public NullWritable getCurrentValue() {
      return NullWritable.get();
    }

    @Override
    public float getProgress() {
      return consumed ? 1f : 0f;
    }

    @Override
    public void close() {
    }
  }
}
