package io.metabench.command;

import io.metabench.config.BenchConfig;
import io.metabench.engine.FileBarrier;
import io.metabench.engine.PhaseEngine;
import io.metabench.fs.Target;
import io.metabench.merge.ProcessMerge;
import io.metabench.path.BaseDirMarker;
import io.metabench.runner.CapacitySearch;
import io.metabench.stats.PortableResult;
import io.metabench.stats.RunResult;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A capacity search over processes started by hand ({@code -processes n}, docs/capacity.md#across-
 * processes): every process runs the same search, and after each of its runs leaves its own
 * result in {@code <baseDir>/.metabench/capacity-<startTime>/run-<k>/map_<m>}, waits for the
 * others' and combines all n as {@code merge} does. Each process so judges the same combined
 * step and, the search being deterministic, chooses the same next rate: no process leads. Each
 * process's runs meet at its phases' barrier as any {@code -processes} run's do.
 *
 * <p>Used from the search's one thread; {@link #close} removes the directory once every process
 * has closed.
 */
final class ProcessExchange implements CapacitySearch.StepRunner, Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ProcessExchange.class);
  /** How often a process looks for the others' results while it waits. */
  private static final long POLL_MILLIS = 100;

  private final CapacitySearch.StepRunner local;
  private final BenchConfig config;
  private final FileSystem fs;
  private final Path dir;
  private int runs;

  /**
   * The exchange of {@code config}'s processes on {@code target}, each run executed by
   * {@code local} in this process before it is combined with the others'.
   */
  ProcessExchange(CapacitySearch.StepRunner local, BenchConfig config, Target target)
      throws IOException {
    this.local = local;
    this.config = config;
    this.fs = FileSystem.newInstance(target.baseDir().toUri(), target.clientConf());
    this.dir = new Path(BaseDirMarker.markerDir(target.baseDir()), "capacity-"
        + config.startTime());
  }

  @Override
  public RunResult run(BenchConfig c, Configuration conf, Target target, int warmedBy,
      PhaseEngine.EarlyEnd end) throws IOException, InterruptedException {
    RunResult own = local.run(c, conf, target, warmedBy, end);
    Path run = new Path(dir, "run-" + runs++);
    fs.mkdirs(run);
    Path mine = new Path(run, "map_" + config.mapIndex());
    if (fs.exists(mine)) {
      throw new IOException(mine + " is there before this process wrote it: an earlier search "
          + "with -startTime " + config.startTime() + " left it; start every process with a "
          + "new -startTime");
    }
    Path part = new Path(run, "." + mine.getName() + ".part");
    // Written aside and renamed: a process never reads another's half-written result.
    try (OutputStream out = fs.create(part, true)) {
      out.write(PortableResult.toBase64(own).getBytes(StandardCharsets.US_ASCII));
    }
    if (!fs.rename(part, mine)) {
      throw new IOException("could not rename " + part + " to " + mine);
    }
    List<ProcessMerge.Process> all = new ArrayList<>();
    for (int m = 0; m < config.processes(); m++) {
      Path theirs = new Path(run, "map_" + m);
      awaitFile(theirs);
      all.add(new ProcessMerge.Process(new File(theirs.toString()), m == config.mapIndex()
          ? own : read(theirs)));
    }
    ProcessMerge.Merged merged = ProcessMerge.merge(all);
    for (String w : merged.warnings()) {
      LOG.warn("{}: {}", run, w);
    }
    return merged.result();
  }

  private void awaitFile(Path p) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + config.barrierTimeoutSeconds() * 1_000_000_000L;
    while (!fs.exists(p)) {
      if (System.nanoTime() > deadline) {
        throw new IOException("the capacity search's process " + p.getName().substring(4)
            + " left no result in " + p.getParent() + " within -barrierTimeout "
            + config.barrierTimeoutSeconds() + " s: start every process of -processes "
            + config.processes() + " with the same options and -startTime");
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  private RunResult read(Path p) throws IOException {
    byte[] bytes = new byte[(int) fs.getFileStatus(p).getLen()];
    try (InputStream in = fs.open(p)) {
      IOUtils.readFully(in, bytes, 0, bytes.length);
    }
    return PortableResult.fromBase64(new String(bytes, StandardCharsets.US_ASCII));
  }

  /**
   * Leaves {@code done_<m>}; the process that finds all n done removes the directory (every
   * process has read every result by then: each wrote its last only after reading the others').
   */
  @Override
  public void close() throws IOException {
    try {
      FileBarrier.leave(fs, dir, config.mapIndex(), config.processes());
    } catch (IOException e) {
      LOG.warn("could not tidy the capacity search's results {}: {}", dir, e.toString());
    } finally {
      fs.close();
    }
  }
}
