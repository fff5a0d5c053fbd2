package io.metabench.cli;

import static io.metabench.config.ConfigKeys.*;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.io.File;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Turns MetaBench's command line into configuration keys. It accepts Hadoop NNBench's option names
 * and NNBenchWithoutMR's and Curvine's, so existing command lines run unchanged; when an option is
 * given twice (or under two of its names) the last one wins.
 *
 * <p>commons-cli is relocated inside the thin jar, so the API used here does not depend on the
 * commons-cli 1.2 that Hadoop 3.3 and earlier put first on the classpath.
 */
public final class CliParser {
  private static final String[] SITE_FILE_ORDER = {"core-site.xml", "hdfs-site.xml"};

  private CliParser() {
  }

  /** The outcome of parsing: either a request for help or the keys written into the conf. */
  public static final class Parsed {
    private final boolean help;

    Parsed(boolean help) {
      this.help = help;
    }

    public boolean help() {
      return help;
    }
  }

  static Options options() {
    Options o = new Options();
    add(o, "operation", "ops", "Operation or comma-separated phases, run in order: "
        + OpType.validNames() + ", or all (= " + OpType.join(OpType.ALL) + ")");
    add(o, "numberOfFiles", "n", "Files (or directories) each worker handles per phase (default "
        + FILES_PER_WORKER_DEFAULT + "); alias -numFiles");
    add(o, "numFiles", "n", "Alias of -numberOfFiles (NNBenchWithoutMR, Curvine)");
    add(o, "threads", "n|list", "Worker threads; each does -numberOfFiles items (default "
        + THREADS_DEFAULT + "). A list (1,2,4,8), range (1-8) or doubling range (1-64*2) runs "
        + "the phases at each concurrency: a study");
    add(o, "iterations", "k", "Repeat the whole run k times and report mean, min, max and "
        + "standard deviation per phase (default " + ITERATIONS_DEFAULT + ")");
    add(o, "target", "[label=]uri", "A base directory URI to compare; repeat for each file "
        + "system (e.g. -target hdfs://nn:8020/b -target file:///tmp/b); replaces -baseDir");
    add(o, "outDir", "dir", "Directory for a study's result files: JSON, CSV, .hgrm (default "
        + "metabench-study-<yyyyMMdd-HHmmss> for a study; a single run writes only its JSON)");
    add(o, "chartThreads", "n", "The concurrency the latency charts show (default: the highest)");
    flag(o, "verbose", "With an error, also print its stack trace (default: one line)");
    flag(o, "quiet", "No live progress on stderr (default: a line rewritten every second on a "
        + "terminal, a plain line every " + io.metabench.engine.Progress.PLAIN_EVERY_SECONDS
        + " s otherwise)");
    add(o, "workload", "file|name", "Load a workload file (Hadoop XML of metabench.* keys), or a "
        + "shipped one by name (" + shippedWorkloads() + "; copies in conf/workloads/); options "
        + "on the command line win over it");
    add(o, "study", "file|name", "Alias of -workload");
    add(o, "bytesToWrite", "bytes", "Bytes create_write writes into each file (default "
        + BYTES_TO_WRITE_DEFAULT + ")");
    add(o, "blockSize", "bytes", "Block size of created files (default " + BLOCK_SIZE_DEFAULT
        + "; HDFS refuses less than dfs.namenode.fs-limits.min-block-size)");
    add(o, "bytesPerBlock", "bytes", "NNBenchWithoutMR: block size, and bytes per block written "
        + "with -blocksPerFile");
    add(o, "blocksPerFile", "n", "NNBenchWithoutMR: files get blocksPerFile x bytesPerBlock bytes");
    add(o, "bytesPerChecksum", "bytes", "Checksum chunk size; must divide the block size "
        + "(default " + BYTES_PER_CHECKSUM_DEFAULT + ")");
    add(o, "replicationFactorPerFile", "n", "Replication of created files (default "
        + REPLICATION_DEFAULT + ")");
    add(o, "baseDir", "dir|uri", "Base directory; a full URI (hdfs://nn:8020/b, s3a://bucket/b, "
        + "file:///tmp/b) selects the file system (default " + BASE_DIR_DEFAULT + " on the "
        + "default file system, or on an embedded HDFS when none is configured)");
    o.addOption(Option.builder("readFileAfterOpen").hasArg().optionalArg(true).argName("true|false")
        .desc("open_read reads each file to its end (default " + READ_FILE_AFTER_OPEN_DEFAULT
            + ")").build());
    add(o, "startTime", "epochSeconds", "Start the first phase at this time, for runs across "
        + "processes; workers arriving later are counted as late (default: when all are ready)");
    add(o, "mapIndex", "m", "This process's map number, the map_<m> in paths, so processes "
        + "sharing a base directory do not collide (default " + MAP_INDEX_DEFAULT + ")");
    add(o, "filesPerDir", "n", "Most files or directories any one directory of items holds; "
        + "more are spread over subdirectories (default " + FILES_PER_DIR_DEFAULT + ")");
    add(o, "confDir", "dir", "Load every *-site.xml in this directory (core-site.xml first)");
    flag(o, "sharedClient", "All workers share one FileSystem client (default: one per worker)");
    add(o, "retries", "n", "Extra attempts for a failed operation, each counted (default "
        + RETRIES_DEFAULT + ")");
    flag(o, "cleanup", "After the phases, remove what this map made (only MetaBench's own "
        + "names, in a base directory carrying its marker); may be given without -operation");
    add(o, "jsonOut", "file", "JSON result file (default metabench-<yyyyMMdd-HHmmss>.json)");
    add(o, "seriesOut", "file", "Per-second series CSV, written while the run goes (default: "
        + "beside the JSON file, <name>.series.csv)");
    add(o, "nnbenchLog", "file", "File the NNBench-compatible block is appended to (default "
        + NNBENCH_LOG_DEFAULT + "; empty string: none)");
    add(o, "maps", "m", "Run the phases in a MapReduce job of m map tasks, each running "
        + "-threads workers on its own map_<i> paths (default " + MAPS_DEFAULT + ": in this "
        + "process)");
    add(o, "barrierTimeout", "seconds", "How long a map waits at a phase's barrier for the "
        + "others (default " + BARRIER_TIMEOUT_SECONDS_DEFAULT + ")");
    add(o, "readShift", "n", "Reading phases read the items of the worker n places on (of the "
        + "map n places on with -maps), so client caches cannot answer (mdtest -N; default "
        + READ_SHIFT_DEFAULT + ")");
    add(o, "opTimeout", "duration", "Interrupt a call that takes longer and count it as failed: "
        + "seconds (30) or 500ms, 30s, 2m (default: no limit)");
    add(o, "duration", "duration", "Run each phase that keeps names (open_read, stat, exists, "
        + "chmod, set_times, list, append) this long, cycling over the items: seconds (60) or "
        + "500ms, 60s, 2m (default: -numberOfFiles items per worker)");
    add(o, "warmup", "duration", "Leave the first part of each phase out of the statistics "
        + "(counted as warm-up; before -duration): seconds (10) or 500ms, 10s, 1m (default: none)");
    add(o, "rate", "ops/s", "Fixed (open-loop) rate over all workers and maps; latency is "
        + "measured from when each operation was due (default: closed loop)");
    add(o, "subtree", "path", "The subtree ls_r, count and du walk: relative to the base "
        + "directory, or absolute on its file system (default: the base directory)");
    add(o, "mix", "op:weight,...", "A mixed workload: each operation drawn by weight (e.g. "
        + "create_write:20,open_read:50,stat:20,rename:5,delete:5) over each worker's "
        + "-numberOfFiles items, never touching one the mix deleted; per-operation figures");
    add(o, "mixFill", "percent", "Make this part of each worker's working set first, unmeasured, "
        + "when no create_write made it (default " + MIX_FILL_PERCENT_DEFAULT + ")");
    add(o, "seed", "n", "Seed of the mix's draws (default " + SEED_DEFAULT + ")");
    flag(o, "sharedDir", "All workers of a map work in one shared directory tree, their items "
        + "interleaved (mdtest's hard mode; default: each worker its own, the easy mode)");
    flag(o, "failFast", "Stop at the first failed operation and report what completed");
    flag(o, "overwrite", "Replace existing result files (-jsonOut, -outDir) instead of refusing");
    add(o, "prefillFiles", "n", "Before the phases, grow the namespace by n files per map in "
        + "<baseDir>/prefill/map_<m> (resumable; see docs/prefill.md; default "
        + PREFILL_FILES_DEFAULT + ": none); may be given without -operation");
    add(o, "prefillDepth", "d", "Directory levels of the prefill tree (default "
        + PREFILL_DEPTH_DEFAULT + ")");
    add(o, "prefillFanOut", "f", "Subdirectories per directory of the prefill tree; files "
        + "spread evenly over f^d leaves (default " + PREFILL_FAN_OUT_DEFAULT + ")");
    add(o, "prefillSizes", "size:pct,...", "The prefill's file sizes, e.g. 0:70,4k:20,1m:10 "
        + "(default " + PREFILL_SIZES_DEFAULT + ": all empty)");
    add(o, "prefillThreads", "n", "Worker threads of the prefill (default: -threads)");
    add(o, "principal", "name@REALM", "Kerberos: log in as this principal from -keytab before "
        + "the file system is touched (default: the ticket cache, as after kinit)");
    add(o, "keytab", "file", "Kerberos: the keytab holding -principal's keys; give both or "
        + "neither");
    add(o, "auditLog", "file", "replay: the HDFS NameNode audit log to replay (metabench replay "
        + "-auditLog hdfs-audit.log)");
    add(o, "replaySpeed", "x", "replay: pace relative to the recorded one (default "
        + REPLAY_SPEED_DEFAULT + "; 2 = twice as fast, 0 = as fast as possible)");
    o.addOption(Option.builder("replayPrecreate").hasArg().optionalArg(true)
        .argName("true|false").desc("replay: first create, unmeasured, what the log reads or "
            + "renames but never creates (default " + REPLAY_PRECREATE_DEFAULT + ")").build());
    add(o, "reduces", "n", "Accepted for NNBench command lines; no effect");
    add(o, "filesPerReport", "n", "Accepted for Curvine command lines; no effect");
    // Two values at most, so a value may itself contain '=' (as with Hadoop's own -D).
    o.addOption(Option.builder("D").numberOfArgs(2).valueSeparator('=').argName("key=value")
        .desc("Set a Hadoop or MetaBench configuration key (also accepted after other options)")
        .build());
    o.addOption(Option.builder("help").longOpt("help").desc("Print this help").build());
    o.addOption(Option.builder("h").desc("Print this help").build());
    return o;
  }

