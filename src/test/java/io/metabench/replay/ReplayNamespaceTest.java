package io.metabench.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.core.InvalidInputException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** What a replay takes of the prefill's options, and what it refuses in one line. */
class ReplayNamespaceTest {
  private static BenchConfig config(String... args) {
    Configuration conf = new Configuration(false);
    java.util.List<String> all = new java.util.ArrayList<>(java.util.Arrays.asList(args));
    all.addAll(java.util.Arrays.asList("-auditLog", "hdfs-audit.log"));
    CliParser.parseReplay(all.toArray(new String[0]), conf);
    return BenchConfig.fromConfiguration(conf);
  }

  private static void refused(boolean capacity, String message, String... args) {
    assertThatThrownBy(() -> ReplayNamespace.check(config(args), capacity))
        .isInstanceOf(InvalidInputException.class).hasMessage(message);
  }

  @Test
  void eachPrefillOptionAReplayCannotTakeIsRefusedWithItsReason() {
    refused(false, "replay does not take -prefillFiles (a replay runs on a profile's namespace, "
        + "its paths mapped by depth: give -prefillProfile and -prefillScale instead): drop it",
        "-prefillFiles", "100");
    refused(false, "replay does not take -prefillOffline (a replay's namespace is made through "
        + "the API under its own root): drop it", "-prefillProfile", "yahoo", "-prefillOffline");
    refused(false, "replay does not take -prefillSizes (an audit log has no sizes: a replay's "
        + "files are empty): drop it", "-prefillProfile", "yahoo", "-prefillSizes", "4k:100");
    refused(false, "replay does not take -onPrefill (the log says which paths it reads): drop "
        + "it", "-prefillProfile", "yahoo", "-onPrefill", "zipf:1.1");
    refused(false, "replay does not take -maps with -prefillProfile (a replay on a namespace "
        + "runs in one process): drop it", "-prefillProfile", "yahoo", "-maps", "2");
    refused(true, "replay does not take -capacity with -prefillProfile (each step would need "
        + "the namespace made again): drop it", "-prefillProfile", "yahoo");
  }

  @Test
  void aProfileAndAScaleAreTakenAndNothingIsAskedWithoutThem() {
    ReplayNamespace.check(config("-prefillProfile", "yahoo", "-prefillScale", "0.1"), false);
    ReplayNamespace.check(config(), true);
    assertThat(ReplayNamespace.shape(config(), new Path("/b/replay"))).isNull();
    assertThat(ReplayNamespace.shape(config("-prefillProfile", "hive", "-prefillScale", "0.01"),
        new Path("/b/replay")).files()).isEqualTo(400);
  }

  @Test
  void aScaleThatDrawsOutsideTheFidelityBoundsIsRefusedBeforeAnythingIsMade() {
    assertThatThrownBy(() -> ReplayNamespace.shape(config("-prefillProfile", "yahoo",
        "-prefillScale", "0.0005"), new Path("/b/replay")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("-prefillScale 0.0005: the namespace it draws of yahoo")
        .hasMessageContaining("is outside the fidelity bounds (")
        .hasMessageEndingWith("): give a larger scale");
  }
}
