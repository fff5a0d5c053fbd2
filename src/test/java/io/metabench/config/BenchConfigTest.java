package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchConfigTest {

  private static Configuration conf(String... keyValues) {
    Configuration c = new Configuration(false);
    for (int i = 0; i < keyValues.length; i += 2) {
      c.set(keyValues[i], keyValues[i + 1]);
    }
    return c;
  }

  /** A configuration in which every key differs from its default. */
  private static Configuration nonDefault() {
    return conf(
        ConfigKeys.OPERATIONS, "create_write,open_read,rename,delete,mkdirs,rmdir",
        ConfigKeys.FILES_PER_WORKER, "12345",
        ConfigKeys.THREADS, "17",
        ConfigKeys.BYTES_TO_WRITE, "4096",
        ConfigKeys.BLOCK_SIZE, "1048576",
        ConfigKeys.BYTES_PER_CHECKSUM, "1024",
        ConfigKeys.REPLICATION, "3",
        ConfigKeys.BASE_DIR, "hdfs://nn:8020/bench",
        ConfigKeys.READ_FILE_AFTER_OPEN, "true",
        ConfigKeys.START_TIME, "1700000000",
        ConfigKeys.MAP_INDEX, "9",
        ConfigKeys.FILES_PER_DIR, "500",
        ConfigKeys.SHARED_CLIENT, "true",
        ConfigKeys.RETRIES, "2",
        ConfigKeys.CLEANUP, "true",
        ConfigKeys.JSON_OUT, "/tmp/out.json",
        ConfigKeys.NNBENCH_LOG, "",
        ConfigKeys.CONNECT_TIMEOUT_SECONDS, "5");
  }

  @Test
  void defaults() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write"));
    assertThat(c.operations()).containsExactly(OpType.CREATE_WRITE);
    assertThat(c.filesPerWorker()).isEqualTo(1);
    assertThat(c.threads()).isEqualTo(1);
    assertThat(c.bytesToWrite()).isEqualTo(0);
    assertThat(c.blockSize()).isEqualTo(134_217_728L);
    assertThat(c.bytesPerChecksum()).isEqualTo(512);
    assertThat(c.replication()).isEqualTo((short) 1);
    assertThat(c.baseDir()).isEqualTo("/benchmarks/MetaBench");
    assertThat(c.readFileAfterOpen()).isFalse();
    assertThat(c.startTime()).isEqualTo(0);
    assertThat(c.mapIndex()).isEqualTo(0);
    assertThat(c.filesPerDir()).isEqualTo(10_000);
    assertThat(c.sharedClient()).isFalse();
    assertThat(c.retries()).isEqualTo(0);
    assertThat(c.cleanup()).isFalse();
    assertThat(c.jsonOut()).isEmpty();
    assertThat(c.nnbenchLog()).isEqualTo("NNBench_results.log");
    assertThat(c.connectTimeoutSeconds()).isEqualTo(30);
  }

  @Test
  void readsEveryKey() {
    BenchConfig c = BenchConfig.fromConfiguration(nonDefault());
    assertThat(c.operations()).isEqualTo(OpType.ALL);
    assertThat(c.filesPerWorker()).isEqualTo(12345);
    assertThat(c.threads()).isEqualTo(17);
    assertThat(c.bytesToWrite()).isEqualTo(4096);
    assertThat(c.blockSize()).isEqualTo(1_048_576);
    assertThat(c.bytesPerChecksum()).isEqualTo(1024);
    assertThat(c.replication()).isEqualTo((short) 3);
    assertThat(c.baseDir()).isEqualTo("hdfs://nn:8020/bench");
    assertThat(c.readFileAfterOpen()).isTrue();
    assertThat(c.startTime()).isEqualTo(1_700_000_000L);
    assertThat(c.mapIndex()).isEqualTo(9);
    assertThat(c.filesPerDir()).isEqualTo(500);
    assertThat(c.sharedClient()).isTrue();
    assertThat(c.retries()).isEqualTo(2);
    assertThat(c.cleanup()).isTrue();
    assertThat(c.jsonOut()).isEqualTo("/tmp/out.json");
    assertThat(c.nnbenchLog()).isEmpty();
    assertThat(c.connectTimeoutSeconds()).isEqualTo(5);
  }

  @Test
  void writeToThenFromConfigurationGivesAnEqualConfig() {
    for (Configuration source : new Configuration[] {
        nonDefault(),
        conf(ConfigKeys.OPERATIONS, "rename"),
        conf(ConfigKeys.CLEANUP, "true"), // no operation: cleanup only
    }) {
      BenchConfig original = BenchConfig.fromConfiguration(source);
      Configuration written = new Configuration(false);
      original.writeTo(written);
      BenchConfig back = BenchConfig.fromConfiguration(written);
      assertThat(back).isEqualTo(original).hasSameHashCodeAs(original);
      assertThat(back.parameters()).isEqualTo(original.parameters());
      assertThat(back.jsonOut()).isEqualTo(original.jsonOut());
      assertThat(back.nnbenchLog()).isEqualTo(original.nnbenchLog());
      assertThat(back.connectTimeoutSeconds()).isEqualTo(original.connectTimeoutSeconds());
    }
  }

  /**
   * An offline prefill is refused when this JVM cannot hold its NameNode, but the configuration
   * a run wrote (read back by report or merge, which start none) is read as it is.
   */
  @Test
  void anOfflinePrefillTooLargeForTheHeapIsRefusedOnlyWhenItWouldRun() {
    Configuration c = conf(ConfigKeys.OPERATIONS, "stat");
    c.set(ConfigKeys.PREFILL_PROFILE, "yahoo");
    c.set(ConfigKeys.PREFILL_SCALE, "4000");
    c.set(ConfigKeys.PREFILL_OFFLINE, "true");
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(c))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-prefillOffline: the embedded NameNode needs about 265.9 GB");
    c.set(ConfigKeys.WRITTEN, "true");
    assertThat(BenchConfig.fromConfiguration(c).prefill().offline()).isTrue();
  }

  /** Guards the round-trip test: equals must see a change in any single key. */
  @Test
  void equalsSeesEveryKey() {
    BenchConfig base = BenchConfig.fromConfiguration(nonDefault());
    Map<String, String> changes = new LinkedHashMap<>();
    changes.put(ConfigKeys.OPERATIONS, "create_write");
    changes.put(ConfigKeys.FILES_PER_WORKER, "12346");
    changes.put(ConfigKeys.THREADS, "16");
    changes.put(ConfigKeys.BYTES_TO_WRITE, "4097");
    changes.put(ConfigKeys.BLOCK_SIZE, "2097152");
    changes.put(ConfigKeys.BYTES_PER_CHECKSUM, "512");
    changes.put(ConfigKeys.REPLICATION, "2");
    changes.put(ConfigKeys.BASE_DIR, "hdfs://nn:8020/other");
    changes.put(ConfigKeys.READ_FILE_AFTER_OPEN, "false");
    changes.put(ConfigKeys.START_TIME, "1700000001");
    changes.put(ConfigKeys.MAP_INDEX, "8");
    changes.put(ConfigKeys.FILES_PER_DIR, "501");
    changes.put(ConfigKeys.SHARED_CLIENT, "false");
    changes.put(ConfigKeys.RETRIES, "3");
    changes.put(ConfigKeys.CLEANUP, "false");
    changes.put(ConfigKeys.JSON_OUT, "/tmp/other.json");
    changes.put(ConfigKeys.NNBENCH_LOG, "nn.log");
    changes.put(ConfigKeys.CONNECT_TIMEOUT_SECONDS, "6");
    changes.put(ConfigKeys.MAPS, "4");
    changes.put(ConfigKeys.BARRIER_TIMEOUT_SECONDS, "7");
    changes.put(ConfigKeys.READ_SHIFT, "2");
    changes.put(ConfigKeys.OP_TIMEOUT_MILLIS, "1500");
    changes.put(ConfigKeys.FAIL_FAST, "true");
    changes.put(ConfigKeys.OVERWRITE, "true");
    changes.put(ConfigKeys.SERIES_OUT, "/tmp/s.csv");
    for (Map.Entry<String, String> e : changes.entrySet()) {
      Configuration c = nonDefault();
      c.set(e.getKey(), e.getValue());
      assertThat(BenchConfig.fromConfiguration(c)).as(e.getKey()).isNotEqualTo(base);
    }
  }

  @Test
  void onlyARunThatGivesNoCountNorDurationIsSized() throws java.io.IOException {
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write"))
        .sizeForMillis()).isEqualTo(4000);
    for (String[] given : new String[][] {{ConfigKeys.FILES_PER_WORKER, "10"},
        {ConfigKeys.DURATION_MILLIS, "1000"}, {ConfigKeys.MAPS, "2"},
        {ConfigKeys.MAP_INDEX, "1"}}) {
      assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
          given[0], given[1])).sizeForMillis()).as(given[0]).isZero();
    }
    // A count from a *-default.xml file (scripts/meta-bench.sh's 1,000) is a default, not a
    // count the user gave.
    java.io.File defaults = java.io.File.createTempFile("meta-bench-script", "-default.xml");
    defaults.deleteOnExit();
    java.nio.file.Files.write(defaults.toPath(), ("<configuration><property><name>"
        + ConfigKeys.FILES_PER_WORKER + "</name><value>1000</value></property></configuration>")
        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Configuration c = conf(ConfigKeys.OPERATIONS, "create_write");
    c.addResource(new org.apache.hadoop.fs.Path(defaults.toURI()));
    BenchConfig script = BenchConfig.fromConfiguration(c);
    assertThat(script.filesPerWorker()).isEqualTo(1000);
    assertThat(script.sizeForMillis()).isEqualTo(4000);
  }

  @Test
  void sizeForTogetherWithACountIsRefused() {
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write", ConfigKeys.SIZE_FOR_MILLIS, "5000", ConfigKeys.FILES_PER_WORKER, "10")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-sizeFor sizes a run that gives no item count, but -numberOfFiles or "
            + "-duration is given too: drop -sizeFor to keep the count, or drop -numberOfFiles "
            + "and -duration to let -sizeFor size the run");
  }

  @Test
  void aConfigurationMetaBenchWroteIsReadAsItIsAndNotSizedAgain() {
    BenchConfig unsized = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write,stat"));
    for (BenchConfig c : Arrays.asList(unsized, unsized.sizedAs(500, 4000, "sized by hand"),
        unsized.unsized())) {
      Configuration written = new Configuration(false);
      c.writeTo(written);
      assertThat(BenchConfig.fromConfiguration(written)).isEqualTo(c);
    }
  }

  @Test
  void parametersUseCommandLineNamesInAStableOrder() {
    Map<String, Object> p = BenchConfig.fromConfiguration(nonDefault()).parameters();
    assertThat(p.keySet()).containsExactly("operation", "numberOfFiles", "threads",
        "bytesToWrite", "blockSize", "bytesPerChecksum", "replicationFactorPerFile", "baseDir",
        "readFileAfterOpen", "startTime", "mapIndex", "filesPerDir", "sharedClient", "localClient",
        "retries",
        "cleanup", "maps", "processes", "barrierTimeout", "readShift", "opTimeoutMs", "failFast", "durationMs",
        "warmupMs", "clientWarmupMs", "sizeForMs", "sized", "rate", "subtree", "mix", "seed", "sharedDir", "mixFill",
        "prefillFiles", "prefillDepth", "prefillFanOut", "prefillSizes", "prefillProfile",
        "prefillScale", "onPrefill", "prefillThreads", "prefillOffline",
        "workload", "embeddedHa", "failoverAfterMs");
    assertThat(p.get("operation")).isEqualTo("create_write,open_read,rename,delete,mkdirs,rmdir");
    assertThat(p.get("numberOfFiles")).isEqualTo(12345L);
    assertThat(p.get("readFileAfterOpen")).isEqualTo(true);
  }

  @Test
  void operationsAcceptEveryDialectAndCase() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        " createWrite , OPEN_READ,openRead,Rename,delete, mkdir ,rmdir"));
    assertThat(c.operations()).containsExactly(OpType.CREATE_WRITE, OpType.OPEN_READ,
        OpType.OPEN_READ, OpType.RENAME, OpType.DELETE, OpType.MKDIRS, OpType.RMDIR);
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "ALL")).operations())
        .containsExactly(OpType.CREATE_WRITE, OpType.OPEN_READ, OpType.RENAME, OpType.DELETE,
            OpType.MKDIRS, OpType.RMDIR);
  }

  @Test
  void cleanupAloneNeedsNoOperation() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.CLEANUP, "TRUE"));
    assertThat(c.cleanup()).isTrue();
    assertThat(c.operations()).isEmpty();
  }

  @Test
  void valuesAreTrimmed() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "delete",
        ConfigKeys.THREADS, " 5 ", ConfigKeys.READ_FILE_AFTER_OPEN, " True ",
        ConfigKeys.BASE_DIR, " /x "));
    assertThat(c.threads()).isEqualTo(5);
    assertThat(c.readFileAfterOpen()).isTrue();
    assertThat(c.baseDir()).isEqualTo("/x");
  }

  @Test
  void limitsAreInclusive() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "mkdirs",
        ConfigKeys.THREADS, "100000", ConfigKeys.FILES_PER_DIR, "2",
        ConfigKeys.RETRIES, "1000", ConfigKeys.REPLICATION, "32767"));
    assertThat(c.threads()).isEqualTo(100_000);
    assertThat(c.filesPerDir()).isEqualTo(2);
    assertThat(c.retries()).isEqualTo(1000);
    assertThat(c.replication()).isEqualTo(Short.MAX_VALUE);
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "mkdirs",
        ConfigKeys.FILES_PER_DIR, "1048576")).filesPerDir()).isEqualTo(1_048_576);
  }

  @ParameterizedTest(name = "{0}={1} -> message names {2}")
  @CsvSource(delimiter = '|', value = {
      "metabench.files.per.worker | 0 | -numberOfFiles",
      "metabench.files.per.worker | -5 | -numberOfFiles",
      "metabench.files.per.worker | ten | -numberOfFiles",
      "metabench.files.per.worker | 1e3 | -numberOfFiles",
      "metabench.threads | 0 | -threads",
      "metabench.threads | -1 | -threads",
      "metabench.threads | 100001 | -threads",
      "metabench.threads | 2.5 | -threads",
      "metabench.bytes.to.write | -1 | -bytesToWrite",
      "metabench.bytes.to.write | 1k | -bytesToWrite",
      "metabench.block.size | 0 | -blockSize",
      "metabench.block.size | 128m | -blockSize",
      "metabench.bytes.per.checksum | 0 | -bytesPerChecksum",
      "metabench.bytes.per.checksum | 4294967296 | -bytesPerChecksum",
      "metabench.replication | 0 | -replicationFactorPerFile",
      "metabench.replication | 32768 | -replicationFactorPerFile",
      "metabench.read.file.after.open | yes | -readFileAfterOpen",
      "metabench.read.file.after.open | 1 | -readFileAfterOpen",
      "metabench.shared.client | on | -sharedClient",
      "metabench.cleanup | maybe | -cleanup",
      "metabench.start.time | -1 | -startTime",
      "metabench.start.time | now | -startTime",
      "metabench.start.time | 1795626433000 | -startTime",
      "metabench.map.index | -1 | -mapIndex",
      "metabench.files.per.dir | 1 | -filesPerDir",
      "metabench.files.per.dir | 0 | -filesPerDir",
      "metabench.files.per.dir | 1048577 | -filesPerDir",
      "metabench.retries | -1 | -retries",
      "metabench.retries | 1001 | -retries",
      "metabench.connect.timeout.seconds | 0 | metabench.connect.timeout.seconds",
      "metabench.connect.timeout.seconds | 3601 | metabench.connect.timeout.seconds",
  })
  void badValueIsRefusedNamingTheOption(String key, String value, String option) {
    Configuration c = conf(ConfigKeys.OPERATIONS, "create_write", key, value);
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(c))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith(option + " ")
        .hasMessageContaining(value.trim());
  }

  @Test
  void zeroIsCalledZero() {
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(
        conf(ConfigKeys.OPERATIONS, "create_write", ConfigKeys.FILES_PER_WORKER, "0")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-numberOfFiles 0 is zero")
        .hasMessageContaining("at least 1");
  }

  @Test
  void emptyBaseDirIsRefused() {
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(
        conf(ConfigKeys.OPERATIONS, "create_write", ConfigKeys.BASE_DIR, "   ")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("-baseDir is empty");
  }

  @Test
  void blockSizeMustBeAMultipleOfBytesPerChecksum() {
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write", ConfigKeys.BLOCK_SIZE, "1000", ConfigKeys.BYTES_PER_CHECKSUM, "512",
        ConfigKeys.BYTES_TO_WRITE, "4096")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-blockSize 1000")
        .hasMessageContaining("-bytesPerChecksum 512")
        .hasMessageContaining("e.g. 1024");
    // a multiple is accepted
    BenchConfig ok = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
        ConfigKeys.BLOCK_SIZE, "1048576", ConfigKeys.BYTES_PER_CHECKSUM, "4096"));
    assertThat(ok.blockSize() % ok.bytesPerChecksum()).isZero();
    assertThat(ok.adjustments()).isEmpty();
  }

  @Test
  void emptyFilesTakeNnbenchsBlockSizeRaisedToAUsableOne() {
    // NNBench's tutorials give -blockSize 1 for empty files: nothing measured depends on it.
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
        ConfigKeys.BLOCK_SIZE, "1", ConfigKeys.BYTES_PER_CHECKSUM, "512"));
    assertThat(c.requestedBlockSize()).isEqualTo(1);
    assertThat(c.blockSize()).isEqualTo(1048576);
    assertThat(c.adjustments()).singleElement().asString()
        .startsWith("-blockSize 1 raised to 1048576: the files are empty");
    // Above HDFS's minimum but not a multiple of the checksum: the next multiple.
    BenchConfig odd = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write",
        ConfigKeys.BLOCK_SIZE, "1048577", ConfigKeys.BYTES_PER_CHECKSUM, "512"));
    assertThat(odd.blockSize()).isEqualTo(1049088);
    // The config travels to map tasks as given, and is raised there the same way.
    org.apache.hadoop.conf.Configuration written = new org.apache.hadoop.conf.Configuration(false);
    c.writeTo(written);
    assertThat(BenchConfig.fromConfiguration(written)).isEqualTo(c);
    // A prefill with data makes the block size matter again: refused.
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS,
        "create_write", ConfigKeys.BLOCK_SIZE, "1", ConfigKeys.BYTES_PER_CHECKSUM, "512",
        ConfigKeys.PREFILL_FILES, "10", ConfigKeys.PREFILL_SIZES, "0:50,4096:50")))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("-blockSize 1 is not");
  }

  @Test
  void unknownOperationIsRefusedListingTheValidOnes() {
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(
        conf(ConfigKeys.OPERATIONS, "create_write,craete_read")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("operation")
        .hasMessageContaining("'craete_read'")
        .hasMessageContaining("create_write, open_read, rename, delete, mkdirs, rmdir")
        .hasMessageContaining("createWrite");
  }

  @Test
  void noOperationWithoutCleanupIsRefused() {
    for (Configuration c : Arrays.asList(conf(), conf(ConfigKeys.OPERATIONS, "  "),
        conf(ConfigKeys.OPERATIONS, " , "), conf(ConfigKeys.CLEANUP, "false"))) {
      assertThatThrownBy(() -> BenchConfig.fromConfiguration(c))
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("no operation given")
          .hasMessageContaining("-operation");
    }
  }

  @Test
  void operationsListIsImmutable() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "rename"));
    assertThatThrownBy(() -> c.operations().add(OpType.DELETE))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(c.operations()).isEqualTo(Collections.singletonList(OpType.RENAME));
  }

  @Test
  void opTimeoutTakesMillisecondsOrAUnit() {
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "all", ConfigKeys.OP_TIMEOUT_MILLIS, "1500"))
        .opTimeoutMillis()).isEqualTo(1500);
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "all", ConfigKeys.OP_TIMEOUT_MILLIS, "30s"))
        .opTimeoutMillis()).isEqualTo(30_000);
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "all", ConfigKeys.OP_TIMEOUT_MILLIS, "2m"))
        .opTimeoutMillis()).isEqualTo(120_000);
    assertThat(BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "all", ConfigKeys.OP_TIMEOUT_MILLIS, "250ms"))
        .opTimeoutMillis()).isEqualTo(250);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchConfig.fromConfiguration(
        conf(ConfigKeys.OPERATIONS, "all", ConfigKeys.OP_TIMEOUT_MILLIS, "soon"))).hasMessageContaining(
        "-opTimeout 'soon' is not a duration");
  }

  @Test
  void durationWarmupAndRateAreReadAndTheDurationBoundsOnlyPhasesThatKeepNames() {
    BenchConfig c = BenchConfig.fromConfiguration(conf(ConfigKeys.OPERATIONS, "create_write,stat",
        ConfigKeys.DURATION_MILLIS, "60s", ConfigKeys.WARMUP_MILLIS, "10s", ConfigKeys.RATE,
        "2500.5"));
    assertThat(c.durationMillis()).isEqualTo(60_000);
    assertThat(c.warmupMillis()).isEqualTo(10_000);
    assertThat(c.rate()).isEqualTo(2500.5);
    assertThat(c.durationBound(OpType.STAT)).isTrue();
    assertThat(c.durationBound(OpType.CREATE_WRITE)).isFalse();
    Configuration written = new Configuration(false);
    c.writeTo(written);
    assertThat(BenchConfig.fromConfiguration(written)).isEqualTo(c);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchConfig.fromConfiguration(
        conf(ConfigKeys.OPERATIONS, "stat", ConfigKeys.RATE, "-5"))).hasMessageContaining(
        "-rate '-5' is not a rate");
  }
}
