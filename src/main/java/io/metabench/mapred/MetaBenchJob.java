package io.metabench.mapred;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.config.ReplayConfig;
import io.metabench.config.UserSettings;
import io.metabench.core.InvalidInputException;
import io.metabench.core.StopRequest;
import io.metabench.engine.FileBarrier;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.FsSemantics;
import io.metabench.fs.Reachability;
import io.metabench.fs.Target;
import io.metabench.fs.TargetChecks;
import io.metabench.op.OpType;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.Layout;
import io.metabench.path.NamespaceState;
import io.metabench.replay.AuditLog;
import io.metabench.replay.Precreation;
import io.metabench.replay.ReplayRunner;
import io.metabench.runner.RunChecks;
import io.metabench.stats.CombinedRun;
import io.metabench.stats.ReplayPart;
import io.metabench.stats.ResultCodec;
import io.metabench.stats.RunInfo;
import io.metabench.stats.RunResult;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MapReduce mode's driver: checks and claims the base directory for every map before anything
 * runs, submits a map-only job whose map tasks each run the multi-threaded runner for one map
 * index, then reads the reports of the maps whose output was committed and combines them into one
 * result, with the maps that left none counted as missing.
 *
 * <p>One instance per run; not thread-safe.
 */
public final class MetaBenchJob {
  private static final Logger LOG = LoggerFactory.getLogger(MetaBenchJob.class);
  private static final long POLL_MILLIS = 1000;
  private static final long PROGRESS_LOG_MILLIS = 10_000;
  /** YarnConfiguration.RM_PRINCIPAL, without a dependency on YARN's API. */
  private static final String RM_PRINCIPAL = "yarn.resourcemanager.principal";

  private final BenchConfig config;
  private final Configuration conf;
  private final Target target;
  private final StopRequest stop;
  /** Set for a MapReduce replay: what to replay; null for benchmark phases. */
  private ReplayConfig replay;
  private AuditLog log;
  private Precreation pre;
  private long precreateFailed;

  public MetaBenchJob(BenchConfig config, Configuration conf, Target target) {
    this(config, conf, target, StopRequest.NEVER);
  }

  /** A job that is killed when {@code stop} is requested; the maps that committed are reported. */
  public MetaBenchJob(BenchConfig config, Configuration conf, Target target, StopRequest stop) {
    this.stop = stop;
    this.config = config;
    this.conf = conf;
    this.target = target;
  }

  /**
   * Makes this job a MapReduce replay of {@code log} (docs/replay.md): the driver checks and
   * claims the base directory, makes the replay subtree, precreates, and copies the log into the
   * job's directory; each map replays its share of the directories, the maps starting together at
   * a barrier.
   */
  public MetaBenchJob withReplay(ReplayConfig replay, AuditLog log) {
    this.replay = replay;
    this.log = log;
    return this;
  }

  /**
   * Runs the job to its end.
   *
   * @throws InvalidInputException when the job cannot start; nothing was changed then
   */
  public RunResult run() throws IOException, InterruptedException {
    checkTokenRenewer(conf);
    MapCapacity.check(config.maps(), conf);
    long startedAt = System.currentTimeMillis();
    Path base = target.baseDir();
    ClientFactory clients = new ClientFactory(target);
    try (FileSystem control = Reachability.within(target, config.connectTimeoutSeconds(), () -> {
      FileSystem fs = clients.newClient();
      checkEveryMap(fs, base);
      if (replay != null) {
        ReplayRunner.checkTarget(fs, base);
      }
      return fs;
    })) {
      TargetChecks.hdfsLimits(config, target);
      RunChecks.claim(control, target);
      Path jobDir = new Path(BaseDirMarker.markerDir(base),
          "jobs/job-" + startedAt + "-" + Long.toHexString(Double.doubleToLongBits(Math.random())));
      RunResult result;
      try {
        if (replay != null) {
          prepareReplay(control, jobDir);
        }
        Job job = configure(jobDir);
        LOG.info("Submitting {} maps x {} workers x {} items: {}", config.maps(),
            config.threads(), config.filesPerWorker(), OpType.join(config.operations()));
        submit(job);
        // The local job runner reports a tracking URL that nothing serves.
        boolean local = "local".equals(job.getConfiguration().get("mapreduce.framework.name"));
        LOG.info("Job {} submitted{}", job.getJobID(), local
            ? " to the local job runner (in this process; it has no web page)"
            : job.getTrackingURL() == null ? "" : ": " + job.getTrackingURL());
        waitFor(job, control, new Path(jobDir, "barrier"));
        List<RunResult> reports = readReports(control, FileOutputFormat.getOutputPath(job));
        if (!job.isSuccessful() || reports.size() < config.maps()) {
          // Failed maps do not fail the job (see configure), so look whenever one is missing.
          logTaskDiagnostics(job);
        }
        result = result(startedAt, reports).withSemantics(FsSemantics.of(control, base))
            .withMapFailures(failures(control, new Path(jobDir, "barrier")));
        if (stop.isRequested()) {
          result = result.withInterruption(stop.reason());
        }
      } finally {
        deleteJobDir(control, jobDir);
      }
      if (config.cleanup() && result.exitCode() == 0) {
        // The maps could not remove the marker while the job's directory sat beside it.
        BaseDirMarker.releaseIfUnused(control, base);
      }
      return result;
    }
  }

