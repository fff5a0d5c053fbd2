package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.Trees;
import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input gets one line on stderr naming the problem and the fix, exit code 2, nothing on
 * stdout, no result file, and no change to any file system. The table in docs/usage.md lists the
 * same cases.
 */
class ITBadInput {
  @TempDir
  File root;
  @TempDir
  File scratch;

  private String base;
  private FileSystem local;

  @BeforeEach
  void setUp() throws Exception {
    base = new File(root, "bench").toURI().toString();
    local = FileSystem.getLocal(new Configuration());
    Files.write(new File(root, "foreign.txt").toPath(), "not MetaBench's".getBytes("UTF-8"));
  }

  static Stream<Arguments> badArguments() {
    return Stream.of(
        Arguments.of("unknown operation", new String[] {"-operation", "create_wrte"},
            "unknown operation 'create_wrte'; did you mean create_write?: use one of create_write, "
                + "open_read"),
        Arguments.of("no operation", new String[] {"-threads", "2"},
            "no operation given: pass -operation"),
        Arguments.of("threads list not ascending", new String[] {"-operation", "all",
            "-threads", "8-2"}, "-threads '8-2' is not usable: '8-2' is not an ascending range"),
        Arguments.of("study leaving items", new String[] {"-operation", "create_write",
            "-threads", "1,2"}, "leaves files or directories behind, so the next of the 2 runs"),
        Arguments.of("zero iterations", new String[] {"-operation", "all", "-iterations", "0"},
            "-iterations 0 is zero"),
        Arguments.of("chart level not run", new String[] {"-operation", "all", "-threads",
            "1,2", "-chartThreads", "3"}, "-chartThreads 3 is not one of the -threads levels"),
        Arguments.of("zero files", new String[] {"-operation", "create_write", "-numFiles", "0"},
            "-numberOfFiles 0 is zero; it must be at least 1"),
        Arguments.of("negative threads", new String[] {"-operation", "create_write", "-threads",
            "-3"}, "-threads '-3' is not usable: '-3' is not a positive number"),
        Arguments.of("not a number", new String[] {"-operation", "create_write",
            "-numberOfFiles", "lots"}, "-numberOfFiles 'lots' is not a whole number"),
        Arguments.of("negative bytes", new String[] {"-operation", "create_write",
            "-bytesToWrite", "-1"}, "-bytesToWrite -1 is too small"),
        Arguments.of("block size not a checksum multiple", new String[] {"-operation",
            "create_write", "-blockSize", "1000", "-bytesPerChecksum", "512", "-bytesToWrite",
            "4096"},
            "-blockSize 1000 is not a multiple of -bytesPerChecksum 512"),
        Arguments.of("NNBench's default block size and checksum", new String[] {"-operation",
            "create_write", "-blockSize", "1", "-bytesPerChecksum", "0"},
            "-bytesPerChecksum 0 is zero"),
        Arguments.of("zero replication", new String[] {"-operation", "create_write",
            "-replicationFactorPerFile", "0"}, "-replicationFactorPerFile 0 is zero"),
        Arguments.of("bad boolean", new String[] {"-operation", "open_read",
            "-readFileAfterOpen", "yes"}, "-readFileAfterOpen 'yes' is not true or false"),
        Arguments.of("tiny filesPerDir", new String[] {"-operation", "create_write",
            "-filesPerDir", "1"}, "-filesPerDir 1 is too small"),
        Arguments.of("capacity bound over p100", new String[] {"-operation", "stat",
            "-capacity", "p101=3ms"}, "-capacity p101=3ms asks for percentile 101"),
        Arguments.of("capacity of a traversal", new String[] {"-operation", "ls_r",
            "-capacity", "p99=10ms"}, "-capacity cannot pace ls_r"),
        Arguments.of("capacity with a rate", new String[] {"-operation", "create_write",
            "-capacity", "p99=10ms", "-rate", "100"}, "-capacity chooses each step's rate"),
        Arguments.of("unknown option", new String[] {"-operation", "create_write", "-bogus",
            "1"}, "Unrecognized option: -bogus"),
        Arguments.of("stray argument", new String[] {"-operation", "create_write", "extra"},
            "unexpected argument 'extra'"),
        Arguments.of("malformed -D", new String[] {"-operation", "create_write", "-D", "novalue"},
            "-D novalue is not key=value"),
        Arguments.of("missing confDir", new String[] {"-operation", "create_write", "-confDir",
            "/nonexistent/metabench-conf"}, "-confDir /nonexistent/metabench-conf does not exist"),
        Arguments.of("unknown scheme", new String[] {"-operation", "create_write", "-baseDir",
            "nosuchfs://volume/bench"}, "no FileSystem for scheme 'nosuchfs'"),
        Arguments.of("root base dir", new String[] {"-operation", "create_write", "-baseDir",
            "file:///"}, "is the root of its file system"),
        Arguments.of("dot-dot to root", new String[] {"-operation", "create_write", "-baseDir",
            "file:///tmp/.."}, "is the root of its file system"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badArguments")
  void isRefusedWithOneLineExitTwoAndNothingTouched(String what, String[] args, String message)
      throws Exception {
    String[] withBase = args;
    if (!String.join(" ", args).contains("-baseDir")) {
      withBase = NamespaceFactsContract.concat(args, new String[] {"-baseDir", base});
    }
    assertRefused(new Configuration(), message, withBase);
  }

  @Test
  void anExistingResultFileIsNotReplacedWithoutOverwrite() throws Exception {
    File earlier = new File(scratch, "earlier.json");
    Files.write(earlier.toPath(), "{\"earlier\": true}".getBytes("UTF-8"));
    Map<String, String> before = Trees.list(local, new Path(root.toURI()));
    MetaBenchRun refused = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write", "-baseDir", base, "-jsonOut", earlier.getPath());
    assertThat(refused.exitCode).isEqualTo(2);
    assertThat(refused.stderr.trim()).isEqualTo("metabench: -jsonOut " + earlier.getPath()
        + " already exists; give a new file name, or add -overwrite to replace it");
    assertThat(refused.stdout).isEmpty();
    assertThat(Trees.list(local, new Path(root.toURI()))).isEqualTo(before);
    assertThat(new String(Files.readAllBytes(earlier.toPath()), "UTF-8"))
        .isEqualTo("{\"earlier\": true}");
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "-operation",
        "create_write", "-baseDir", base, "-jsonOut", earlier.getPath(), "-overwrite");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("phases")).hasSize(1);
  }

  @Test
  void aDirectoryWithForeignContentIsRefusedAndLeftAlone() throws Exception {
    assertRefused(new Configuration(), "holds other content and no MetaBench marker",
        "-operation", "create_write", "-baseDir", root.toURI().toString());
    assertRefused(new Configuration(), "holds other content and no MetaBench marker",
        "-cleanup", "-baseDir", root.toURI().toString());
  }

  @Test
  void aBaseDirThatIsAFileIsRefused() throws Exception {
    assertRefused(new Configuration(), "is a file; give a directory", "-operation",
        "create_write", "-baseDir", new File(root, "foreign.txt").toURI().toString());
  }

  @Test
  void aPhaseWithNothingToWorkOnIsRefusedBeforeAnythingRuns() throws Exception {
    assertRefused(new Configuration(), "has no files made by create_write; run create_write "
        + "first", "-operation", "rename", "-baseDir", base);
    assertRefused(new Configuration(), "has no directories made by mkdirs", "-operation",
        "rmdir", "-baseDir", base);
    // The whole sequence is checked first: create_write must not run when rename cannot follow.
    assertRefused(new Configuration(), "were already renamed", "-operation",
        "create_write,rename,rename", "-baseDir", base);
  }

  @Test
  void anUnreachableFileSystemIsReportedQuickly() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Configuration conf = new Configuration();
    conf.setInt("ipc.client.connect.max.retries", 0);
    assertRefused(conf, "cannot reach hdfs://127.0.0.1:" + port + "/: ", "-operation",
        "create_write", "-baseDir", "hdfs://127.0.0.1:" + port + "/bench");
  }

