package io.metabench.config;

/**
 * Every configuration key MetaBench reads. The command line writes these keys into a Hadoop
 * {@code Configuration} and {@link BenchConfig#fromConfiguration} reads them back, so a process
 * (or a map task) sees exactly what the driver wrote. Each key's default, type, bounds and
 * option names are declared once, in the {@link Option} table, not here.
 */
public final class ConfigKeys {
  private ConfigKeys() {
  }

  /** Comma-separated operations, run in order as phases. */
  public static final String OPERATIONS = "metabench.operations";

  /** Items (files or directories) each worker handles per phase. NNBench's -numberOfFiles. */
  public static final String FILES_PER_WORKER = "metabench.files.per.worker";

  /**
   * Worker threads in this process (per map task in MapReduce mode). For a study, a list of
   * concurrencies run one after another: {@code 1,2,4}, a range {@code 1-8} (every number) or a
   * doubling range {@code 1-64*2} (1, 2, 4, ... 64); a single run reads one number.
   */
  public static final String THREADS = "metabench.threads";

  /** Bytes written by create_write into each file. */
  public static final String BYTES_TO_WRITE = "metabench.bytes.to.write";

  /**
   * Block size passed to create. NNBench's default of 1 is rejected by HDFS (minimum 1 MiB unless
   * the NameNode lowers dfs.namenode.fs-limits.min-block-size), so the default is HDFS's own.
   */
  public static final String BLOCK_SIZE = "metabench.block.size";

  /** Checksum chunk size for written files (dfs.bytes-per-checksum); must divide the block size. */
  public static final String BYTES_PER_CHECKSUM = "metabench.bytes.per.checksum";

  /** Replication factor passed to create. */
  public static final String REPLICATION = "metabench.replication";

  /** Base directory: a path on the default file system or a full URI that selects one. */
  public static final String BASE_DIR = "metabench.base.dir";

  /** Whether open_read reads each file to its end after opening it. */
  public static final String READ_FILE_AFTER_OPEN = "metabench.read.file.after.open";

  /** Epoch seconds at which the first phase starts; 0 starts as soon as all workers are ready. */
  public static final String START_TIME = "metabench.start.time";

  /** This process's map index: the {@code map_<m>} part of every path. */
  public static final String MAP_INDEX = "metabench.map.index";

  /** Most entries any directory MetaBench makes may hold; deeper fan-out is added beyond it. */
  public static final String FILES_PER_DIR = "metabench.files.per.dir";

  /** One FileSystem client shared by all workers instead of one per worker. */
  public static final String SHARED_CLIENT = "metabench.shared.client";

  /** The client on the local file system: {@code posix} (default) or {@code hadoop}. */
  public static final String LOCAL_CLIENT = "metabench.local.client";

  /** Extra attempts made for a failed operation; every attempt is counted. */
  public static final String RETRIES = "metabench.retries";

  /** Remove what the run made (only names MetaBench generates, in a marked base directory). */
  public static final String CLEANUP = "metabench.cleanup";

  /**
   * Whether {@link #CLEANUP} leaves the prefill standing: a capacity search's steps remove their
   * own items and keep the prefill it made once.
   */
  public static final String CLEANUP_KEEPS_PREFILL = "metabench.cleanup.keeps.prefill";

  /** Where the JSON result goes; empty means a timestamped file in the working directory. */
  public static final String JSON_OUT = "metabench.json.out";

  /** Where the NNBench-compatible block is appended; empty disables it. */
  public static final String NNBENCH_LOG = "metabench.nnbench.log";

  /**
   * Map tasks of a MapReduce job running the phases (NNBench's -maps); 0 runs them in this
   * process instead.
   */
  public static final String MAPS = "metabench.maps";
  /**
   * Where the NameNode's metrics are read during a run on HDFS: its {@code /jmx} URL, {@code off}
   * for none; empty: from the client configuration's NameNode HTTP(S) address.
   */
  public static final String NAMENODE_JMX = "metabench.namenode.jmx";
  /** Processes started by hand that meet at a barrier before every phase (-processes). */
  public static final String PROCESSES = "metabench.processes";

  /**
   * How long a map task waits at a phase's barrier for the other maps before it starts without
   * them; the maps still missing are then counted late when they arrive.
   */
  public static final String BARRIER_TIMEOUT_SECONDS = "metabench.barrier.timeout.seconds";

