package io.metabench.config;

import static io.metabench.config.CliAction.*;
import static io.metabench.config.OptionSpec.cli;
import static io.metabench.config.OptionSpec.setting;
import static io.metabench.config.ValueType.*;

import io.metabench.op.OpType;
import io.metabench.path.PrefillTree;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;

/**
 * The option table: every MetaBench option and key-only setting, declared once with its names
 * (NNBench's, NNBenchWithoutMR's and Curvine's among them), configuration key, value type with
 * bounds, default, help, group, replay and {@code -maps} acceptance, JSON parameter name and how
 * the command line writes it ({@link CliAction}). The parser, {@code -help}, {@link BenchConfig}
 * (its values, {@code writeTo}, {@code parameters}, equality) and the other readers derive from it.
 *
 * <p>The order matters twice: {@link BenchConfig#parameters()} lists the parameters in this order
 * (result files and their readers rely on it), and {@code -help} lists each group's options in it.
 *
 * <p>Constants are immutable and thread-safe.
 */
public enum Option {
  OPERATION(SET, OPERATIONS, cli("ops", "operation").key(ConfigKeys.OPERATIONS).def("")
      .run("operation")
      .group(Group.BASICS).help("Operation or comma-separated phases, run in order: "
          + OpType.validNames() + ", or all (= " + OpType.join(OpType.ALL) + ")")
      .notForReplay("the audit log decides the operations")),
  NUMBER_OF_FILES(SET, wholeLong(1, "a count of files per worker such as 1000"),
      cli("n", "numberOfFiles", "numFiles").key(ConfigKeys.FILES_PER_WORKER).def(1L)
          .run("numberOfFiles").group(Group.BASICS).notForReplay(OptionSpec.Reasons.NO_ITEMS)
          .help("Files (or directories) each worker handles per phase (default {default}); "
              + "alias -numFiles (NNBenchWithoutMR, Curvine)")),
  THREADS(SET, wholeInt(1, 100_000, "a number of worker threads such as 16"),
      cli("n|list", "threads").key(ConfigKeys.THREADS).def(1).run("threads").group(Group.BASICS)
          .help("Worker threads; each does -numberOfFiles items (default {default}). A list "
              + "(1,2,4,8), range (1-8) or doubling range (1-64*2) runs the phases at each "
              + "concurrency: a study")),
  BYTES_TO_WRITE(SET, wholeLong(0, "0 for empty files or a size in bytes"),
      cli("bytes", "bytesToWrite").key(ConfigKeys.BYTES_TO_WRITE).def(0L).run("bytesToWrite")
          .group(Group.PHASES).notForReplay(OptionSpec.Reasons.NO_SIZES)
          .help("Bytes create_write writes into each file (default {default})")),
  BLOCK_SIZE(SET, wholeLong(1, "a block size in bytes such as 134217728"),
      cli("bytes", "blockSize").key(ConfigKeys.BLOCK_SIZE).def(128L * 1024 * 1024)
          .run("blockSize").group(Group.PHASES).notForReplay(OptionSpec.Reasons.NO_SIZES)
          .help("Block size of created files (default {default}; HDFS refuses less than "
              + "dfs.namenode.fs-limits.min-block-size)")),
  BYTES_PER_CHECKSUM(SET, wholeInt(1, Integer.MAX_VALUE, "a size in bytes such as 512"),
      cli("bytes", "bytesPerChecksum").key(ConfigKeys.BYTES_PER_CHECKSUM).def(512)
          .run("bytesPerChecksum").group(Group.PHASES)
          .help("Checksum chunk size; must divide the block size (default {default})")),
  REPLICATION(SET, whole(Width.SHORT, 1, Short.MAX_VALUE, "a replication factor such as 3"),
      cli("n", "replicationFactorPerFile").key(ConfigKeys.REPLICATION).def(1)
          .run("replicationFactorPerFile").group(Group.PHASES).notForReplay(OptionSpec.Reasons.NO_SIZES)
          .help("Replication of created files (default {default})")),
  BASE_DIR(SET, ValueType.BASE_DIR, cli("dir|uri", "baseDir").key(ConfigKeys.BASE_DIR)
      .def("/benchmarks/MetaBench").run("baseDir").group(Group.BASICS)
      .help("Base directory; a full URI (hdfs://nn:8020/b, s3a://bucket/b, file:///tmp/b) "
          + "selects the file system (default {default} on the default file system, or on an "
          + "embedded HDFS when none is configured)")),
  READ_FILE_AFTER_OPEN(OPTIONAL_TRUE, BOOL, cli("true|false", "readFileAfterOpen")
      .key(ConfigKeys.READ_FILE_AFTER_OPEN).def(false).run("readFileAfterOpen")
      .group(Group.PHASES).help("open_read reads each file to its end (default {default})")
      .notForReplay("the audit log records no reads: a replayed open reads nothing")),
  // At most 11 digits: a time in milliseconds (13) would wait for millennia.
  START_TIME(SET, wholeLong(0, 99_999_999_999L,
      "a time in seconds since the epoch (not milliseconds), such as $(( $(date +%s) + 30 ))"),
      cli("epochSeconds", "startTime").key(ConfigKeys.START_TIME).def(0L).run("startTime")
          .group(Group.MAPREDUCE).notForReplay("a replay starts as soon as it is ready")
          .help("Start the first phase at this time, for runs across processes; workers "
              + "arriving later are counted as late (default: when all are ready)")),
  MAP_INDEX(SET, wholeInt(0, Integer.MAX_VALUE, "0 or a positive map number"),
      cli("m", "mapIndex").key(ConfigKeys.MAP_INDEX).def(0).run("mapIndex")
          .group(Group.MAPREDUCE).notForReplay("a replay writes only under <baseDir>/replay")
          .help("This process's map number, the map_<m> in paths, so processes sharing a base "
              + "directory do not collide (default {default}; -maps numbers its maps)")),
  FILES_PER_DIR(SET, wholeInt(2, 1_048_576, "a directory size such as 10000"),
      cli("n", "filesPerDir").key(ConfigKeys.FILES_PER_DIR).def(10_000).run("filesPerDir")
          .group(Group.PHASES).notForReplay(OptionSpec.Reasons.NO_ITEMS)
          .help("Most files or directories any one directory of items holds; more are spread "
              + "over subdirectories (default {default})")),
  SHARED_CLIENT(FLAG, BOOL, cli(null, "sharedClient").key(ConfigKeys.SHARED_CLIENT).def(false)
      .run("sharedClient").group(Group.PACING)
      .help("All workers share one FileSystem client (default: one per worker)")),
  LOCAL_CLIENT(SET, ValueType.LOCAL_CLIENT, cli("posix|hadoop", "localClient")
      .key(ConfigKeys.LOCAL_CLIENT).def("posix").run("localClient").group(Group.FS)
      .help("The client on file:// and the mounts under it: posix (no forked chmod or ls, no "
          + ".crc files: the mount's own speed) or hadoop (Hadoop's LocalFileSystem, as "
          + "fs.file.impl gives it) (default {default})")),
  RETRIES(SET, wholeInt(0, 1000, "0 or a number of extra attempts"),
      cli("n", "retries").key(ConfigKeys.RETRIES).def(0).run("retries").group(Group.PHASES)
          .notForReplay("each recorded command is replayed once")
          .help("Extra attempts for a failed operation, each counted (default {default})")),
  CLEANUP(FLAG, BOOL, cli(null, "cleanup").key(ConfigKeys.CLEANUP).def(false).run("cleanup")
      .group(Group.PHASES).notForReplay("a replay removes nothing it did not replay; remove "
          + "<baseDir>/replay yourself")
      .help("After the phases, remove what this map made (only MetaBench's own names, in a base "
          + "directory carrying its marker); may be given without -operation")),
  CLEANUP_KEEPS_PREFILL(KEY_ONLY, BOOL, setting(ConfigKeys.CLEANUP_KEEPS_PREFILL).def(false)
      .run(null).group(Group.PHASES).help("-cleanup leaves the prefill (a capacity step's)")),
  JSON_OUT(SET, TEXT, cli("file", "jsonOut").key(ConfigKeys.JSON_OUT).def("").run(null)
      .group(Group.OUTPUT).help("JSON result file (default: result.json in the run's own directory, "
          + "metabench-results/<yyyyMMdd-HHmmss>-<operations>-<target>/)")),
  NNBENCH_LOG(SET, TEXT, cli("file", "nnbenchLog").key(ConfigKeys.NNBENCH_LOG)
      .def("NNBench_results.log").run(null).group(Group.OUTPUT)
      .help("File the NNBench-compatible blocks are appended to (default {default} in the "
          + "working directory, as NNBench; a study's go to its -outDir; empty string: none)")),
  CONNECT_TIMEOUT(KEY_ONLY, wholeInt(1, 3600, "a number of seconds"),
      setting(ConfigKeys.CONNECT_TIMEOUT_SECONDS).def(30).run(null).group(Group.FS)
          .help("Upper bound, in seconds, on the reachability check of each target file system "
              + "before anything is done (default {default})")),
  NAMENODE_JMX(KEY_ONLY, TEXT, setting(ConfigKeys.NAMENODE_JMX).def("").run(null).group(Group.FS)
      .help("Where the NameNode's metrics are read once a second during a run on HDFS: its /jmx "
          + "URL, or off (default: the NameNode's HTTP(S) address in the client configuration)")),
  MAPS(SET, wholeInt(0, 100_000, "a number of map tasks such as 8, or 0 to run in this process"),
      cli("m", "maps").key(ConfigKeys.MAPS).def(0).run("maps").group(Group.MAPREDUCE)
          .help("Run the phases in a MapReduce job of m map tasks, each running -threads "
              + "workers on its own map_<i> paths (default {default}: in this process)")),
  PROCESSES(SET, wholeInt(0, 100_000, "0, or how many processes were started with -mapIndex "
      + "0 to n-1, such as 3"),
      cli("n", "processes").key(ConfigKeys.PROCESSES).def(0).run("processes")
          .group(Group.MAPREDUCE).notForReplay("a replay spreads over maps with -maps")
          .notWithMaps("-processes is for processes started by hand; a -maps job lines its maps "
              + "up itself: drop -processes")
          .help("This process is one of n started by hand (-mapIndex 0 to n-1, one -startTime): "
              + "they meet before every phase at a barrier of files in the base directory, as a "
              + "-maps job's maps do (default {default}: none)")),
  BARRIER_TIMEOUT(SET, wholeInt(1, 86_400, "a number of seconds such as 600"),
      cli("seconds", "barrierTimeout").key(ConfigKeys.BARRIER_TIMEOUT_SECONDS).def(600)
          .run("barrierTimeout").group(Group.MAPREDUCE)
          .help("How long a map waits at a phase's barrier for the others (default {default})")),
  READ_SHIFT(SET, wholeInt(0, 100_000,
      "0, or how many workers (maps with -maps) further on to read from, such as 1"),
      cli("n", "readShift").key(ConfigKeys.READ_SHIFT).def(0).run("readShift")
          .group(Group.PHASES).notForReplay("the audit log names the paths read")
          .help("Reading phases read the items of the worker n places on (of the map n places "
              + "on with -maps), so client caches cannot answer (mdtest -N; default {default})")),
  OP_TIMEOUT(SECONDS, DURATION_MS, cli("duration", "opTimeout").key(ConfigKeys.OP_TIMEOUT_MILLIS)
      .def(0L).run("opTimeoutMs").group(Group.PHASES)
      .help("Interrupt a call that takes longer and count it as failed: seconds (30) or 500ms, "
          + "30s, 2m (default: no limit)")),
  FAIL_FAST(FLAG, BOOL, cli(null, "failFast").key(ConfigKeys.FAIL_FAST).def(false)
      .run("failFast").group(Group.PHASES)
      .help("Stop at the first failed operation and report what completed")),
  OVERWRITE(FLAG, BOOL, cli(null, "overwrite").key(ConfigKeys.OVERWRITE).def(false).run(null)
      .group(Group.OUTPUT)
      .help("Replace existing result files (-jsonOut, -outDir) instead of refusing")),
  SERIES_OUT(SET, TEXT, cli("file", "seriesOut").key(ConfigKeys.SERIES_OUT).def("").run(null)
      .group(Group.OUTPUT)
      .help("Per-second series CSV, written while the run goes (default: series.csv in the "
          + "run's directory, or <name>.series.csv beside -jsonOut; with -maps, the maps' series "
          + "combined by wall-clock second, written when the job ends)")),
  DURATION(SECONDS, DURATION_MS, cli("duration", "duration").key(ConfigKeys.DURATION_MILLIS)
      .def(0L).run("durationMs").group(Group.BASICS)
      .help("Run each phase that keeps names (open_read, stat, exists, chmod, set_times, list, "
          + "append) this long, cycling over the items: seconds (60) or 500ms, 60s, 2m (default: "
          + "-numberOfFiles items per worker)")),
  WARMUP(SECONDS, DURATION_MS, cli("duration", "warmup").key(ConfigKeys.WARMUP_MILLIS).def(0L)
      .run("warmupMs").group(Group.PACING)
      .help("Leave the first part of each phase out of the statistics (counted as warm-up; "
          + "before -duration): seconds (10) or 500ms, 10s, 1m (default: none)")),
  CLIENT_WARMUP(SECONDS, DURATION_MS, cli("duration", "clientWarmup")
      .key(ConfigKeys.CLIENT_WARMUP_MILLIS).def(30_000L).run("clientWarmupMs").group(Group.PACING)
      .help("Before each measured phase, warm the workers' clients with the calls the phase "
          + "makes, on scratch names of their own, until their rate stops climbing, for at most "
          + "this long, so the phase measures the file system rather than the client JVM "
          + "starting; nothing of it is in any figure, and what it made is removed: seconds (30) "
          + "or 500ms, 30s (default {default}; 0 turns it off)")),
  SIZE_FOR(SECONDS, DURATION_MS, cli("duration", "sizeFor").key(ConfigKeys.SIZE_FOR_MILLIS)
      .def(4_000L).run("sizeForMs").group(Group.BASICS).notForReplay("the audit log sizes a replay")
      .help("When neither -numberOfFiles nor -duration is given, size the run so each phase "
          + "measures about this long: phases that keep names run this long, and each worker "
          + "gets this long's worth of items at the fastest rate its client warm-up measured "
          + "for the run's other phases (default 4 s; 0: -numberOfFiles's default count)")),
  SIZED(KEY_ONLY, TEXT, setting(ConfigKeys.SIZED).def("").run("sized").group(Group.BASICS)
      .help("How MetaBench sized the run (written by it, kept in the results)")),
  RATE(SET, ValueType.RATE, cli("ops/s", "rate").key(ConfigKeys.RATE).def(0.0).run("rate")
      .group(Group.PACING).help("Fixed (open-loop) rate over all workers and maps; latency is "
          + "measured from when each operation was due (default: closed loop)")),
  CAPACITY(SET, ValueType.BOUNDS, cli("p99=10ms,...", "capacity").key(ConfigKeys.CAPACITY)
      .def("").group(Group.CAPACITY)
      .help("Search the highest rate the operation (mix, replayed log) holds with these latency "
          + "bounds (from when each operation was due): open-loop steps at offered rates, "
          + "bisected (docs/capacity.md)")),
  CAPACITY_STEP(SECONDS, DURATION_MS, cli("duration", "capacityStep")
      .key(ConfigKeys.CAPACITY_STEP_MILLIS).def(8_000L).group(Group.CAPACITY)
      .help("How long each step of -capacity is judged: seconds (8) or 500ms, 8s (default 8 s)")),
  CAPACITY_SETTLE(SECONDS, DURATION_MS, cli("duration", "capacitySettle")
      .key(ConfigKeys.CAPACITY_SETTLE_MILLIS).def(1_000L).group(Group.CAPACITY).help("How long "
          + "each step offers its rate before it is judged, in no figure (default 1 s; 0: none)")),
  STEP_SETTLE(KEY_ONLY, DURATION_MS, setting(ConfigKeys.STEP_SETTLE_MILLIS).def(0L)
      .run(null).group(Group.CAPACITY).help("A capacity step's -capacitySettle")),
  CAPACITY_START(SET, ValueType.RATE, cli("ops/s", "capacityStart").key(ConfigKeys.CAPACITY_START)
      .def(0.0).group(Group.CAPACITY).help("The rate -capacity's first step offers (default: "
          + "half the rate of a closed-loop probe)")),
  CAPACITY_PRECISION(SET, ValueType.PERCENT, cli("%", "capacityPrecision")
      .key(ConfigKeys.CAPACITY_PRECISION).def(2.5).group(Group.CAPACITY).help("Stop bisecting "
          + "when the rates held and broken are this close, in percent (default {default})")),
  CAPACITY_FAILURES(SET, ValueType.PERCENT, cli("%", "capacityFailures")
      .key(ConfigKeys.CAPACITY_FAILURES).def(1.0).group(Group.CAPACITY).help("A step whose "
          + "failed operations reach this share, in percent, is broken (default {default})")),
  CAPACITY_CHECK(SET, wholeInt(0, 50, "a percentage from 0 to 50, such as 10"),
      cli("percent", "capacityCheck").key(ConfigKeys.CAPACITY_CHECK).def(0)
      .group(Group.CAPACITY).help("After the search, one step this many percent below the rate "
          + "held and one above it, to show the first holds and the second does not (default 0)")),
  CAPACITY_PIN(SET, ValueType.PINS, cli("op:ops/s,...", "capacityPin")
      .key(ConfigKeys.CAPACITY_PIN).def("").group(Group.CAPACITY).help("Operations a search of "
          + "-mix offers at rates of their own (ops/s), beside the mix it scales")),
  SUBTREE(SET, TEXT, cli("path", "subtree").key(ConfigKeys.SUBTREE).def("").run("subtree")
      .group(Group.PHASES).help("The subtree ls_r, count and du walk: relative to the base "
          + "directory, or absolute on its file system (default: the base directory)")),
  MIX(SET, ValueType.MIX, cli("op:weight,...", "mix").key(ConfigKeys.MIX).def("").run("mix")
      .group(Group.PHASES).help("A mixed workload: each operation drawn by weight (e.g. create_write:20,"
          + "open_read:50,stat:20,rename:5,delete:5) over each worker's -numberOfFiles items, "
          + "never touching one the mix deleted; per-operation figures")),
  SEED(SET, wholeLong(Long.MIN_VALUE, "a whole number such as 42"), cli("n", "seed")
      .key(ConfigKeys.SEED).def(1L).run("seed").group(Group.PHASES)
      .help("Seed of the mix's draws and of a -prefillProfile namespace (default {default})")),
  SHARED_DIR(FLAG, BOOL, cli(null, "sharedDir").key(ConfigKeys.SHARED_DIR).def(false)
      .run("sharedDir").group(Group.PHASES).help("All workers of a map work in one shared "
          + "directory tree, their items interleaved (mdtest's hard mode; default: each worker "
          + "its own, the easy mode)")),
  MIX_FILL(SET, wholeInt(0, 100, "a percentage from 0 to 100, such as 50"),
      cli("percent", "mixFill").key(ConfigKeys.MIX_FILL_PERCENT).def(0).run("mixFill")
          .group(Group.PHASES).help("Make this part of each worker's working set first, "
              + "unmeasured, when no create_write made it (default {default})")),
  PREFILL_FILES(SET, whole(Width.LONG, 0, PrefillTree.MAX_FILES,
      "0 for no prefill or a number of files per map such as 1000000"),
      cli("n", "prefillFiles").key(ConfigKeys.PREFILL_FILES).def(0L).run("prefillFiles")
          .group(Group.WORKLOADS).help("Before the phases, grow the namespace by n files per map "
              + "in <baseDir>/prefill/map_<m> (resumable; default {default}: none); may be given "
              + "without -operation")),
  PREFILL_DEPTH(SET, wholeInt(1, 32, "a number of directory levels such as 5"),
      cli("d", "prefillDepth").key(ConfigKeys.PREFILL_DEPTH).def(5).run("prefillDepth")
          .group(Group.WORKLOADS)
          .help("Directory levels of the prefill tree (default {default})")),
  PREFILL_FAN_OUT(SET, wholeInt(1, 1_048_576, "a number of subdirectories per directory such as 4"),
      cli("f", "prefillFanOut").key(ConfigKeys.PREFILL_FAN_OUT).def(4).run("prefillFanOut")
          .group(Group.WORKLOADS).help("Subdirectories per directory of the prefill tree; files "
              + "spread evenly over f^d leaves (default {default})")),
  PREFILL_SIZES(SET, ValueType.PREFILL_SIZES, cli("size:pct,...", "prefillSizes")
      .key(ConfigKeys.PREFILL_SIZES).def("0:100").run("prefillSizes").group(Group.WORKLOADS)
      .help("The prefill's file sizes, e.g. 0:70,4k:20,1m:10 (default {default}: all empty)")),
  PREFILL_PROFILE(SET, ValueType.PROFILE, cli("file|yahoo|hive", "prefillProfile")
      .key(ConfigKeys.PREFILL_PROFILE).def("").run("prefillProfile").group(Group.WORKLOADS)
      .help("Before the phases, make a namespace of this profile's shape (a profile.json, or the "
          + "built-in yahoo or hive) in <baseDir>/prefill/map_<m>, then check it against it")),
  PREFILL_SCALE(SET, ValueType.SCALE, cli("s", "prefillScale").key(ConfigKeys.PREFILL_SCALE)
      .def(1.0).run("prefillScale").group(Group.WORKLOADS).help("The -prefillProfile "
          + "namespace's size against the profile's: 0.1 a tenth, 10 ten times (default {default})")),
  ON_PREFILL(SET, ValueType.POPULARITY, cli("uniform|zipf:s", "onPrefill").key(ConfigKeys.ON_PREFILL)
      .def("").run("onPrefill").group(Group.WORKLOADS).help("The read phases (stat, exists, "
          + "open_read, list) read the prefill's files, picked alike or by a Zipf law of exponent s")),
  PREFILL_THREADS(SET, wholeInt(0, 100_000, "0 for as many as -threads, or a number such as 16"),
      cli("n", "prefillThreads").key(ConfigKeys.PREFILL_THREADS).def(0).run("prefillThreads")
          .group(Group.WORKLOADS).help("Worker threads of the prefill (default: -threads)")),
  PREFILL_OFFLINE(FLAG, BOOL, cli(null, "prefillOffline").key(ConfigKeys.PREFILL_OFFLINE).def(false)
      .run("prefillOffline").group(Group.WORKLOADS).help("Write the prefill into the embedded "
          + "HDFS's fsimage and restart its NameNode on it: empty files, minutes for millions")),
  PREFILL_CHECKPOINT(KEY_ONLY, whole(Width.LONG, 1, 3_600_000,
      "a number of milliseconds such as 2000"), setting(ConfigKeys.PREFILL_CHECKPOINT_MILLIS)
      .def(2000L).run(null).group(Group.WORKLOADS)
      .help("How often each prefill worker's progress is recorded, in ms (default {default})")),