  /**
   * Before a MapReduce replay: the replay subtree, what the log finds already there (unmeasured,
   * from the driver), and the log itself in the job's directory, where every map can read it.
   */
  private void prepareReplay(FileSystem control, Path jobDir)
      throws IOException, InterruptedException {
    ReplayRunner.prepareTarget(control, target);
    pre = ReplayRunner.inspect(log, replay);
    precreateFailed = replay.precreate() ? ReplayRunner.precreate(pre, target, config.threads())
        : 0;
    // What the driver learnt of the log (and its listing), for the maps: which commands find
    // their path absent, which change a subtree.
    try (java.io.DataOutputStream out = control.create(replayFlags(jobDir), true)) {
      pre.writeFlags(out);
    }
    control.copyFromLocalFile(false, true, new Path(replay.auditLog().getAbsoluteFile().toURI()),
        replayLog(jobDir));
  }

  /** Where the maps of a replay read what the driver learnt of the log. */
  public static Path replayFlags(Path jobDir) {
    return new Path(jobDir, "replay-flags");
  }

  /** Where the maps of a replay read the log: beside the job's barrier files, as it is. */
  private Path replayLog(Path jobDir) {
    return new Path(jobDir, replay.auditLog().getName().endsWith(".gz") ? "audit.log.gz"
        : "audit.log");
  }

  /**
   * With Kerberos, the job's delegation tokens name the ResourceManager as their renewer, so its
   * principal must be known before the job is submitted; refused before anything is changed.
   */
  static void checkTokenRenewer(Configuration conf) {
    if (UserGroupInformation.isSecurityEnabled()
        && conf.getTrimmed(RM_PRINCIPAL, "").isEmpty()) {
      throw new InvalidInputException("-maps with Kerberos needs " + RM_PRINCIPAL + ", the "
          + "renewer of the job's delegation tokens: load the cluster's yarn-site.xml (-confDir) "
          + "or pass -D " + RM_PRINCIPAL + "=rm/_HOST@REALM (nothing was changed)");
    }
  }

  /** Every map's recorded state must allow the phase sequence, with the same layout. */
  private void checkEveryMap(FileSystem control, Path base) throws IOException {
    BaseDirMarker.Ownership ownership = BaseDirMarker.inspect(control, base);
    BaseDirMarker.requireUsable(ownership, base);
    Layout layout = config.layout();
    for (int m = 0; m < config.maps(); m++) {
      NamespaceState state = ownership == BaseDirMarker.Ownership.OWNED
          ? BaseDirMarker.readState(control, base, m) : NamespaceState.EMPTY;
      state.afterAll(config.ownItemPhases(), config.mix().keepsNames(), layout,
          base + " (map " + m + ")");
      if (ownership == BaseDirMarker.Ownership.OWNED) {
        RunChecks.checkPrefill(mapConfig(m), BaseDirMarker.readPrefill(control, base, m),
            target, base + " (map " + m + ")");
      }
    }
  }

  /** The configuration map {@code m} runs with. */
  private BenchConfig mapConfig(int m) {
    Configuration c = new Configuration(false);
    config.writeTo(c);
    c.setInt(ConfigKeys.MAP_INDEX, m);
    if (replay != null) {
      // A replay's operations come from its log, which the configuration then names.
      c.set(ConfigKeys.REPLAY_AUDIT_LOG, replay.auditLog().getPath());
    }
    return BenchConfig.fromConfiguration(c);
  }

