package io.metabench.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.cli.CliParser;
import io.metabench.engine.Progress;
import io.metabench.path.PrefillSizes;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walks the {@link Option} table: every option, under each of its names, given a valid
 * non-default value on the command line, reaches its key, {@link BenchConfig} and the JSON
 * parameters; and the table itself is complete (help, group, replay reasons, unique names, a
 * default for every value, and a sample here for every option, so a new option cannot skip this
 * test).
 */
class OptionTableTest {
  @TempDir
  static File dir;

  /** What one option given on the command line must produce. */
  private static final class Sample {
    final String value;
    final String keyText;
    final Object param;

    Sample(String value, String keyText, Object param) {
      this.value = value;
      this.keyText = keyText;
      this.param = param;
    }
  }

  private static final Map<Option, Sample> SAMPLES = new EnumMap<>(Option.class);

  private static void sample(Option o, String value, String keyText, Object param) {
    SAMPLES.put(o, new Sample(value, keyText, param));
  }

  @BeforeAll
  static void samples() throws IOException {
    sample(Option.OPERATION, "stat", "stat", "stat");
    sample(Option.NUMBER_OF_FILES, "7", "7", 7L);
    sample(Option.THREADS, "3", "3", 3);
    sample(Option.BYTES_TO_WRITE, "10", "10", 10L);
    sample(Option.BLOCK_SIZE, "1024", "1024", 1024L);
    sample(Option.BYTES_PER_CHECKSUM, "256", "256", 256);
    sample(Option.REPLICATION, "3", "3", (short) 3);
    sample(Option.BASE_DIR, "/b", "/b", "/b");
    sample(Option.READ_FILE_AFTER_OPEN, "true", "true", true);
    sample(Option.START_TIME, "5", "5", 5L);
    sample(Option.MAP_INDEX, "2", "2", 2);
    sample(Option.FILES_PER_DIR, "100", "100", 100);
    sample(Option.SHARED_CLIENT, null, "true", true);
    sample(Option.LOCAL_CLIENT, "HADOOP", "HADOOP", "hadoop");
    sample(Option.RETRIES, "2", "2", 2);
    sample(Option.CLEANUP, null, "true", true);
    sample(Option.CLEANUP_KEEPS_PREFILL, "true", "true", null);
    sample(Option.JSON_OUT, "r.json", "r.json", null);
    sample(Option.NNBENCH_LOG, "n.log", "n.log", null);
    sample(Option.CONNECT_TIMEOUT, "5", "5", null);
    sample(Option.NAMENODE_JMX, "off", "off", null);
    sample(Option.MAPS, "2", "2", 2);
    sample(Option.PROCESSES, "3", "3", 3);
    sample(Option.BARRIER_TIMEOUT, "60", "60", 60);
    sample(Option.READ_SHIFT, "1", "1", 1);
    sample(Option.OP_TIMEOUT, "5", "5s", 5000L);
    sample(Option.FAIL_FAST, null, "true", true);
    sample(Option.OVERWRITE, null, "true", null);
    sample(Option.SERIES_OUT, "s.csv", "s.csv", null);
    sample(Option.DURATION, "2", "2s", 2000L);
    sample(Option.WARMUP, "500ms", "500ms", 500L);
    sample(Option.CLIENT_WARMUP, "750ms", "750ms", 750L);
    sample(Option.SIZE_FOR, "6", "6s", 6000L);
    sample(Option.SIZED, "by hand", "by hand", "by hand");
    sample(Option.RATE, "100", "100", 100.0);
    sample(Option.CAPACITY, "p99=10ms", "p99=10ms", null);
    sample(Option.CAPACITY_STEP, "5", "5s", null);
    sample(Option.CAPACITY_SETTLE, "2", "2s", null);
    sample(Option.STEP_SETTLE, "1500", "1500", null);
    sample(Option.CAPACITY_START, "100", "100", null);
    sample(Option.CAPACITY_PRECISION, "5", "5", null);
    sample(Option.CAPACITY_FAILURES, "2", "2", null);
    sample(Option.CAPACITY_CHECK, "10", "10", null);
    sample(Option.CAPACITY_PIN, "create_write:100", "create_write:100", null);
    sample(Option.SUBTREE, "sub", "sub", "sub");
    sample(Option.MIX, "stat:1", "stat:1", "stat:1");
    sample(Option.SEED, "42", "42", 42L);
    sample(Option.SHARED_DIR, null, "true", true);
    sample(Option.MIX_FILL, "50", "50", 50);
    sample(Option.PREFILL_FILES, "10", "10", 10L);
    sample(Option.PREFILL_DEPTH, "2", "2", 2);
    sample(Option.PREFILL_FAN_OUT, "2", "2", 2);
    sample(Option.PREFILL_SIZES, "0:50,4k:50", "0:50,4k:50",
        PrefillSizes.parse("0:50,4k:50").toString());
    sample(Option.PREFILL_PROFILE, "yahoo", "yahoo",
        io.metabench.namespace.ShapeProfile.load("yahoo").toString());
    sample(Option.PREFILL_SCALE, "0.5", "0.5", 0.5);
    sample(Option.ON_PREFILL, "zipf:1.1", "zipf:1.1", "zipf:1.1");
    sample(Option.PREFILL_THREADS, "3", "3", 3);
    sample(Option.PREFILL_OFFLINE, null, "true", true);
    sample(Option.PREFILL_CHECKPOINT, "500", "500", null);
    sample(Option.ITERATIONS, "2", "2", null);
    sample(Option.TARGET, "a=file:///tmp/a", "a=file:///tmp/a", null);
    sample(Option.OUT_DIR, "o", "o", null);
    sample(Option.CHART_THREADS, "1", "1", null);
    sample(Option.WORKLOAD, "nnbench-classic", "nnbench-classic", "nnbench-classic");
    sample(Option.DRY_RUN, null, "true", null);
    File confDir = new File(dir, "conf");
    confDir.mkdirs();
    Files.write(new File(confDir, "core-site.xml").toPath(), ("<configuration><property><name>"
        + ConfigKeys.SEED + "</name><value>9</value></property></configuration>")
        .getBytes(StandardCharsets.UTF_8));
    sample(Option.CONF_DIR, confDir.getPath(), null, null);
    sample(Option.DEFINE, ConfigKeys.SEED + "=9", null, null);
    sample(Option.VERBOSE, null, "true", null);
    sample(Option.PROMETHEUS, "9464", "9464", null);
    sample(Option.PROMETHEUS_PUSH, "http://pg:9091", "http://pg:9091", null);
    sample(Option.QUIET, null, "true", null);
    sample(Option.HELP, null, null, null);
    sample(Option.PRINCIPAL, "a@B", "a@B", null);
    sample(Option.KEYTAB, "/k", "/k", null);
    sample(Option.KERBEROS_RELOGIN, "5", "5", null);
    sample(Option.AUDIT_LOG, "/tmp/audit.log", "/tmp/audit.log", null);
    sample(Option.REPLAY_SPEED, "2", "2", null);
    sample(Option.REPLAY_PRECREATE, "false", "false", null);
    sample(Option.REPLAY_PROBES, "miss", "miss", null);
    sample(Option.REPLAY_NAMESPACE, "/tmp/ns.tsv", "/tmp/ns.tsv", null);
    sample(Option.RECORD_AUDIT_LOG, "/tmp/rec.log", "/tmp/rec.log", null);
    sample(Option.EMBEDDED_HA, null, "true", true);
    sample(Option.FAILOVER_AFTER, "6", "6s", 6000L);
    sample(Option.BYTES_PER_BLOCK, "1024", "1024", 1024L);
    sample(Option.BLOCKS_PER_FILE, "3", "3", 3L);
    sample(Option.REDUCES, "4", null, null);
    sample(Option.FILES_PER_REPORT, "100", null, null);
  }

