package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.testing.Browser;
import io.metabench.testing.MetaBenchRun;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study's {@code report.html} and a {@code compare.html}, made by real runs, opened in headless
 * Chromium ({@link Browser}) as a person opens them: no error while loading, every chart drawn
 * at a size, every table cell holding the figure of the JSON written beside the page. A
 * screenshot of each is kept under {@code target/browser/} for people to look at.
 */
class ITBrowser {
  private static final File SHOTS = new File("target/browser").getAbsoluteFile();
  @TempDir
  static File scratch;
  private static File study;
  private static File compared;

  @BeforeAll
  static void studyAndCompare() throws Exception {
    study = new File(scratch, "study");
    File b = new File(scratch, "b");
    run("-operation", "create_write,stat,delete", "-threads", "1,2", "-iterations", "2",
        "-numberOfFiles", "200", "-target", "one=" + new File(scratch, "fs1").toURI(),
        "-target", "two=" + new File(scratch, "fs2").toURI(), "-outDir", study.getPath(),
        "-jsonOut", new File(study, "study.json").getPath());
    run("-operation", "create_write,stat,delete", "-threads", "2", "-iterations", "2",
        "-numberOfFiles", "200", "-baseDir", new File(scratch, "fs3").toURI().toString(),
        "-outDir", b.getPath(), "-jsonOut", new File(b, "result.json").getPath());
    compared = new File(scratch, "cmp");
    File a = new File(scratch, "a");
    run("-operation", "create_write,stat,delete", "-threads", "2", "-iterations", "2",
        "-numberOfFiles", "200", "-baseDir", new File(scratch, "fs4").toURI().toString(),
        "-outDir", a.getPath(), "-jsonOut", new File(a, "result.json").getPath());
    MetaBenchRun c = MetaBenchRun.run(new Configuration(), scratch, "compare", "-outDir",
        compared.getPath(), a.getPath(), b.getPath());
    assertThat(c.exitCode).as(c.toString()).isIn(0, 3);
    assertThat(SHOTS.isDirectory() || SHOTS.mkdirs()).isTrue();
  }

  private static void run(String... args) throws Exception {
    MetaBenchRun r = MetaBenchRun.run(new Configuration(), scratch, args);
    assertThat(r.exitCode).as(r.toString()).isZero();
  }

  @Test
  void aStudysReportShowsItsChartsAndTheFiguresOfItsJson() throws Exception {
    File page = new File(study, "report.html");
    JsonNode seen = Browser.open(page, scratch);
    assertThat(seen.get("errors")).as("errors while loading").isEmpty();
    assertCharts(seen, 2);
    JsonNode beside = new ObjectMapper().readTree(new File(study, "study.json"));
    List<String> targets = new ArrayList<>();
    beside.get("targets").forEach(t -> targets.add(t.asText()));
    assertThat(targets).containsExactly("one", "two");
    assertSameJson(seen.get("data").get("summary"), beside.get("summary"));
    int checked = 0;
    for (JsonNode row : beside.get("summary")) {
      List<String> cells = tableRow(seen, row.get("operation").asText(),
          row.get("threads").asText(), 0);
      int at = 1 + 5 * targets.indexOf(row.get("target").asText());
      assertNumber(cells.get(at), row.get("tpsMean").asDouble(), 0.05);
      assertThat(cells.get(at + 3)).isEqualTo(fixed(row.get("latencyMs").get("p99").asDouble(),
          3));
      assertThat(cells.get(at + 4)).isEqualTo(row.get("failed").asText());
      checked++;
    }
    assertThat(checked).isEqualTo(2 * 3 * 2); // targets x phases x thread levels
    Browser.screenshot(page, new File(SHOTS, "report.png"), scratch);
    assertImage(new File(SHOTS, "report.png"));
  }

