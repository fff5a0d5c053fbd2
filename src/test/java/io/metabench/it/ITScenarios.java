package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scenarios shipped as workloads (docs/namespaces.md#scenarios), each run by name, smaller,
 * on the embedded HDFS and on {@code file://}: its prefill made as the workload says (a
 * directory of many files, written offline on the embedded HDFS; many small partitions; a chain
 * 24 deep; a namespace of yahoo's shape with a quarter of its files under 16 KB), its phases
 * reading the prefill's files with none failed, a listing counting the whole directory.
 */
class ITScenarios {
  @TempDir
  File scratch;

  /** Each scenario made smaller: its own options over the workload's. */
  private static List<String> smaller(String workload) {
    switch (workload) {
      case "wide-directory":
        return Arrays.asList("-prefillFiles", "20000");
      case "deep-paths":
        return Arrays.asList("-prefillFiles", "100");
      default:
        return Arrays.asList("-prefillScale", "0.01");
    }
  }

  private MetaBenchRun run(String workload, boolean embedded) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList("-workload", workload, "-threads", "2",
        "-duration", "1s", "-clientWarmup", "0", "-quiet"));
    args.addAll(smaller(workload));
    if (!embedded) {
      args.addAll(Arrays.asList("-baseDir", new File(scratch, workload).toURI().toString()));
    } else if (workload.equals("wide-directory")) {
      args.add("-prefillOffline");
    }
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, args.toArray(new String[0]));
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode prefill = r.json().get("prefill");
    assertThat(prefill.get("complete").asBoolean()).isTrue();
    assertThat(prefill.get("status").asText()).isEqualTo(embedded
        && workload.equals("wide-directory") ? "offline" : "created");
    for (JsonNode phase : r.json().get("phases")) {
      assertThat(phase.get("successful").asLong()).as(phase.toString()).isPositive();
      assertThat(phase.get("failed").asLong()).as(phase.toString()).isZero();
    }
    return r;
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aDirectoryOfManyFilesIsListedWhole(boolean embedded) throws Exception {
    MetaBenchRun r = run("wide-directory", embedded);
    assertThat(r.json().get("prefill").get("files").asLong()).isEqualTo(20_000);
    JsonNode list = r.phase("list");
    // Every listing is of the one directory, all of it.
    assertThat(list.get("entries").asLong()).isEqualTo(20_000 * list.get("successful").asLong());
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void manySmallPartitionsAreListedOneAtATime(boolean embedded) throws Exception {
    MetaBenchRun r = run("hive-partitions", embedded);
    assertThat(r.json().get("prefill").get("directories").asLong()).isEqualTo(100);
    JsonNode list = r.phase("list");
    assertThat(list.get("entries").asLong()).isEqualTo(4 * list.get("successful").asLong());
    if (!embedded) {
      // Named as Hive names a table's partitions and their files.
      File table = new File(scratch, "hive-partitions/prefill/map_0");
      // Hidden names (a local client's .crc files) are not the table's.
      String[] partitions = table.list((dir, name) -> !name.startsWith("."));
      assertThat(partitions).hasSize(100).allMatch(n -> n.matches("dt=\\d+"));
      assertThat(new File(table, partitions[0]).list((dir, name) -> !name.startsWith(".")))
          .containsExactlyInAnyOrder(
          "part-00000", "part-00001", "part-00002", "part-00003");
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void pathsTwentyFourDeepAreRead(boolean embedded) throws Exception {
    MetaBenchRun r = run("deep-paths", embedded);
    assertThat(r.json().get("prefill").get("directories").asLong()).isEqualTo(24);
    assertThat(r.phase("stat").get("successful").asLong()).isPositive();
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aQuarterOfTheFilesAreUnder16KbAndReadWhole(boolean embedded) throws Exception {
    MetaBenchRun r = run("small-files", embedded);
    JsonNode prefill = r.json().get("prefill");
    long files = prefill.get("files").asLong();
    // 4 KB, 32 KB and 128 KB in 25, 50 and 25 parts of a hundred, by file index.
    assertThat(prefill.get("bytesWritten").asDouble() / files).isBetween(0.9 * 49 * 1024,
        1.1 * 49 * 1024);
    assertThat(prefill.get("namespace").get(0).get("withinBounds").asBoolean()).isTrue();
    assertThat(r.phase("open_read").get("bytes").asLong()).isPositive();
  }
}