  @Test
  void everyOptionHasASample() {
    assertThat(SAMPLES.keySet()).containsExactlyInAnyOrder(Option.values());
  }

  @Test
  void everyOptionUnderEveryNameReachesItsKeyAndTheJson() {
    for (Option o : Option.values()) {
      Sample s = SAMPLES.get(o);
      List<String> names = o.names().isEmpty() ? Arrays.asList("D") : o.names();
      for (String name : names) {
        String what = o + " as -" + name;
        List<String> args = new ArrayList<>();
        if (o.replayOnly() && o != Option.AUDIT_LOG) {
          args.addAll(Arrays.asList("-auditLog", "/tmp/audit.log"));
        } else if (o == Option.ON_PREFILL) {
          // The read phases read the prefill's files.
          args.addAll(Arrays.asList("-operation", "stat", "-prefillFiles", "10"));
        } else if (o == Option.PREFILL_OFFLINE) {
          // What is written offline is a prefill.
          args.addAll(Arrays.asList("-operation", "create_write", "-prefillFiles", "10"));
        } else if (!o.replayOnly() && o != Option.OPERATION && o != Option.MIX) {
          args.addAll(Arrays.asList("-operation", "create_write"));
        }
        if (o == Option.WARMUP) {
          // A warm-up needs a duration-bound phase.
          args.addAll(Arrays.asList("-duration", "1"));
        }
        if (o == Option.FAILOVER_AFTER) {
          // A failover is of the embedded HA nameservice's NameNodes.
          args.add("-embeddedHa");
        }
        if (o == Option.PROCESSES) {
          // Processes meet at a barrier named by their common start.
          args.addAll(Arrays.asList("-startTime", "100"));
        }
        args.add("-" + name);
        if (o.action() == CliAction.KEY_ONLY) {
          args.add(o.key() + "=" + s.value);
        } else if (s.value != null) {
          args.add(s.value);
        }
        Configuration conf = new Configuration(false);
        String[] argv = args.toArray(new String[0]);
        CliParser.Parsed parsed = o.replayOnly() ? CliParser.parseReplay(argv, conf)
            : CliParser.parse(argv, conf);
        if (o.action() == CliAction.HELP) {
          assertThat(parsed.help()).as(what).isTrue();
          continue;
        }
        assertThat(parsed.help()).as(what).isFalse();
        if (s.keyText != null) {
          assertThat(conf.get(o.key())).as(what + ": its key").isEqualTo(s.keyText);
        }
        BenchConfig c = BenchConfig.fromConfiguration(conf);
        if (s.param != null) {
          String param = o.param() != null ? o.param()
              : o == Option.BYTES_PER_BLOCK ? Option.BLOCK_SIZE.param()
              : Option.BYTES_TO_WRITE.param();
          assertThat(c.parameters().get(param)).as(what + ": JSON " + param).isEqualTo(s.param)
              .isNotEqualTo(defaults().parameters().get(param));
        } else {
          assertThat(o.param()).as(what + " has a JSON parameter but no sample of it").isNull();
        }
        if (o.inRun()) {
          Configuration written = new Configuration(false);
          c.writeTo(written);
          assertThat(o.read(written)).as(what + ": written for map tasks")
              .isEqualTo(o.read(conf)).isNotEqualTo(o.defaultValue());
        }
        Configuration written = new Configuration(false);
        // The replay's keys are not the run's: MetaBenchJob hands its maps the log itself.
        written.set(ConfigKeys.REPLAY_AUDIT_LOG, conf.get(ConfigKeys.REPLAY_AUDIT_LOG, ""));
        c.writeTo(written);
        assertThat(BenchConfig.fromConfiguration(written)).as(what + ": round trip").isEqualTo(c);
      }
    }
  }

