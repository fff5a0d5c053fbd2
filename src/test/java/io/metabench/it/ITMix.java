package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.MetaBenchRun;
import io.metabench.testing.MiniHdfs;
import io.metabench.testing.Trees;
import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mixed workloads on a real HDFS: the operations are drawn in the proportions asked, the working
 * set stays true to the namespace (nothing deleted is ever opened: no failure at all), the tree
 * afterwards holds exactly what the counts say, the same seed draws the same mix, and cleanup
 * removes what a mix left.
 */
class ITMix {
  @RegisterExtension
  static final MiniHdfs.PerClass hdfs = new MiniHdfs.PerClass();

  @TempDir
  File scratch;

  private MetaBenchRun run(String... args) throws Exception {
    return MetaBenchRun.run(MiniHdfs.clientConf(new Configuration()), scratch, args);
  }

  private String base(String name) {
    return hdfs.uri() + "/mix/" + name;
  }

  private Map<String, String> files(String name) throws Exception {
    return Trees.named(Trees.list(hdfs.fs(), new Path("/mix/" + name)), "file_");
  }

  private static long ok(MetaBenchRun r, String op) throws Exception {
    return r.phase("mix:" + op).get("successful").asLong();
  }

  private static long drawn(MetaBenchRun r, String op) throws Exception {
    return r.phase("mix:" + op).get("attempted").asLong();
  }

  @Test
  void theIssuesMixIsDrawnInItsProportionsAndLeavesExactlyWhatItsCountsSay() throws Exception {
    MetaBenchRun r = run("-mix", "create_write:20,open_read:50,stat:20,rename:5,delete:5",
        "-threads", "2", "-numberOfFiles", "2500", "-baseDir", base("issue"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    String[] ops = {"create_write", "open_read", "stat", "rename", "delete"};
    double[] asked = {0.20, 0.50, 0.20, 0.05, 0.05};
    long total = 0;
    for (String op : ops) {
      total += drawn(r, op);
      assertThat(r.phase("mix:" + op).get("failed").asLong()).as(op).isZero();
    }
    assertThat(total).isEqualTo(5000);
    for (int i = 0; i < ops.length; i++) {
      // 5000 draws: a share's standard deviation is at most 0.7 points; allow 3 points
      assertThat((double) drawn(r, ops[i]) / total).as(ops[i]).isCloseTo(asked[i],
          org.assertj.core.data.Offset.offset(0.03));
    }
    Map<String, String> left = files("issue");
    assertThat((long) left.size()).isEqualTo(ok(r, "create_write") - ok(r, "delete"));
    long renamedNow = left.keySet().stream().filter(n -> n.endsWith("_r")).count();
    assertThat(renamedNow).isPositive().isLessThanOrEqualTo(ok(r, "rename"));
    assertThat(r.stdout).contains("mix: 5000 operations drawn (seed 1): create_write");

    MetaBenchRun cleanup = run("-cleanup", "-threads", "2", "-numberOfFiles", "2500",
        "-baseDir", base("issue"));
    assertThat(cleanup.exitCode).as(cleanup.toString()).isZero();
    assertThat(files("issue")).isEmpty();
  }

  @Test
  void aMixOverCreatedFilesReadsRenamesAndDeletesThemAndTheSameSeedDrawsTheSame()
      throws Exception {
    String mix = "open_read:50,stat:30,rename:10,delete:10";
    MetaBenchRun a = run("-operation", "create_write,mix", "-mix", mix, "-seed", "7",
        "-threads", "2", "-numberOfFiles", "500", "-baseDir", base("seeded-a"));
    MetaBenchRun b = run("-operation", "create_write,mix", "-mix", mix, "-seed", "7",
        "-threads", "2", "-numberOfFiles", "500", "-baseDir", base("seeded-b"));
    assertThat(a.exitCode).as(a.toString()).isZero();
    assertThat(b.exitCode).as(b.toString()).isZero();
    for (String op : new String[] {"open_read", "stat", "rename", "delete"}) {
      assertThat(drawn(a, op)).as(op).isEqualTo(drawn(b, op));
      assertThat(a.phase("mix:" + op).get("failed").asLong()).as(op).isZero();
    }
    assertThat(files("seeded-a").keySet()).isEqualTo(files("seeded-b").keySet());
    assertThat((long) files("seeded-a").size()).isEqualTo(1000 - ok(a, "delete"));
    // what a mix left is in no known order: only cleanup may follow
    MetaBenchRun after = run("-operation", "open_read", "-threads", "2", "-numberOfFiles", "500",
        "-baseDir", base("seeded-a"));
    assertThat(after.exitCode).isEqualTo(2);
    assertThat(after.stderr).contains("only cleanup can follow a mix");
  }

  @Test
  void aMixCanRunForADuration() throws Exception {
    MetaBenchRun r = run("-operation", "create_write,mix", "-mix", "stat:90,set_times:10",
        "-duration", "1", "-threads", "2", "-numberOfFiles", "20", "-cleanup",
        "-baseDir", base("duration"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    // far more draws than the 40 files: the mix went on for its second
    assertThat(drawn(r, "stat") + drawn(r, "set_times")).isGreaterThan(100);
    assertThat(files("duration")).isEmpty();
  }

  @Test
  void aHalfFilledWorkingSetLetsAReadWriteMixDrawBothFromTheStart() throws Exception {
    MetaBenchRun r = run("-mix", "open_read:80,create_write:20", "-mixFill", "50",
        "-readFileAfterOpen", "-bytesToWrite", "100", "-threads", "2", "-numberOfFiles", "1000",
        "-baseDir", base("fill"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    long reads = drawn(r, "open_read");
    long creates = drawn(r, "create_write");
    assertThat(reads + creates).isEqualTo(2000);
    assertThat((double) reads / 2000).isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.03));
    assertThat(r.phase("mix:open_read").get("failed").asLong()).isZero();
    assertThat(r.phase("mix:open_read").get("bytes").asLong()).isEqualTo(100 * reads);
    // the 500 files each worker made first, and the mix's own
    assertThat((long) files("fill").size()).isEqualTo(1000 + ok(r, "create_write"));
  }
}
