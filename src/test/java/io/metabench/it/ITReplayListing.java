package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay given the recorded namespace as Hadoop's own tools print it: a MiniDFSCluster's
 * fsimage through the real {@code hdfs oiv -p Delimited} ({@link OfflineImageViewerPB}), and the
 * real {@code hdfs dfs -ls -R} ({@link FsShell}). Precreation keeps only the paths the log
 * touches, takes their kinds from the listing (where the log alone would guess wrong), and a
 * probe of a path the listing lacks is a miss.
 */
class ITReplayListing {
  private static MiniHdfs hdfs;
  private static File delimited;
  private static File lsR;

  @TempDir
  static File scratch;

  @BeforeAll
  static void recordANamespaceAndListIt() throws Exception {
    hdfs = MiniHdfs.start(new Configuration());
    FileSystem fs = hdfs.fs();
    for (int i = 0; i < 6; i++) {
      try (FSDataOutputStream out = fs.create(new Path("/data/keep/f" + i))) {
        out.write(new byte[10 * (i + 1)]);
      }
    }
    fs.create(new Path("/data/keep/sub/x")).close();
    for (int i = 0; i < 3; i++) {
      fs.mkdirs(new Path("/data/dirs/d" + i));
    }
    fs.create(new Path("/data/dirs/d0/inside")).close();
    // What the log never touches: read, not kept.
    for (int i = 0; i < 300; i++) {
      fs.create(new Path("/noise/n" + (i % 10) + "/file" + i)).close();
    }

    DistributedFileSystem dfs = (DistributedFileSystem) fs;
    dfs.setSafeMode(SafeModeAction.SAFEMODE_ENTER);
    dfs.saveNamespace();
    dfs.setSafeMode(SafeModeAction.SAFEMODE_LEAVE);
    File image = latestImage(hdfs.cluster().getNameDirs(0).iterator().next().getPath());
    delimited = new File(scratch, "fsimage.tsv");
    assertThat(OfflineImageViewerPB.run(new String[] {"-p", "Delimited", "-i", image.getPath(),
        "-o", delimited.getPath()})).isZero();

    lsR = new File(scratch, "ls-R.txt");
    PrintStream saved = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, "UTF-8"));
    try {
      assertThat(new FsShell(new Configuration(fs.getConf())).run(
          new String[] {"-ls", "-R", hdfs.uri() + "/"})).isZero();
    } finally {
      System.setOut(saved);
    }
    try (FileOutputStream out = new FileOutputStream(lsR)) {
      out.write(captured.toByteArray());
    }
  }

  private static File latestImage(String nameDir) {
    File best = null;
    for (File f : new File(nameDir, "current").listFiles()) {
      if (f.getName().matches("fsimage_\\d+") && (best == null
          || f.getName().compareTo(best.getName()) > 0)) {
        best = f;
      }
    }
    assertThat(best).as("an fsimage in " + nameDir).isNotNull();
    return best;
  }

  @AfterAll
  static void stop() {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  private static String line(int ms, String cmd, String src, String dst) {
    return String.format("2026-11-22 08:00:00,%03d INFO FSNamesystem.audit: allowed=true\t"
        + "ugi=u (auth:SIMPLE)\tip=/127.0.0.1\tcmd=%s\tsrc=%s\tdst=%s\tperm=null\tproto=rpc",
        ms, cmd, src, dst);
  }

  @Test
  void bothListingsRebuildTheTouchedPathsWithTheirKinds() throws Exception {
    File log = new File(scratch, "audit.log");
    Files.write(log.toPath(), Arrays.asList(
        line(0, "open", "/data/keep/f1", "null"),
        line(1, "listStatus", "/data/keep/f2", "null"),     // a file: the log alone says dir
        line(2, "setPermission", "/data/dirs/d1", "null"),  // a dir: the log alone says file
        line(3, "getfileinfo", "/data/keep/f3", "null"),    // in the listing: it existed
        line(4, "getfileinfo", "/data/keep/none", "null"),  // not in it: a miss
        line(5, "listStatus", "/data/keep/sub", "null"),
        line(6, "rename", "/data/keep/f4", "/data/keep/f4.moved"),
        line(7, "delete", "/data/dirs/d0", "null"),
        line(8, "open", "/data/keep/f4.moved", "null")), StandardCharsets.UTF_8);

    for (File listing : new File[] {delimited, lsR}) {
      File base = new File(scratch, "replayed-" + listing.getName());
      MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, "replay", "-auditLog",
          log.getPath(), "-baseDir", base.toURI().toString(), "-replayNamespace",
          listing.getPath(), "-replaySpeed", "0", "-threads", "3", "-clientWarmup", "0");
      assertThat(r.exitCode).as(r.toString()).isZero();
      JsonNode replay = r.json().get("replay");
      assertThat(replay.get("replayFaults").asLong()).as(r.toString()).isZero();
      assertThat(replay.get("expectedFailures").asLong()).as("the probe of /data/keep/none")
          .isEqualTo(1);
      // f1, f2, f3, f4 (files); d1, sub, d0 (directories); nothing of /noise.
      assertThat(replay.get("precreatedFiles").asLong()).as(listing.getName()).isEqualTo(4);
      assertThat(replay.get("precreatedDirectories").asLong()).as(listing.getName())
          .isEqualTo(3);
      // Read every entry (over 300), kept only the 7 touched and the rename's destination
      // directory /data/keep (not precreated: the files under it make it).
      assertThat(replay.get("listing").asText()).as(listing.getName()).contains("8 kept");
      assertThat(Long.parseLong(replay.get("listing").asText().replaceAll("\\D*(\\d+) paths "
          + "read.*", "$1"))).isGreaterThan(300);

      File root = new File(base, "replay");
      assertThat(new File(root, "data/keep/f1")).isFile();
      assertThat(new File(root, "data/keep/f2")).isFile();
      assertThat(new File(root, "data/keep/f3")).isFile();
      assertThat(new File(root, "data/keep/f4.moved")).isFile();
      assertThat(new File(root, "data/keep/f4")).doesNotExist();
      assertThat(new File(root, "data/keep/sub")).isDirectory();
      assertThat(new File(root, "data/dirs/d1")).isDirectory();
      assertThat(new File(root, "data/dirs/d0")).doesNotExist();
      assertThat(new File(root, "data/keep/none")).doesNotExist();
      assertThat(new File(root, "noise")).doesNotExist();
      List<String> top = new ArrayList<>(Arrays.asList(root.list()));
      assertThat(top).containsExactly("data");
    }
  }
}