  private Job configure(Path jobDir) throws IOException {
    Job job = Job.getInstance(conf);
    Configuration jc = job.getConfiguration();
    config.writeTo(jc);
    // The maps must all use the file system the driver resolved, whatever their defaults are.
    jc.set(ConfigKeys.BASE_DIR, target.baseDir().toString());
    jc.set(ConfigKeys.JOB_DIR, jobDir.toString());
    if (replay != null) {
      jc.set(ConfigKeys.REPLAY_AUDIT_LOG, replayLog(jobDir).toString());
      jc.set(ConfigKeys.REPLAY_SPEED, Double.toString(replay.speed()));
    }
    target.describeEmbeddedTo(jc);
    jc.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    // A second attempt would redo a map's phases on names the first one already changed.
    UserSettings.setUnlessUserSet(jc, MRJobConfig.MAP_MAX_ATTEMPTS, "1");
    // A map that fails must not fail the job: on YARN the ApplicationMaster would then kill the
    // maps still running, and their reports would be lost with them. The maps that leave no report
    // are counted missing here (and make the exit code 1) instead.
    UserSettings.setUnlessUserSet(jc, MRJobConfig.MAP_FAILURES_MAX_PERCENT, "100");
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(jc.get(MRConfig.FRAMEWORK_NAME,
        MRConfig.LOCAL_FRAMEWORK_NAME))) {
      // The local job runner runs one map at a time unless told otherwise; the barrier needs
      // them all at once.
      UserSettings.setUnlessUserSet(jc, MapCapacity.LOCAL_MAPS_MAXIMUM,
          Integer.toString(config.maps()));
    }
    // Version 2 moves each task's output into place when the task commits, so the maps that
    // finished are readable even when the job as a whole fails or is killed.
    jc.setInt("mapreduce.fileoutputcommitter.algorithm.version", 2);
    job.setJobName("MetaBench " + (replay != null ? "replay of " + replay.auditLog().getName()
        : OpType.join(config.operations())) + " (" + config.maps()
        + " maps x " + config.threads() + " threads)");
    job.setJarByClass(MetaBenchJob.class);
    job.setInputFormatClass(MapIndexInputFormat.class);
    job.setMapperClass(MetaBenchMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(IntWritable.class);
    job.setOutputValueClass(BytesWritable.class);
    FileOutputFormat.setOutputPath(job, new Path(jobDir, "output"));
    // Tasks get delegation tokens, not Kerberos tickets: fetch one for the target file system
    // even when it is not the default one.
    TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {target.baseDir()}, jc);
    if (LOG.isDebugEnabled()) {
      List<String> kinds = new ArrayList<>();
      for (org.apache.hadoop.security.token.Token<?> t : job.getCredentials().getAllTokens()) {
        kinds.add(t.getKind() + " for " + t.getService());
      }
      LOG.debug("delegation tokens for the job's tasks: {}", kinds);
    }
    return job;
  }

  private static void submit(Job job) throws IOException, InterruptedException {
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException("the job's classes are not on the classpath: " + e.getMessage(), e);
    }
  }

  private void waitFor(Job job, FileSystem control, Path barrier)
      throws IOException, InterruptedException {
    long lastLog = 0;
    int events = 0;
    while (!job.isComplete()) {
      events += releaseFailedMaps(job, events, control, barrier);
      if (stop.isRequested()) {
        LOG.warn("{}: killing job {}; the maps that committed their output are reported",
            stop.reason(), job.getJobID());
        job.killJob();
        return;
      }
      long now = System.currentTimeMillis();
      if (now - lastLog >= PROGRESS_LOG_MILLIS) {
        LOG.info("Job {}: map progress {}%", job.getJobID(),
            Math.round(job.mapProgress() * 100));
        lastLog = now;
      }
      Thread.sleep(POLL_MILLIS);
    }
    if (!job.isSuccessful()) {
      LOG.warn("Job {} did not succeed ({}): {}", job.getJobID(), job.getJobState(),
          job.getStatus().getFailureInfo());
    }
  }

  /**
   * Tells the barrier about maps whose attempt failed or was killed since event {@code from}
   * (a map killed from outside cannot say so itself), so the others do not wait for them at the
   * next phase until {@code -barrierTimeout}. Map task i runs split i, which is map index i (the
   * splits are all of length 0, and the framework's sort by length keeps their order).
   *
   * @return the events read
   */
  private int releaseFailedMaps(Job job, int from, FileSystem control, Path barrier)
      throws IOException, InterruptedException {
    TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 1000);
    for (TaskCompletionEvent e : events) {
      TaskCompletionEvent.Status s = e.getStatus();
      if (e.isMapTask() && s != TaskCompletionEvent.Status.SUCCEEDED
          && s != TaskCompletionEvent.Status.OBSOLETE) {
        int map = e.getTaskAttemptId().getTaskID().getId();
        LOG.warn("map {} ({}) {}: telling the other maps not to wait for it", map,
            e.getTaskAttemptId(), s);
        FileBarrier.failOnBehalf(control, barrier, map, config.maps(), replay != null ? 1
            : config.operations().size(), "its task attempt " + e.getTaskAttemptId() + " was "
            + s.name().toLowerCase(java.util.Locale.ROOT));
      }
    }
    return events.length;
  }

  /** Why tasks did not succeed, as far as the framework still knows. */
  private static void logTaskDiagnostics(Job job) {
    try {
      for (TaskCompletionEvent e : job.getTaskCompletionEvents(0, 10_000)) {
        if (e.getStatus() != TaskCompletionEvent.Status.SUCCEEDED) {
          for (String diagnostic : job.getTaskDiagnostics(e.getTaskAttemptId())) {
            LOG.warn("{} {}: {}", e.getTaskAttemptId(), e.getStatus(), firstLine(diagnostic));
          }
        }
      }
    } catch (IOException e) {
      LOG.warn("could not read the job's task diagnostics: {}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String firstLine(String s) {
    int nl = s == null ? -1 : s.indexOf('\n');
    return nl < 0 ? String.valueOf(s) : s.substring(0, nl);
  }

  /**
   * The maps' results in the committed output (only attempts that committed are there), each
   * read with the configuration its map ran with.
   */
  private List<RunResult> readReports(FileSystem fs, Path output) throws IOException {
    Map<Integer, RunResult> byMap = new TreeMap<>();
    FileStatus[] parts;
    try {
      parts = fs.listStatus(output, p -> p.getName().startsWith("part-"));
    } catch (FileNotFoundException e) {
      return new ArrayList<>();
    }
    for (FileStatus part : parts) {
      try (SequenceFile.Reader reader = new SequenceFile.Reader(fs.getConf(),
          SequenceFile.Reader.file(part.getPath()))) {
        IntWritable key = new IntWritable();
        BytesWritable value = new BytesWritable();
        while (reader.next(key, value)) {
          byMap.put(key.get(), ResultCodec.fromBytes(value.getBytes(), value.getLength(),
              mapConfig(key.get())));
        }
      }
    }
    return new ArrayList<>(byMap.values());
  }

  private RunResult result(long startedAt, List<RunResult> reports) {
    RunInfo info = RunInfo.ofThisJvm(target.fsUri().toString(), target.embedded(),
        target.baseDir().toString(), config.sharedClient(), target.localClient(), startedAt);
    RunResult result = CombinedRun.of(info, config, config.maps(), reports, "maps")
        .withProvenance(io.metabench.runner.RunProvenance.of(target));
    if (replay != null) {
      List<ReplayPart> parts = new ArrayList<>();
      for (RunResult r : reports) {
        if (r.replay() != null) {
          parts.add(r.replay().part());
        }
      }
      result = result.withReplay(ReplayRunner.summary(log, replay, pre, precreateFailed,
          ReplayPart.combine(parts)));
    }
    if (!result.missingMaps().isEmpty()) {
      LOG.warn("{} of {} maps left no report: {}", result.missingMaps().size(), config.maps(),
          result.missingMaps());
    }
    return result;
  }

  /**
   * The maps that recorded their failure at the barrier (or whose failure the driver recorded):
   * by map index, the phase each was in ("" before its first) and why; each is also logged.
   */
  private Map<Integer, String[]> failures(FileSystem fs, Path barrier) {
    Map<Integer, String[]> named = new TreeMap<>();
    try {
      for (Map.Entry<Integer, String[]> f : FileBarrier.failures(fs, barrier).entrySet()) {
        int phase = Integer.parseInt(f.getValue()[0]);
        String name = phase < 0 ? "" : replay == null && phase < config.operations().size()
            ? config.operations().get(phase).id() : "replay";
        String cause = firstLine(f.getValue()[1]);
        named.put(f.getKey(), new String[] {name, cause});
        LOG.warn("map {} failed {}, and the other maps went on without it: {}", f.getKey(),
            name.isEmpty() ? "before its first phase" : "in phase " + (phase + 1) + " (" + name
                + ")", cause);
      }
    } catch (IOException | NumberFormatException e) {
      LOG.warn("could not read which maps failed: {}", e.toString());
    }
    return named;
  }

  private static void deleteJobDir(FileSystem fs, Path jobDir) {
    try {
      // The job directory lies inside MetaBench's own marker directory and holds only barrier
      // files and map output this run made.
      fs.delete(jobDir, true);
      Path jobs = jobDir.getParent();
      if (fs.listStatus(jobs).length == 0) {
        fs.delete(jobs, false);
      }
    } catch (IOException e) {
      LOG.warn("could not remove the job directory {}: {}", jobDir, e.toString());
    }
  }
}