  /**
   * Set by the MapReduce driver for its map tasks: the job's directory (barrier files, committed
   * map output) under the base directory's marker directory.
   */
  public static final String JOB_DIR = "metabench.job.dir";

  /** Upper bound on the reachability check of the target file system before anything is done. */
  public static final String CONNECT_TIMEOUT_SECONDS = "metabench.connect.timeout.seconds";

  /** Times the whole run (every concurrency on every target) is repeated in a study. */
  public static final String ITERATIONS = "metabench.iterations";

  /**
   * Targets of a comparison, separated by commas: each a base directory as for {@link #BASE_DIR},
   * optionally labelled {@code label=uri}. Empty: the one target {@link #BASE_DIR} names.
   */
  public static final String TARGETS = "metabench.targets";

  /**
   * Directory that receives every result file of a study (JSON, CSV, .hlog, .hgrm, charts, HTML
   * report). Empty: a single run writes its JSON as {@link #JSON_OUT} says, and a study writes to
   * {@code metabench-results/<yyyyMMdd-HHmmss>-study-<operations>} in the working directory.
   */
  public static final String OUT_DIR = "metabench.out.dir";

  /** The workload ({@code -workload}) the run's settings came from, as given; empty for none. */
  public static final String WORKLOAD = "metabench.workload";

  /** Print what would run, and run nothing. */
  public static final String DRY_RUN = "metabench.dry.run";

  /** The concurrency the latency charts show; 0 for the highest that ran. */
  public static final String CHART_THREADS = "metabench.chart.threads";

  /** Turns off the live progress lines on stderr. */
  public static final String QUIET = "metabench.quiet";

  /**
   * Reading phases read the items of the worker {@code n} places on ({@code (t + n) mod threads})
   * or, with {@link #MAPS}, of the map {@code n} places on, so a client cannot answer from what
   * it cached when it made them (mdtest's -N). 0 reads one's own items.
   */
  public static final String READ_SHIFT = "metabench.read.shift";

  /**
   * Longest a single call may take, in milliseconds: a call still running then is interrupted
   * and counted as a failure ("timed out (-opTimeout)"). 0: no limit.
   */
  public static final String OP_TIMEOUT_MILLIS = "metabench.op.timeout.millis";

  /** Stop the run at the first failed operation, reporting what completed. */
  public static final String FAIL_FAST = "metabench.fail.fast";

  /** Allow result files (-jsonOut, -outDir) that already exist to be replaced. */
  public static final String OVERWRITE = "metabench.overwrite";

  /**
   * CSV file the per-second series is written to while the run goes (flushed every second, so a
   * crash leaves what was measured). Empty: beside the JSON result, as
   * {@code <json name without .json>.series.csv}; a study writes one per run in
   * {@code <outDir>/series/}.
   */
  public static final String SERIES_OUT = "metabench.series.out";
  public static final String PROMETHEUS = "metabench.prometheus";
  public static final String PROMETHEUS_PUSH = "metabench.prometheus.push";
  /** The run label of the live figures, set by the process that starts a run for its maps. */
  public static final String PROMETHEUS_RUN = "metabench.prometheus.run";

  /** With an error, print its stack trace after the one-line message. */
  public static final String VERBOSE = "metabench.verbose";

  /**
   * Kerberos principal ({@code name@REALM}) to log in as from {@link #KERBEROS_KEYTAB} before the
   * file system is touched; empty: Hadoop's usual login (the ticket cache when the configuration
   * says kerberos). Given only together with the keytab.
   */
  public static final String KERBEROS_PRINCIPAL = "metabench.kerberos.principal";

  /** Keytab file holding {@link #KERBEROS_PRINCIPAL}'s keys; empty: none. */
  public static final String KERBEROS_KEYTAB = "metabench.kerberos.keytab";

  /** How often a keytab login's ticket is checked and renewed during a run, in seconds. */
  public static final String KERBEROS_RELOGIN_SECONDS = "metabench.kerberos.relogin.seconds";

  /**
   * How long each phase that keeps its items' names (open_read, stat, exists, chmod, set_times,
   * list, append, and a mix) runs, in milliseconds, cycling over the workers' items; the phases
   * that create, rename or remove items still do their count, so the names they leave are known.
   * 0: every phase does {@link #FILES_PER_WORKER} items per worker.
   */
  public static final String DURATION_MILLIS = "metabench.duration.millis";

