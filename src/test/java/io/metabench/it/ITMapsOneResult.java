package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map task returns the result a run in one process returns, and the driver combines maps as
 * the engine combines workers: so {@code -maps} runs mixes, with the same draws as one process
 * with as many workers, and writes the per-second series of all maps, combined by wall-clock
 * second. On the local job runner, against the real local file system.
 */
class ITMapsOneResult {
  private static final String MIX = "stat:40,open_read:30,rename:10,delete:10,create_write:10";

  @TempDir
  File root;
  @TempDir
  File scratch;

  private static Configuration local() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }

  private String base(String name) {
    return new File(root, name).toURI().toString();
  }

  @Test
  void aMixUnderMapsDrawsWhatOneProcessWithAsManyWorkersDraws() throws Exception {
    MetaBenchRun maps = MetaBenchRun.run(local(), scratch, "-maps", "2", "-threads", "2",
        "-numberOfFiles", "30", "-operation", "create_write,mix", "-mix", MIX, "-seed", "7",
        "-cleanup", "-baseDir", base("maps"));
    assertThat(maps.exitCode).as(maps.toString()).isZero();
    MetaBenchRun one = MetaBenchRun.run(local(), scratch, "-threads", "4",
        "-numberOfFiles", "30", "-operation", "create_write,mix", "-mix", MIX, "-seed", "7",
        "-cleanup", "-baseDir", base("one"));
    assertThat(one.exitCode).as(one.toString()).isZero();

    long draws = 0;
    for (String op : new String[] {"stat", "open_read", "rename", "delete", "create_write"}) {
      JsonNode m = maps.phase("mix:" + op);
      JsonNode o = one.phase("mix:" + op);
      assertThat(m.get("attempted").asLong()).as(op).isEqualTo(o.get("attempted").asLong());
      assertThat(m.get("successful").asLong()).as(op).isEqualTo(o.get("successful").asLong());
      assertThat(m.get("workers").asInt()).as(op).isEqualTo(4);
      draws += m.get("attempted").asLong();
    }
    assertThat(draws).isEqualTo(4 * 30);
    // Each map's own rows name the mix's operations too.
    JsonNode perMap = maps.json().get("maps").get("perMap");
    assertThat(perMap).hasSize(2);
    assertThat(perMap.get(1).get("phases").toString()).contains("mix:stat");
  }

  @Test
  void aMapsRunWritesTheCombinedSeriesWhoseSecondsSumToTheOperationsDone() throws Exception {
    MetaBenchRun r = MetaBenchRun.run(local(), scratch, "-maps", "2", "-threads", "2",
        "-numberOfFiles", "50", "-operation", "create_write,stat,mix", "-mix", "stat:1",
        "-duration", "2", "-baseDir", base("series"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    Map<String, Long> perPhase = new HashMap<>();
    try (Reader in = Files.newBufferedReader(r.seriesFile().toPath(), StandardCharsets.UTF_8)) {
      for (CSVRecord row : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
          .build().parse(in)) {
        perPhase.merge(row.get("phase"), Long.parseLong(row.get("ok"))
            + Long.parseLong(row.get("failed")), Long::sum);
      }
    }
    for (String phase : new String[] {"create_write", "mix:stat", "stat"}) {
      assertThat(perPhase.get(phase)).as(phase + " in " + perPhase)
          .isEqualTo(r.phase(phase).get("attempted").asLong());
    }
    assertThat(r.phase("create_write").get("attempted").asLong()).isEqualTo(200);
    // Two seconds of each map's stats: the combined series has at least two seconds of them.
    assertThat(r.phase("stat").get("attempted").asLong()).isGreaterThan(200);
    assertThat(r.phase("stat").get("disruptions")).isNotNull();
    // Beside it, the combined seconds' latencies as an HdrHistogram log: every success of each
    // phase in one of its lines.
    Map<String, Long> logged = new HashMap<>();
    try (org.HdrHistogram.HistogramLogReader log = new org.HdrHistogram.HistogramLogReader(
        io.metabench.report.SeriesFile.histogramLogOf(r.seriesFile()))) {
      for (org.HdrHistogram.EncodableHistogram h = log.nextIntervalHistogram(); h != null;
          h = log.nextIntervalHistogram()) {
        logged.merge(h.getTag(), ((org.HdrHistogram.Histogram) h).getTotalCount(), Long::sum);
      }
    }
    for (String phase : new String[] {"create_write", "mix:stat", "stat"}) {
      assertThat(logged.get(phase)).as(phase + " in " + logged)
          .isEqualTo(r.phase(phase).get("successful").asLong());
    }
  }
}