  // Read by StudyPlan, MetaBench, KerberosLogin, ReplayConfig, or only by the command line.
  ITERATIONS(SET, wholeInt(1, 1000, "a number of repetitions such as 3"),
      cli("k", "iterations").key(ConfigKeys.ITERATIONS).def(1).group(Group.PACING)
          .notForReplay("a replay runs once").help("Repeat the whole run k times and report "
              + "mean, min, max and standard deviation per phase (default {default})")),
  TARGET(ACCUMULATE, TEXT, cli("[label=]uri", "target").key(ConfigKeys.TARGETS).def("")
      .group(Group.PACING).notForReplay("a replay runs against one -baseDir")
      .help("A base directory URI to compare; repeat for each file system (e.g. -target "
          + "hdfs://nn:8020/b -target file:///tmp/b); replaces -baseDir")),
  OUT_DIR(SET, TEXT, cli("dir", "outDir").key(ConfigKeys.OUT_DIR).def("").group(Group.OUTPUT)
      .notForReplay("a replay writes -jsonOut").help("Directory for a study's files: JSON, "
          + "CSV, every run's table (runs.txt), NNBench blocks, .hgrm, charts, report.html "
          + "(default metabench-results/<yyyyMMdd-HHmmss>-study-<operations>); giving it makes "
          + "even one run a study")),
  CHART_THREADS(SET, wholeInt(0, 100_000, "one of the -threads levels, or 0 for the highest"),
      cli("n", "chartThreads").key(ConfigKeys.CHART_THREADS).def(0).group(Group.OUTPUT)
          .notForReplay("a replay is not a study")
          .help("The concurrency the latency charts show (default: the highest)")),
  WORKLOAD(CliAction.WORKLOAD, TEXT, cli("file|name", "workload", "study")
      .key(ConfigKeys.WORKLOAD).def("").run("workload").group(Group.WORKLOADS)
      .help("Load a workload file (Hadoop XML of metabench.* keys), or a shipped one by name ("
          + Resources.shippedWorkloads() + "; copies in conf/workloads/; -help workloads "
          + "shows what each runs); options on the command line win over it; alias -study")),
  DRY_RUN(FLAG, BOOL, cli(null, "dryRun").key(ConfigKeys.DRY_RUN).def(false)
      .group(Group.WORKLOADS).help("Print what the run would do (phases, workers, items, the "
          + "study's runs, the options in effect, a workload's among them) and run nothing")),
  CONF_DIR(CliAction.CONF_DIR, NONE, cli("dir", "confDir").group(Group.FS)
      .help("Load every *-site.xml in this directory (core-site.xml first)")),
  DEFINE(CliAction.DEFINE, NONE, cli("key=value", "D").group(Group.FS)
      .help("Set a Hadoop or MetaBench configuration key (also accepted after other options)")),
  VERBOSE(FLAG, BOOL, cli(null, "verbose").key(ConfigKeys.VERBOSE).def(false)
      .group(Group.OUTPUT)
      .help("More detail: every run's table on stdout in a study (default: one line a run), "
          + "and with an error its stack trace (default: one line)")),
  PROMETHEUS(SET, ValueType.LISTEN, cli("[host:]port", "prometheus").key(ConfigKeys.PROMETHEUS)
      .def("").run(null).group(Group.OUTPUT)
      .notWithMaps("-prometheus serves one process's figures, and a job's maps run on hosts and "
          + "ports nobody knows in advance: give -prometheusPush with a Pushgateway's URL, to "
          + "which each map pushes its own")
      .help("Serve the live figures of the phase under way for Prometheus on this port "
          + "(loopback unless a host is given): operations by outcome, latency histograms, "
          + "rates, progress (docs/watching.md)")),
  PROMETHEUS_PUSH(SET, TEXT, cli("url", "prometheusPush").key(ConfigKeys.PROMETHEUS_PUSH).def("")
      .run(null).group(Group.OUTPUT)
      .help("Push the live figures to this Prometheus Pushgateway every second and at the end, "
          + "each process (a -maps job's every map) as a group of its own (docs/watching.md)")),
  QUIET(FLAG, BOOL, cli(null, "quiet").key(ConfigKeys.QUIET).def(false).group(Group.OUTPUT)
      .help("No live progress on stderr (default: a line rewritten every second on a terminal, "
          + "a plain line every 10 s otherwise)")),
  HELP(CliAction.HELP, NONE, cli("topic", "help", "h").group(Group.OUTPUT).help("Print the most "
      + "used options; -help TOPIC one group (basics, phases, pacing, output, fs, mapreduce, "
      + "workloads, compat), -help all every option")),
  PRINCIPAL(SET, TEXT, cli("name@REALM", "principal").key(ConfigKeys.KERBEROS_PRINCIPAL).def("")
      .group(Group.FS).help("Log in as this principal from -keytab before the file "
          + "system is touched (default: the ticket cache, as after kinit)")),
  KEYTAB(SET, TEXT, cli("file", "keytab").key(ConfigKeys.KERBEROS_KEYTAB).def("")
      .group(Group.FS).help("The keytab holding -principal's keys; give both or neither")),
  KERBEROS_RELOGIN(KEY_ONLY, wholeInt(0, Integer.MAX_VALUE, "a number of seconds, or 0 for none"),
      setting(ConfigKeys.KERBEROS_RELOGIN_SECONDS).def(60).group(Group.FS)
          .help("How often a keytab login's ticket is checked and renewed, in seconds (default "
              + "{default})")),
  AUDIT_LOG(SET, TEXT, cli("file", "auditLog").key(ConfigKeys.REPLAY_AUDIT_LOG).def("")
      .group(Group.WORKLOADS).replayOnly().help("The HDFS NameNode audit log to replay "
          + "(metabench replay -auditLog hdfs-audit.log)")),
  REPLAY_SPEED(CHECKED, SPEED, cli("x", "replaySpeed").key(ConfigKeys.REPLAY_SPEED).def(1.0)
      .group(Group.WORKLOADS).replayOnly().help("Pace relative to the recorded one (default "
          + "{default}; 2 = twice as fast, 0 = as fast as possible)")),
  REPLAY_PRECREATE(OPTIONAL_TRUE, BOOL, cli("true|false", "replayPrecreate")
      .key(ConfigKeys.REPLAY_PRECREATE).def(true).group(Group.WORKLOADS).replayOnly()
      .help("First create, unmeasured, what the log reads or renames but never creates "
          + "(default {default})")),
  REPLAY_PROBES(CHECKED, PROBES, cli("exist|miss", "replayProbes")
      .key(ConfigKeys.REPLAY_PROBES).def("exist").group(Group.WORKLOADS).replayOnly()
      .help("A getfileinfo of a path the log never creates or uses otherwise: exist (precreate "
          + "it) or miss (replay it as a miss; default {default})")),
  REPLAY_NAMESPACE(SET, TEXT, cli("file", "replayNamespace").key(ConfigKeys.REPLAY_NAMESPACE)
      .def("").group(Group.WORKLOADS).replayOnly().help("The recorded namespace as `hdfs oiv "
          + "-p Delimited` or `hdfs dfs -ls -R` prints it: what existed before the log")),
  EMBEDDED_HA(FLAG, BOOL, cli(null, "embeddedHa").key(ConfigKeys.EMBEDDED_HA).def(false)
      .run("embeddedHa").group(Group.FS).notForReplay("a replay runs on the file system given")
      .help("Start the embedded HDFS as an HA nameservice (two NameNodes on shared edits, the "
          + "client failing over between them), to see a failover's cost on one machine")),
  FAILOVER_AFTER(SECONDS, DURATION_MS, cli("duration", "failoverAfter")
      .key(ConfigKeys.FAILOVER_AFTER_MILLIS).def(0L).run("failoverAfterMs").group(Group.FS)
      .notForReplay("a replay runs on the file system given")
      .help("With -embeddedHa: fail the active NameNode over to the other this long after the "
          + "first measured phase begins (default 0: never)")),
  RECORD_AUDIT_LOG(SET, TEXT, cli("file", "recordAuditLog").key(ConfigKeys.RECORD_AUDIT_LOG)
      .def("").group(Group.WORKLOADS).help("Write what the embedded HDFS's NameNode audits "
          + "during measured phases to this file (to replay elsewhere later)")),
  BYTES_PER_BLOCK(CliAction.BYTES_PER_BLOCK, NONE, cli("bytes", "bytesPerBlock")
      .key(ConfigKeys.BLOCK_SIZE).group(Group.COMPAT).notForReplay(OptionSpec.Reasons.NO_SIZES)
      .help("NNBenchWithoutMR: block size, and bytes per block written with -blocksPerFile")),
  BLOCKS_PER_FILE(CliAction.BLOCKS_PER_FILE, NONE, cli("n", "blocksPerFile")
      .key(ConfigKeys.BYTES_TO_WRITE).group(Group.COMPAT).notForReplay(OptionSpec.Reasons.NO_SIZES)
      .help("NNBenchWithoutMR: files get blocksPerFile x bytesPerBlock bytes")),
  REDUCES(NO_EFFECT, NONE, cli("n", "reduces").group(Group.COMPAT)
      .help("NNBench: accepted so its command lines run; no effect (the job has no reduces)")),
  FILES_PER_REPORT(NO_EFFECT, NONE, cli("n", "filesPerReport").group(Group.COMPAT)
      .help("Curvine: accepted so its command lines run; no effect"));

