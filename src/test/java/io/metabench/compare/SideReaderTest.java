package io.metabench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.report.Histograms;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SideReaderTest {
  @TempDir
  File dir;

  /** A run's JSON with one stat phase: 2 whole seconds and a partial last one. */
  private File run(String name, String uri, boolean embedded, String delay) throws Exception {
    return run(name, uri, embedded, delay, "localhost:9870");
  }

  private File run(String name, String uri, boolean embedded, String delay, String http)
      throws Exception {
    Histogram h = new Histogram(3);
    h.recordValue(100_000);
    String json = "{\"schemaVersion\": 1, \"fileSystem\": \"" + uri + "\", \"embeddedHdfs\": "
        + embedded + ", \"toolVersion\": \"0.1.0\", \"parameters\": {\"threads\": 2, "
        + "\"numberOfFiles\": 10, \"baseDir\": \"/b/" + name + "\"}, \"provenance\": {"
        + "\"buildCommit\": \"abc\", \"host\": {\"cores\": 2, \"os\": \"Linux\"}, "
        + "\"clientSettings\": {\"dfs.some.delay\": \"" + delay + "\", "
        + "\"dfs.namenode.http-address\": \"" + http + "\"}}, \"phases\": [{"
        + "\"operation\": \"stat\", \"successful\": 2500, \"failed\": 0, \"windowNanos\": "
        + "2500000000, \"latencyHistogram\": \"" + Histograms.encode(h) + "\", \"perSecond\": ["
        + "{\"fromSeconds\": 0.0, \"seconds\": 1.0, \"successful\": 1000, \"failed\": 0},"
        + "{\"fromSeconds\": 1.0, \"seconds\": 1.0, \"successful\": 1100, \"failed\": 0},"
        + "{\"fromSeconds\": 2.0, \"seconds\": 0.5, \"successful\": 400, \"failed\": 0}]}]}";
    File f = new File(dir, name + ".json");
    Files.write(f.toPath(), json.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  @Test
  void aRunIsReadWithItsWholeSecondsTimelineAndFacts() throws Exception {
    Side s = SideReader.read(run("a", "hdfs://nn:8020", false, "10"));
    Side.Row r = s.rows().get(0);
    assertThat(r.phase()).isEqualTo("stat");
    assertThat(r.threads()).isEqualTo(2);
    assertThat(r.iterationTps()).containsExactly(1000.0);
    assertThat(r.secondTps()).containsExactly(1000.0, 1100.0); // the half second is no sample
    assertThat(r.timeline()).hasSize(3);
    assertThat(r.timeline().get(2)[1]).isEqualTo(800.0);
    assertThat(s.facts()).containsKeys("toolVersion", "numberOfFiles", "buildCommit",
        "client setting dfs.some.delay").doesNotContainKeys("threads", "baseDir");
  }

  @Test
  void twoEmbeddedHdfsRunsAreTheSameTargetWhateverTheirPortsAndTheChangedSettingIsNamed()
      throws Exception {
    Side a = SideReader.read(run("a", "hdfs://localhost:35561", true, "10", "localhost:34055"));
    Side b = SideReader.read(run("b", "hdfs://localhost:35929", true, "40", "localhost:45107"));
    assertThat(Comparer.compare(a, b, 0.05, 0.95).warnings()).containsExactly(
        "client setting dfs.some.delay differs: baseline 10, candidate 40");
  }

  @Test
  void aRealClustersAddressesStayFacts() throws Exception {
    Side a = SideReader.read(run("a", "hdfs://localhost:8020", false, "10", "localhost:9870"));
    Side b = SideReader.read(run("b", "hdfs://localhost:8020", false, "10", "localhost:9871"));
    assertThat(Comparer.compare(a, b, 0.05, 0.95).warnings()).containsExactly(
        "client setting dfs.namenode.http-address differs: baseline localhost:9870, candidate "
            + "localhost:9871");
  }

  @Test
  void somethingElseIsRefusedInOneLine() throws Exception {
    File notJson = new File(dir, "x.json");
    Files.write(notJson.toPath(), "{\"hello\": 1}".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> SideReader.read(notJson)).isInstanceOf(InvalidInputException.class)
        .hasMessage("compare: " + notJson + " is not a MetaBench result (no studySchemaVersion "
            + "or schemaVersion field)");
    assertThatThrownBy(() -> SideReader.read(dir)).hasMessageContaining("holds no result.json");
  }
}
