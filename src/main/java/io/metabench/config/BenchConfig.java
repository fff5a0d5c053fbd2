package io.metabench.config;

import io.metabench.core.InvalidInputException;
import static io.metabench.config.ConfigKeys.*;

import io.metabench.op.OpType;
import io.metabench.path.Layout;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillTree;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;

/**
 * Everything one MetaBench run is asked to do, validated. Built only from a Hadoop
 * {@link Configuration} (the command line writes its options there first), so a single process
 * and a map task read the same keys the same way.
 *
 * <p>Immutable and thread-safe.
 */
public final class BenchConfig {
  private final List<OpType> operations;
  private final long filesPerWorker;
  private final int threads;
  private final long bytesToWrite;
  private final long blockSize;
  private final int bytesPerChecksum;
  private final short replication;
  private final String baseDir;
  private final boolean readFileAfterOpen;
  private final long startTime;
  private final int mapIndex;
  private final int filesPerDir;
  private final boolean sharedClient;
  private final int retries;
  private final boolean cleanup;
  private final String jsonOut;
  private final String nnbenchLog;
  private final int connectTimeoutSeconds;
  private final int maps;
  private final int barrierTimeoutSeconds;
  private final int readShift;
  private final long opTimeoutMillis;
  private final boolean failFast;
  private final boolean overwrite;
  private final String seriesOut;
  private final long durationMillis;
  private final long warmupMillis;
  private final double rate;
  private final String subtree;
  private final MixSpec mix;
  private final long seed;
  private final boolean sharedDir;
  private final int mixFillPercent;
  private final long prefillFiles;
  private final int prefillDepth;
  private final int prefillFanOut;
  private final PrefillSizes prefillSizes;
  private final int prefillThreads;
  private final long prefillCheckpointMillis;