  private final CliAction action;
  private final ValueType type;
  private final List<String> names;
  private final String argName;
  private final String key;
  private final String defaultText;
  private final Object defaultValue;
  private final String help;
  private final Group group;
  private final String replayRefusal;
  private final boolean replayOnly;
  private final String mapsRefusal;
  private final boolean run;
  private final String param;

  /**
   * Both the command-line handler and the value type are required, and {@link CliAction} makes
   * each of its constants implement {@code apply}: an option cannot exist without a handler.
   */
  Option(CliAction action, ValueType type, OptionSpec s) {
    this.action = Objects.requireNonNull(action, "action");
    this.type = Objects.requireNonNull(type, "type");
    this.names = Collections.unmodifiableList(Arrays.asList(s.names));
    this.argName = s.argName;
    this.key = s.key;
    this.help = Objects.requireNonNull(s.help, "help");
    this.group = Objects.requireNonNull(s.group, "group");
    this.replayRefusal = s.replayRefusal;
    this.replayOnly = s.replayOnly;
    this.mapsRefusal = s.mapsRefusal;
    this.run = s.run;
    this.param = s.param;
    this.defaultText = s.defaultValue == null ? null : String.valueOf(s.defaultValue);
    // Through the type, so a default is held exactly as a value read from the key would be.
    this.defaultValue = defaultText == null ? null : type.parse(defaultText, this);
  }

