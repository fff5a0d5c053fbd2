package io.metabench.config;

import io.metabench.op.OpType;
import io.metabench.path.Layout;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Everything one MetaBench run is asked to do, validated. Built only from a Hadoop
 * {@link Configuration} (the command line writes its options there first), so a single process
 * and a map task read the same keys the same way.
 *
 * <p>It holds the value of every {@link Option#inRun()} option of the {@link Option} table;
 * {@link #writeTo}, {@link #parameters}, {@link #equals} and {@link #hashCode} walk the table, so
 * an option added there is carried to map tasks, result files and comparisons without more code
 * here. Cross-option checks are in {@link RunValues}.
 *
 * <p>Immutable and thread-safe.
 */
public final class BenchConfig {
  /** Most items a mix's working sets hold in one process (13 bytes each: about 260 MB). */
  public static final long MIX_ITEMS_MAX = 20_000_000;

  /** Each value of the type {@link Option#type()} gives; never modified after construction. */
  private final Map<Option, Object> values;

  private BenchConfig(EnumMap<Option, Object> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /**
   * Reads and validates every MetaBench key of {@code conf}.
   *
   * @throws io.metabench.core.InvalidInputException naming the option and the fix when a value is
   *     unusable
   */
  public static BenchConfig fromConfiguration(Configuration conf) {
    return new BenchConfig(RunValues.read(conf));
  }

  /** Whether live progress is turned off ({@code -quiet}). */
  public static boolean quiet(Configuration conf) {
    return Option.QUIET.readBool(conf);
  }

  /** Writes every key, so that {@code fromConfiguration(c)} after this returns an equal config. */
  public void writeTo(Configuration conf) {
    for (Map.Entry<Option, Object> e : values.entrySet()) {
      Option o = e.getKey();
      conf.set(o.key(), o.type().format(e.getValue()));
    }
    conf.setBoolean(ConfigKeys.WRITTEN, true);
  }

  /**
   * Every parameter by its command-line name (a few carry their unit, such as {@code durationMs}),
   * in the table's order, for result files.
   */
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    for (Map.Entry<Option, Object> e : values.entrySet()) {
      Option o = e.getKey();
      if (o.param() != null) {
        p.put(o.param(), o.type().param(e.getValue()));
      }
    }
    return p;
  }

  public List<OpType> operations() {
    return ValueType.ops(values.get(Option.OPERATION));
  }

  /** Items each worker handles per phase (NNBench's -numberOfFiles). */
  public long filesPerWorker() {
    return (Long) values.get(Option.NUMBER_OF_FILES);
  }

  public int threads() {
    return (Integer) values.get(Option.THREADS);
  }

  public long bytesToWrite() {
    return (Long) values.get(Option.BYTES_TO_WRITE);
  }

  /**
   * The block size files are created with: {@code -blockSize}, except in a run that writes no
   * data, where an unusable one (not a multiple of {@code -bytesPerChecksum}, or below HDFS's
   * default minimum) is raised to a usable one, since it changes nothing measured
   * ({@link #adjustments()} says so).
   */
  public long blockSize() {
    long requested = requestedBlockSize();
    return RunValues.writesData(values) ? requested
        : RunValues.usableBlockSize(requested, bytesPerChecksum());
  }

  /** {@code -blockSize} as given. */
  public long requestedBlockSize() {
    return (Long) values.get(Option.BLOCK_SIZE);
  }

  /**
   * What MetaBench changed of what it was given, and why, one line each (logged as warnings at
   * the start, and in the JSON's {@code adjustments}); empty when nothing was changed.
   */
  public List<String> adjustments() {
    List<String> notes = new java.util.ArrayList<>();
    if (blockSize() != requestedBlockSize()) {
      notes.add("-blockSize " + requestedBlockSize() + " raised to " + blockSize() + ": the files"
          + " are empty, so the block size changes nothing measured, and HDFS refuses a block"
          + " size below its default minimum (" + RunValues.HDFS_MIN_BLOCK_SIZE + ") or not a"
          + " multiple of -bytesPerChecksum (" + bytesPerChecksum() + ")");
    }
    if (!sized().isEmpty()) {
      notes.add(sized());
    }
    return notes;
  }

  public int bytesPerChecksum() {
    return (Integer) values.get(Option.BYTES_PER_CHECKSUM);
  }

  public short replication() {
    return (Short) values.get(Option.REPLICATION);
  }

  /** The workload ({@code -workload}) the settings came from, as given; empty for none. */
  public String workload() {
    return (String) values.get(Option.WORKLOAD);
  }

  /** The base directory as given: a path, or a URI that names the file system. */
  public String baseDir() {
    return (String) values.get(Option.BASE_DIR);
  }

  public boolean readFileAfterOpen() {
    return (Boolean) values.get(Option.READ_FILE_AFTER_OPEN);
  }

  /** Epoch seconds at which the first phase starts, or 0. */
  public long startTime() {
    return (Long) values.get(Option.START_TIME);
  }

  public int mapIndex() {
    return (Integer) values.get(Option.MAP_INDEX);
  }

  public int filesPerDir() {
    return (Integer) values.get(Option.FILES_PER_DIR);
  }

  public boolean sharedClient() {
    return (Boolean) values.get(Option.SHARED_CLIENT);
  }

  /** The client used on {@code file://} ({@code -localClient}). */
  public LocalClient localClient() {
    return (LocalClient) values.get(Option.LOCAL_CLIENT);
  }

  public int retries() {
    return (Integer) values.get(Option.RETRIES);
  }

  public boolean cleanup() {
    return (Boolean) values.get(Option.CLEANUP);
  }

  /** Whether {@link #cleanup} leaves the prefill (a capacity search's steps). */
  public boolean cleanupKeepsPrefill() {
    return (Boolean) values.get(Option.CLEANUP_KEEPS_PREFILL);
  }

  /** Where the JSON result goes; empty for the default timestamped file. */
  public String jsonOut() {
    return (String) values.get(Option.JSON_OUT);
  }

  /** Where the NNBench block is appended; empty for nowhere. */
  public String nnbenchLog() {
    return (String) values.get(Option.NNBENCH_LOG);
  }

  public int connectTimeoutSeconds() {
    return (Integer) values.get(Option.CONNECT_TIMEOUT);
  }

  /** {@code metabench.namenode.jmx}: the NameNode's /jmx URL, {@code off}, or empty. */
  public String nameNodeJmx() {
    return (String) values.get(Option.NAMENODE_JMX);
  }

  /** Map tasks of the MapReduce job; 0 when the phases run in this process. */
  public int maps() {
    return (Integer) values.get(Option.MAPS);
  }

  /**
   * Processes started by hand (-mapIndex 0 to n-1) that meet before every phase; 0 when this
   * process meets none.
   */
  public int processes() {
    return (Integer) values.get(Option.PROCESSES);
  }

  public int barrierTimeoutSeconds() {
    return (Integer) values.get(Option.BARRIER_TIMEOUT);
  }

  /** Longest a call may take before it is interrupted and counted as failed; 0: no limit. */
  public long opTimeoutMillis() {
    return (Long) values.get(Option.OP_TIMEOUT);
  }

  /** Whether the run stops at its first failed operation. */
  public boolean failFast() {
    return (Boolean) values.get(Option.FAIL_FAST);
  }

  /** Where the per-second series goes; empty for the default (beside the JSON). */
  public String seriesOut() {
    return (String) values.get(Option.SERIES_OUT);
  }

  /** How long each phase that keeps names runs, in ms; 0: every phase does its item count. */
  public long durationMillis() {
    return (Long) values.get(Option.DURATION);
  }

  /**
   * How long each phase of this run is to measure when MetaBench sizes it (no count and no
   * duration given, docs/metrics.md#sized-runs); 0: it is not sized.
   */
  /** Whether the embedded HDFS is started as an HA nameservice ({@code -embeddedHa}). */
  public boolean embeddedHa() {
    return (Boolean) values.get(Option.EMBEDDED_HA);
  }

  /** With {@link #embeddedHa}: when to fail over, from the first measured phase; 0: never. */
  public long failoverAfterMillis() {
    return (Long) values.get(Option.FAILOVER_AFTER);
  }

  public long sizeForMillis() {
    return (Long) values.get(Option.SIZE_FOR);
  }

  /** How MetaBench sized this run, one sentence; empty when it did not. */
  public String sized() {
    return (String) values.get(Option.SIZED);
  }

  /**
   * This configuration as MetaBench sized it: {@code filesPerWorker} items per worker, phases
   * that keep names bound by {@code durationMillis}, and {@code how} said.
   */
  public BenchConfig sizedAs(long filesPerWorker, long durationMillis, String how) {
    EnumMap<Option, Object> v = new EnumMap<>(Option.class);
    v.putAll(values);
    v.put(Option.NUMBER_OF_FILES, filesPerWorker);
    v.put(Option.DURATION, durationMillis);
    v.put(Option.SIZED, how);
    return new BenchConfig(v);
  }

  /** This configuration with sizing off: what a run that was not sized ran with. */
  public BenchConfig unsized() {
    if (sizeForMillis() == 0) {
      return this;
    }
    EnumMap<Option, Object> v = new EnumMap<>(Option.class);
    v.putAll(values);
    v.put(Option.SIZE_FOR, 0L);
    return new BenchConfig(v);
  }

  /** The first part of each phase left out of the statistics, in ms; 0: none. */
  public long warmupMillis() {
    return (Long) values.get(Option.WARMUP);
  }

  /**
   * A capacity step's settling, in ms (0: none, and in any other run): operations due in it, of
   * a phase bound by its items too, are done but in no figure.
   */
  public long stepSettleMillis() {
    return (Long) values.get(Option.STEP_SETTLE);
  }

  /** The client warm-up before each measured phase ({@code -clientWarmup}); 0: none. */
  public long clientWarmupMillis() {
    return (Long) values.get(Option.CLIENT_WARMUP);
  }

  /** Fixed rate in operations per second over all workers of all maps; 0: closed loop. */
  public double rate() {
    return (Double) values.get(Option.RATE);
  }

  /** The subtree traversal phases walk, as given; empty for the base directory. */
  public String subtree() {
    return (String) values.get(Option.SUBTREE);
  }

  /** The mix's operations and weights; empty without {@code -mix}. */
  public MixSpec mix() {
    return (MixSpec) values.get(Option.MIX);
  }

  /** Whether the workers of a map share one directory tree (mdtest's "hard" mode). */
  public boolean sharedDir() {
    return (Boolean) values.get(Option.SHARED_DIR);
  }

  /** Percent of an empty working set a mix makes before it starts. */
  public int mixFillPercent() {
    return (Integer) values.get(Option.MIX_FILL);
  }

  /** The seed of the mix's draws. */
  public long seed() {
    return (Long) values.get(Option.SEED);
  }

  /** Whether {@code op} runs for {@link #durationMillis} rather than its item count. */
  public boolean durationBound(OpType op) {
    return durationMillis() > 0 && canBeTimed(op);
  }

  /**
   * Whether a phase of {@code op} can run for a time rather than its item count: it keeps its
   * items' names (so it can pass over them again), or it is a mix.
   */
  public static boolean canBeTimed(OpType op) {
    return op == OpType.MIX || op.keepsNames() && !op.traverses();
  }

  /** Whether existing result files may be replaced. */
  public boolean overwrite() {
    return (Boolean) values.get(Option.OVERWRITE);
  }

  /** How many workers (maps with -maps) further on reading phases read from; 0 for their own. */
  public int readShift() {
    return (Integer) values.get(Option.READ_SHIFT);
  }

  /** The prefill asked for (-prefillFiles or -prefillProfile), and -onPrefill. */
  public PrefillPlan prefill() {
    return new PrefillPlan(values);
  }

  /** The layout this run's phases make and expect. */
  public Layout layout() {
    return new Layout(threads(), filesPerWorker(), filesPerDir(), sharedDir(),
        prefill().popularity(), seed());
  }

  /** This configuration with {@code layout}'s threads, files per worker, directory size, sharing. */
  public BenchConfig withLayout(Layout layout) {
    EnumMap<Option, Object> v = new EnumMap<>(Option.class);
    v.putAll(values);
    v.put(Option.THREADS, layout.threads());
    v.put(Option.NUMBER_OF_FILES, layout.itemsPerWorker());
    v.put(Option.FILES_PER_DIR, layout.entriesPerDir());
    v.put(Option.SHARED_DIR, layout.sharedDir());
    if (layout.placedBy().picks()) {
      v.put(Option.ON_PREFILL, layout.placedBy());
      v.put(Option.SEED, layout.placedSeed());
    }
    if (v.get(Option.PREFILL_THREADS).equals(values.get(Option.THREADS))) {
      v.put(Option.PREFILL_THREADS, layout.threads());
    }
    return new BenchConfig(v);
  }

  /**
   * {@code recorded} with the layout options the user gave in {@code conf} (on the command line,
   * with -D, in a workload) in place of its own: what a run that named only some of them means.
   */
  public static Layout givenOver(Layout recorded, BenchConfig config, Configuration conf) {
    return new Layout(
        UserSettings.isSetByUser(conf, Option.THREADS.key()) ? config.threads()
            : recorded.threads(),
        UserSettings.isSetByUser(conf, Option.NUMBER_OF_FILES.key()) ? config.filesPerWorker()
            : recorded.itemsPerWorker(),
        UserSettings.isSetByUser(conf, Option.FILES_PER_DIR.key()) ? config.filesPerDir()
            : recorded.entriesPerDir(),
        UserSettings.isSetByUser(conf, Option.SHARED_DIR.key()) ? config.sharedDir()
            : recorded.sharedDir(),
        UserSettings.isSetByUser(conf, Option.ON_PREFILL.key())
            ? config.prefill().popularity() : recorded.placedBy(),
        UserSettings.isSetByUser(conf, Option.SEED.key()) ? config.seed()
            : recorded.placedSeed());
  }

  /**
   * The phases that work on the run's own items, in order: every phase but those that read the
   * prefill's files. What the namespace state is checked against.
   */
  public List<OpType> ownItemPhases() {
    List<OpType> out = new java.util.ArrayList<>();
    for (OpType op : operations()) {
      if (!prefill().reads(op)) {
        out.add(op);
      }
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BenchConfig && values.equals(((BenchConfig) o).values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return parameters().toString();
  }
}
