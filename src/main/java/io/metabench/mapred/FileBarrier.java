package io.metabench.mapred;

import io.metabench.runner.PhaseBarrier;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A barrier of map tasks made of files, independent of clock synchronisation and of how long the
 * job waited in the queue: for phase k each map creates {@code phase_<k>/ready_<m>} in the job's
 * directory and polls until all maps have done so, then starts. If the maps are not all ready
 * within the timeout (the cluster cannot run them all at once, or one failed), the ones waiting
 * create {@code phase_<k>/_GO} and start; a map that finds {@code _GO} already there on arrival is
 * late, and says so.
 *
 * <p>Used by one thread of one map task.
 */
public final class FileBarrier implements PhaseBarrier {
  private static final Logger LOG = LoggerFactory.getLogger(FileBarrier.class);
  static final String GO = "_GO";
  // Short, because maps leave the barrier up to one poll apart; the listing load falls while
  // nothing is being measured.
  private static final long POLL_MILLIS = 50;

  private final FileSystem fs;
  private final Path dir;
  private final int mapIndex;
  private final int maps;
  private final long timeoutMillis;
  private final Runnable heartbeat;

  /**
   * @param heartbeat called while waiting, so the framework does not take the task for hung
   */
  public FileBarrier(FileSystem fs, Path dir, int mapIndex, int maps, long timeoutMillis,
      Runnable heartbeat) {
    this.fs = fs;
    this.dir = dir;
    this.mapIndex = mapIndex;
    this.maps = maps;
    this.timeoutMillis = timeoutMillis;
    this.heartbeat = heartbeat;
  }

  @Override
  public boolean await(int phase) throws IOException, InterruptedException {
    Path phaseDir = new Path(dir, "phase_" + phase);
    Path go = new Path(phaseDir, GO);
    if (fs.exists(go)) {
      fs.create(new Path(phaseDir, "ready_" + mapIndex), true).close();
      LOG.warn("map {} reached phase {} after the other maps had started it", mapIndex, phase);
      return true;
    }
    fs.create(new Path(phaseDir, "ready_" + mapIndex), true).close();
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (true) {
      int ready = 0;
      boolean started = false;
      for (FileStatus s : fs.listStatus(phaseDir)) {
        String name = s.getPath().getName();
        if (name.startsWith("ready_")) {
          ready++;
        } else if (name.equals(GO)) {
          started = true;
        }
      }
      if (started || ready >= maps) {
        return false;
      }
      if (System.currentTimeMillis() > deadline) {
        fs.create(go, true).close();
        LOG.warn("phase {}: only {} of {} maps were ready after {} s; starting without the "
            + "others, who will be counted late", phase, ready, maps, timeoutMillis / 1000);
        return false;
      }
      heartbeat.run();
      Thread.sleep(POLL_MILLIS);
    }
  }
}
