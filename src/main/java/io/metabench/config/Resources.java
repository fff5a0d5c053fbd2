package io.metabench.config;

import io.metabench.core.InvalidInputException;
import io.metabench.core.Suggestions;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The configuration resources options load: workload files ({@code -workload}) and a directory
 * of site files ({@code -confDir}). Stateless.
 */
public final class Resources {
  /** Where the shipped workload files are on the classpath: {@code -workload NAME} finds them. */
  public static final String WORKLOADS = "metabench/workloads/";

  /** Every file of {@link #WORKLOADS}, by name; a test checks this list against the files. */
  public static final List<String> SHIPPED_WORKLOADS = java.util.Collections.unmodifiableList(
      Arrays.asList("nnbench-classic", "curvine-meta-bench", "jindofs-at-scale",
          "dfs-perf-metadata", "dfs-perf-mixture", "hdfs-vs-local", "hdfs-oss-juicefs",
          "wide-directory", "hive-partitions", "deep-paths", "small-files"));

  private static final String[] SITE_FILE_ORDER = {"core-site.xml", "hdfs-site.xml"};

  private Resources() {
  }

  /** The names -workload knows without a path, comma-separated. */
  public static String shippedWorkloads() {
    return String.join(", ", SHIPPED_WORKLOADS);
  }

  /**
   * Adds a workload file, or the shipped workload of that name, to {@code conf}, and loads it now
   * so that a malformed file is refused here.
   *
   * @param option the option as given ({@code -workload} or {@code -study}), for the message
   * @throws InvalidInputException when it is neither, or not a Hadoop configuration file
   */
  static void loadWorkload(String option, String fileOrName, Configuration conf) {
    File f = new File(fileOrName);
    if (f.isFile()) {
      conf.addResource(new Path(f.getAbsoluteFile().toURI()));
    } else if (!f.exists() && !fileOrName.contains("/")
        && Resources.class.getClassLoader().getResource(WORKLOADS + fileOrName + ".xml") != null) {
      conf.addResource(WORKLOADS + fileOrName + ".xml");
    } else {
      throw new InvalidInputException(option + " " + fileOrName + (f.exists() ? " is not a file"
          : " does not exist" + Suggestions.didYouMean(fileOrName, SHIPPED_WORKLOADS, ""))
          + ": give a workload file, or the name of a shipped one (" + shippedWorkloads()
          + "; -help workloads shows what each runs)");
    }
    try {
      conf.get(ConfigKeys.OPERATIONS); // loads the resource now
    } catch (RuntimeException e) {
      throw new InvalidInputException(option + " " + fileOrName + " is not a Hadoop "
          + "configuration file: " + e.getMessage());
    }
  }

  /**
   * A shipped workload in words: its file's first comment paragraph (what it reproduces) and its
   * settings as the command-line options they stand for ({@code -threads 1 -cleanup}), for
   * {@code -help workloads}.
   *
   * @return {description, options}
   */
  public static String[] describeWorkload(String name) {
    String resource = WORKLOADS + name + ".xml";
    String text;
    try (java.io.InputStream in = Resources.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no shipped workload " + name);
      }
      java.util.Scanner scanner = new java.util.Scanner(in, "UTF-8").useDelimiter("\\A");
      text = scanner.hasNext() ? scanner.next() : "";
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
    java.util.regex.Matcher comment = java.util.regex.Pattern
        .compile("<!--\\s*(.*?)(?:\\n\\s*\\n|-->)", java.util.regex.Pattern.DOTALL).matcher(text);
    String description = comment.find() ? comment.group(1).replaceAll("\\s+", " ").trim() : "";
    Configuration conf = new Configuration(false);
    conf.addResource(resource);
    return new String[] {description, OptionNames.asOptions(conf)};
  }

  /**
   * Adds every {@code *-site.xml} of {@code dir}: core-site.xml first, then hdfs-site.xml (later
   * resources win, so the file system's own file overrides the core one), then the rest by name.
   *
   * @throws InvalidInputException when {@code dir} is not a directory
   */
  static void loadConfDir(String dir, Configuration conf) {
    File d = new File(dir);
    if (!d.isDirectory()) {
      throw new InvalidInputException("-confDir " + dir + (d.exists() ? " is not a directory"
          : " does not exist") + ": give the directory holding core-site.xml and the file "
          + "system's *-site.xml");
    }
    File[] files = d.listFiles((f, name) -> name.endsWith("-site.xml"));
    Arrays.sort(files, (a, b) -> Integer.compare(rank(a.getName()), rank(b.getName())) != 0
        ? Integer.compare(rank(a.getName()), rank(b.getName()))
        : a.getName().compareTo(b.getName()));
    for (File f : files) {
      conf.addResource(new Path(f.getAbsoluteFile().toURI()));
    }
  }

  private static int rank(String name) {
    for (int i = 0; i < SITE_FILE_ORDER.length; i++) {
      if (SITE_FILE_ORDER[i].equals(name)) {
        return i;
      }
    }
    return SITE_FILE_ORDER.length;
  }
}