  @Test
  void anUnreachableFileSystemIsReportedBeforeAJobIsSubmitted() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Configuration conf = new Configuration();
    conf.setInt("ipc.client.connect.max.retries", 0);
    conf.set("mapreduce.framework.name", "local");
    assertRefused(conf, "cannot reach hdfs://127.0.0.1:" + port + "/: ", "-maps", "2",
        "-operation", "create_write", "-baseDir", "hdfs://127.0.0.1:" + port + "/bench");
  }

  @Test
  void aJobOnTheEmbeddedHdfsOutsideTheLocalRunnerIsRefusedBeforeItStarts() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "yarn");
    long start = System.nanoTime();
    assertRefused(conf, "works only with the local job runner", "-maps", "2", "-operation",
        "create_write");
    // Refused before an embedded HDFS was started (that takes seconds).
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(2.5);
  }

  @Test
  void aHangingFileSystemIsReportedWithinTheConnectTimeout() throws Exception {
    // A server that accepts connections and never answers: the client would wait for minutes.
    try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      long start = System.nanoTime();
      assertRefused(new Configuration(), "within 3 s", "-D",
          "metabench.connect.timeout.seconds=3", "-operation", "create_write", "-baseDir",
          "hdfs://127.0.0.1:" + silent.getLocalPort() + "/bench");
      assertThat((System.nanoTime() - start) / 1e9).isLessThan(15);
    }
  }

  @Test
  void aReplaySearchThatCannotBeDoneIsRefusedBeforeAnythingIsMade() throws Exception {
    File log = new File(scratch, "two.log");
    Files.write(log.toPath(), (AUDIT + "00,000" + LINE + AUDIT + "01,000" + LINE)
        .getBytes("UTF-8"));
    String[] search = {"replay", "-auditLog", log.getPath(), "-baseDir", base, "-capacity",
        "p99=5ms"};
    assertRefused(new Configuration(), "-capacity chooses each step's speed: drop -replaySpeed",
        with(search, "-replaySpeed", "2"));
    assertRefused(new Configuration(), "one replay of the whole log at the step's speed, as long "
        + "as the log at that speed: drop -capacityStep", with(search, "-capacityStep", "3"));
    assertRefused(new Configuration(), "-capacity mkdirs p99 <= 5 ms bounds mkdirs, which the "
        + "log two.log does not run (it runs stat)", "replay", "-auditLog", log.getPath(),
        "-baseDir", base, "-capacity", "mkdirs:p99=5ms");
    assertRefused(new Configuration(), "-capacityStart is an option of a capacity search",
        "replay", "-auditLog", log.getPath(), "-baseDir", base, "-capacityStart", "10");
    File once = new File(scratch, "once.log");
    Files.write(once.toPath(), (AUDIT + "00,000" + LINE + AUDIT + "00,000" + LINE)
        .getBytes("UTF-8"));
    assertRefused(new Configuration(), "spans no time", "replay", "-auditLog", once.getPath(),
        "-baseDir", base, "-capacity", "p99=5ms");
    // An earlier search's steps left in MetaBench's base directory: refused, left as found.
    assertThat(MetaBenchRun.run(new Configuration(), scratch, "-operation", "create_write",
        "-numFiles", "1", "-baseDir", new File(root, "searched").toURI().toString()).exitCode)
        .isZero();
    File left = new File(root, "searched/replay-capacity/step-3");
    assertThat(left.mkdirs()).isTrue();
    assertRefused(new Configuration(), "replay-capacity already exists, left by an earlier "
        + "replay search", "replay", "-auditLog", log.getPath(), "-baseDir",
        new File(root, "searched").toURI().toString(), "-capacity", "p99=5ms");
  }

  private static final String AUDIT = "2026-11-27 10:00:";
  private static final String LINE = " INFO FSNamesystem.audit: allowed=true\tugi=u "
      + "(auth:SIMPLE)\tip=/127.0.0.1\tcmd=getfileinfo\tsrc=/d/file_1\tdst=null\tperm=null"
      + "\tproto=rpc\n";

  private static String[] with(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  private void assertRefused(Configuration conf, String message, String... args)
      throws Exception {
    Map<String, String> before = Trees.list(local, new Path(root.toURI()));
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, args);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr).as(r.toString()).startsWith("metabench: ").contains(message);
    assertThat(r.stderr.trim().split("\n")).as(r.toString()).hasSize(1);
    assertThat(r.stdout).isEmpty();
    assertThat(r.wroteJson()).isFalse();
    assertThat(Trees.list(local, new Path(root.toURI()))).isEqualTo(before);
  }
}
