package io.metabench.fs;

import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Checks of a target that need no file system access, made before anything is touched (and,
 * for the embedded HDFS, before it starts): each refuses with one line naming the fix. Stateless.
 */
public final class TargetChecks {
  private TargetChecks() {
  }

  /**
   * Refuses a block size the HDFS NameNode would reject for every create, before anything runs.
   */
  public static void hdfsLimits(BenchConfig config, Target target) {
    hdfsLimits(config, target.fsUri().getScheme(), target.clientConf());
  }

  /** As {@link #hdfsLimits(BenchConfig, Target)}, before the target exists. */
  public static void hdfsLimits(BenchConfig config, String scheme,
      Configuration conf) {
    if (!"hdfs".equals(scheme) || !config.operations().contains(OpType.CREATE_WRITE)
        && !config.prefill().asked()) {
      return;
    }
    String key = "dfs.namenode.fs-limits.min-block-size";
    long min = conf.getLong(key, 1024 * 1024);
    if (config.blockSize() < min) {
      throw new InvalidInputException("-blockSize " + config.blockSize() + " is below HDFS's "
          + "minimum block size (" + key + " = " + min + "): use at least " + min + ", or lower "
          + "the NameNode's " + key + " and pass the same value with -D " + key + "=...");
    }
  }

  /**
   * Refuses -maps with the embedded HDFS unless the job runs on the local job runner, whose tasks
   * are threads of this process; called before the embedded HDFS starts.
   */
  public static void embeddedFramework(Configuration conf) {
    if (!MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME,
        MRConfig.LOCAL_FRAMEWORK_NAME))) {
      throw new InvalidInputException("-maps with the embedded HDFS works only with the local job "
          + "runner (-D mapreduce.framework.name=local): tasks on a cluster cannot reach it; "
          + "pass -baseDir hdfs://namenode:8020/path");
    }
  }
}
