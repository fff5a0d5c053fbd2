package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.fs.contract.ContractRun;
import io.metabench.fs.contract.OssContract;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.oss.OssServer;
import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.aliyun.oss.AliyunOSSFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The namespace facts and every phase kind on Aliyun OSS through hadoop-aliyun's real client
 * ({@code oss://}, {@code AliyunOSSFileSystem} with the OSS SDK), against MetaBench's OSS-protocol
 * test server on 127.0.0.1 ({@link OssServer}: no OSS server or emulator can be installed here).
 * Every request goes over HTTP, signed, as it would to OSS; the figures are the client's path
 * through a server in this JVM, never OSS's speed. Connector settings, bad input and the shipped
 * template are tested in {@link ITAliyunOssSettings}.
 */
class ITAliyunOss extends NamespaceFactsContract {
  static final String BUCKET = "metabench-it";
  private static OssServer server;
  private static FileSystem fs;

  @BeforeAll
  static void startServer() throws Exception {
    server = OssServer.start(BUCKET, OssContract.BUCKET);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static Configuration ossConf(OssServer s) {
    Configuration conf = new Configuration();
    for (Map.Entry<String, String> e : s.settings().entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    conf.set("fs.oss.buffer.dir", new File("target/oss-buffer").getAbsolutePath());
    return conf;
  }

  /**
   * hadoop-aliyun: markers for directories, copy and delete for rename, no permissions, times
   * or append.
   */
  @Override
  boolean objectStore() {
    return true;
  }

  @Override
  Configuration conf() {
    return ossConf(server);
  }

  @Override
  FileSystem fs() throws Exception {
    if (fs == null) {
      fs = FileSystem.newInstance(URI.create("oss://" + BUCKET + "/"), conf());
    }
    return fs;
  }

  @Override
  String baseUri(String name) {
    return "oss://" + BUCKET + "/it/" + name;
  }

  @Test
  void theRunGoesThroughHadoopAliyunToTheServer() throws Exception {
    String base = baseUri("through-oss");
    MetaBenchRun r = run("-operation", "create_write", "-threads", "2", "-numFiles", "3",
        "-bytesToWrite", "7", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("fileSystem").asText()).isEqualTo("oss://" + BUCKET + "/");
    assertThat(fs()).isInstanceOf(AliyunOSSFileSystem.class);
    // The objects are on the server under their keys, directories as markers ("dir/").
    assertThat(server.keys(BUCKET)).contains("it/through-oss/data/map_0/thread_1/file_2",
        "it/through-oss/data/map_0/thread_1/");
    try (FileSystem other = FileSystem.newInstance(URI.create("oss://" + BUCKET + "/"), conf())) {
      assertThat(other.getFileStatus(new Path(base + "/data/map_0/thread_1/file_2")).getLen())
          .isEqualTo(7);
    }
  }

  /** The requests of each phase by OSS API, as MetaBench counts them in the OSS SDK. */
  private static Map<String, Long> requests(MetaBenchRun r, String phase) throws Exception {
    Map<String, Long> out = new TreeMap<>();
    JsonNode byType = r.phase(phase).get("storeCalls").get("byType");
    for (Iterator<Map.Entry<String, JsonNode>> it = byType.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.put(e.getKey().substring("oss.".length()), e.getValue().asLong());
    }
    return out;
  }

  private static Map<String, Long> minus(Map<String, Long> a, Map<String, Long> b) {
    Map<String, Long> out = new TreeMap<>(a);
    b.forEach((k, v) -> out.merge(k, -v, Long::sum));
    out.values().removeIf(v -> v == 0);
    return out;
  }

  /**
   * The requests MetaBench counts for each operation are the requests the server served for it:
   * two runs of the same phases, 4 and then 8 files a worker, differ at the server by exactly
   * the difference of what the phases counted (what a run does around its phases, checks and
   * its layout record, is the same for both and cancels out). One worker: two workers making
   * their directories at once, before the phase, send more or fewer existence checks by how
   * their walks up the tree interleave.
   */
  @Test
  void storeCallsAreTheRequestsTheServerServedByApi() throws Exception {
    Map<String, Map<String, Long>> counted = new TreeMap<>();
    Map<String, Long> served = new TreeMap<>();
    String[] phases = {"create_write", "open_read", "rename", "delete"};
    for (String files : new String[] {"8", "4"}) {
      server.resetCounts();
      MetaBenchRun r = run("-operation", String.join(",", phases), "-threads", "1",
          "-numFiles", files, "-bytesToWrite", "10", "-clientWarmup", "0", "-baseDir",
          baseUri("store-calls-" + files));
      assertThat(r.exitCode).as(r.toString()).isZero();
      Map<String, Long> servedNow = server.requestsServed();
      served = served.isEmpty() ? servedNow : minus(served, servedNow);
      for (String p : phases) {
        Map<String, Long> c = requests(r, p);
        counted.put(p, counted.containsKey(p) ? minus(counted.get(p), c) : c);
        assertThat(r.phase(p).get("storeCalls").get("sources").asText())
            .isEqualTo("OSS SDK requests");
      }
      if (files.equals("8")) {
        // hadoop-aliyun's rename of one file: existence checks, a copy, a delete, its parent
        // directory's marker written again.
        assertThat(r.stdout).contains("store calls, rename: 13.00 requests/op (CopyObject 1.00, "
            + "DeleteObject 1.00, HeadObject 8.00, ListObjectsV2 2.00, PutObject 1.00)");
      }
    }
    Map<String, Long> countedAll = new TreeMap<>();
    counted.values().forEach(m -> m.forEach((k, v) -> countedAll.merge(k, v, Long::sum)));
    assertThat(countedAll).as("counted by MetaBench, per 4 operations of each phase")
        .isEqualTo(served).containsKeys("PutObject", "GetObject", "CopyObject", "DeleteObject");
  }

  @Test
  void prefillMixAndTraversalsRunWithExactCounts() throws Exception {
    String base = baseUri("phase-kinds");
    MetaBenchRun r = run("-operation", "create_write,ls_r,mix", "-mix", "stat:80,open_read:20",
        "-threads", "2", "-numberOfFiles", "10", "-prefillFiles", "8", "-prefillDepth", "1",
        "-prefillFanOut", "2", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("prefill").get("filesCreated").asInt()).isEqualTo(8);
    assertThat(r.phase("create_write").get("successful").asLong()).isEqualTo(20);
    assertThat(r.json().get("mixTotal").get("successful").asLong()).isEqualTo(20);
    assertThat(r.json().get("mixTotal").get("failed").asLong()).isZero();
    assertThat(r.phase("ls_r").get("failed").asLong()).isZero();
    assertThat(server.keys(BUCKET).stream()
        .filter(k -> k.startsWith("it/phase-kinds/data/") && k.contains("file_"))).hasSize(20);
  }

  @Test
  void anAuditLogReplaysOnOss() throws Exception {
    File log = new File(scratch, "hdfs-audit.log");
    Files.write(log.toPath(), Arrays.asList(
        audit("08:45:07,440", "mkdirs", "/user/alice", "null"),
        audit("08:45:07,441", "create", "/user/alice/f", "null"),
        audit("08:45:07,442", "open", "/user/alice/f", "null"),
        audit("08:45:07,443", "rename", "/user/alice/f", "/user/alice/g"),
        audit("08:45:07,444", "delete", "/user/alice/g", "null")));
    MetaBenchRun r = run("replay", "-auditLog", log.getPath(), "-replaySpeed", "0",
        "-baseDir", baseUri("replay"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("replay").get("replayed").asInt()).isEqualTo(5);
    long failed = 0;
    for (JsonNode phase : r.json().get("phases")) {
      failed += phase.get("failed").asLong();
    }
    assertThat(failed).as("replayed commands that failed").isZero();
  }

  private static String audit(String time, String cmd, String src, String dst) {
    return "2024-05-01 " + time + " INFO FSNamesystem.audit: allowed=true\tugi=alice "
        + "(auth:SIMPLE)\tip=/10.0.0.1\tcmd=" + cmd + "\tsrc=" + src + "\tdst=" + dst
        + "\tperm=null\tproto=rpc";
  }

  @Test
  void aStudyRunsEveryConcurrencyStep() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,stat,delete", "-threads", "1,2",
        "-iterations", "1", "-numFiles", "5", "-baseDir", baseUri("study"), "-outDir",
        new File(scratch, "study").getPath());
    assertThat(r.exitCode).as(r.toString()).isZero();
    java.util.List<String> rows = Files.readAllLines(new File(scratch, "study/runs.csv").toPath());
    assertThat(rows).hasSize(1 + 2 * 3);
    assertThat(server.keys(BUCKET).stream().filter(k -> k.startsWith("it/study/data/")
        && k.contains("file_"))).isEmpty();
  }

  @Test
  void twoMapsOnTheLocalJobRunnerDoTheirShare() throws Exception {
    Configuration conf = conf();
    conf.set("mapreduce.framework.name", "local");
    String base = baseUri("maps-job");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-maps", "2", "-threads", "2",
        "-numberOfFiles", "5", "-operation", "create_write,stat", "-baseDir", base);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("maps").get("reported").asInt()).isEqualTo(2);
    assertThat(r.phase("stat").get("successful").asLong()).isEqualTo(20);
    assertThat(server.keys(BUCKET).stream().filter(k -> k.startsWith("it/maps-job/data/map_")
        && k.contains("file_"))).hasSize(20);
  }

  /**
   * Hadoop's own contract tests (hadoop-common's suites, with the options hadoop-aliyun declares
   * for OSS) run against hadoop-aliyun on the test server: what the server gets wrong of OSS's
   * semantics, tests no one here wrote would find.
   */
  @Test
  void hadoopsContractTestsPassOnHadoopAliyunAgainstTheServer() {
    Map<String, String> settings = new TreeMap<>(server.settings());
    settings.put("fs.oss.buffer.dir", new File("target/oss-buffer").getAbsolutePath());
    ContractRun r = ContractRun.onOss(settings);
    System.out.println("=== Hadoop's contract tests on hadoop-aliyun and the OSS test server\n"
        + r);
    assertThat(r.run).as("contract tests run").isGreaterThan(100);
    // Both are hadoop-aliyun's own code, whatever the server: it writes an object when the
    // stream closes, and its rename refuses a destination file ("file already exists!") though
    // its declared options say a rename overwrites one.
    assertThat(r.regressions).extracting(f -> f.substring(0, f.indexOf(':'))).containsExactly(
        "Create.testCreatedFileIsImmediatelyVisible", "Rename.testRenameFileOverExistingFile");
  }
}
