package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.metabench.core.InvalidInputException;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A namespace drawn from a profile: a reference namespace of Yahoo's published shape (most files
 * 5-13 deep, up to 24; among directories with files 62 % hold one, 91 % at most 10, 98.7 % at
 * most 100, the largest 1,771; 6.6 files a directory), profiled as an image's would be, then
 * synthesized at a third of its size (100,000 files): every depth's counts exact, depth and files
 * per directory within a Kolmogorov-Smirnov distance of 0.02.
 */
class ShapeModelTest {
  private static JsonNode yahoo;

  /** Files of a directory that holds any, in Yahoo's published proportions. */
  private static int filesOfOne(Random r) {
    double u = r.nextDouble();
    if (u < 0.62) {
      return 1;
    }
    if (u < 0.91) {
      return 2 + r.nextInt(9);
    }
    if (u < 0.987) {
      return (int) Math.round(Math.exp(Math.log(11) + r.nextDouble() * Math.log(100 / 11.0)));
    }
    return (int) Math.round(Math.exp(Math.log(101) + r.nextDouble() * Math.log(1771 / 101.0)));
  }

  /** A reference namespace of about 45,000 directories and 300,000 files, profiled. */
  @BeforeAll
  static void profileAReferenceNamespace() {
    Random r = new Random(2024);
    int levels = 25;
    int[] perDepth = new int[levels];
    int total = 1;
    perDepth[0] = 1;
    for (int d = 1; d < levels; d++) {
      perDepth[d] = (int) Math.round(4_500 * Math.exp(-Math.pow(d - 8.5, 2) / 18));
      perDepth[d] = Math.max(perDepth[d], 1);
      total += perDepth[d];
    }
    int[] parent = new int[total];
    int[] depth = new int[total];
    int[] files = new int[total];
    parent[0] = -1;
    int start = 0;
    int next = 1;
    for (int d = 1; d < levels; d++) {
      int above = perDepth[d - 1];
      for (int i = 0; i < perDepth[d]; i++) {
        parent[next] = start + r.nextInt(above);
        depth[next++] = d;
      }
      start += above;
    }
    ProfileBuilder b = new ProfileBuilder("reference");
    for (int i = 0; i < total; i++) {
      b.directory(FsImageProfiler.ROOT_ID + i, "dir" + i);
      files[i] = r.nextDouble() < 0.55 ? filesOfOne(r) : 0;
      for (int f = 0; f < files[i]; f++) {
        b.file("part-" + f, 1024, 1, 3, 0);
      }
    }
    DirectoryTable t = b.directories();
    t.seal();
    for (int i = 0; i < total; i++) {
      t.parent[i] = parent[i];
      t.files[i] = files[i];
      if (parent[i] >= 0) {
        t.subdirs[parent[i]]++;
      }
    }
    t.computeDepths(0);
    yahoo = b.build().json();
  }

