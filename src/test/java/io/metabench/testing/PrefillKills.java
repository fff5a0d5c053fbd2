package io.metabench.testing;

import io.metabench.path.BaseDirMarker;
import io.metabench.path.PrefillState;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Kills a prefill midway, as a crash would, for the resume tests. Stateless. */
public final class PrefillKills {
  private PrefillKills() {
  }

  /**
   * Starts MetaBench with {@code shape} (its prefill options and {@code -baseDir base}) in a JVM
   * of its own, checkpointing every 200 ms, and kills it with SIGKILL (no shutdown hook, no last
   * checkpoint) once map 0's record shows {@code units} units complete, or when it ends first.
   *
   * @return whether the child was killed before it ended
   */
  public static boolean killWhenRecorded(File scratch, FileSystem fs, String base, long units,
      String... shape) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList(shape));
    args.addAll(Arrays.asList("-D", "metabench.prefill.checkpoint.millis=200", "-quiet",
        "-nnbenchLog", "", "-jsonOut", new File(scratch, "child.json").getPath()));
    Process child = MetaBenchRun.startChild(scratch, args.toArray(new String[0]));
    boolean alive = true;
    try {
      for (int i = 0; i < 1200 && alive; i++) {
        PrefillState seen = fs.exists(new Path(base)) ? BaseDirMarker.readPrefill(fs,
            new Path(base), 0) : null;
        if (seen != null && seen.completed().size() >= units) {
          break;
        }
        Thread.sleep(100);
        alive = child.isAlive();
      }
    } finally {
      child.destroyForcibly();
    }
    if (!child.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the killed prefill did not end");
    }
    return alive;
  }
}
