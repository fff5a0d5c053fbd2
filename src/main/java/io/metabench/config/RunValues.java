package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import io.metabench.path.PrefillTree;
import java.util.EnumMap;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads the options {@link BenchConfig} holds from a configuration, each through its
 * {@link ValueType}, then checks what no single option can: the checks between options. Their
 * messages are part of the contract, as the types' are. Stateless.
 */
final class RunValues {
  private RunValues() {
  }

  /**
   * Every {@link Option#inRun()} option's value.
   *
   * @throws InvalidInputException naming the option and the fix when a value is unusable
   */
  static EnumMap<Option, Object> read(Configuration conf) {
    EnumMap<Option, Object> v = new EnumMap<>(Option.class);
    // -cleanup, -mix and -prefillFiles decide whether -operation may be left out, so they are
    // read (and refused) before it.
    for (Option o : new Option[] {Option.CLEANUP, Option.MIX, Option.PREFILL_FILES,
        Option.PREFILL_PROFILE}) {
      v.put(o, o.read(conf));
    }
    boolean profile = ((java.util.Optional<?>) v.get(Option.PREFILL_PROFILE)).isPresent();
    v.put(Option.OPERATION, operations(conf, (Boolean) v.get(Option.CLEANUP),
        (MixSpec) v.get(Option.MIX), profile || (Long) v.get(Option.PREFILL_FILES) > 0));
    for (Option o : Option.values()) {
      if (o.inRun() && !v.containsKey(o)) {
        v.put(o, o.read(conf));
      }
    }
    if (writesData(v)) {
      // With data the block size shapes what is measured: an unusable one is the user's to fix.
      checkBlockSize((Long) v.get(Option.BLOCK_SIZE),
          (Integer) v.get(Option.BYTES_PER_CHECKSUM));
    }
    checkMix(v);
    checkMaps(v);
    checkProcesses((Integer) v.get(Option.PROCESSES), (Integer) v.get(Option.MAP_INDEX),
        (Long) v.get(Option.START_TIME));
    checkWarmup((Long) v.get(Option.WARMUP), (Long) v.get(Option.DURATION));
    if ((Long) v.get(Option.FAILOVER_AFTER) > 0 && !(Boolean) v.get(Option.EMBEDDED_HA)) {
      throw new InvalidInputException("-failoverAfter fails over the embedded HDFS's NameNodes, "
          + "which only -embeddedHa starts: add -embeddedHa, or drop -failoverAfter");
    }
    if ((Long) v.get(Option.FAILOVER_AFTER) > 0 && (Integer) v.get(Option.MAPS) > 0) {
      throw new InvalidInputException("-failoverAfter is timed from this process's first "
          + "measured phase, and a -maps job's phases run in its maps: drop -maps, or drop "
          + "-failoverAfter");
    }
    sizing(conf, v);
    if ((Integer) v.get(Option.PREFILL_THREADS) == 0) {
      v.put(Option.PREFILL_THREADS, v.get(Option.THREADS));
    }
    if (profile) {
      checkProfileShape(v);
    } else if ((Long) v.get(Option.PREFILL_FILES) > 0) {
      checkPrefillShape((Long) v.get(Option.PREFILL_FILES), (Integer) v.get(Option.PREFILL_DEPTH),
          (Integer) v.get(Option.PREFILL_FAN_OUT), (Integer) v.get(Option.FILES_PER_DIR));
    }
    checkOnPrefill(v, profile);
    checkOffline(v, profile, conf.getBoolean(ConfigKeys.WRITTEN, false));
    return v;
  }

