package io.metabench.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A barrier of processes made of files, independent of clock synchronisation and of how long
 * any of them waited to be started: a {@code -maps} job's map tasks, or processes started by
 * hand with {@code -processes}. For phase k each process creates {@code phase_<k>/ready_<m>} in
 * the barrier's directory and then lists the directory once: the process that finds all ready
 * (the last to arrive, since every process creates its own file before it lists) creates
 * {@code phase_<k>/_GO}. The others wait for {@code _GO} with one cheap existence check per
 * poll, because processes that finished a phase early wait while others are still measuring it.
 * If not all are ready within the timeout (the cluster cannot run them all at once, or one
 * failed), a waiting process creates {@code _GO} and they start; a process that finds
 * {@code _GO} already there on arrival is late, and says so. A process that fails says so in
 * {@code failed_<m>} (the last phase it reached and why) and counts as arrived at every later
 * phase ({@link #fail}), so the others never wait for it again.
 *
 * <p>Used by one thread of one process.
 */
public final class FileBarrier implements PhaseBarrier {
  private static final Logger LOG = LoggerFactory.getLogger(FileBarrier.class);
  static final String GO = "_GO";
  private static final String FAILED = "failed_";
  /**
   * A waiting process checks for {@code _GO} once per poll, every {@code maps} ms but at least
   * every {@link #MAX_POLL_MILLIS} and at most every {@link #MIN_POLL_MILLIS}: short, because
   * processes leave the barrier up to one poll apart, yet the checks of all waiting processes
   * together stay at or under 1,000 a second from 50 processes up (20 per process below), since
   * processes that finished a phase early wait while others still measure it
   * (docs/mapreduce.md#the-barrier).
   */
  static final long MIN_POLL_MILLIS = 50;
  static final long MAX_POLL_MILLIS = 1000;

  private final FileSystem fs;
  private final Path dir;
  private final int mapIndex;
  private final int maps;
  private final long timeoutMillis;
  private final Runnable heartbeat;
  /** The last phase this process arrived at; -1 before the first. */
  private int lastPhase = -1;

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
    lastPhase = phase;
    boolean late = fs.exists(go);
    fs.create(new Path(phaseDir, "ready_" + mapIndex), true).close();
    if (late) {
      LOG.warn("map {} reached phase {} after the other maps had started it", mapIndex, phase);
      return true;
    }
    if (ready(phaseDir) >= maps) {
      createGo(go);
      return false;
    }
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (!fs.exists(go)) {
      if (System.currentTimeMillis() > deadline) {
        int ready = ready(phaseDir);
        createGo(go);
        if (ready < maps) {
          LOG.warn("phase {}: only {} of {} maps were ready after {} s; starting without the "
              + "others, who will be counted late", phase, ready, maps, timeoutMillis / 1000);
        }
        return false;
      }
      heartbeat.run();
      Thread.sleep(pollMillis(maps));
    }
    return false;
  }

  /** How long a waiting process sleeps between two checks for {@code _GO}. */
  static long pollMillis(int maps) {
    return Math.min(MAX_POLL_MILLIS, Math.max(MIN_POLL_MILLIS, maps));
  }

  /** Counts this map as arrived at the remaining phases, which it will not run. */
  @Override
  public void withdraw(int from, int to) throws IOException {
    for (int phase = from; phase < to; phase++) {
      Path phaseDir = new Path(dir, "phase_" + phase);
      fs.create(new Path(phaseDir, "ready_" + mapIndex), true).close();
      if (ready(phaseDir) >= maps) {
        createGo(new Path(phaseDir, GO));
      }
    }
  }

  /**
   * Records that this process failed ({@code cause}) in the last phase it reached, and counts it
   * arrived at the later phases up to {@code phases - 1}, so the others go on at once. Called by
   * the failing process itself; what cannot be written is logged, since the failure it reports
   * must still surface.
   */
  public void fail(int phases, String cause) {
    try {
      try (FSDataOutputStream out = fs.create(new Path(dir, FAILED + mapIndex), true)) {
        out.write((lastPhase + "\t" + cause).getBytes(StandardCharsets.UTF_8));
      }
      withdraw(lastPhase + 1, phases);
    } catch (IOException e) {
      LOG.warn("map {} could not tell the other maps that it failed: {}", mapIndex, e.toString());
    }
  }

  /**
   * Records, for process {@code index} of a barrier of {@code maps} under {@code dir}, that it
   * failed without saying so itself (its task was killed): in the last phase it had reached (the
   * last with its {@code ready_<index>}), and counts it arrived at every phase up to
   * {@code phases - 1}. Does nothing when it recorded its failure itself.
   */
  public static void failOnBehalf(FileSystem fs, Path dir, int index, int maps, int phases,
      String cause) throws IOException {
    if (fs.exists(new Path(dir, FAILED + index))) {
      return;
    }
    FileBarrier b = new FileBarrier(fs, dir, index, maps, 0, () -> { });
    for (int phase = 0; phase < phases; phase++) {
      if (fs.exists(new Path(new Path(dir, "phase_" + phase), "ready_" + index))) {
        b.lastPhase = phase;
      }
    }
    b.fail(phases, cause);
  }

  /**
   * The processes that failed, by index: the last phase each reached (-1: none) and why, as
   * {@link #fail} recorded them under {@code dir}; empty when none did.
   */
  public static Map<Integer, String[]> failures(FileSystem fs, Path dir) throws IOException {
    Map<Integer, String[]> failed = new TreeMap<>();
    FileStatus[] all;
    try {
      all = fs.listStatus(dir);
    } catch (java.io.FileNotFoundException e) {
      return failed;
    }
    for (FileStatus s : all) {
      String name = s.getPath().getName();
      if (name.startsWith(FAILED)) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.InputStream in = fs.open(s.getPath())) {
          org.apache.hadoop.io.IOUtils.copyBytes(in, bytes, 4096, false);
        }
        String text = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        int tab = text.indexOf('\t');
        failed.put(Integer.parseInt(name.substring(FAILED.length())), tab < 0
            ? new String[] {"-1", text} : new String[] {text.substring(0, tab),
                text.substring(tab + 1)});
      }
    }
    return failed;
  }

  /**
   * Creates the start signal. Several maps may find all ready at once and race to create it: the
   * file system lets one win (a concurrent create with overwrite would break the winner's lease on
   * HDFS), and the others only need to see that it exists.
   */
  private void createGo(Path go) throws IOException {
    try {
      fs.create(go, false).close();
    } catch (IOException e) {
      if (!fs.exists(go)) {
        throw e;
      }
    }
  }

  private int ready(Path phaseDir) throws IOException {
    int ready = 0;
    for (FileStatus s : fs.listStatus(phaseDir)) {
      if (s.getPath().getName().startsWith("ready_")) {
        ready++;
      }
    }
    return ready;
  }

  /**
   * Marks member {@code index} of {@code count} done with {@code dir} ({@code done_<index>});
   * the member that finds all {@code count} done removes it. A directory another member removed
   * meanwhile (its listing or this member's marker then fails) is no failure: all were done.
   *
   * @return whether this member removed the directory
   * @throws IOException when the directory, still there, could not be marked or removed
   */
  public static boolean leave(FileSystem fs, Path dir, int index, int count) throws IOException {
    try {
      if (!fs.exists(dir)) {
        // Not made again by the marker's create: the others were all done.
        return false;
      }
      fs.create(new Path(dir, "done_" + index), true).close();
      int done = 0;
      for (FileStatus s : fs.listStatus(dir)) {
        done += s.getPath().getName().startsWith("done_") ? 1 : 0;
      }
      return done >= count && fs.delete(dir, true);
    } catch (IOException e) {
      if (!fs.exists(dir)) {
        return false;
      }
      throw e;
    }
  }
}