  @Test
  void aThirdOfTheReferenceIsDrawnWithinTheFidelityBounds() {
    double scale = 100_000.0 / yahoo.path("files").asLong();
    ShapeModel m = ShapeModel.of(yahoo, scale, 7);
    JsonNode made = m.profile().json();
    Fidelity f = Fidelity.of(yahoo, made, scale);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "source %,d dirs %,d files; made %,d dirs %,d files (expected %,d and %,d)%n",
        yahoo.path("directories").asLong(), yahoo.path("files").asLong(), f.made()[0],
        f.made()[1], f.expected()[0], f.expected()[1]));
    for (Fidelity.Row row : f.rows()) {
      table.append(String.format(Locale.ROOT, "%-28s KS %.4f  source p50/p90/p99/max %s  made %s%n",
          row.name, row.distance, java.util.Arrays.toString(row.source),
          java.util.Arrays.toString(row.made)));
    }
    System.out.println(table);
    assertThat(f.failures()).as(table.toString()).isEmpty();
    assertThat(f.row("depth").distance).isLessThanOrEqualTo(0.02);
    assertThat(f.row("filesPerDirectory").distance).isLessThanOrEqualTo(0.02);
    // Every depth's counts are the source's times the scale, rounded up or down (whichever
    // makes the depths add up to the whole times the scale), and the totals are exact.
    long files = 0;
    long dirs = 0;
    for (int d = 1; d < yahoo.path("byDepth").size(); d++) {
      JsonNode s = yahoo.path("byDepth").get(d);
      JsonNode g = made.path("byDepth").path(d);
      double n = s.path("files").asLong() * scale;
      assertThat(g.path("files").asLong()).as("files at depth " + d)
          .isIn((long) Math.floor(n), (long) Math.ceil(n));
      double k = s.path("directories").asLong() * scale;
      // A depth rounded to no directory keeps one where a deeper one needs a parent.
      assertThat(g.path("directories").asLong()).as("directories at depth " + d)
          .isIn((long) Math.floor(k), (long) Math.ceil(k), 1L);
      files += g.path("files").asLong();
      dirs += g.path("directories").asLong();
    }
    assertThat(files).isEqualTo(Math.round(yahoo.path("files").asLong() * scale));
    assertThat(dirs).isEqualTo(Math.round((yahoo.path("directories").asLong() - 1) * scale));
    // Yahoo's shares survive: among directories with files, 62 % hold one, 91 % at most 10.
    JsonNode withFiles = made.path("filesPerDirectoryWithFiles");
    assertThat(withFiles.path("shareHoldingOne").asDouble()).isCloseTo(
        yahoo.path("filesPerDirectoryWithFiles").path("shareHoldingOne").asDouble(),
        org.assertj.core.data.Offset.offset(0.02));
    assertThat(withFiles.path("shareHoldingAtMost10").asDouble()).isCloseTo(
        yahoo.path("filesPerDirectoryWithFiles").path("shareHoldingAtMost10").asDouble(),
        org.assertj.core.data.Offset.offset(0.02));
  }

  /** A namespace off its source's counts or shape is said to be, in a line each. */
  @Test
  void aNamespaceOutOfTheBoundsIsSaidToBe() {
    JsonNode made = ShapeModel.of(yahoo, 0.1, 7).profile().json();
    // Judged against twice the scale it was drawn at: half the counts expected.
    java.util.List<String> off = Fidelity.of(yahoo, made, 0.2).failures();
    assertThat(off).hasSize(1);
    assertThat(off.get(0)).startsWith("counts: ").contains("expected");
    java.util.TreeMap<Long, Long> ones = new java.util.TreeMap<>();
    ones.put(1L, 90L);
    ones.put(2L, 10L);
    java.util.TreeMap<Long, Long> twos = new java.util.TreeMap<>();
    twos.put(1L, 80L);
    twos.put(2L, 20L);
    assertThat(Fidelity.distance(ones, twos)).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(Fidelity.distance(ones, ones)).isZero();
  }

  @Test
  void theSameSeedDrawsTheSameNamespaceAndAnotherSeedAnother() {
    ShapeModel a = ShapeModel.of(yahoo, 0.05, 1);
    ShapeModel b = ShapeModel.of(yahoo, 0.05, 1);
    ShapeModel c = ShapeModel.of(yahoo, 0.05, 2);
    assertThat(a.profile().json()).isEqualTo(b.profile().json());
    assertThat(c.files()).isEqualTo(a.files());
    assertThat(c.directories()).isEqualTo(a.directories());
    boolean differ = false;
    for (int i = 0; i < a.directories() && !differ; i++) {
      differ = a.files(i) != c.files(i) || a.subdirectories(i) != c.subdirectories(i);
    }
    assertThat(differ).as("another seed pairs the directories' counts otherwise").isTrue();
  }

  @Test
  void tenTimesTheSourceKeepsItsShape() {
    ShapeModel m = ShapeModel.of(yahoo, 10, 3);
    assertThat(m.files()).isEqualTo(10 * yahoo.path("files").asLong());
    assertThat(m.directories()).isEqualTo(1 + 10 * (yahoo.path("directories").asLong() - 1));
    // The model's own links: every directory's children point back to it.
    for (int i = 0; i < m.directories(); i += 997) {
      for (int c = 0; c < m.subdirectories(i); c++) {
        assertThat(m.parent(m.firstChild(i) + c)).isEqualTo(i);
        assertThat(m.depth(m.firstChild(i) + c)).isEqualTo(m.depth(i) + 1);
      }
    }
  }

  /**
   * The profile's largest directories are in the namespace as it lists them: at half of it the
   * larger half of them, at twice each of them twice, each with its files at its depth (issue
   * 44: planted, not left to the histogram's buckets). Below half none is planted: at a tenth
   * the largest (1,755 files) would hold 59 % of its depth's files.
   */
  @Test
  void theLargestDirectoriesArePlantedAsTheProfileListsThem() {
    java.util.List<JsonNode> listed = new java.util.ArrayList<>();
    yahoo.path("largestDirectories").forEach(listed::add);
    listed.sort((a, b) -> Long.compare(b.path("files").asLong(), a.path("files").asLong()));
    assertThat(listed).hasSize(ProfileBuilder.LARGEST);
    java.util.Map<String, Integer> tenth = new java.util.HashMap<>();
    ShapeModel small = ShapeModel.of(yahoo, 0.1, 3);
    for (int i = 0; i < small.directories(); i++) {
      tenth.merge(small.depth(i) + ":" + small.files(i), 1, Integer::sum);
    }
    assertThat(tenth).doesNotContainKey("9:1755");
    for (double scale : new double[] {0.5, 2}) {
      ShapeModel m = ShapeModel.of(yahoo, scale, 3);
      java.util.Map<String, Integer> made = new java.util.HashMap<>();
      for (int i = 0; i < m.directories(); i++) {
        made.merge(m.depth(i) + ":" + m.files(i), 1, Integer::sum);
      }
      java.util.Map<String, Integer> planted = new java.util.HashMap<>();
      for (long j = 0; j < Math.round(scale * listed.size()); j++) {
        JsonNode d = listed.get((int) (j % listed.size()));
        planted.merge(d.path("depth").asInt() + ":" + d.path("files").asLong(), 1, Integer::sum);
      }
      for (java.util.Map.Entry<String, Integer> e : planted.entrySet()) {
        assertThat(made.getOrDefault(e.getKey(), 0)).as("scale %s, depth:files %s", scale,
            e.getKey()).isGreaterThanOrEqualTo(e.getValue());
      }
    }
  }

  @Test
  void drawnValuesKeepTheirSharesAndSumExactly() throws Exception {
    JsonNode h = new ObjectMapper().readTree("[[0,40],[1,30],[5,20],[50,10]]");
    int[] v = ShapeModel.draw(h, 1_000, 6_600, new Random(1));
    long sum = 0;
    int zeros = 0;
    int ones = 0;
    for (int x : v) {
      sum += x;
      zeros += x == 0 ? 1 : 0;
      ones += x == 1 ? 1 : 0;
    }
    // Quantiles sum to 6,300 here; the 300 more go to the largest values, the small ones kept.
    assertThat(sum).isEqualTo(6_600);
    assertThat(zeros).isEqualTo(400);
    assertThat(ones).isEqualTo(300);
    assertThat(ShapeModel.draw(new ObjectMapper().readTree("[]"), 4, 10, new Random(1)))
        .containsExactlyInAnyOrder(3, 3, 2, 2);
  }

  /**
   * Within the bounds from a hundredth of the reference (2,322 files) to three times it, every
   * count exact; at half a hundredth (1,161 files in 170 directories) its few directories can
   * no longer keep the files-per-directory shape, and the check says so.
   */
  @Test
  void theReferenceIsWithinTheBoundsFromAHundredthUpAndOutsideThemBelow() {
    for (double scale : new double[] {0.01, 0.03, 0.1, 1, 3}) {
      Fidelity f = Fidelity.of(yahoo, ShapeModel.of(yahoo, scale, 1).profile().json(), scale);
      assertThat(f.failures()).as("scale %s", scale).isEmpty();
      assertThat(f.countError()).as("scale %s", scale).isZero();
    }
    Fidelity tiny = Fidelity.of(yahoo, ShapeModel.of(yahoo, 0.005, 1).profile().json(), 0.005);
    assertThat(tiny.failures()).singleElement().asString()
        .startsWith("filesPerDirectory: KS distance 0.04");
  }

  @Test
  void aScaleThatCannotBeMadeIsRefusedInOneLine() {
    assertThatThrownBy(() -> ShapeModel.of(yahoo, 0, 1)).isInstanceOf(
        InvalidInputException.class).hasMessageStartingWith("the scale 0 makes no namespace: "
        + "give a scale above 0");
    ObjectNode one = yahoo.deepCopy();
    ObjectNode root = (ObjectNode) one.path("byDepth").get(0);
    root.remove("filesPerDirectory");
    assertThatThrownBy(() -> ShapeModel.of(one, 1, 1)).hasMessageContaining("(a profile of "
        + "version 1): make it again");
    // The root's ~200 subdirectories times 10,000: over HDFS's limit for one directory.
    assertThatThrownBy(() -> ShapeModel.of(yahoo, 10_000, 1)).hasMessageContaining(
        "more than HDFS's 1048576 a directory: give a smaller scale");
  }

  /**
   * The built-in profile {@code yahoo} is this reference, its {@code source} aside (which says
   * what it is). Run with {@code -Dmetabench.writeYahoo=<file>} to write it again.
   */
  @Test
  void theBuiltInYahooProfileIsTheReference() throws Exception {
    ShippedProfile.check("yahoo", yahoo, "A namespace of Yahoo's published shape (Mimesis): "
        + "files mostly 5-13 deep, up to 24; among directories with files 62 % hold one, 91 % at "
        + "most 10, 98.7 % at most 100, the largest 1,771; its file sizes and names are not "
        + "Yahoo's. Drawn by MetaBench's ShapeModelTest.");
  }
}