  private BenchConfig(Configuration conf) {
    String ops = conf.getTrimmed(OPERATIONS, "");
    this.cleanup = bool(conf, CLEANUP, CLEANUP_DEFAULT, "-cleanup");
    this.mix = MixSpec.parse(conf.getTrimmed(MIX, MIX_DEFAULT));
    if (ops.isEmpty() && !mix.isEmpty()) {
      ops = OpType.MIX.id();
    }
    this.prefillFiles = atMost(atLeast(conf, PREFILL_FILES, PREFILL_FILES_DEFAULT, 0,
        "-prefillFiles", "0 for no prefill or a number of files per map such as 1000000"),
        PrefillTree.MAX_FILES, "-prefillFiles");
    if (ops.isEmpty()) {
      // A replay takes its operations from the audit log, one phase per operation it holds.
      if (!cleanup && prefillFiles == 0
          && conf.getTrimmed(REPLAY_AUDIT_LOG, REPLAY_AUDIT_LOG_DEFAULT).isEmpty()) {
        throw new InvalidInputException("no operation given: pass -operation with one of "
            + OpType.validNames() + ", or all");
      }
      this.operations = Collections.emptyList();
    } else {
      this.operations = OpType.parseList(ops);
    }
    this.filesPerWorker = atLeast(conf, FILES_PER_WORKER, FILES_PER_WORKER_DEFAULT, 1,
        "-numberOfFiles", "a count of files per worker such as 1000");
    this.threads = (int) atMost(atLeast(conf, THREADS, THREADS_DEFAULT, 1, "-threads",
        "a number of worker threads such as 16"), 100_000, "-threads");
    this.bytesToWrite = atLeast(conf, BYTES_TO_WRITE, BYTES_TO_WRITE_DEFAULT, 0, "-bytesToWrite",
        "0 for empty files or a size in bytes");
    this.blockSize = atLeast(conf, BLOCK_SIZE, BLOCK_SIZE_DEFAULT, 1, "-blockSize",
        "a block size in bytes such as 134217728");
    this.bytesPerChecksum = (int) atMost(atLeast(conf, BYTES_PER_CHECKSUM,
        BYTES_PER_CHECKSUM_DEFAULT, 1, "-bytesPerChecksum", "a size in bytes such as 512"),
        Integer.MAX_VALUE, "-bytesPerChecksum");
    if (blockSize % bytesPerChecksum != 0) {
      throw new InvalidInputException("-blockSize " + blockSize + " is not a multiple of "
          + "-bytesPerChecksum " + bytesPerChecksum + "; HDFS rejects such files: choose a block "
          + "size that is a multiple of it (e.g. " + roundUp(blockSize, bytesPerChecksum) + ")");
    }
    this.replication = (short) atMost(atLeast(conf, REPLICATION, REPLICATION_DEFAULT, 1,
        "-replicationFactorPerFile", "a replication factor such as 3"), Short.MAX_VALUE,
        "-replicationFactorPerFile");
    this.baseDir = conf.getTrimmed(BASE_DIR, BASE_DIR_DEFAULT);
    if (baseDir.isEmpty()) {
      throw new InvalidInputException("-baseDir is empty; give a directory such as "
          + BASE_DIR_DEFAULT + " or a URI such as hdfs://namenode:8020" + BASE_DIR_DEFAULT);
    }
    this.readFileAfterOpen = bool(conf, READ_FILE_AFTER_OPEN, READ_FILE_AFTER_OPEN_DEFAULT,
        "-readFileAfterOpen");
    this.startTime = atLeast(conf, START_TIME, START_TIME_DEFAULT, 0, "-startTime",
        "a time in seconds since the epoch, such as $(( $(date +%s) + 30 ))");
    this.mapIndex = (int) atMost(atLeast(conf, MAP_INDEX, MAP_INDEX_DEFAULT, 0, "-mapIndex",
        "0 or a positive map number"), Integer.MAX_VALUE, "-mapIndex");
    this.filesPerDir = (int) atMost(atLeast(conf, FILES_PER_DIR, FILES_PER_DIR_DEFAULT, 2,
        "-filesPerDir", "a directory size such as 10000"), 1_048_576, "-filesPerDir");
    this.sharedClient = bool(conf, SHARED_CLIENT, SHARED_CLIENT_DEFAULT, "-sharedClient");
    this.retries = (int) atMost(atLeast(conf, RETRIES, RETRIES_DEFAULT, 0, "-retries",
        "0 or a number of extra attempts"), 1000, "-retries");
    this.jsonOut = conf.getTrimmed(JSON_OUT, JSON_OUT_DEFAULT);
    this.nnbenchLog = conf.getTrimmed(NNBENCH_LOG, NNBENCH_LOG_DEFAULT);
    this.connectTimeoutSeconds = (int) atMost(atLeast(conf, CONNECT_TIMEOUT_SECONDS,
        CONNECT_TIMEOUT_SECONDS_DEFAULT, 1, CONNECT_TIMEOUT_SECONDS, "a number of seconds"),
        3600, CONNECT_TIMEOUT_SECONDS);
    this.maps = (int) atMost(atLeast(conf, MAPS, MAPS_DEFAULT, 0, "-maps",
        "a number of map tasks such as 8, or 0 to run in this process"), 100_000, "-maps");
    this.barrierTimeoutSeconds = (int) atMost(atLeast(conf, BARRIER_TIMEOUT_SECONDS,
        BARRIER_TIMEOUT_SECONDS_DEFAULT, 1, "-barrierTimeout", "a number of seconds such as 600"),
        86_400, "-barrierTimeout");
    this.readShift = (int) atMost(atLeast(conf, READ_SHIFT, READ_SHIFT_DEFAULT, 0, "-readShift",
        "0, or how many workers (maps with -maps) further on to read from, such as 1"),
        100_000, "-readShift");
    this.opTimeoutMillis = durationMillis(conf, OP_TIMEOUT_MILLIS, "-opTimeout");
    this.failFast = bool(conf, FAIL_FAST, FAIL_FAST_DEFAULT, "-failFast");
    this.overwrite = bool(conf, OVERWRITE, OVERWRITE_DEFAULT, "-overwrite");
    this.seriesOut = conf.getTrimmed(SERIES_OUT, SERIES_OUT_DEFAULT);
    this.durationMillis = durationMillis(conf, DURATION_MILLIS, "-duration");
    this.warmupMillis = durationMillis(conf, WARMUP_MILLIS, "-warmup");
    this.rate = rate(conf);
    this.subtree = conf.getTrimmed(SUBTREE, SUBTREE_DEFAULT);
    this.seed = parseLong(conf, SEED, SEED_DEFAULT, "-seed", "a whole number such as 42");
    this.sharedDir = bool(conf, SHARED_DIR, SHARED_DIR_DEFAULT, "-sharedDir");
    this.mixFillPercent = (int) atMost(atLeast(conf, MIX_FILL_PERCENT, MIX_FILL_PERCENT_DEFAULT,
        0, "-mixFill", "a percentage from 0 to 100, such as 50"), 100, "-mixFill");
    if (operations.contains(OpType.MIX) && mix.isEmpty()) {
      throw new InvalidInputException("-operation has mix but no -mix says what to draw: give "
          + "e.g. -mix create_write:20,open_read:50,stat:20,rename:5,delete:5");
    }
    if (!mix.isEmpty() && !operations.contains(OpType.MIX)) {
      throw new InvalidInputException("-mix is given but -operation has no mix phase: add mix to "
          + "-operation (e.g. -operation create_write,mix), or leave -operation out");
    }
    if (!mix.isEmpty() && maps > 0) {
      throw new InvalidInputException("-mix runs in one process for now, not with -maps: run it "
          + "on each client with its own -mapIndex and -startTime");
    }
    if (!mix.isEmpty() && (long) threads * filesPerWorker > MIX_ITEMS_MAX) {
      throw new InvalidInputException("-mix keeps its working set in memory: -threads x "
          + "-numberOfFiles must be at most " + MIX_ITEMS_MAX + " (it is "
          + (long) threads * filesPerWorker + ")");
    }
    this.prefillDepth = (int) atMost(atLeast(conf, PREFILL_DEPTH, PREFILL_DEPTH_DEFAULT, 1,
        "-prefillDepth", "a number of directory levels such as 5"), 32, "-prefillDepth");
    this.prefillFanOut = (int) atMost(atLeast(conf, PREFILL_FAN_OUT, PREFILL_FAN_OUT_DEFAULT, 1,
        "-prefillFanOut", "a number of subdirectories per directory such as 4"), 1_048_576,
        "-prefillFanOut");
    this.prefillSizes = PrefillSizes.parse(conf.getTrimmed(PREFILL_SIZES, PREFILL_SIZES_DEFAULT));
    int pt = (int) atMost(atLeast(conf, PREFILL_THREADS, PREFILL_THREADS_DEFAULT, 0,
        "-prefillThreads", "0 for as many as -threads, or a number such as 16"), 100_000,
        "-prefillThreads");
    this.prefillThreads = pt == 0 ? threads : pt;
    this.prefillCheckpointMillis = atMost(atLeast(conf, PREFILL_CHECKPOINT_MILLIS,
        PREFILL_CHECKPOINT_MILLIS_DEFAULT, 1, PREFILL_CHECKPOINT_MILLIS, "a number of "
            + "milliseconds such as 2000"), 3_600_000, PREFILL_CHECKPOINT_MILLIS);
    if (prefillFiles > 0) {
      checkPrefillShape();
    }
  }

