package io.metabench.runner;

import io.metabench.compat.HadoopLine;
import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import io.metabench.core.Version;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.fs.TargetChecks;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.Layout;
import io.metabench.path.NamespaceState;
import io.metabench.path.PathSchema;
import io.metabench.path.PrefillState;
import java.io.IOException;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What a run checks before it changes anything, and the claim it then makes: the target
 * reachable, the base directory MetaBench's (or new, or empty), the phase sequence possible from
 * the recorded namespace state, the prefill's recorded shape, the file system's capabilities,
 * HDFS's limits. Each refusal is one line naming the fix. Stateless.
 */
public final class RunChecks {
  private RunChecks() {
  }


  /**
   * Checks, without changing anything, what {@link BenchmarkRunner#run} checks before it changes anything: that
   * the target is reachable, the base directory usable, and (for a run in this process) the phase
   * sequence possible from the recorded state. For a study, which checks every target before its
   * first run.
   *
   * @throws InvalidInputException when a run could not start
   */
  public static void preflight(BenchConfig config, Target target) throws IOException {
    ClientFactory clients = new ClientFactory(target);
    NamespaceState state = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      try (FileSystem fs = clients.newClient()) {
        checkCapabilities(config, fs, target);
        return recordedState(fs, target.baseDir(), config.mapIndex());
      }
    });
    if (config.maps() == 0) {
      String where = target.baseDir() + " (map " + config.mapIndex() + ")";
      state.afterAll(config.ownItemPhases(), config.mix().keepsNames(), config.layout(), where);
      checkPrefill(config, Reachability.within(target, config.connectTimeoutSeconds(), () -> {
        try (FileSystem fs = clients.newClient()) {
          return BaseDirMarker.readPrefill(fs, target.baseDir(), config.mapIndex());
        }
      }), target, where);
    }
    TargetChecks.hdfsLimits(config, target);
  }

  /**
   * The configuration a run of one process uses: {@code config}, or, when its phases need items an
   * earlier run made ({@code openRead} after {@code createWrite}) with a layout (threads, files per
   * worker, directory size, sharing) the user did not name in {@code conf}, {@code config} with
   * that recorded layout, said in one log line. Layout options the user did name are kept, so
   * only an explicit conflicting value is refused (by the runner's check, with the reason).
   */
  public static BenchConfig withRecordedLayout(BenchConfig config,
      org.apache.hadoop.conf.Configuration conf, Target target) throws IOException {
    NamespaceState state = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      try (FileSystem fs = new ClientFactory(target).newClient()) {
        return recordedState(fs, target.baseDir(), config.mapIndex());
      }
    });
    String where = target.baseDir() + " (map " + config.mapIndex() + ")";
    if (refusal(state, config, config.layout(), where) == null) {
      return config;
    }
    for (Layout recorded : new Layout[] {state.fileLayout(), state.dirLayout()}) {
      if (recorded == null) {
        continue;
      }
      Layout layout = BenchConfig.givenOver(recorded, config, conf);
      if (!layout.equals(config.layout()) && refusal(state, config, layout, where) == null) {
        org.slf4j.LoggerFactory.getLogger(RunChecks.class).info("{}: using the layout recorded "
            + "there, {} (name these options to choose others)", where, layout.asOptions());
        return config.withLayout(layout);
      }
    }
    // Refused either way: with the values the user named over the recorded ones, the refusal
    // names only what they gave that conflicts.
    Layout recorded = state.fileLayout() != null ? state.fileLayout() : state.dirLayout();
    return recorded == null ? config
        : config.withLayout(BenchConfig.givenOver(recorded, config, conf));
  }

  private static String refusal(NamespaceState state, BenchConfig config, Layout layout,
      String where) {
    try {
      state.afterAll(config.ownItemPhases(), config.mix().keepsNames(), layout, where);
      return null;
    } catch (InvalidInputException e) {
      return e.getMessage();
    }
  }

  /**
   * Warns when files are created with a replication above the HDFS's live DataNodes (3 on the
   * embedded HDFS's one): their blocks would stay under-replicated. Says nothing when the client
   * may not list the DataNodes (a report needs the superuser on most clusters) or the target is
   * not HDFS.
   */
  static void warnReplication(BenchConfig config, FileSystem fs) {
    if (!(fs instanceof org.apache.hadoop.hdfs.DistributedFileSystem)
        || !config.operations().contains(OpType.CREATE_WRITE) && !config.prefill().asked()) {
      return;
    }
    int live;
    try {
      live = ((org.apache.hadoop.hdfs.DistributedFileSystem) fs).getDataNodeStats(
          org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE).length;
    } catch (IOException e) {
      org.slf4j.LoggerFactory.getLogger(RunChecks.class).debug("no DataNode report", e);
      return;
    }
    if (config.replication() > live) {
      org.slf4j.LoggerFactory.getLogger(RunChecks.class).warn("-replicationFactorPerFile {} is "
          + "above the {} live DataNode{} of {}: {}", config.replication(), live,
          live == 1 ? "" : "s", fs.getUri(), config.bytesToWrite() > 0
              ? "the files' blocks will stay under-replicated; give at most " + live
              : "the files are empty, so no block is under-replicated, but with -bytesToWrite "
                  + "above 0 they would be; give at most " + live);
    }
  }

  /**
   * Refuses a prefill whose shape differs from the one recorded for this map: its names would
   * not be the recorded tree's, so it could neither resume nor be cleaned up.
   */
  public static void checkPrefill(BenchConfig config, PrefillState recorded, Target target,
      String where) {
    if (config.prefill().asked() && recorded != null) {
      recorded.requireShape(config.prefill().shape(prefillRoot(config, target)), where);
    }
  }

  private static Path prefillRoot(BenchConfig config, Target target) {
    return new PathSchema(target.baseDir(), config.mapIndex(), 1, 2).prefillMapDir();
  }

  /**
   * Claims the target's base directory for MetaBench (the marker); a file system that refuses
   * this user is bad input, and nothing was written then.
   */
  public static void claim(FileSystem control, Target target) throws IOException {
    try {
      BaseDirMarker.claim(control, target.baseDir(), Version.get());
    } catch (IOException e) {
      if (Reachability.isDenial(e)) {
        throw Reachability.denied(target, e);
      }
      throw e;
    }
  }

  /** What the marker records for {@code map}; refuses a base directory MetaBench may not use. */
  static NamespaceState recordedState(FileSystem fs, Path base, int map)
      throws IOException {
    BaseDirMarker.Ownership ownership = BaseDirMarker.inspect(fs, base);
    BaseDirMarker.requireUsable(ownership, base);
    return ownership == BaseDirMarker.Ownership.OWNED ? BaseDirMarker.readState(fs, base, map)
        : NamespaceState.EMPTY;
  }

  /** Why {@code op} cannot run from {@code state}, or null when it can. */
  static String refusal(NamespaceState state, OpType op, boolean mixKeepsNames, Layout layout,
      String where) {
    try {
      state.after(op, mixKeepsNames, layout, where);
      return null;
    } catch (InvalidInputException e) {
      return e.getMessage();
    }
  }

  /**
   * Refuses a phase the file system says it cannot do (append without the append capability),
   * before anything is written. A Hadoop line that cannot ask (before 3.2.2) lets it run: an
   * append the file system refuses then counts as a failure.
   */
  static void checkCapabilities(BenchConfig config, FileSystem fs, Target target)
      throws IOException {
    if (config.operations().contains(OpType.APPEND) && Boolean.FALSE.equals(HadoopLine.current()
        .pathCapability(fs, target.baseDir(), CommonPathCapabilities.FS_APPEND))) {
      throw new InvalidInputException("append: " + target.fsUri() + " does not support append "
          + "(it lacks the path capability " + CommonPathCapabilities.FS_APPEND + "); drop append "
          + "from -operation for this file system");
    }
  }

  /**
   * The subtree a traversal walks: {@code -subtree} relative to the base directory, an absolute
   * path on the target's file system, or the base directory itself when not given.
   */
  public static Path traversalRoot(BenchConfig config, Target target) {
    String subtree = config.subtree();
    if (subtree.isEmpty()) {
      return Path.getPathWithoutSchemeAndAuthority(target.baseDir());
    }
    Path p = new Path(subtree);
    if (p.toUri().getScheme() != null
        && !p.toUri().getScheme().equals(target.fsUri().getScheme())) {
      throw new InvalidInputException("-subtree " + subtree + " is not on the target's file "
          + "system " + target.fsUri() + ": give a path relative to the base directory, or an "
          + "absolute path on that file system");
    }
    return p.isAbsolute() ? Path.getPathWithoutSchemeAndAuthority(p)
        : new Path(Path.getPathWithoutSchemeAndAuthority(target.baseDir()), subtree);
  }
}