  /**
   * The first part of every phase, in milliseconds, whose operations are done but left out of
   * the statistics (counted as warm-up); with {@link #DURATION_MILLIS} it comes before the
   * measured duration. 0: everything is measured.
   */
  public static final String WARMUP_MILLIS = "metabench.warmup.millis";

  /**
   * How long, before each measured phase, each worker warms its client on scratch names of its
   * own with the calls the phase makes (docs/metrics.md#client-warm-up); 0: no client warm-up.
   */
  public static final String CLIENT_WARMUP_MILLIS = "metabench.client.warmup.millis";

  /**
   * How long each phase of a run that gives no item count and no duration is sized to measure
   * (docs/metrics.md#sized-runs); 0: such a run keeps the default count.
   */
  public static final String SIZE_FOR_MILLIS = "metabench.size.for.millis";

  /**
   * Set by {@code BenchConfig.writeTo}: the configuration holds a whole run's values as
   * MetaBench decided them (a map task's, a result's), so it is read as it is, not sized again.
   */
  public static final String WRITTEN = "metabench.config.written";

  /** How MetaBench sized the run ({@link #SIZE_FOR_MILLIS}), written by it; empty: not sized. */
  public static final String SIZED = "metabench.sized";

  /**
   * Fixed (open-loop) rate in operations per second over all workers of all maps: operation k of
   * worker t is due at phase start + (k x workers + t) / per-process rate, and its latency is
   * measured from when it was due, so a stalled server shows in the percentiles (coordinated
   * omission corrected); the service time from its actual start is reported beside it.
   * 0: closed loop (each worker starts its next operation when the last one ends).
   */
  public static final String RATE = "metabench.rate";

  /**
   * A capacity search's latency bounds ({@link LatencyBounds}); empty: no search. With them the
   * run searches the highest rate its operation holds under them (docs/capacity.md).
   */
  public static final String CAPACITY = "metabench.capacity.bounds";
  /** How long each step of a capacity search offers its rate, in milliseconds. */
  public static final String CAPACITY_STEP_MILLIS = "metabench.capacity.step.millis";
  /** {@code -capacitySettle}: how long each step offers its rate before it is judged. */
  public static final String CAPACITY_SETTLE_MILLIS = "metabench.capacity.settle.millis";
  /**
   * Set by a capacity search on each step's run: operations due in its first this-many ms, of a
   * phase bound by its items too, are done but in no figure (the step's settling).
   */
  public static final String STEP_SETTLE_MILLIS = "metabench.step.settle.millis";
  /** The rate a capacity search's first step offers; 0: half a closed-loop probe's rate. */
  public static final String CAPACITY_START = "metabench.capacity.start";
  /** The width, in percent of the rate held, at which a capacity search stops bisecting. */
  public static final String CAPACITY_PRECISION = "metabench.capacity.precision";
  /** The share of failed operations, in percent, at or above which a step is broken. */
  public static final String CAPACITY_FAILURES = "metabench.capacity.failures";
  /** Operations a capacity search pins at rates of their own beside its mix. */
  public static final String CAPACITY_PIN = "metabench.capacity.pin";
  /** The margin, in percent, of the steps run below and above a capacity search's answer. */
  public static final String CAPACITY_CHECK = "metabench.capacity.check";

  /**
   * The subtree the traversal phases (ls_r, count, du) walk: a path relative to the base
   * directory, or an absolute path on the target's file system (they only read). Empty: the base
   * directory.
   */
  public static final String SUBTREE = "metabench.subtree";

  /**
   * The operations of a mix and their relative weights, {@code op:weight,...}; each operation a
   * mix phase does is drawn from them. Empty: no mix. With a mix and no {@link #OPERATIONS}, the
   * run is the one phase {@code mix}.
   */
  public static final String MIX = "metabench.mix";

  /**
   * Seed of the mix's draws: worker t of map m draws from {@code new Random(seed, m, t)}'s
   * sequence, so a run with the same seed and shape draws the same operations on the same items.
   */
  public static final String SEED = "metabench.seed";

  /**
   * All workers of a map put their items in one shared directory tree, interleaved, instead of
   * each in its own (mdtest's "hard" versus "easy" mode): every create contends for the same
   * directories.
   */
  public static final String SHARED_DIR = "metabench.shared.dir";