  /**
   * Refuses {@code -prefillOffline} where this process cannot write the whole namespace into the
   * embedded HDFS's one image: with no prefill, files with data (they would need blocks), maps
   * or processes (each makes its own share), or an HA pair; and one that needs more heap than
   * this JVM may use, unless {@code written} (a run's configuration read back by report or
   * merge, which starts no NameNode). A named file system is refused by the target's resolution.
   */
  private static void checkOffline(java.util.Map<Option, Object> v, boolean profile,
      boolean written) {
    if (!(Boolean) v.get(Option.PREFILL_OFFLINE)) {
      return;
    }
    String why = !profile && (Long) v.get(Option.PREFILL_FILES) == 0
        ? "there is no prefill: give -prefillProfile or -prefillFiles"
        : !io.metabench.path.PrefillSizes.EMPTY_FILES.equals(v.get(Option.PREFILL_SIZES))
        ? "its files are empty (no DataNode holds a block of them): drop -prefillSizes"
        : (Integer) v.get(Option.MAPS) > 0 || (Integer) v.get(Option.PROCESSES) > 0
        ? "one process writes the whole namespace: drop -maps and -processes"
        : (Boolean) v.get(Option.EMBEDDED_HA)
        ? "an HA pair's NameNodes share their edits: drop -embeddedHa" : null;
    if (why != null) {
      throw new InvalidInputException("-prefillOffline writes the prefill into the embedded "
          + "HDFS's image, and " + why + (why.startsWith("there") ? ", or drop -prefillOffline"
          : ""));
    }
    if (written) {
      return;
    }
    long[] size = profile ? profileSize(v) : new long[] {PrefillTree.leafCount(
        (Integer) v.get(Option.PREFILL_DEPTH), (Integer) v.get(Option.PREFILL_FAN_OUT)),
        (Long) v.get(Option.PREFILL_FILES)};
    long inodes = size[0] + size[1];
    long need = inodes * OFFLINE_BYTES_PER_INODE;
    long may = Runtime.getRuntime().maxMemory();
    if (need > may) {
      throw new InvalidInputException(String.format(java.util.Locale.ROOT, "-prefillOffline: "
          + "the embedded NameNode needs about %.1f GB of heap for the %,d inodes, and this JVM "
          + "may use %.1f GB: give it more (scripts/meta-bench.sh: META_BENCH_HEAP=-Xmx%dg), or "
          + "a smaller prefill", need / 1e9, inodes, may / 1e9, (need >> 30) + 2));
    }
  }

  /**
   * The heap an offline prefill's inode needs in this JVM: 178 bytes an inode measured once the
   * embedded NameNode holds 11.4 M (bench/namespace-offline.sh, docs/namespaces.md#offline),
   * with room for the loading and the listing that checks it.
   */
  static final long OFFLINE_BYTES_PER_INODE = 250;

  private static List<OpType> operations(Configuration conf, boolean cleanup, MixSpec mix,
      boolean prefills) {
    String ops = conf.getTrimmed(ConfigKeys.OPERATIONS, "");
    if (ops.isEmpty() && !mix.isEmpty()) {
      ops = OpType.MIX.id();
    }
    // A replay takes its operations from the audit log, one phase per operation it holds.
    if (ops.isEmpty() && !cleanup && !prefills
        && Option.AUDIT_LOG.readText(conf).isEmpty()) {
      throw new InvalidInputException("no operation given: pass -operation with one of "
          + OpType.validNames() + ", or all");
    }
    return ValueType.ops(Option.OPERATION.type().parse(ops, Option.OPERATION));
  }