  @Test
  void optionsThatLoadOrDoNothingDoWhatTheirHelpSays() {
    Configuration base = parse("-operation", "create_write");
    assertThat(parse("-operation", "create_write", "-confDir", new File(dir, "conf").getPath())
        .get(ConfigKeys.SEED)).isEqualTo("9");
    assertThat(parse("-operation", "create_write", "-D", ConfigKeys.SEED + "=9")
        .get(ConfigKeys.SEED)).isEqualTo("9");
    assertThat(metabenchKeys(parse("-operation", "create_write", "-workload", "nnbench-classic")))
        .isNotEqualTo(metabenchKeys(base));
    for (Option o : Arrays.asList(Option.REDUCES, Option.FILES_PER_REPORT)) {
      assertThat(metabenchKeys(parse("-operation", "create_write", "-" + o.names().get(0), "4")))
          .as(o.label()).isEqualTo(metabenchKeys(base));
      assertThat(o.help()).contains("no effect");
    }
  }

  @Test
  void tableIsComplete() {
    Set<String> names = new HashSet<>();
    Set<String> keys = new HashSet<>();
    for (Option o : Option.values()) {
      assertThat(o.help()).as(o + " help").isNotBlank().doesNotContain("{default}");
      assertThat(o.group()).as(o + " group").isNotNull();
      if (o.replayRefusal() != null) {
        assertThat(o.replayRefusal()).as(o + " replay reason").isNotBlank();
        assertThat(o.replayOnly()).as(o.label()).isFalse();
      }
      for (String n : o.names()) {
        assertThat(names.add(n)).as("-%s named twice", n).isTrue();
        assertThat(OptionNames.forName(n)).isSameAs(o);
      }
      if (o.type().holdsValue()) {
        assertThat(o.key()).as(o + " key").isNotNull();
        assertThat(keys.add(o.key())).as("key %s read by two options", o.key()).isTrue();
        assertThat(o.defaultValue()).as(o + " default").isNotNull();
        assertThat(o.type().parse(o.type().format(o.defaultValue()), o))
            .as(o + " default survives writeTo").isEqualTo(o.defaultValue());
      } else {
        assertThat(o.defaultValue()).as(o + " holds no value").isNull();
      }
      assertThat(o.param() == null || o.inRun()).as(o + " param needs a run value").isTrue();
      assertThat(o.names().isEmpty()).as(o + " key-only").isEqualTo(
          o.action() == CliAction.KEY_ONLY);
    }
    assertThat(Option.QUIET.help()).contains("every " + Progress.PLAIN_EVERY_SECONDS + " s");
  }

  /** Every JSON parameter of a run given nothing but an operation is its option's default. */
  @Test
  void defaultsComeFromTheTable() {
    Map<String, Object> p = defaults().parameters();
    for (Option o : Option.values()) {
      if (o.param() != null && o != Option.OPERATION && o != Option.PREFILL_THREADS) {
        assertThat(p.get(o.param())).as(o.param())
            .isEqualTo(o.type().param(o.defaultValue()));
      }
    }
    assertThat(p.get(Option.PREFILL_THREADS.param())).isEqualTo(p.get(Option.THREADS.param()));
  }

  private static BenchConfig defaults() {
    return BenchConfig.fromConfiguration(parse("-operation", "create_write"));
  }

  private static Configuration parse(String... args) {
    Configuration conf = new Configuration(false);
    CliParser.parse(args, conf);
    return conf;
  }

  private static Map<String, String> metabenchKeys(Configuration conf) {
    Map<String, String> m = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      if (e.getKey().startsWith("metabench.")) {
        m.put(e.getKey(), e.getValue());
      }
    }
    return m;
  }
}
