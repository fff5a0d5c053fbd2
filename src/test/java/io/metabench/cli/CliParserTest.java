package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.config.BenchConfig;
import io.metabench.config.ConfigKeys;
import io.metabench.core.InvalidInputException;
import io.metabench.op.OpType;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.cli.Option;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliParserTest {

  private static Configuration parseToConf(String... args) {
    Configuration conf = new Configuration(false);
    CliParser.Parsed parsed = CliParser.parse(args, conf);
    assertThat(parsed.help()).isFalse();
    return conf;
  }

  private static BenchConfig parse(String... args) {
    return BenchConfig.fromConfiguration(parseToConf(args));
  }

  @Test
  void nnbenchAndCurvineDialectsGiveTheSameConfig() {
    BenchConfig nnbench = parse("-operation", "create_write", "-numberOfFiles", "50",
        "-bytesToWrite", "0", "-blockSize", "1048576", "-bytesPerChecksum", "512",
        "-replicationFactorPerFile", "1", "-baseDir", "/b", "-readFileAfterOpen", "true");
    BenchConfig curvine = parse("-operation", "createWrite", "-numFiles", "50",
        "-bytesToWrite", "0", "-blockSize", "1048576", "-bytesPerChecksum", "512",
        "-replicationFactorPerFile", "1", "-baseDir", "/b", "-readFileAfterOpen");
    assertThat(curvine).isEqualTo(nnbench);
    // and both mean what was asked, not some shared default
    assertThat(nnbench.operations()).containsExactly(OpType.CREATE_WRITE);
    assertThat(nnbench.filesPerWorker()).isEqualTo(50);
    assertThat(nnbench.blockSize()).isEqualTo(1_048_576);
    assertThat(nnbench.bytesPerChecksum()).isEqualTo(512);
    assertThat(nnbench.baseDir()).isEqualTo("/b");
    assertThat(nnbench.readFileAfterOpen()).isTrue();
  }

  @Test
  void readFileAfterOpenTakesAnOptionalValue() {
    assertThat(parse("-operation", "open_read", "-readFileAfterOpen", "false")
        .readFileAfterOpen()).isFalse();
    assertThat(parse("-operation", "open_read", "-readFileAfterOpen", "TRUE")
        .readFileAfterOpen()).isTrue();
    // a following option is not taken as its value
    BenchConfig c = parse("-operation", "open_read", "-readFileAfterOpen", "-baseDir", "/x");
    assertThat(c.readFileAfterOpen()).isTrue();
    assertThat(c.baseDir()).isEqualTo("/x");
    assertThat(parse("-operation", "open_read").readFileAfterOpen()).isFalse();
  }

  @Test
  void everyOptionLandsInItsKey() {
    BenchConfig c = parse("-operation", "mkdirs,rmdir", "-numberOfFiles", "11", "-threads", "3",
        "-bytesToWrite", "7", "-blockSize", "2097152", "-bytesPerChecksum", "1024",
        "-replicationFactorPerFile", "2", "-baseDir", "file:///tmp/mb", "-startTime",
        "1700000000", "-mapIndex", "4", "-filesPerDir", "100", "-sharedClient", "-retries", "5",
        "-cleanup", "-jsonOut", "out/r.json", "-nnbenchLog", "");
    assertThat(c.operations()).containsExactly(OpType.MKDIRS, OpType.RMDIR);
    assertThat(c.filesPerWorker()).isEqualTo(11);
    assertThat(c.threads()).isEqualTo(3);
    assertThat(c.bytesToWrite()).isEqualTo(7);
    assertThat(c.blockSize()).isEqualTo(2_097_152);
    assertThat(c.bytesPerChecksum()).isEqualTo(1024);
    assertThat(c.replication()).isEqualTo((short) 2);
    assertThat(c.baseDir()).isEqualTo("file:///tmp/mb");
    assertThat(c.startTime()).isEqualTo(1_700_000_000L);
    assertThat(c.mapIndex()).isEqualTo(4);
    assertThat(c.filesPerDir()).isEqualTo(100);
    assertThat(c.sharedClient()).isTrue();
    assertThat(c.retries()).isEqualTo(5);
    assertThat(c.cleanup()).isTrue();
    assertThat(c.jsonOut()).isEqualTo("out/r.json");
    assertThat(c.nnbenchLog()).isEmpty();
  }

  @Test
  void onlyTheGivenOptionsAreWritten() {
    Configuration conf = parseToConf("-operation", "delete", "-threads", "2");
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put(ConfigKeys.OPERATIONS, "delete");
    expected.put(ConfigKeys.THREADS, "2");
    assertThat(CliParser.snapshot(conf)).isEqualTo(expected);
  }

  @Test
  void allExpandsToTheSixPhasesInOrder() {
    assertThat(parse("-operation", "all").operations()).containsExactly(OpType.CREATE_WRITE,
        OpType.OPEN_READ, OpType.RENAME, OpType.DELETE, OpType.MKDIRS, OpType.RMDIR);
  }

  @Test
  void theLastOccurrenceWins() {
    assertThat(parse("-operation", "rename", "-threads", "2", "-threads", "5").threads())
        .isEqualTo(5);
    assertThat(parse("-operation", "rename", "-threads", "5", "-threads", "2").threads())
        .isEqualTo(2);
    assertThat(parse("-operation", "rename", "-numberOfFiles", "3", "-numFiles", "7")
        .filesPerWorker()).isEqualTo(7);
    assertThat(parse("-operation", "rename", "-numFiles", "7", "-numberOfFiles", "3")
        .filesPerWorker()).isEqualTo(3);
    assertThat(parse("-operation", "rename", "-operation", "delete").operations())
        .containsExactly(OpType.DELETE);
    // -D and an option for the same key: still the last one
    assertThat(parse("-operation", "rename", "-D", "metabench.threads=3", "-threads", "6")
        .threads()).isEqualTo(6);
    assertThat(parse("-operation", "rename", "-threads", "6", "-D", "metabench.threads=3")
        .threads()).isEqualTo(3);
  }

  @Test
  void dashDAfterOtherOptionsLandsInTheConf() {
    Configuration conf = parseToConf("-operation", "create_write", "-threads", "2",
        "-D", "fs.example.key=some value", "-baseDir", "/b", "-D", "dfs.replication=2");
    assertThat(conf.get("fs.example.key")).isEqualTo("some value");
    assertThat(conf.get("dfs.replication")).isEqualTo("2");
    assertThat(conf.get(ConfigKeys.BASE_DIR)).isEqualTo("/b");
    assertThat(conf.get(ConfigKeys.THREADS)).isEqualTo("2");
  }

  @Test
  void dashDValuesMayContainEqualsSigns() {
    Configuration conf = parseToConf("-operation", "create_write", "-D", "k=a=b");
    assertThat(conf.get("k")).isEqualTo("a=b");
  }

  @Test
  void dashDFollowedByTwoWordsIsRefusedNotJoined() {
    assertThatThrownBy(() -> parseToConf("-operation", "create_write", "-D", "foo", "extra"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-D foo is not key=value");
  }

  @Test
  void dashDWithoutKeyValueIsRefused() {
    assertThatThrownBy(() -> parseToConf("-operation", "create_write", "-D", "novalue"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-D")
        .hasMessageContaining("key=value");
  }

  @Test
  void blocksPerFileTimesBytesPerBlockGivesBytesToWrite() {
    BenchConfig c = parse("-operation", "createWrite", "-blocksPerFile", "3",
        "-bytesPerBlock", "1048576");
    assertThat(c.bytesToWrite()).isEqualTo(3_145_728L);
    assertThat(c.blockSize()).isEqualTo(1_048_576L);
    BenchConfig reversed = parse("-operation", "createWrite", "-bytesPerBlock", "1048576",
        "-blocksPerFile", "3");
    assertThat(reversed).isEqualTo(c);
    // -blocksPerFile decides the size even after an explicit -bytesToWrite
    assertThat(parse("-operation", "createWrite", "-bytesToWrite", "5", "-blocksPerFile", "2",
        "-bytesPerBlock", "1048576").bytesToWrite()).isEqualTo(2_097_152L);
  }

  @Test
  void badBlocksPerFileIsRefused() {
    assertThatThrownBy(() -> parseToConf("-operation", "createWrite", "-blocksPerFile", "-3",
        "-bytesPerBlock", "1048576"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("-blocksPerFile '-3'");
    assertThatThrownBy(() -> parseToConf("-operation", "createWrite", "-blocksPerFile", "3",
        "-bytesPerBlock", "1M"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("-bytesPerBlock '1M'");
  }

  @Test
  void blocksPerFileTimesBytesPerBlockMustNotOverflow() {
    // 2^62 blocks of 4 bytes is 2^64 bytes: wraps to 0 in a long
    assertThatThrownBy(() -> parseToConf("-operation", "createWrite",
        "-blocksPerFile", Long.toString(1L << 62), "-bytesPerBlock", "4"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-blocksPerFile")
        .hasMessageContaining("-bytesPerBlock");
  }

  @Test
  void unknownOptionIsRefused() {
    assertThatThrownBy(() -> parseToConf("-operation", "create_write", "-numberOfFile", "3"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("numberOfFile")
        .hasMessageContaining("-help");
    assertThatThrownBy(() -> parseToConf("-mapz", "3"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("mapz");
  }

  @Test
  void strayPositionalArgumentIsRefused() {
    assertThatThrownBy(() -> parseToConf("-operation", "create_write", "rename"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unexpected argument 'rename'");
    assertThatThrownBy(() -> parseToConf("create_write"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'create_write'");
  }

  @Test
  void missingValueIsRefused() {
    assertThatThrownBy(() -> parseToConf("-operation", "create_write", "-threads"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("threads");
  }

  @Test
  void negativeNumbersReachValidationAsValues() {
    Configuration conf = parseToConf("-operation", "create_write", "-numberOfFiles", "-5");
    assertThat(conf.get(ConfigKeys.FILES_PER_WORKER)).isEqualTo("-5");
    assertThatThrownBy(() -> BenchConfig.fromConfiguration(conf))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("-numberOfFiles -5");
  }

  @Test
  void confDirThatDoesNotExistIsRefused(@TempDir Path tmp) throws IOException {
    File missing = tmp.resolve("no-such-dir").toFile();
    assertThatThrownBy(() -> parseToConf("-confDir", missing.getPath(), "-operation", "rename"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("-confDir")
        .hasMessageContaining("does not exist");
    Path file = Files.write(tmp.resolve("core-site.xml"), new byte[0]);
    assertThatThrownBy(() -> parseToConf("-confDir", file.toString(), "-operation", "rename"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is not a directory");
  }

  @Test
  void confDirLoadsSiteFilesCoreSiteFirst(@TempDir Path dir) throws IOException {
    siteFile(dir.resolve("core-site.xml"), "test.only.core", "from-core",
        "test.core.vs.hdfs", "core", "test.core.vs.other", "core");
    siteFile(dir.resolve("hdfs-site.xml"), "test.core.vs.hdfs", "hdfs");
    // sorts before core-site.xml by name, but is loaded after it, so it wins
    siteFile(dir.resolve("aaa-site.xml"), "test.core.vs.other", "aaa");
    siteFile(dir.resolve("core-site.xml.bak"), "test.only.core", "from-backup");
    siteFile(dir.resolve("core-default.xml"), "test.only.default", "loaded");

    Configuration conf = parseToConf("-operation", "rename", "-confDir", dir.toString());
    assertThat(conf.get("test.only.core")).isEqualTo("from-core");
    assertThat(conf.get("test.core.vs.hdfs")).isEqualTo("hdfs");
    assertThat(conf.get("test.core.vs.other")).isEqualTo("aaa");
    assertThat(conf.get("test.only.default")).isNull();
    assertThat(conf.get(ConfigKeys.OPERATIONS)).isEqualTo("rename");
  }

  @Test
  void confDirCanSetMetaBenchKeys(@TempDir Path dir) throws IOException {
    siteFile(dir.resolve("core-site.xml"), ConfigKeys.RETRIES, "7");
    assertThat(parse("-operation", "rename", "-confDir", dir.toString()).retries()).isEqualTo(7);
  }

  private static void siteFile(Path file, String... keyValues) throws IOException {
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    for (int i = 0; i < keyValues.length; i += 2) {
      sb.append("  <property><name>").append(keyValues[i]).append("</name><value>")
          .append(keyValues[i + 1]).append("</value></property>\n");
    }
    sb.append("</configuration>\n");
    Files.write(file, sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void helpIsRecognisedAndWritesNothing() {
    for (String[] args : new String[][] {{"-help"}, {"--help"}, {"-h"},
        {"-operation", "rename", "-threads", "4", "-help"}}) {
      Configuration conf = new Configuration(false);
      assertThat(CliParser.parse(args, conf).help()).as(String.join(" ", args)).isTrue();
      assertThat(CliParser.snapshot(conf)).isEmpty();
    }
  }

  @Test
  void nnbenchAndCurvineOnlyOptionsAreAcceptedAndIgnored() {
    Configuration conf = parseToConf("-operation", "create_write", "-reduces", "4",
        "-filesPerReport", "100");
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put(ConfigKeys.OPERATIONS, "create_write");
    assertThat(CliParser.snapshot(conf)).isEqualTo(expected);
  }

  @Test
  void cleanupAloneParses() {
    BenchConfig c = parse("-cleanup", "-baseDir", "/b");
    assertThat(c.cleanup()).isTrue();
    assertThat(c.operations()).isEmpty();
  }

  @Test
  void helpMentionsEveryOptionAndItsDefault() {
    StringWriter sw = new StringWriter();
    CliParser.printHelp(new PrintWriter(sw), "all");
    String help = sw.toString();

    for (Option o : CliParser.options().getOptions()) {
      assertThat(help).as("help mentions -%s", o.getOpt()).contains("-" + o.getOpt());
    }
    Map<String, String> defaults = new LinkedHashMap<>();
    defaults.put("numberOfFiles", "1");
    defaults.put("threads", "1");
    defaults.put("bytesToWrite", "0");
    defaults.put("blockSize", "134217728");
    defaults.put("bytesPerChecksum", "512");
    defaults.put("replicationFactorPerFile", "1");
    defaults.put("baseDir", "/benchmarks/MetaBench");
    defaults.put("readFileAfterOpen", "false");
    defaults.put("mapIndex", "0");
    defaults.put("filesPerDir", "10000");
    defaults.put("retries", "0");
    defaults.put("nnbenchLog", "NNBench_results.log");
    for (Map.Entry<String, String> e : defaults.entrySet()) {
      assertThat(entryOf(help, e.getKey()))
          .as("help of -%s", e.getKey())
          .contains("default " + e.getValue());
    }
    // options without a fixed default say what happens instead
    assertThat(entryOf(help, "startTime")).contains("default: when all are ready");
    assertThat(entryOf(help, "sharedClient")).contains("default: one per worker");
    assertThat(entryOf(help, "jsonOut"))
        .contains("default: result.json in the run's own directory, metabench-results/");
    assertThat(entryOf(help, "operation")).contains("create_write", "createWrite", "all");
  }

  /** The text of one option's help entry, with line wrapping undone. */
  private static String entryOf(String help, String option) {
    String[] lines = help.split("\\R");
    StringBuilder sb = null;
    for (String line : lines) {
      boolean starts = line.matches("\\s{1,3}-\\S.*");
      if (sb != null && starts) {
        break;
      }
      if (sb == null && line.matches("\\s{1,3}-" + option + "\\b.*")) {
        sb = new StringBuilder();
      }
      if (sb != null) {
        sb.append(' ').append(line.trim());
      }
    }
    assertThat(sb).as("help entry of -%s", option).isNotNull();
    return sb.toString().replaceAll("\\s+", " ");
  }

  @Test
  void studyOptionsWriteTheirKeysAndTargetsAccumulate() {
    Configuration c = parseToConf("-operation", "all", "-threads", "1-16*2", "-iterations", "3",
        "-target", "hdfs://nn:8020/b", "-target", "local=file:///tmp/b", "-outDir", "out",
        "-chartThreads", "4");
    assertThat(c.get(ConfigKeys.THREADS)).isEqualTo("1-16*2");
    assertThat(c.get(ConfigKeys.ITERATIONS)).isEqualTo("3");
    assertThat(c.get(ConfigKeys.TARGETS)).isEqualTo("hdfs://nn:8020/b,local=file:///tmp/b");
    assertThat(c.get(ConfigKeys.OUT_DIR)).isEqualTo("out");
    assertThat(c.get(ConfigKeys.CHART_THREADS)).isEqualTo("4");
  }

  @Test
  void aStudyFileSetsKeysThatTheCommandLineOverrides(@org.junit.jupiter.api.io.TempDir
      java.io.File dir) throws Exception {
    java.io.File study = new java.io.File(dir, "s.xml");
    java.nio.file.Files.write(study.toPath(), ("<configuration>"
        + "<property><name>metabench.threads</name><value>1,2,4</value></property>"
        + "<property><name>metabench.iterations</name><value>5</value></property>"
        + "</configuration>").getBytes("UTF-8"));
    Configuration c = parseToConf("-iterations", "2", "-study", study.getPath(), "-operation",
        "all");
    assertThat(c.get(ConfigKeys.THREADS)).isEqualTo("1,2,4");
    assertThat(c.get(ConfigKeys.ITERATIONS)).isEqualTo("2");
  }

  @Test
  void aMissingOrMalformedWorkloadFileIsBadInput(@org.junit.jupiter.api.io.TempDir
      java.io.File dir) throws Exception {
    assertThatThrownBy(() -> parseToConf("-study", new java.io.File(dir, "none.xml").getPath()))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("does not exist")
        .hasMessageContaining("nnbench-classic, curvine-meta-bench, jindofs-at-scale");
    // a shipped study by name
    Configuration shipped = parseToConf("-study", "curvine-meta-bench");
    assertThat(shipped.get(ConfigKeys.THREADS)).isEqualTo("40");
    assertThat(shipped.get(ConfigKeys.FILES_PER_WORKER)).isEqualTo("10000");
    java.io.File bad = new java.io.File(dir, "bad.xml");
    java.nio.file.Files.write(bad.toPath(), "<configuration><property>".getBytes("UTF-8"));
    assertThatThrownBy(() -> parseToConf("-study", bad.getPath()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is not a Hadoop configuration file");
  }

  @Test
  void aBareOpTimeoutIsSeconds() {
    assertThat(parse("-operation", "all", "-opTimeout", "30").opTimeoutMillis())
        .isEqualTo(30_000);
    assertThat(parse("-operation", "all", "-opTimeout", "40ms").opTimeoutMillis()).isEqualTo(40);
    assertThat(parse("-operation", "stat", "-duration", "60").durationMillis()).isEqualTo(60_000);
    assertThat(parse("-operation", "stat", "-duration", "1", "-warmup", " 10 ").warmupMillis())
        .isEqualTo(10_000);
    assertThat(parse("-operation", "stat", "-duration", "1", "-warmup", "250ms").warmupMillis())
        .isEqualTo(250);
    assertThat(parse("-operation", "all", "-failFast", "-overwrite").failFast()).isTrue();
  }

  @Test
  void aWarmupWithoutADurationIsRefusedAsItWouldTakePlannedItems() {
    assertThatThrownBy(() -> parse("-operation", "create_write", "-warmup", "3"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("-warmup applies only to phases bound by -duration (in a phase bound by its "
            + "items a warm-up would take planned items from the measurement): add -duration, "
            + "or drop -warmup");
  }

  @Test
  void principalAndKeytabAreWrittenToTheirKeys() {
    Configuration conf = parseToConf("-operation", "mkdirs", "-principal", "alice@EXAMPLE.COM",
        "-keytab", "/etc/security/alice.keytab");
    assertThat(conf.get(ConfigKeys.KERBEROS_PRINCIPAL)).isEqualTo("alice@EXAMPLE.COM");
    assertThat(conf.get(ConfigKeys.KERBEROS_KEYTAB)).isEqualTo("/etc/security/alice.keytab");
  }
}
