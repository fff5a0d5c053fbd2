package io.metabench.namespace;

import java.util.regex.Pattern;

/**
 * The class of an entry's name, which a profile keeps instead of the name: the patterns that
 * shape production namespaces (MapReduce and Spark output {@code part-00000}, Hive partitions
 * {@code dt=2024-01-01}, markers and staging {@code _SUCCESS} {@code .staging}), first match
 * wins. Stateless.
 */
enum NameClass {
  /** {@code part-00000}, {@code part-r-00001}, {@code part-00000-<uuid>.snappy.parquet}. */
  PART("part-N"),
  /** {@code key=value}: a Hive-style partition. */
  KEY_VALUE("key=value"),
  /** Starts with {@code .} or {@code _}: hidden, markers, staging. */
  HIDDEN("hidden"),
  /** Digits only: a date, an id, a timestamp. */
  NUMERIC("numeric"),
  /** A name with an extension of 1 to 8 letters or digits: {@code data.csv}. */
  WITH_EXTENSION("name.ext"),
  /** Anything else. */
  OTHER("other");

  private static final Pattern PART_NAME = Pattern.compile("part-([a-z]-)?\\d+.*");
  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final Pattern EXTENSION = Pattern.compile(".+\\.[A-Za-z0-9]{1,8}");

  final String label;

  NameClass(String label) {
    this.label = label;
  }

  static NameClass of(String name) {
    if (PART_NAME.matcher(name).matches()) {
      return PART;
    }
    if (name.indexOf('=') > 0) {
      return KEY_VALUE;
    }
    if (name.startsWith(".") || name.startsWith("_")) {
      return HIDDEN;
    }
    if (DIGITS.matcher(name).matches()) {
      return NUMERIC;
    }
    return EXTENSION.matcher(name).matches() ? WITH_EXTENSION : OTHER;
  }
}