  private static void add(Options o, String name, String arg, String desc) {
    o.addOption(Option.builder(name).hasArg().argName(arg).desc(desc).build());
  }

  private static void flag(Options o, String name, String desc) {
    o.addOption(Option.builder(name).desc(desc).build());
  }

  /**
   * Parses {@code args} (what ToolRunner left after the generic options) into {@code conf}.
   *
   * @throws InvalidInputException for unknown options, missing values or a missing -confDir
   */
  public static Parsed parse(String[] args, Configuration conf) {
    return parse(args, conf, false);
  }

  /**
   * Options the replay command refuses, with why: the log decides what runs, and a replay is one
   * run in one process.
   */
  private static final Map<String, String> NOT_FOR_REPLAY = new java.util.LinkedHashMap<>();

  static {
    NOT_FOR_REPLAY.put("operation", "the audit log decides the operations");
    NOT_FOR_REPLAY.put("cleanup", "a replay removes nothing it did not replay; remove "
        + "<baseDir>/replay yourself");
    NOT_FOR_REPLAY.put("target", "a replay runs against one -baseDir");
    NOT_FOR_REPLAY.put("iterations", "a replay runs once");
    NOT_FOR_REPLAY.put("study", "a replay is not a study");
    NOT_FOR_REPLAY.put("outDir", "a replay writes -jsonOut");
    NOT_FOR_REPLAY.put("chartThreads", "a replay is not a study");
    NOT_FOR_REPLAY.put("readShift", "the audit log names the paths read");
    String noItems = "the audit log names the paths";
    NOT_FOR_REPLAY.put("numberOfFiles", noItems);
    NOT_FOR_REPLAY.put("numFiles", noItems);
    NOT_FOR_REPLAY.put("filesPerDir", noItems);
    NOT_FOR_REPLAY.put("mapIndex", "a replay writes only under <baseDir>/replay");
    String noSizes = "the audit log records no sizes: replayed creates are empty files with the "
        + "file system's defaults";
    NOT_FOR_REPLAY.put("bytesToWrite", noSizes);
    NOT_FOR_REPLAY.put("blocksPerFile", noSizes);
    NOT_FOR_REPLAY.put("bytesPerBlock", noSizes);
    NOT_FOR_REPLAY.put("blockSize", noSizes);
    NOT_FOR_REPLAY.put("replicationFactorPerFile", noSizes);
    NOT_FOR_REPLAY.put("readFileAfterOpen", "the audit log records no reads: a replayed open "
        + "reads nothing");
    NOT_FOR_REPLAY.put("retries", "each recorded command is replayed once");
    NOT_FOR_REPLAY.put("startTime", "a replay starts as soon as it is ready");
    String notYet = "not implemented for replay";
    NOT_FOR_REPLAY.put("opTimeout", notYet);
    NOT_FOR_REPLAY.put("failFast", notYet);
    NOT_FOR_REPLAY.put("seriesOut", "a replay writes no per-second series");
  }