  /** Refuses a prefill tree too wide for a client to hold, or with over-full leaves. */
  private void checkPrefillShape() {
    long leaves = PrefillTree.leafCount(prefillDepth, prefillFanOut);
    if (leaves > PrefillTree.MAX_LEAVES) {
      throw new InvalidInputException("-prefillFanOut " + prefillFanOut + " -prefillDepth "
          + prefillDepth + " make " + (leaves == Long.MAX_VALUE ? "more than 2^63"
          : Long.toString(leaves)) + " leaf directories, more than " + PrefillTree.MAX_LEAVES
          + ": lower -prefillFanOut or -prefillDepth");
    }
    long perLeaf = (prefillFiles + leaves - 1) / leaves;
    if (perLeaf > filesPerDir) {
      throw new InvalidInputException("-prefillFiles " + prefillFiles + " over "
          + prefillFanOut + "^" + prefillDepth + " = " + leaves + " leaf directories puts "
          + perLeaf + " files in one directory, more than -filesPerDir " + filesPerDir
          + ": raise -prefillFanOut or -prefillDepth (or -filesPerDir)");
    }
  }

  /** Most items a mix's working sets hold in one process (13 bytes each: about 260 MB). */
  public static final long MIX_ITEMS_MAX = 20_000_000;

  private static double rate(Configuration conf) {
    String raw = conf.getTrimmed(RATE, "0");
    double r;
    try {
      r = Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      r = Double.NaN;
    }
    // One operation per microsecond per worker is beyond any metadata service; beyond 1e7 a
    // schedule's arithmetic would only describe a closed loop anyway.
    if (Double.isNaN(r) || r < 0 || r > 10_000_000) {
      throw new InvalidInputException("-rate '" + raw + "' is not a rate; give operations per "
          + "second over all workers, such as 5000 (at most 10000000), or 0 for a closed loop");
    }
    return r;
  }