  @Test
  void aComparisonShowsItsChartsAndTheFiguresOfItsJson() throws Exception {
    File page = new File(compared, "compare.html");
    JsonNode seen = Browser.open(page, scratch);
    assertThat(seen.get("errors")).as("errors while loading").isEmpty();
    assertCharts(seen, 1);
    JsonNode beside = new ObjectMapper().readTree(new File(compared, "compare.json"));
    int checked = 0;
    for (JsonNode row : beside.get("rows")) {
      List<String> cells = tableRow(seen, null, row.get("phase").asText(), 0);
      assertThat(cells.get(1)).isEqualTo(row.get("threads").asText());
      assertNumber(cells.get(2), row.get("baseline").get("tpsMean").asDouble(), 0.05);
      assertNumber(cells.get(3), row.get("candidate").get("tpsMean").asDouble(), 0.05);
      assertThat(cells.get(7)).isEqualTo(row.get("verdict").asText()
          .replace("noSignificantChange", "no significant change"));
      checked++;
    }
    assertThat(checked).isEqualTo(3);
    Browser.screenshot(page, new File(SHOTS, "compare.png"), scratch);
    assertImage(new File(SHOTS, "compare.png"));
  }

  /** The check can fail: a page that cannot load an image and whose script throws says so. */
  @Test
  void aBrokenPageIsReportedBroken() throws Exception {
    File page = new File(scratch, "broken.html");
    Files.write(page.toPath(), ("<!DOCTYPE html>\n<html><head><title>broken</title></head><body>"
        + "<img src=\"no-such-chart.png\"><svg width=\"0\" height=\"0\"></svg>"
        + "<script>undefinedFunction();</script></body></html>\n")
        .getBytes(StandardCharsets.UTF_8));
    JsonNode seen = Browser.open(page, scratch);
    List<String> errors = new ArrayList<>();
    seen.get("errors").forEach(e -> errors.add(e.asText()));
    assertThat(errors).anyMatch(e -> e.contains("no-such-chart.png"))
        .anyMatch(e -> e.contains("undefinedFunction"));
    assertThat(seen.get("charts").get(0).get("width").asDouble()).isZero();
  }

  /**
   * The page's data, as the browser parsed it, is the JSON beside the page: the same fields and
   * values (numbers compared as numbers: the browser drops trailing zeros).
   */
  private static void assertSameJson(JsonNode shown, JsonNode beside) {
    assertThat(shown).as("missing: " + beside).isNotNull();
    if (beside.isContainerNode()) {
      assertThat(shown.size()).as(beside.toString()).isEqualTo(beside.size());
      if (beside.isArray()) {
        for (int i = 0; i < beside.size(); i++) {
          assertSameJson(shown.get(i), beside.get(i));
        }
      } else {
        beside.fieldNames().forEachRemaining(f -> assertSameJson(shown.get(f), beside.get(f)));
      }
    } else if (beside.isNumber()) {
      assertThat(shown.asDouble()).isEqualTo(beside.asDouble());
    } else {
      assertThat(shown.asText()).isEqualTo(beside.asText());
    }
  }

  private static void assertCharts(JsonNode seen, int atLeast) {
    assertThat(seen.get("charts").size()).isGreaterThanOrEqualTo(atLeast);
    for (JsonNode c : seen.get("charts")) {
      assertThat(c.get("width").asDouble()).as(c.toString()).isGreaterThan(100);
      assertThat(c.get("height").asDouble()).as(c.toString()).isGreaterThan(100);
      assertThat(c.get("drawn").asInt()).as(c.toString()).isGreaterThan(10);
    }
  }

  /**
   * The cells of the row whose cell {@code column} is {@code key}, in the table under
   * {@code heading} (null: any table).
   */
  private static List<String> tableRow(JsonNode seen, String heading, String key, int column) {
    for (JsonNode t : seen.get("tables")) {
      if (heading != null && !heading.equals(t.get("heading").asText())) {
        continue;
      }
      for (JsonNode r : t.get("rows")) {
        if (r.size() > column && r.get(column).asText().equals(key)) {
          List<String> cells = new ArrayList<>();
          r.forEach(c -> cells.add(c.asText()));
          return cells;
        }
      }
    }
    throw new AssertionError("no row " + key + " under " + heading + " in " + seen.get("tables"));
  }

  private static void assertNumber(String cell, double expected, double within) {
    double shown = Double.parseDouble(cell.replaceAll("[^0-9.\\-]", ""));
    assertThat(shown).as(cell).isCloseTo(expected, org.assertj.core.data.Offset.offset(within));
  }

  private static String fixed(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
  }

  private static void assertImage(File png) throws Exception {
    BufferedImage image = ImageIO.read(png);
    assertThat(image).as(png.getPath()).isNotNull();
    assertThat(image.getWidth()).isGreaterThan(0);
    assertThat(image.getHeight()).isGreaterThan(0);
  }
}