  /**
   * Parses the options of {@code replay} (the arguments after the word): the usual options minus
   * those a replay cannot honour, plus -auditLog, -replaySpeed and -replayPrecreate.
   *
   * @throws InvalidInputException as {@link #parse}, and for an option replay does not take
   */
  public static Parsed parseReplay(String[] args, Configuration conf) {
    return parse(args, conf, true);
  }

  private static Parsed parse(String[] args, Configuration conf, boolean replay) {
    for (int i = 0; i + 1 < args.length; i++) {
      // commons-cli would take "-D key value" as key=value; Hadoop's -D takes one key=value word.
      if (args[i].equals("-D") && !args[i + 1].contains("=")) {
        throw new InvalidInputException("-D " + args[i + 1] + " is not key=value");
      }
    }
    CommandLine cmd;
    try {
      cmd = DefaultParser.builder().setAllowPartialMatching(false).build()
          .parse(options(), args);
    } catch (ParseException e) {
      throw new InvalidInputException(e.getMessage().replaceAll("\\s+", " ").trim()
          + "; run with -help for every option (generic options such as -conf and -fs go first)");
    }
    if (!cmd.getArgList().isEmpty()) {
      throw new InvalidInputException("unexpected argument '" + cmd.getArgList().get(0)
          + "'; options take the form -name value (run with -help)");
    }
    if (cmd.hasOption("help") || cmd.hasOption("h")) {
      return new Parsed(true);
    }
    String blocksPerFile = null;
    String bytesPerBlock = null;
    java.util.List<String> targets = new java.util.ArrayList<>();
    for (Option opt : cmd.getOptions()) {
      String v = opt.getValue();
      if (replay && NOT_FOR_REPLAY.containsKey(opt.getOpt())) {
        throw new InvalidInputException("replay does not take -" + opt.getOpt() + " ("
            + NOT_FOR_REPLAY.get(opt.getOpt()) + "): drop it");
      }
      switch (opt.getOpt()) {
        case "auditLog":
        case "replaySpeed":
        case "replayPrecreate":
          if (!replay) {
            throw new InvalidInputException("-" + opt.getOpt() + " is an option of the replay "
                + "command: run metabench replay -auditLog FILE [options]");
          }
          if (opt.getOpt().equals("auditLog")) {
            conf.set(REPLAY_AUDIT_LOG, v);
          } else if (opt.getOpt().equals("replaySpeed")) {
            io.metabench.config.ReplayConfig.speed(v); // refused here, before anything else
            conf.set(REPLAY_SPEED, v.trim());
          } else {
            conf.set(REPLAY_PRECREATE, v == null ? "true" : v);
          }
          break;
        case "operation":
          conf.set(OPERATIONS, v);
          break;
        case "numberOfFiles":
        case "numFiles":
          conf.set(FILES_PER_WORKER, v);
          break;
        case "threads":
          conf.set(THREADS, v);
          break;
        case "iterations":
          conf.set(ITERATIONS, v);
          break;
        case "target":
          targets.add(v);
          break;
        case "outDir":
          conf.set(OUT_DIR, v);
          break;
        case "chartThreads":
          conf.set(CHART_THREADS, v);
          break;
        case "verbose":
          conf.setBoolean(VERBOSE, true);
          break;
        case "quiet":
          conf.setBoolean(QUIET, true);
          break;
        case "workload":
        case "study":
          loadWorkload("-" + opt.getOpt(), v, conf);
          break;
        case "bytesToWrite":
          conf.set(BYTES_TO_WRITE, v);
          break;
        case "blockSize":
          conf.set(BLOCK_SIZE, v);
          break;
        case "bytesPerBlock":
          bytesPerBlock = v;
          conf.set(BLOCK_SIZE, v);
          break;
        case "blocksPerFile":
          blocksPerFile = v;
          break;
        case "bytesPerChecksum":
          conf.set(BYTES_PER_CHECKSUM, v);
          break;
        case "replicationFactorPerFile":
          conf.set(REPLICATION, v);
          break;
        case "baseDir":
          conf.set(BASE_DIR, v);
          break;
        case "readFileAfterOpen":
          conf.set(READ_FILE_AFTER_OPEN, v == null ? "true" : v);
          break;
        case "startTime":
          conf.set(START_TIME, v);
          break;
        case "mapIndex":
          conf.set(MAP_INDEX, v);
          break;
        case "filesPerDir":
          conf.set(FILES_PER_DIR, v);
          break;
        case "confDir":
          loadConfDir(v, conf);
          break;
        case "sharedClient":
          conf.setBoolean(SHARED_CLIENT, true);
          break;
        case "retries":
          conf.set(RETRIES, v);
          break;
        case "cleanup":
          conf.setBoolean(CLEANUP, true);
          break;
        case "jsonOut":
          conf.set(JSON_OUT, v);
          break;
        case "seriesOut":
          conf.set(SERIES_OUT, v);
          break;
        case "nnbenchLog":
          conf.set(NNBENCH_LOG, v);
          break;
        case "maps":
          conf.set(MAPS, v);
          break;
        case "barrierTimeout":
          conf.set(BARRIER_TIMEOUT_SECONDS, v);
          break;
        case "readShift":
          conf.set(READ_SHIFT, v);
          break;
        case "opTimeout":
          conf.set(OP_TIMEOUT_MILLIS, duration(v));
          break;
        case "duration":
          conf.set(DURATION_MILLIS, duration(v));
          break;
        case "warmup":
          conf.set(WARMUP_MILLIS, duration(v));
          break;
        case "rate":
          conf.set(RATE, v);
          break;
        case "subtree":
          conf.set(SUBTREE, v);
          break;
        case "mix":
          conf.set(MIX, v);
          break;
        case "seed":
          conf.set(SEED, v);
          break;
        case "mixFill":
          conf.set(MIX_FILL_PERCENT, v);
          break;
        case "sharedDir":
          conf.setBoolean(SHARED_DIR, true);
          break;
        case "prefillFiles":
          conf.set(PREFILL_FILES, v);
          break;
        case "prefillDepth":
          conf.set(PREFILL_DEPTH, v);
          break;
        case "prefillFanOut":
          conf.set(PREFILL_FAN_OUT, v);
          break;
        case "prefillSizes":
          conf.set(PREFILL_SIZES, v);
          break;
        case "prefillThreads":
          conf.set(PREFILL_THREADS, v);
          break;
        case "principal":
          conf.set(KERBEROS_PRINCIPAL, v);
          break;
        case "keytab":
          conf.set(KERBEROS_KEYTAB, v);
          break;
        case "failFast":
          conf.setBoolean(FAIL_FAST, true);
          break;
        case "overwrite":
          conf.setBoolean(OVERWRITE, true);
          break;
        case "D":
          String[] kv = opt.getValues();
          if (kv.length != 2 || kv[0].trim().isEmpty()) {
            throw new InvalidInputException("-D " + String.join("=", kv) + " is not key=value");
          }
          conf.set(kv[0].trim(), kv[1]);
          break;
        default:
          // -reduces and -filesPerReport: accepted so NNBench and Curvine command lines run.
          break;
      }
    }
    if (!targets.isEmpty()) {
      conf.set(TARGETS, String.join(",", targets));
    }
    if (blocksPerFile != null) {
      long blocks = wholeNumber(blocksPerFile, "-blocksPerFile");
      long perBlock = bytesPerBlock == null ? 1 : wholeNumber(bytesPerBlock, "-bytesPerBlock");
      try {
        conf.set(BYTES_TO_WRITE, Long.toString(Math.multiplyExact(blocks, perBlock)));
      } catch (ArithmeticException e) {
        throw new InvalidInputException("-blocksPerFile " + blocks + " x -bytesPerBlock "
            + perBlock + " is more bytes than a file can hold; give smaller values");
      }
    }
    return new Parsed(false);
  }

