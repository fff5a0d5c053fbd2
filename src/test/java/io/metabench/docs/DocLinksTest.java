package io.metabench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.DocExamples;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/ leads somewhere: to a file or directory that exists
 * and, with a {@code #fragment}, to a heading of that page (as GitHub makes anchors of headings),
 * so moving text between pages cannot leave a reader at a dead end.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final File PROJECT = new File(".");

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String anchorOf(String heading) {
    return heading.trim().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }

  private static Set<String> anchors(File page) throws Exception {
    Set<String> out = new HashSet<>();
    boolean fenced = false;
    for (String l : Files.readAllLines(page.toPath(), StandardCharsets.UTF_8)) {
      fenced = l.startsWith("```") != fenced;
      if (!fenced && l.startsWith("#")) {
        out.add(anchorOf(l.replaceFirst("^#+ ", "")));
      }
    }
    return out;
  }

  @Test
  void anchorsAreMadeAsGitHubMakesThem() {
    assertThat(anchorOf("MapReduce replay (-maps)")).isEqualTo("mapreduce-replay--maps");
    assertThat(anchorOf("Sizing maps × threads")).isEqualTo("sizing-maps--threads");
    assertThat(anchorOf("The NameNode's view")).isEqualTo("the-namenodes-view");
    assertThat(anchorOf("`-startTime`")).isEqualTo("-starttime");
  }

  @Test
  void everyRelativeLinkLeadsToAFileAndAHeadingThatExist() throws Exception {
    List<String> dead = new ArrayList<>();
    int checked = 0;
    for (File page : DocExamples.markdown(PROJECT)) {
      String text = new String(Files.readAllBytes(page.toPath()), StandardCharsets.UTF_8);
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String link = m.group(1);
        if (link.matches("^[a-z]+:.*")) {
          continue;
        }
        checked++;
        String path = link.contains("#") ? link.substring(0, link.indexOf('#')) : link;
        String fragment = link.contains("#") ? link.substring(link.indexOf('#') + 1) : null;
        File target = path.isEmpty() ? page : new File(page.getParentFile(), path);
        if (!target.exists()) {
          dead.add(page + ": " + link + " (no such file)");
        } else if (fragment != null && (target.isDirectory() || !anchors(target)
            .contains(fragment))) {
          dead.add(page + ": " + link + " (no such heading)");
        }
      }
    }
    assertThat(checked).as("links checked").isGreaterThan(100);
    assertThat(dead).as("links that lead nowhere").isEmpty();
  }
}