  /**
   * Percent of each worker's working set a mix makes (unmeasured) before it starts, when no
   * earlier create_write made the files, so a mix of reads and creates can draw both from the
   * start. 0: the mix starts from an empty set.
   */
  public static final String MIX_FILL_PERCENT = "metabench.mix.fill.percent";

  /**
   * The replay command: the HDFS NameNode audit log (FSNamesystem.audit lines) whose commands are
   * replayed under {@code <baseDir>/replay}. Empty: not a replay.
   */
  public static final String REPLAY_AUDIT_LOG = "metabench.replay.audit.log";

  /**
   * Pace of a replay relative to the recorded one: command k is due at
   * {@code start + (t_k - t_0) / speed}. 1 keeps the recorded pace, 2 is twice as fast, 0 means
   * as fast as possible (no schedule).
   */
  public static final String REPLAY_SPEED = "metabench.replay.speed";

  /**
   * Before a replay, create (unmeasured) the files and directories the log reads or renames but
   * never creates: they existed in the recorded namespace.
   */
  public static final String REPLAY_PRECREATE = "metabench.replay.precreate";

  /**
   * What a replay makes of a getfileinfo or contentSummary of a path its log never settles:
   * {@code exist} (precreate it: it was probably there) or {@code miss} (replay it as a miss).
   */
  public static final String REPLAY_PROBES = "metabench.replay.probes";

  /**
   * A listing of the recorded namespace ({@code hdfs oiv -p Delimited} or {@code hdfs dfs -ls
   * -R} output) that says which paths the log touches existed, and what each was.
   */
  public static final String REPLAY_NAMESPACE = "metabench.replay.namespace";

  /** Whether the embedded HDFS is an HA nameservice of two NameNodes. */
  public static final String EMBEDDED_HA = "metabench.embedded.ha";

  /** With an embedded HA HDFS: a failover this long after the first measured phase begins. */
  public static final String FAILOVER_AFTER_MILLIS = "metabench.embedded.failover.after.millis";

  /** A file the embedded HDFS's NameNode writes its audit log to, for a later replay. */
  public static final String RECORD_AUDIT_LOG = "metabench.record.audit.log";

  /**
   * Files the prefill makes in this map's share of the prefill tree before the phases run, so the
   * phases measure a namespace of that size; 0: no prefill. See docs/prefill.md.
   */
  public static final String PREFILL_FILES = "metabench.prefill.files";

  /** Directory levels of the prefill tree between {@code map_<m>} and the files. */
  public static final String PREFILL_DEPTH = "metabench.prefill.depth";

  /**
   * Subdirectories per directory of the prefill tree: {@code fanOut^depth} leaf directories hold
   * the files. 4 at depth 5 gives 1,024 leaves (1,364 directories): few enough that making them
   * costs about 0.1% of a million creates, many enough that a million files per map put about a
   * thousand in each (far below HDFS's limit and -filesPerDir) and that a hundred workers each
   * own several leaves to checkpoint.
   */
  public static final String PREFILL_FAN_OUT = "metabench.prefill.fan.out";

  /**
   * The prefill's file sizes: {@code size:percent} pairs ({@code 0:70,4k:20,1m:10}; sizes in
   * bytes or with k, m, g; percentages with up to two decimals adding up to 100). Each file's
   * size is a function of its index, so a repeated or resumed prefill makes the same tree.
   */
  public static final String PREFILL_SIZES = "metabench.prefill.sizes";
  /** A profile the prefill draws its namespace from (docs/namespaces.md): a name, file or JSON. */
  public static final String PREFILL_PROFILE = "metabench.prefill.profile";
  /** How the read phases pick the prefill's files: empty (their own items), uniform, zipf:s. */
  public static final String ON_PREFILL = "metabench.on.prefill";
  /** The size of a profile's namespace against the profile's own. */
  public static final String PREFILL_SCALE = "metabench.prefill.scale";

  /** Whether the prefill is written into the embedded HDFS's image rather than created. */
  public static final String PREFILL_OFFLINE = "metabench.prefill.offline";

  /** Worker threads of the prefill; 0: as many as {@link #THREADS}. */
  public static final String PREFILL_THREADS = "metabench.prefill.threads";

  /** How often each prefill worker's progress (leaf directories completed) is recorded, in ms. */
  public static final String PREFILL_CHECKPOINT_MILLIS = "metabench.prefill.checkpoint.millis";
}
