package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.cli.CliParser;
import io.metabench.core.InvalidInputException;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The prefill's options: parsed, defaulted, written for map tasks, refused when unusable. */
class PrefillConfigTest {
  private static BenchConfig parse(String... args) {
    Configuration conf = new Configuration(false);
    CliParser.parse(args, conf);
    return BenchConfig.fromConfiguration(conf);
  }

  @Test
  void defaultsAreNoPrefillDepth5FanOut4EmptyFilesAndThreadsOfThePhases() {
    BenchConfig c = parse("-operation", "create_write", "-threads", "6");
    assertThat(c.prefill().files()).isZero();
    assertThat(c.prefill().depth()).isEqualTo(Option.PREFILL_DEPTH.defaultValue()).isEqualTo(5);
    assertThat(c.prefill().fanOut()).isEqualTo(Option.PREFILL_FAN_OUT.defaultValue()).isEqualTo(4);
    assertThat(c.prefill().sizes().toString()).isEqualTo("0:100");
    assertThat(c.prefill().threads()).isEqualTo(6);
    assertThat(c.prefill().checkpointMillis()).isEqualTo(2000);
  }

  @Test
  void optionsReachTheConfigAndSurviveWriteToForMapTasks() {
    BenchConfig c = parse("-prefillFiles", "1000000", "-prefillDepth", "7", "-prefillFanOut",
        "3", "-prefillSizes", "0:70,4k:20,1m:10", "-prefillThreads", "8", "-threads", "2");
    assertThat(c.operations()).isEmpty(); // -prefillFiles alone is a run
    assertThat(c.prefill().files()).isEqualTo(1_000_000);
    assertThat(c.prefill().depth()).isEqualTo(7);
    assertThat(c.prefill().fanOut()).isEqualTo(3);
    assertThat(c.prefill().sizes().toString()).isEqualTo("0:70,4096:20,1048576:10");
    assertThat(c.prefill().threads()).isEqualTo(8);
    Configuration written = new Configuration(false);
    c.writeTo(written);
    assertThat(BenchConfig.fromConfiguration(written)).isEqualTo(c);
    assertThat(c.parameters()).containsEntry("prefillFiles", 1_000_000L)
        .containsEntry("prefillDepth", 7).containsEntry("prefillFanOut", 3)
        .containsEntry("prefillSizes", "0:70,4096:20,1048576:10")
        .containsEntry("prefillThreads", 8);
    assertThat(c).isNotEqualTo(parse("-prefillFiles", "1000000", "-prefillDepth", "7",
        "-prefillFanOut", "3", "-prefillSizes", "0:70,4k:20,1m:10", "-prefillThreads", "8",
        "-threads", "2", "-prefillFanOut", "4"));
  }

  @Test
  void withoutOperationPrefillOrCleanupNothingIsAsked() {
    assertThatThrownBy(() -> parse("-prefillFiles", "0"))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("no operation given");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "-prefillFiles -1|-prefillFiles -1 is too small; it must be at least 0: give 0 for no "
          + "prefill or a number of files per map such as 1000000",
      "-prefillDepth 0|-prefillDepth 0 is zero; it must be at least 1: give a number of "
          + "directory levels such as 5",
      "-prefillDepth 33|-prefillDepth 33 is too large; it must be at most 32: give a number of "
          + "directory levels such as 5",
      "-prefillFanOut 0|-prefillFanOut 0 is zero; it must be at least 1: give a number of "
          + "subdirectories per directory such as 4",
      "-prefillThreads -2|-prefillThreads -2 is too small; it must be at least 0: give 0 for as "
          + "many as -threads, or a number such as 16",
      "-prefillFiles 10 -prefillFanOut 10 -prefillDepth 9|-prefillFanOut 10 -prefillDepth 9 "
          + "make 1000000000 leaf directories, more than 100000000: lower -prefillFanOut or "
          + "-prefillDepth",
      "-prefillFiles 20000 -prefillDepth 1 -prefillFanOut 1|-prefillFiles 20000 over 1^1 = 1 "
          + "leaf directories puts 20000 files in one directory, more than -filesPerDir 10000: "
          + "raise -prefillFanOut or -prefillDepth (or -filesPerDir)"})
  void badValuesAreRefusedInOneLine(String args, String message) {
    assertThatThrownBy(() -> parse((args + " -operation create_write").split(" ")))
        .isInstanceOf(InvalidInputException.class).hasMessage(message);
  }

  @Test
  void aWideShapeWithoutFilesIsNotChecked() {
    assertThat(parse("-prefillFanOut", "10", "-prefillDepth", "9", "-operation", "stat")
        .prefill().files()).isZero();
  }
}
