package io.metabench.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe of the Hadoop line, and what a line without a feature answers. The lines
 * themselves run in ITHadoopLines; here the build's own 3.4, and lines made without features.
 */
class HadoopLineTest {
  @TempDir
  File dir;

  @Test
  void theBuildsOwnLineHasEverything() {
    HadoopLine line = HadoopLine.current();
    assertThat(line.version()).isEqualTo(VersionInfo.getVersion());
    assertThat(line.lacks()).isEmpty();
    assertThat(line.lacksText()).isEmpty();
  }

  @Test
  void aLineWithoutAFeatureAnswersNotKnownInsteadOfCallingIt() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path path = new Path(dir.toURI());
    HadoopLine old = new HadoopLine("2.10.2", EnumSet.noneOf(HadoopLine.Feature.class));
    assertThat(old.pathCapability(fs, path, CommonPathCapabilities.FS_APPEND)).isNull();
    assertThat(old.ioStatistics(fs)).isNull();
    assertThat(old.lacks()).containsExactly(HadoopLine.Feature.PATH_CAPABILITIES,
        HadoopLine.Feature.IO_STATISTICS);
    assertThat(old.lacksText()).isEqualTo("path capabilities (3.2.2: file system capabilities "
        + "unknown; append not checked before the run), IOStatistics (3.3.1: store calls from "
        + "storage statistics only)");

    // A line that has it asks the file system.
    for (String cap : new String[] {CommonPathCapabilities.FS_APPEND,
        CommonPathCapabilities.FS_PERMISSIONS}) {
      boolean answer = fs.hasPathCapability(path, cap);
      assertThat(HadoopLine.current().pathCapability(fs, path, cap)).isEqualTo(answer);
      HadoopLine threeTwo = new HadoopLine("3.2.4", EnumSet.of(
          HadoopLine.Feature.PATH_CAPABILITIES));
      assertThat(threeTwo.pathCapability(fs, path, cap)).isEqualTo(answer);
    }
    HadoopLine threeTwo = new HadoopLine("3.2.4", EnumSet.of(
        HadoopLine.Feature.PATH_CAPABILITIES));
    assertThat(threeTwo.lacksText()).startsWith("IOStatistics (3.3.1:");
  }
}
