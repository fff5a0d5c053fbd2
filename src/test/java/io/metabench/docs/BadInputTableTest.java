package io.metabench.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.metabench.cli.CliParser;
import io.metabench.config.BenchConfig;
import io.metabench.config.ReplayConfig;
import io.metabench.config.StudyPlan;
import io.metabench.core.InvalidInputException;
import io.metabench.replay.AuditLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The bad-input table of docs/usage.md is what MetaBench says: every row whose input is one
 * command-line fragment is run through the command line and the configuration, and must be
 * refused with the documented message (up to a documented placeholder such as {@code <names>}
 * or {@code …}). A row edited in the docs or a message changed in the code fails here. A row
 * whose fragment starts with {@code replay} goes through the replay command's checks instead
 * (its options, the audit log), which need no file system either.
 */
class BadInputTableTest {
  /** A row: | `fragment` (optional remark) | `message` (optional remark) |. */
  private static final Pattern ROW =
      Pattern.compile("^\\| `([^`]+)`(?: \\([^|]*\\))? \\| `([^`]+)`.*\\|$");

  private static List<String[]> rows() throws Exception {
    List<String> lines = Files.readAllLines(Paths.get("docs", "usage.md"), StandardCharsets.UTF_8);
    int from = lines.indexOf("### Options");
    assertThat(from).as("docs/usage.md has its bad-input options table").isPositive();
    List<String[]> rows = new ArrayList<>();
    for (String line : lines.subList(from + 1, lines.size())) {
      if (line.startsWith("### ")) {
        break;
      }
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        rows.add(new String[] {m.group(1), m.group(2)});
      }
    }
    return rows;
  }

  /** Splits a fragment on spaces; '' is an empty argument. */
  private static List<String> args(String fragment) {
    List<String> args = new ArrayList<>();
    for (String a : fragment.split(" ")) {
      args.add(a.equals("''") ? "" : a);
    }
    if (!args.contains("-operation") && !args.get(0).equals("replay")) {
      args.add("-operation");
      args.add("all");
    }
    return args;
  }

  /** The documented message up to its first placeholder. */
  private static String expected(String documented) {
    int cut = documented.length();
    for (String placeholder : new String[] {"<", "…"}) {
      int i = documented.indexOf(placeholder);
      if (i >= 0 && i < cut) {
        cut = i;
      }
    }
    return documented.substring(0, cut);
  }

  @Test
  void everyDocumentedRowIsWhatMetaBenchSays() throws Exception {
    List<String[]> rows = rows();
    assertThat(rows.size()).as("rows with a one-fragment input").isGreaterThanOrEqualTo(25);
    for (String[] row : rows) {
      Configuration conf = new Configuration(false);
      try {
        List<String> args = args(row[0]);
        if (args.get(0).equals("replay")) {
          // What MetaBench's replay command checks before it touches a file system.
          CliParser.parseReplay(args.subList(1, args.size()).toArray(new String[0]), conf);
          ReplayConfig replay = ReplayConfig.fromConfiguration(conf);
          io.metabench.replay.ReplayNamespace.check(BenchConfig.fromConfiguration(conf),
              io.metabench.config.CapacityPlan.checkReplay(conf));
          AuditLog.read(replay.auditLog());
        } else {
          CliParser.parse(args.toArray(new String[0]), conf);
          // In RunCommand's order: a capacity search's checks, then the study's.
          io.metabench.config.CapacityPlan.fromConfiguration(conf);
          StudyPlan.fromConfiguration(conf);
        }
        fail("`" + row[0] + "` was accepted; docs/usage.md says: " + row[1]);
      } catch (InvalidInputException e) {
        if (row[1].contains("<") || row[1].contains("…")) {
          assertThat(e.getMessage()).as(row[0]).startsWith(expected(row[1]));
        } else {
          assertThat(e.getMessage()).as(row[0]).isEqualTo(row[1]);
        }
      }
    }
  }
}