  private static long wholeNumber(String v, String option) {
    try {
      long n = Long.parseLong(v.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidInputException(option + " '" + v + "' is not a whole number of 0 or more");
  }

  /**
   * A duration option's value for its key: a bare number on the command line means seconds; the
   * key holds milliseconds or a number with a unit.
   */
  private static String duration(String v) {
    String t = v.trim();
    return t.matches("\\d+") ? t + "s" : t;
  }

  /** Where the shipped workload files are on the classpath: {@code -workload NAME} finds them. */
  static final String WORKLOADS = "metabench/workloads/";

  private static void loadWorkload(String option, String fileOrName, Configuration conf) {
    File f = new File(fileOrName);
    if (f.isFile()) {
      conf.addResource(new Path(f.getAbsoluteFile().toURI()));
    } else if (!f.exists() && !fileOrName.contains("/")
        && CliParser.class.getClassLoader().getResource(WORKLOADS + fileOrName + ".xml") != null) {
      conf.addResource(WORKLOADS + fileOrName + ".xml");
    } else {
      throw new InvalidInputException(option + " " + fileOrName + (f.exists() ? " is not a file"
          : " does not exist") + ": give a workload file, or the name of a shipped one ("
          + shippedWorkloads() + ")");
    }
    try {
      conf.get(OPERATIONS); // loads the resource now, so a malformed file is refused here
    } catch (RuntimeException e) {
      throw new InvalidInputException(option + " " + fileOrName + " is not a Hadoop "
          + "configuration file: " + e.getMessage());
    }
  }

  /** The names -workload knows without a path: the files in {@link #WORKLOADS}. */
  static String shippedWorkloads() {
    return String.join(", ", SHIPPED_WORKLOADS);
  }

  /** Every file of {@link #WORKLOADS}, by name; a test checks this list against the files. */
  static final java.util.List<String> SHIPPED_WORKLOADS = java.util.Arrays.asList(
      "nnbench-classic", "curvine-meta-bench", "jindofs-at-scale", "dfs-perf-metadata",
      "dfs-perf-mixture", "hdfs-vs-local");

  private static void loadConfDir(String dir, Configuration conf) {
    File d = new File(dir);
    if (!d.isDirectory()) {
      throw new InvalidInputException("-confDir " + dir + (d.exists() ? " is not a directory"
          : " does not exist") + ": give the directory holding core-site.xml and the file "
          + "system's *-site.xml");
    }
    File[] files = d.listFiles((f, name) -> name.endsWith("-site.xml"));
    Arrays.sort(files, (a, b) -> Integer.compare(rank(a.getName()), rank(b.getName())) != 0
        ? Integer.compare(rank(a.getName()), rank(b.getName()))
        : a.getName().compareTo(b.getName()));
    for (File f : files) {
      conf.addResource(new Path(f.getAbsoluteFile().toURI()));
    }
  }

  private static int rank(String name) {
    for (int i = 0; i < SITE_FILE_ORDER.length; i++) {
      if (SITE_FILE_ORDER[i].equals(name)) {
        return i;
      }
    }
    return SITE_FILE_ORDER.length;
  }

  /** What the {@code report} command is asked to do. Immutable. */
  public static final class ReportRequest {
    private final java.util.List<File> inputs;
    private final String outDir;
    private final int chartThreads;

    ReportRequest(java.util.List<File> inputs, String outDir, int chartThreads) {
      this.inputs = java.util.Collections.unmodifiableList(inputs);
      this.outDir = outDir;
      this.chartThreads = chartThreads;
    }

    /** Result JSON files, in the order given. */
    public java.util.List<File> inputs() {
      return inputs;
    }

    /** Where the report goes; empty for the default. */
    public String outDir() {
      return outDir;
    }

    /** The latency charts' concurrency; 0 for the highest. */
    public int chartThreads() {
      return chartThreads;
    }
  }

  /**
   * Parses {@code report [-outDir dir] [-chartThreads n] result.json...}: the arguments after
   * the word {@code report}.
   *
   * @throws InvalidInputException for unknown options or no input file
   */
  public static ReportRequest parseReport(String[] args) {
    Options o = new Options();
    add(o, "outDir", "dir", "Where the summary CSV, charts and report.html go");
    add(o, "chartThreads", "n", "The concurrency the latency charts show");
    CommandLine cmd;
    try {
      cmd = DefaultParser.builder().setAllowPartialMatching(false).build().parse(o, args);
    } catch (ParseException e) {
      throw new InvalidInputException("report: " + e.getMessage().replaceAll("\\s+", " ").trim()
          + "; usage: report [-outDir dir] [-chartThreads n] result.json...");
    }
    if (cmd.getArgList().isEmpty()) {
      throw new InvalidInputException("report: no result file given; usage: report [-outDir dir] "
          + "[-chartThreads n] result.json... (a study's result.json or a run's JSON file)");
    }
    java.util.List<File> inputs = new java.util.ArrayList<>();
    for (String a : cmd.getArgList()) {
      inputs.add(new File(a));
    }
    int chartThreads = 0;
    if (cmd.hasOption("chartThreads")) {
      try {
        chartThreads = Integer.parseInt(cmd.getOptionValue("chartThreads").trim());
      } catch (NumberFormatException e) {
        chartThreads = -1;
      }
      if (chartThreads < 1) {
        throw new InvalidInputException("report: -chartThreads '"
            + cmd.getOptionValue("chartThreads") + "' is not a positive number of threads");
      }
    }
    return new ReportRequest(inputs, cmd.getOptionValue("outDir", ""), chartThreads);
  }

  /** Prints every option with its default. */
  public static void printHelp(PrintWriter out) {
    HelpFormatter f = new HelpFormatter();
    f.setOptionComparator(null);
    f.printHelp(out, 100, "metabench [generic options] -operation OPS [options]",
        "A multi-threaded metadata benchmark for Hadoop-compatible file systems.\n"
            + "Generic options (-D key=value, -conf file, -fs uri, -libjars) go first.\n\n",
        options(), 2, 2, "\nmetabench report [-outDir dir] [-chartThreads n] result.json... re-draws "
            + "the summary, charts and HTML report of saved results.\n"
            + "metabench replay -auditLog hdfs-audit.log [-replaySpeed x] [-replayPrecreate "
            + "false] [options] replays an HDFS NameNode audit log under <baseDir>/replay "
            + "(docs/replay.md).\n"
            + "\nExit codes: 0 all operations succeeded, 1 some failed, 2 bad input.\n"
            + "Docs: docs/usage.md", false);
    out.flush();
  }

  /** The keys the command line may have written, for tests. */
  static Map<Object, Object> snapshot(Configuration conf) {
    Properties p = new Properties();
    for (Map.Entry<String, String> e : conf) {
      if (e.getKey().startsWith("metabench.")) {
        p.put(e.getKey(), e.getValue());
      }
    }
    return p;
  }
}
