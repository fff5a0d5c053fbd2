package io.metabench.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.metabench.path.PrefillSizes;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Names in the profile's classes: each name is of the class it was drawn for, the classes come
 * in the profile's shares, names are unique in a directory (files and directories alike), the
 * same seed gives the same names; a profile without classes, and a namespace recorded before
 * them, get the plain names.
 */
class ClassNamesTest {
  private static JsonNode profileWith(String fileClasses, String dirClasses) throws Exception {
    ObjectNode p = new ObjectMapper().createObjectNode();
    ObjectNode names = p.putObject("names");
    names.set("fileClasses", new ObjectMapper().readTree(fileClasses));
    names.set("directoryClasses", new ObjectMapper().readTree(dirClasses));
    return p;
  }

  @Test
  void namesAreOfTheirClassInTheProfilesSharesAndUniqueInADirectory() throws Exception {
    ClassNames n = ClassNames.of(profileWith("{\"part-N\":50,\"key=value\":10,\"hidden\":10,"
        + "\"numeric\":10,\"name.ext\":10,\"other\":10}", "{\"key=value\":60,\"other\":20,"
        + "\"numeric\":10,\"part-N\":5,\"hidden\":3,\"name.ext\":2}"), 7);
    Map<NameClass, Integer> files = new EnumMap<>(NameClass.class);
    Set<String> inOneDirectory = new HashSet<>();
    int total = 20_000;
    for (int i = 0; i < total; i++) {
      String f = n.file(1_000_000 + i, i);
      files.merge(NameClass.of(f), 1, Integer::sum);
      assertThat(inOneDirectory.add(f)).as(f).isTrue();
    }
    Map<NameClass, Integer> dirs = new EnumMap<>(NameClass.class);
    for (int k = 0; k < total; k++) {
      String d = n.dir(5_000 + k, k);
      dirs.merge(NameClass.of(d), 1, Integer::sum);
      assertThat(inOneDirectory.add(d)).as(d).isTrue();
    }
    assertThat(files.get(NameClass.PART) / (double) total).isBetween(0.48, 0.52);
    for (NameClass c : new NameClass[] {NameClass.KEY_VALUE, NameClass.HIDDEN,
        NameClass.NUMERIC, NameClass.WITH_EXTENSION, NameClass.OTHER}) {
      assertThat(files.get(c) / (double) total).as(c.label).isBetween(0.09, 0.11);
    }
    assertThat(dirs.get(NameClass.KEY_VALUE) / (double) total).isBetween(0.58, 0.62);
    assertThat(dirs.get(NameClass.WITH_EXTENSION) / (double) total).isBetween(0.015, 0.025);
    // The same seed, the same names; another, others.
    ClassNames again = ClassNames.of(profileWith("{\"part-N\":50,\"other\":50}", "{}"), 7);
    assertThat(again.file(12, 3)).isEqualTo(ClassNames.of(profileWith("{\"part-N\":50,"
        + "\"other\":50}", "{}"), 7).file(12, 3));
    assertThat(again.dir(9, 4)).isEqualTo("d_4");
  }

  @Test
  void yahoosNamespaceIsOfPartFilesAndItsRecordSaysSo() {
    ShapedTree t = new ShapedTree(new Path("/r"), ShapeProfile.load("yahoo"), 0.01, 4,
        PrefillSizes.EMPTY_FILES);
    // Its files' class is part-N, numbered in their directory; its directories' other.
    long u = t.unitOf(0);
    for (long i = t.firstFile(u); i < t.firstFile(u + 1); i++) {
      assertThat(t.fileName(i)).isEqualTo(String.format("part-%05d", i - t.firstFile(u)));
    }
    assertThat(t.unitDir(1).getName()).isEqualTo("d_0");
    assertThat(t.identity()).containsEntry(ShapedTree.NAMES, ShapedTree.CLASSES);
    ShapedTree before = new ShapedTree(new Path("/r"), ShapeProfile.load("yahoo"), 0.01, 4,
        PrefillSizes.EMPTY_FILES, false);
    assertThat(before.fileName(5)).isEqualTo("file_5");
    assertThat(before.identity()).doesNotContainKey(ShapedTree.NAMES);
  }
}
