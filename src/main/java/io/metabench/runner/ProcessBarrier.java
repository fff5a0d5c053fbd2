package io.metabench.runner;

import io.metabench.config.BenchConfig;
import io.metabench.engine.FileBarrier;
import io.metabench.engine.PhaseBarrier;
import io.metabench.fs.Target;
import io.metabench.path.BaseDirMarker;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The barrier of processes started by hand with {@code -processes n} ({@code -mapIndex} 0 to
 * n-1, one {@code -startTime}): a {@link FileBarrier} in
 * {@code <baseDir>/.metabench/processes-<startTime>}, met before every phase after the client
 * warm-up, as a {@code -maps} job's maps meet before each of theirs. On {@link #close} each
 * process leaves {@code done_<m>}; the one that finds all n done removes the directory (made
 * by these processes, inside MetaBench's own marker directory) and, after a {@code -cleanup},
 * the marker when nothing else is left.
 *
 * <p>Used by one thread of one process.
 */
public final class ProcessBarrier implements PhaseBarrier, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ProcessBarrier.class);

  private final BenchConfig config;
  private final Path base;
  private final Path dir;
  private final FileSystem fs;
  private final FileBarrier barrier;

  private ProcessBarrier(BenchConfig config, Target target, FileSystem fs) {
    this.config = config;
    this.base = target.baseDir();
    this.dir = new Path(BaseDirMarker.markerDir(base), "processes-" + config.startTime());
    this.fs = fs;
    this.barrier = new FileBarrier(fs, dir, config.mapIndex(), config.processes(),
        config.barrierTimeoutSeconds() * 1000L, () -> { });
  }

  /** The barrier of {@code config}'s processes, or null when it names none. */
  public static ProcessBarrier of(BenchConfig config, Target target) throws IOException {
    if (config.processes() == 0) {
      return null;
    }
    return new ProcessBarrier(config, target,
        FileSystem.newInstance(target.baseDir().toUri(), target.clientConf()));
  }

  @Override
  public boolean await(int phase) throws IOException, InterruptedException {
    return barrier.await(phase);
  }

  @Override
  public void withdraw(int from, int to) throws IOException {
    barrier.withdraw(from, to);
  }

  @Override
  public void close() throws IOException {
    try {
      if (FileBarrier.leave(fs, dir, config.mapIndex(), config.processes())
          && config.cleanup()) {
        BaseDirMarker.releaseIfUnused(fs, base);
      }
    } catch (IOException e) {
      LOG.warn("could not tidy the processes' barrier {}: {}", dir, e.toString());
    } finally {
      fs.close();
    }
  }
}
