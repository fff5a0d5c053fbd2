package io.metabench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.metabench.config.Group;
import io.metabench.config.Resources;
import io.metabench.core.InvalidInputException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** {@code -help} and its topics, and the suggestions a mistyped name gets. */
class HelpTest {
  private static String help(String topic) {
    StringWriter sw = new StringWriter();
    CliParser.printHelp(new PrintWriter(sw), topic);
    return sw.toString().replace(System.lineSeparator(), "\n");
  }

  @Test
  void theOverviewShowsTheFiveMostUsedOptionsThenTheTopicsExamplesAndEveryExitCode() {
    String h = help(null);
    int basics = h.indexOf("The options most runs need:");
    int more = h.indexOf("More options, by topic");
    assertThat(basics).isPositive();
    String first = h.substring(basics, more);
    for (String o : new String[] {"-operation", "-numberOfFiles", "-threads", "-baseDir",
        "-duration"}) {
      assertThat(first).contains("  " + o + " <");
    }
    // Nothing else is explained on the first screen, only named under its topic.
    assertThat(first).doesNotContain("-mix ").doesNotContain("-principal");
    for (Group g : Group.values()) {
      if (g != Group.BASICS) {
        assertThat(h).containsPattern("\n  " + g.topic() + " +" + g.title() + ": -");
      }
    }
    assertThat(h.split("\n    metabench -operation ", -1)).hasSize(4);
    assertThat(h).contains("0 every operation succeeded").contains("1 some failed")
        .contains("2\nbad input").contains("130 stopped by Ctrl-C");
    assertThat(h.split("\n").length).as("fits a screen or two").isLessThan(70);
  }

  @Test
  void aTopicShowsItsGroupOnlyAndAllShowsEveryOption() {
    String pacing = help("pacing");
    assertThat(pacing).contains("Concurrency, pacing and studies:").contains("-rate <ops/s>")
        .doesNotContain("-operation <").doesNotContain("-principal");
    String all = help("all");
    for (String name : io.metabench.config.OptionNames.all()) {
      assertThat(all).contains("-" + name);
    }
    assertThat(help("FS")).contains("-principal").contains("-keytab");
  }

  @Test
  void workloadsShowWhatEachShippedWorkloadRuns() {
    String h = help("workloads");
    for (String w : Resources.SHIPPED_WORKLOADS) {
      assertThat(h).contains("\n  " + w + ": ");
    }
    assertThat(h.replaceAll("\\s+", " ")).contains("nnbench-classic: Hadoop NNBench's classic "
        + "sequence").contains("= -operation create_write,open_read,rename,delete -numberOfFiles "
        + "1000 -threads 1 -bytesToWrite 0 -replicationFactorPerFile 1 -cleanup curvine-");
  }

  @Test
  void anUnknownTopicIsRefusedWithTheTopicsAndTheLikelyOne() {
    assertThatThrownBy(() -> help("pacin")).isInstanceOf(InvalidInputException.class)
        .hasMessage("-help pacin is not a help topic; did you mean pacing?: give one of basics, "
            + "phases, pacing, capacity, output, fs, mapreduce, workloads, compat, all, or -help alone for "
            + "the most used options");
  }

  @Test
  void helpTakesItsTopicWhereverItStands() {
    CliParser.Parsed p = CliParser.parse(new String[] {"-threads", "2", "-help", "output"},
        new Configuration(false));
    assertThat(p.help()).isTrue();
    assertThat(p.topic()).isEqualTo("output");
    CliParser.Parsed plain = CliParser.parse(new String[] {"-help", "-threads", "2"},
        new Configuration(false));
    assertThat(plain.help()).isTrue();
    assertThat(plain.topic()).isNull();
  }

  @Test
  void mistypedNamesGetTheLikelyOneAndFarOnesGetNone() {
    assertThatThrownBy(() -> CliParser.parse(new String[] {"-numberOfFile", "3"},
        new Configuration(false))).hasMessageStartingWith("Unrecognized option: -numberOfFile; "
        + "did you mean -numberOfFiles?; run with -help");
    assertThatThrownBy(() -> CliParser.parse(new String[] {"-bogus", "3"},
        new Configuration(false))).hasMessageStartingWith("Unrecognized option: -bogus; run with");
    assertThatThrownBy(() -> io.metabench.op.OpType.parseList("creat_write"))
        .hasMessageStartingWith("unknown operation 'creat_write'; did you mean create_write?: ");
    assertThatThrownBy(() -> io.metabench.op.OpType.parseList("opnRead"))
        .hasMessageContaining("did you mean openRead?");
    assertThatThrownBy(() -> CliParser.parse(new String[] {"-workload", "dfs-perf-mixtur"},
        new Configuration(false))).hasMessageContaining("did you mean dfs-perf-mixture?");
  }
}