  /** The option's key: its value's text in {@code conf}, or the default when the key is unset. */
  public Object read(Configuration conf) {
    String raw = conf.getTrimmed(key);
    return raw == null ? defaultValue : type.parse(raw, this);
  }

  public long readLong(Configuration conf) {
    return ((Number) read(conf)).longValue();
  }

  public int readInt(Configuration conf) {
    return ((Number) read(conf)).intValue();
  }

  public boolean readBool(Configuration conf) {
    return (Boolean) read(conf);
  }

  public String readText(Configuration conf) {
    return (String) read(conf);
  }

  /** The command-line names, the primary first; empty for a key-only setting. */
  public List<String> names() {
    return names;
  }

  /** How the option is named in messages: {@code -primaryName}, or its key when it has none. */
  public String label() {
    return names.isEmpty() ? key : "-" + names.get(0);
  }

  public String argName() {
    return argName;
  }

  /** The key the option writes; null for an option that loads resources or has no effect. */
  public String key() {
    return key;
  }

  public ValueType type() {
    return type;
  }

  public CliAction action() {
    return action;
  }

  /** The default as text, as {@code -help} shows it; null when the option holds no value. */
  public String defaultText() {
    return defaultText;
  }

  /** The default value, of the type the option's getter returns; null when it holds none. */
  public Object defaultValue() {
    return defaultValue;
  }

  /** The help text, with the default filled in. */
  public String help() {
    return defaultText == null ? help : help.replace("{default}", defaultText);
  }

  public Group group() {
    return group;
  }

  /** Why {@code metabench replay} refuses the option; null when a replay takes it. */
  public String replayRefusal() {
    return replayRefusal;
  }

  /** Whether only {@code metabench replay} takes the option. */
  public boolean replayOnly() {
    return replayOnly;
  }

  /** The refusal when a non-default value meets {@code -maps} of 1 or more; null when accepted. */
  public String mapsRefusal() {
    return mapsRefusal;
  }

  /** Whether {@link BenchConfig} holds it: map tasks read its key from the job configuration. */
  public boolean inRun() {
    return run;
  }

  /** Its name in the JSON {@code parameters}; null when results leave it out. */
  public String param() {
    return param;
  }
}