  /**
   * A duration key: milliseconds, or with a unit as the command line gives it ({@code 30s},
   * {@code 500ms}, {@code 2m}; a bare number on the command line means seconds and is converted
   * there).
   */
  private static long durationMillis(Configuration conf, String key, String option) {
    String raw = conf.getTrimmed(key, "0");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,12})(ms|s|m)?")
        .matcher(raw);
    if (!m.matches()) {
      throw new InvalidInputException(option + " '" + raw + "' is not a duration; give seconds "
          + "(30), or a number with ms, s or m (500ms, 30s, 2m); 0 turns it off");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "ms" : m.group(2);
    return unit.equals("ms") ? n : unit.equals("s") ? n * 1000 : n * 60_000;
  }

  /**
   * Reads and validates every MetaBench key of {@code conf}.
   *
   * @throws InvalidInputException naming the option and the fix when a value is unusable
   */
  public static BenchConfig fromConfiguration(Configuration conf) {
    return new BenchConfig(conf);
  }

  /** Whether live progress is turned off ({@code -quiet}). */
  public static boolean quiet(Configuration conf) {
    return bool(conf, QUIET, QUIET_DEFAULT, "-quiet");
  }

  /** Writes every key, so that {@code fromConfiguration(c)} after this returns an equal config. */
  public void writeTo(Configuration conf) {
    conf.set(OPERATIONS, OpType.join(operations));
    conf.setLong(FILES_PER_WORKER, filesPerWorker);
    conf.setInt(THREADS, threads);
    conf.setLong(BYTES_TO_WRITE, bytesToWrite);
    conf.setLong(BLOCK_SIZE, blockSize);
    conf.setInt(BYTES_PER_CHECKSUM, bytesPerChecksum);
    conf.setInt(REPLICATION, replication);
    conf.set(BASE_DIR, baseDir);
    conf.setBoolean(READ_FILE_AFTER_OPEN, readFileAfterOpen);
    conf.setLong(START_TIME, startTime);
    conf.setInt(MAP_INDEX, mapIndex);
    conf.setInt(FILES_PER_DIR, filesPerDir);
    conf.setBoolean(SHARED_CLIENT, sharedClient);
    conf.setInt(RETRIES, retries);
    conf.setBoolean(CLEANUP, cleanup);
    conf.set(JSON_OUT, jsonOut);
    conf.set(NNBENCH_LOG, nnbenchLog);
    conf.setInt(CONNECT_TIMEOUT_SECONDS, connectTimeoutSeconds);
    conf.setInt(MAPS, maps);
    conf.setInt(BARRIER_TIMEOUT_SECONDS, barrierTimeoutSeconds);
    conf.setInt(READ_SHIFT, readShift);
    conf.setLong(OP_TIMEOUT_MILLIS, opTimeoutMillis);
    conf.setBoolean(FAIL_FAST, failFast);
    conf.setBoolean(OVERWRITE, overwrite);
    conf.set(SERIES_OUT, seriesOut);
    conf.setLong(DURATION_MILLIS, durationMillis);
    conf.setLong(WARMUP_MILLIS, warmupMillis);
    conf.set(RATE, Double.toString(rate));
    conf.set(SUBTREE, subtree);
    conf.set(MIX, mix.toString());
    conf.setLong(SEED, seed);
    conf.setBoolean(SHARED_DIR, sharedDir);
    conf.setInt(MIX_FILL_PERCENT, mixFillPercent);
    conf.setLong(PREFILL_FILES, prefillFiles);
    conf.setInt(PREFILL_DEPTH, prefillDepth);
    conf.setInt(PREFILL_FAN_OUT, prefillFanOut);
    conf.set(PREFILL_SIZES, prefillSizes.toString());
    conf.setInt(PREFILL_THREADS, prefillThreads);
    conf.setLong(PREFILL_CHECKPOINT_MILLIS, prefillCheckpointMillis);
  }

  /** Every parameter by its command-line name, in a stable order, for result files. */
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("operation", OpType.join(operations));
    p.put("numberOfFiles", filesPerWorker);
    p.put("threads", threads);
    p.put("bytesToWrite", bytesToWrite);
    p.put("blockSize", blockSize);
    p.put("bytesPerChecksum", bytesPerChecksum);
    p.put("replicationFactorPerFile", replication);
    p.put("baseDir", baseDir);
    p.put("readFileAfterOpen", readFileAfterOpen);
    p.put("startTime", startTime);
    p.put("mapIndex", mapIndex);
    p.put("filesPerDir", filesPerDir);
    p.put("sharedClient", sharedClient);
    p.put("retries", retries);
    p.put("cleanup", cleanup);
    p.put("maps", maps);
    p.put("barrierTimeout", barrierTimeoutSeconds);
    p.put("readShift", readShift);
    p.put("opTimeoutMs", opTimeoutMillis);
    p.put("failFast", failFast);
    p.put("durationMs", durationMillis);
    p.put("warmupMs", warmupMillis);
    p.put("rate", rate);
    p.put("subtree", subtree);
    p.put("mix", mix.toString());
    p.put("seed", seed);
    p.put("sharedDir", sharedDir);
    p.put("mixFill", mixFillPercent);
    p.put("prefillFiles", prefillFiles);
    p.put("prefillDepth", prefillDepth);
    p.put("prefillFanOut", prefillFanOut);
    p.put("prefillSizes", prefillSizes.toString());
    p.put("prefillThreads", prefillThreads);
    return p;
  }

  static long parseLong(Configuration conf, String key, long def, String option,
      String hint) {
    String raw = conf.getTrimmed(key);
    if (raw == null || raw.isEmpty()) {
      return def;
    }
    try {
      return Long.parseLong(raw);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(option + " '" + raw + "' is not a whole number; give "
          + hint);
    }
  }

  static long atLeast(Configuration conf, String key, long def, long min, String option,
      String hint) {
    long v = parseLong(conf, key, def, option, hint);
    if (v < min) {
      throw new InvalidInputException(option + " " + v + " is " + (v == 0 ? "zero" : "too small")
          + "; it must be at least " + min + ": give " + hint);
    }
    return v;
  }

  static long atMost(long v, long max, String option) {
    if (v > max) {
      throw new InvalidInputException(option + " " + v + " is too large; it must be at most "
          + max);
    }
    return v;
  }

  static boolean bool(Configuration conf, String key, boolean def, String option) {
    String raw = conf.getTrimmed(key);
    if (raw == null || raw.isEmpty()) {
      return def;
    }
    if (raw.equalsIgnoreCase("true")) {
      return true;
    }
    if (raw.equalsIgnoreCase("false")) {
      return false;
    }
    throw new InvalidInputException(option + " '" + raw + "' is not true or false");
  }

  private static long roundUp(long value, long multiple) {
    return (value + multiple - 1) / multiple * multiple;
  }

  public List<OpType> operations() {
    return operations;
  }

  /** Items each worker handles per phase (NNBench's -numberOfFiles). */
  public long filesPerWorker() {
    return filesPerWorker;
  }

  public int threads() {
    return threads;
  }

  public long bytesToWrite() {
    return bytesToWrite;
  }

  public long blockSize() {
    return blockSize;
  }

  public int bytesPerChecksum() {
    return bytesPerChecksum;
  }

  public short replication() {
    return replication;
  }

  /** The base directory as given: a path, or a URI that names the file system. */
  public String baseDir() {
    return baseDir;
  }

  public boolean readFileAfterOpen() {
    return readFileAfterOpen;
  }

  /** Epoch seconds at which the first phase starts, or 0. */
  public long startTime() {
    return startTime;
  }

  public int mapIndex() {
    return mapIndex;
  }

  public int filesPerDir() {
    return filesPerDir;
  }

  public boolean sharedClient() {
    return sharedClient;
  }

  public int retries() {
    return retries;
  }

  public boolean cleanup() {
    return cleanup;
  }

  /** Where the JSON result goes; empty for the default timestamped file. */
  public String jsonOut() {
    return jsonOut;
  }

  /** Where the NNBench block is appended; empty for nowhere. */
  public String nnbenchLog() {
    return nnbenchLog;
  }

  public int connectTimeoutSeconds() {
    return connectTimeoutSeconds;
  }

  /** Map tasks of the MapReduce job; 0 when the phases run in this process. */
  public int maps() {
    return maps;
  }

  public int barrierTimeoutSeconds() {
    return barrierTimeoutSeconds;
  }

  /** Longest a call may take before it is interrupted and counted as failed; 0: no limit. */
  public long opTimeoutMillis() {
    return opTimeoutMillis;
  }

  /** Whether the run stops at its first failed operation. */
  public boolean failFast() {
    return failFast;
  }

  /** Where the per-second series goes; empty for the default (beside the JSON). */
  public String seriesOut() {
    return seriesOut;
  }

  /** How long each phase that keeps names runs, in ms; 0: every phase does its item count. */
  public long durationMillis() {
    return durationMillis;
  }

  /** The first part of each phase left out of the statistics, in ms; 0: none. */
  public long warmupMillis() {
    return warmupMillis;
  }

  /** Fixed rate in operations per second over all workers of all maps; 0: closed loop. */
  public double rate() {
    return rate;
  }

  /** The subtree traversal phases walk, as given; empty for the base directory. */
  public String subtree() {
    return subtree;
  }

  /** The mix's operations and weights; empty without {@code -mix}. */
  public MixSpec mix() {
    return mix;
  }

  /** Whether the workers of a map share one directory tree (mdtest's "hard" mode). */
  public boolean sharedDir() {
    return sharedDir;
  }

  /** Percent of an empty working set a mix makes before it starts. */
  public int mixFillPercent() {
    return mixFillPercent;
  }

  /** The seed of the mix's draws. */
  public long seed() {
    return seed;
  }

  /** Whether {@code op} runs for {@link #durationMillis} rather than its item count. */
  public boolean durationBound(OpType op) {
    return durationMillis > 0 && (op == OpType.MIX || op.keepsNames() && !op.traverses());
  }

  /** Whether existing result files may be replaced. */
  public boolean overwrite() {
    return overwrite;
  }

  /** How many workers (maps with -maps) further on reading phases read from; 0 for their own. */
  public int readShift() {
    return readShift;
  }

  /** Files this map's prefill makes before the phases; 0 for no prefill. */
  public long prefillFiles() {
    return prefillFiles;
  }

  /** Directory levels of the prefill tree. */
  public int prefillDepth() {
    return prefillDepth;
  }

  /** Subdirectories per directory of the prefill tree. */
  public int prefillFanOut() {
    return prefillFanOut;
  }

  /** The prefill's size distribution. */
  public PrefillSizes prefillSizes() {
    return prefillSizes;
  }

  /** Worker threads of the prefill (-threads when not given). */
  public int prefillThreads() {
    return prefillThreads;
  }

  /** How often prefill workers' progress is recorded, in milliseconds. */
  public long prefillCheckpointMillis() {
    return prefillCheckpointMillis;
  }

  /** The layout this run's phases make and expect. */
  public Layout layout() {
    return new Layout(threads, filesPerWorker, filesPerDir, sharedDir);
  }

  /** This map's prefill tree under {@code mapRoot}; only when {@link #prefillFiles()} &gt; 0. */
  public PrefillTree prefillTree(org.apache.hadoop.fs.Path mapRoot) {
    return new PrefillTree(mapRoot, prefillFiles, prefillDepth, prefillFanOut, prefillSizes);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BenchConfig)) {
      return false;
    }
    BenchConfig c = (BenchConfig) o;
    return operations.equals(c.operations) && filesPerWorker == c.filesPerWorker
        && threads == c.threads && bytesToWrite == c.bytesToWrite && blockSize == c.blockSize
        && bytesPerChecksum == c.bytesPerChecksum && replication == c.replication
        && baseDir.equals(c.baseDir) && readFileAfterOpen == c.readFileAfterOpen
        && startTime == c.startTime && mapIndex == c.mapIndex && filesPerDir == c.filesPerDir
        && sharedClient == c.sharedClient && retries == c.retries && cleanup == c.cleanup
        && jsonOut.equals(c.jsonOut) && nnbenchLog.equals(c.nnbenchLog)
        && connectTimeoutSeconds == c.connectTimeoutSeconds && maps == c.maps
        && barrierTimeoutSeconds == c.barrierTimeoutSeconds && readShift == c.readShift
        && opTimeoutMillis == c.opTimeoutMillis && failFast == c.failFast
        && overwrite == c.overwrite && seriesOut.equals(c.seriesOut)
        && durationMillis == c.durationMillis && warmupMillis == c.warmupMillis
        && Double.compare(rate, c.rate) == 0 && subtree.equals(c.subtree) && mix.equals(c.mix)
        && seed == c.seed && sharedDir == c.sharedDir && mixFillPercent == c.mixFillPercent
        && prefillFiles == c.prefillFiles && prefillDepth == c.prefillDepth
        && prefillFanOut == c.prefillFanOut && prefillSizes.equals(c.prefillSizes)
        && prefillThreads == c.prefillThreads
        && prefillCheckpointMillis == c.prefillCheckpointMillis;
  }

  @Override
  public int hashCode() {
    return Objects.hash(operations, filesPerWorker, threads, baseDir, mapIndex);
  }

  @Override
  public String toString() {
    return parameters().toString();
  }
}
