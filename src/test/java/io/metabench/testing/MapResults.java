package io.metabench.testing;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.stats.FailureCount;
import io.metabench.stats.PhaseResult;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/** Map tasks' results for tests: a {@link RunResult} of map {@code m} on a host. */
public final class MapResults {
  private MapResults() {
  }

  /** The configuration map {@code m} of a job ran with: {@code base}'s, with its map index. */
  public static BenchConfig configOf(BenchConfig base, int m) {
    Configuration c = new Configuration(false);
    if (base != null) {
      base.writeTo(c);
    } else {
      c.set(ConfigKeys.OPERATIONS, "create_write");
    }
    c.setInt(ConfigKeys.MAP_INDEX, m);
    return BenchConfig.fromConfiguration(c);
  }

  /** Map {@code m}'s result: {@code phases} and {@code cleanup}, run on {@code host}. */
  public static RunResult of(RunInfo info, BenchConfig base, int m, String host, String attempt,
      List<PhaseResult> phases, Map<String, FailureCount> cleanup) {
    return new RunResult(info, configOf(base, m), phases, cleanup)
        .withTask(new RunResult.Task(host, attempt));
  }
}
