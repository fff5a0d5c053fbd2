package io.metabench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.core.InvalidInputException;
import io.metabench.stats.study.StudySummary;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultReaderTest {
  @TempDir
  File dir;

  private File studyJson(String name) throws Exception {
    return ResultFiles.writeAtomically(new File(dir, name),
        w -> new StudyJsonFormat().write(StudyFixture.result(), w));
  }

  private static String csv(StudySummary s) throws Exception {
    StringBuilder sb = new StringBuilder();
    new CsvFormat().writeSummary(s, sb);
    return sb.toString();
  }

  @Test
  void aStudyReadBackSummarisesExactlyAsWhenItRan() throws Exception {
    StudySummary read = ResultReader.of(Arrays.asList(studyJson("a.json"))).summary();
    // same rows, same TPS statistics, same merged-histogram percentiles, same knees
    assertThat(csv(read)).isEqualTo(csv(StudyFixture.result().summary()));
  }

  @Test
  void aSingleRunIsAStudyOfOneRunNamedAfterItsFileSystem() throws Exception {
    File run = ResultFiles.writeAtomically(new File(dir, "run.json"),
        w -> new JsonFormat().write(ReportFixture.result(), w));
    StudySummary s = ResultReader.of(Arrays.asList(run)).summary();
    assertThat(s.targets()).containsExactly("hdfs");
    assertThat(s.threadLevels()).containsExactly(4);
    assertThat(s.phases()).containsExactly("create_write", "open_read", "rename");
    assertThat(s.row("hdfs", "create_write", 4).tpsMean()).isEqualTo(400.0);
    assertThat(s.row("hdfs", "rename", 4).latency().p50Ms()).isNaN();
  }

  @Test
  void filesWithTheSameTargetNamesStayApart() throws Exception {
    ResultReader r = ResultReader.of(Arrays.asList(studyJson("a.json"), studyJson("b.json")));
    assertThat(r.summary().targets()).containsExactly("hdfs", "local, quoted", "hdfs-2",
        "local, quoted-2");
    assertThat(r.sources().get("hdfs-2")).endsWith("b.json");
    assertThat(r.summary().row("hdfs-2", "create_write", 1).iterations()).isEqualTo(2);
  }

  @Test
  void whatIsNotAResultIsRefusedWithTheFile() throws Exception {
    File missing = new File(dir, "none.json");
    assertThatThrownBy(() -> ResultReader.of(Arrays.asList(missing)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("does not exist");
    File text = new File(dir, "x.json");
    Files.write(text.toPath(), "phase ok failed".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> ResultReader.of(Arrays.asList(text)))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("is not JSON");
    File other = new File(dir, "o.json");
    Files.write(other.toPath(), "{\"a\": 1}".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> ResultReader.of(Arrays.asList(other)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("is not a MetaBench result");
  }
}