  /**
   * Whether the run's files get data (so blocks): {@code -bytesToWrite} or prefill sizes above 0.
   * Without data, the block size changes nothing measured ({@link BenchConfig#blockSize}).
   */
  static boolean writesData(java.util.Map<Option, Object> v) {
    if ((Long) v.get(Option.BYTES_TO_WRITE) > 0) {
      return true;
    }
    if ((Long) v.get(Option.PREFILL_FILES) > 0
        || ((java.util.Optional<?>) v.get(Option.PREFILL_PROFILE)).isPresent()) {
      for (long size : ((io.metabench.path.PrefillSizes) v.get(Option.PREFILL_SIZES)).sizes()) {
        if (size > 0) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The block size empty files are created with: {@code requested}, raised when HDFS would refuse
   * it to the least size that is a multiple of {@code bytesPerChecksum} and at least HDFS's default
   * minimum ({@link #HDFS_MIN_BLOCK_SIZE}); NNBench's tutorials give {@code -blockSize 1}.
   */
  static long usableBlockSize(long requested, int bytesPerChecksum) {
    if (requested % bytesPerChecksum == 0 && requested >= HDFS_MIN_BLOCK_SIZE) {
      return requested;
    }
    long atLeast = Math.max(requested, HDFS_MIN_BLOCK_SIZE);
    return (atLeast + bytesPerChecksum - 1) / bytesPerChecksum * bytesPerChecksum;
  }

  /** HDFS's default dfs.namenode.fs-limits.min-block-size. */
  static final long HDFS_MIN_BLOCK_SIZE = 1024 * 1024;

  private static void checkBlockSize(long blockSize, int bytesPerChecksum) {
    if (blockSize % bytesPerChecksum != 0) {
      long roundUp = (blockSize + bytesPerChecksum - 1) / bytesPerChecksum * bytesPerChecksum;
      throw new InvalidInputException("-blockSize " + blockSize + " is not a multiple of "
          + "-bytesPerChecksum " + bytesPerChecksum + "; HDFS rejects such files: choose a block "
          + "size that is a multiple of it (e.g. " + roundUp + ")");
    }
  }

  private static void checkMix(EnumMap<Option, Object> v) {
    List<OpType> operations = ValueType.ops(v.get(Option.OPERATION));
    MixSpec mix = (MixSpec) v.get(Option.MIX);
    if (operations.contains(OpType.MIX) && mix.isEmpty()) {
      throw new InvalidInputException("-operation has mix but no -mix says what to draw: give "
          + "e.g. -mix create_write:20,open_read:50,stat:20,rename:5,delete:5");
    }
    if (!mix.isEmpty() && !operations.contains(OpType.MIX)) {
      throw new InvalidInputException("-mix is given but -operation has no mix phase: add mix to "
          + "-operation (e.g. -operation create_write,mix), or leave -operation out");
    }
    long items = (long) (Integer) v.get(Option.THREADS) * (Long) v.get(Option.NUMBER_OF_FILES);
    if (!mix.isEmpty() && items > BenchConfig.MIX_ITEMS_MAX) {
      throw new InvalidInputException("-mix keeps its working set in memory: -threads x "
          + "-numberOfFiles must be at most " + BenchConfig.MIX_ITEMS_MAX + " (it is " + items
          + ")");
    }
  }

  /** Refuses, with {@code -maps}, every option the table marks as not for a job. */
  private static void checkMaps(EnumMap<Option, Object> v) {
    if ((Integer) v.get(Option.MAPS) > 0) {
      for (Option o : Option.values()) {
        if (o.inRun() && o.mapsRefusal() != null && !v.get(o).equals(o.defaultValue())) {
          throw new InvalidInputException(o.mapsRefusal());
        }
      }
    }
  }

  /**
   * Refuses {@code -processes} that cannot meet: without the common {@code -startTime} that names
   * their barrier, or with a {@code -mapIndex} outside 0 to n-1 (with {@code -maps}, the option
   * table refuses it).
   */
  private static void checkProcesses(int processes, int mapIndex, long startTime) {
    if (processes == 0) {
      return;
    }
    if (startTime == 0) {
      throw new InvalidInputException("-processes " + processes + " needs -startTime: the "
          + "processes' common start also names their barrier; give them all the same "
          + "-startTime, such as $(( $(date +%s) + 60 ))");
    }
    if (mapIndex >= processes) {
      throw new InvalidInputException("-mapIndex " + mapIndex + " is not one of -processes "
          + processes + " (0 to " + (processes - 1) + "): number the processes 0 to "
          + (processes - 1));
    }
  }

  /**
   * Refuses {@code -warmup} without {@code -duration}: every phase would then be bound by its
   * items, and a warm-up would take planned items away from the measurement.
   */
  private static void checkWarmup(long warmupMillis, long durationMillis) {
    if (warmupMillis > 0 && durationMillis == 0) {
      throw new InvalidInputException("-warmup applies only to phases bound by -duration (in a "
          + "phase bound by its items a warm-up would take planned items from the measurement): "
          + "add -duration, or drop -warmup");
    }
  }

  /**
   * Turns {@code -sizeFor} off where it does not apply: a run that gives an item count or a
   * duration keeps them, and processes that meet ({@code -maps}, {@code -processes},
   * {@code -mapIndex}) need one count they all know before they start. Refuses
   * {@code -sizeFor} given together with a count. A configuration MetaBench sized or wrote
   * ({@link BenchConfig#writeTo}) is read as it is.
   */
  private static void sizing(Configuration conf, EnumMap<Option, Object> v) {
    if ((Long) v.get(Option.SIZE_FOR) == 0 || !((String) v.get(Option.SIZED)).isEmpty()
        || conf.getBoolean(ConfigKeys.WRITTEN, false)) {
      return;
    }
    boolean countGiven = UserSettings.isSetByUser(conf, Option.NUMBER_OF_FILES.key())
        || UserSettings.isSetByUser(conf, Option.DURATION.key());
    if (countGiven && UserSettings.isSetByUser(conf, Option.SIZE_FOR.key())) {
      throw new InvalidInputException("-sizeFor sizes a run that gives no item count, but "
          + "-numberOfFiles or -duration is given too: drop -sizeFor to keep the count, or drop "
          + "-numberOfFiles and -duration to let -sizeFor size the run");
    }
    if (countGiven || (Integer) v.get(Option.MAPS) > 0
        || (Integer) v.get(Option.PROCESSES) > 0 || (Integer) v.get(Option.MAP_INDEX) > 0) {
      v.put(Option.SIZE_FOR, 0L);
    }
  }

  /**
   * Refuses {@code -onPrefill} where it would change nothing or is not built: with no prefill,
   * phases but only traversals, or a Zipf law over more files than it ranks. (A run of
   * the prefill alone takes it: a capacity search makes its prefill so.)
   */
  private static void checkOnPrefill(java.util.Map<Option, Object> v, boolean profile) {
    io.metabench.path.Popularity p = (io.metabench.path.Popularity) v.get(Option.ON_PREFILL);
    if (!p.picks()) {
      return;
    }
    String drop = ", or drop -onPrefill";
    if (!profile && (Long) v.get(Option.PREFILL_FILES) == 0) {
      throw new InvalidInputException("-onPrefill " + p + " picks the prefill's files, and there "
          + "is no prefill: give -prefillFiles or -prefillProfile" + drop);
    }
    List<OpType> ops = ValueType.ops(v.get(Option.OPERATION));
    if (!ops.isEmpty() && ops.stream().allMatch(OpType::traverses)) {
      throw new InvalidInputException("-onPrefill " + p + " picks files and directories for the "
          + "phases that work on items, and -operation has only traversals (" + OpType.join(ops)
          + "), which walk their subtree whole: add one such as stat or create_write" + drop);
    }
    long files = profile ? profileSize(v)[1] : (Long) v.get(Option.PREFILL_FILES);
    if (p.exponent() > 0 && files > io.metabench.path.PrefillNames.MAX_RANKED) {
      throw new InvalidInputException("-onPrefill " + p + " ranks at most "
          + io.metabench.path.PrefillNames.MAX_RANKED + " files, and the prefill has " + files
          + ": give uniform, or a smaller prefill");
    }
  }

  /**
   * Refuses a profile's namespace given a tree's size too, or one its scale makes empty or
   * beyond HDFS's limits (before anything is touched, as every option's refusal is).
   */
  private static void checkProfileShape(java.util.Map<Option, Object> v) {
    if ((Long) v.get(Option.PREFILL_FILES) > 0) {
      throw new InvalidInputException("-prefillFiles and -prefillProfile both say what the "
          + "prefill makes: give one (-prefillScale sizes a profile's namespace)");
    }
    try {
      profileSize(v);
    } catch (InvalidInputException e) {
      throw new InvalidInputException("-prefillScale: " + e.getMessage());
    }
  }

  /**
   * The directories and files of the {@code -prefillProfile} namespace at {@code -prefillScale}.
   *
   * @throws InvalidInputException when the scale makes none, or one beyond HDFS's limits
   */
  private static long[] profileSize(java.util.Map<Option, Object> v) {
    return io.metabench.namespace.ShapeModel.size(((java.util.Optional<?>) v
        .get(Option.PREFILL_PROFILE)).map(io.metabench.namespace.ShapeProfile.class::cast).get()
        .json(), (Double) v.get(Option.PREFILL_SCALE));
  }

  /** Refuses a prefill tree too wide for a client to hold, or with over-full leaves. */
  private static void checkPrefillShape(long prefillFiles, int prefillDepth, int prefillFanOut,
      int filesPerDir) {
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
}
