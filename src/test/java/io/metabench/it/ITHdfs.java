package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.LogCapture;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The namespace facts on a real HDFS (MiniDFSCluster: NameNode and DataNode in this JVM) reached
 * through an hdfs:// URI, as a running cluster's NameNode would be.
 */
@Isolated
class ITHdfs extends NamespaceFactsContract {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();


  @Override
  Configuration conf() {
    return MiniHdfs.clientConf(new Configuration());
  }

  @Override
  FileSystem fs() throws Exception {
    return hdfs.fs();
  }

  @Override
  String baseUri(String name) {
    return hdfs.uri() + "/it/" + name;
  }

  @Test
  void nnbenchsTutorialLineRunsUnchangedWithItsWarnings() throws Exception {
    // The line most NNBench tutorials give, scaled down (-numberOfFiles) and in this process
    // (no -maps): -blockSize 1 would be refused by HDFS, but empty files have no blocks.
    String base = baseUri("nnbench-tutorial");
    // The warnings are log lines: caught here as the console would show them.
    MetaBenchRun r;
    LogCapture logged = new LogCapture();
    try {
      r = run("-operation", "create_write", "-reduces", "6", "-blockSize", "1",
          "-bytesToWrite", "0", "-numberOfFiles", "20", "-replicationFactorPerFile", "3",
          "-readFileAfterOpen", "true", "-baseDir", base);
    } finally {
      logged.close();
    }
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(logged.text()).contains("-blockSize 1 raised to 1048576: the files are empty")
        .contains("-replicationFactorPerFile 3 is above the 1 live DataNode of");
    assertThat(r.json().get("adjustments").get(0).asText()).startsWith("-blockSize 1 raised to "
        + "1048576");
    assertThat(r.json().get("parameters").get("blockSize").asLong()).isEqualTo(1);
    // The files were created with the raised block size.
    org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files =
        hdfs.fs().listFiles(new Path(base, "data"), true);
    assertThat(files.hasNext()).isTrue();
    assertThat(files.next().getBlockSize()).isEqualTo(1048576);
  }

  @Test
  void aBlockSizeBelowTheNameNodeMinimumIsRefusedWithNothingCreated() throws Exception {
    String base = baseUri("tiny-block");
    MetaBenchRun r = run("-operation", "create_write", "-blockSize", "1024",
        "-bytesPerChecksum", "512", "-bytesToWrite", "100", "-baseDir", base);
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("below HDFS's minimum block size")
        .contains("dfs.namenode.fs-limits.min-block-size");
    assertThat(hdfs.fs().exists(new Path(base))).isFalse();
  }

  @Test
  void theDefaultFileSystemIsUsedWhenTheBaseDirIsAPath() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", hdfs.uri().toString());
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "create_write",
        "-numFiles", "3", "-baseDir", "/it/default-fs");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.json().get("embeddedHdfs").asBoolean()).isFalse();
    assertThat(hdfs.fs().exists(new Path("/it/default-fs/data/map_0/thread_0/file_2"))).isTrue();
  }

  @Test
  void aBaseDirTheUserMayNotWriteIsRefusedWithNothingChanged() throws Exception {
    org.apache.hadoop.fs.Path readOnly = new org.apache.hadoop.fs.Path("/it/read-only");
    hdfs.fs().mkdirs(readOnly, new org.apache.hadoop.fs.permission.FsPermission((short) 0755));
    org.apache.hadoop.security.UserGroupInformation bob =
        org.apache.hadoop.security.UserGroupInformation.createRemoteUser("bob");
    MetaBenchRun r = bob.doAs((java.security.PrivilegedExceptionAction<MetaBenchRun>) () ->
        MetaBenchRun.run(new Configuration(), scratch, "-operation", "create_write",
            "-baseDir", hdfs.uri() + "/it/read-only/mb"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.trim().split("\n")).hasSize(1);
    assertThat(r.stderr).startsWith("metabench: permission denied at ")
        .contains("user=bob").contains("nothing was changed");
    assertThat(hdfs.fs().listStatus(readOnly)).isEmpty();
  }

  @Test
  void aFullDirectoryCountsEachRefusedCreateByCause() throws Exception {
    org.apache.hadoop.fs.Path full = new org.apache.hadoop.fs.Path("/it/full");
    hdfs.fs().mkdirs(full);
    // room for the marker, its state and the work directories, and about 20 files
    ((org.apache.hadoop.hdfs.DistributedFileSystem) hdfs.fs()).setQuota(full, 30,
        org.apache.hadoop.hdfs.protocol.HdfsConstants.QUOTA_DONT_SET);
    MetaBenchRun r = run("-operation", "create_write", "-numFiles", "50", "-baseDir",
        hdfs.uri() + "/it/full", "-D", "metabench.connect.timeout.seconds=2");
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    JsonNode create = r.phase("create_write");
    assertThat(create.get("successful").asLong() + create.get("failed").asLong()).isEqualTo(50);
    assertThat(create.get("successful").asLong()).isPositive();
    assertThat(create.get("failures").get("NSQuotaExceededException").get("count").asLong())
        .isEqualTo(create.get("failed").asLong());
  }

  /**
   * The NameNode RPCs the clients made (counted by MetaBench's RPC engine) and their own counts
   * (DFSOpsCountStatistics), read at each phase's edges: each operation is exactly its RPCs and
   * one client call of its kind, and nothing from the warm-up, setup or other phases leaks in.
   */
  @Test
  void eachPhaseCountsExactlyTheNameNodeRpcsItMade() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,open_read,stat,rename,delete,mkdirs,rmdir",
        "-threads", "2", "-numFiles", "5", "-baseDir", baseUri("store-calls"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    // Phase, its FileSystem call, its NameNode methods: an empty file's create is two RPCs.
    String[][] expected = {{"create_write", "op_create", "Complete", "Create"},
        {"open_read", "op_open", "GetBlockLocations"}, {"stat", "op_get_file_status",
        "GetFileInfo"}, {"rename", "op_rename", "Rename"}, {"delete", "op_delete", "Delete"},
        {"mkdirs", "op_mkdirs", "Mkdirs"}, {"rmdir", "op_delete", "Delete"}};
    for (String[] e : expected) {
      com.fasterxml.jackson.databind.JsonNode calls = r.phase(e[0]).get("storeCalls");
      assertThat(calls.get("available").asBoolean()).as(e[0]).isTrue();
      assertThat(calls.get("kind").asText()).isEqualTo("NameNode RPCs");
      java.util.Map<String, Long> byType = new java.util.TreeMap<>();
      java.util.Map<String, Long> servedBy = new java.util.TreeMap<>();
      calls.get("byType").fields().forEachRemaining(f -> (f.getKey().startsWith("rpcTo.")
          ? servedBy : byType).put(f.getKey(), f.getValue().asLong()));
      // One NameNode served every RPC of the phase.
      assertThat(servedBy.values()).as(e[0]).containsExactly((e.length - 2) * 10L);
      java.util.Map<String, Long> want = new java.util.TreeMap<>();
      want.put(e[1], 10L);
      StringBuilder line = new StringBuilder();
      for (int m = 2; m < e.length; m++) {
        want.put("rpc." + e[m], 10L);
        line.append(m == 2 ? "" : ", ").append(e[m]).append(" 1.00");
      }
      assertThat(byType).as(e[0]).isEqualTo(want);
      assertThat(calls.get("perOperation").asDouble()).isEqualTo(e.length - 2.0);
      assertThat(r.stdout).contains("store calls, " + e[0] + ": " + (e.length - 2) + ".00 "
          + "NameNode RPCs/op (" + line + ")");
    }
  }

}
