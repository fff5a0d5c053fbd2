package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The older Hadoop lines the thin jar is tested on, and the thin jar run on one as {@code hadoop
 * jar} runs it: {@code org.apache.hadoop.util.RunJar} with that line's client jars first on the
 * class path. Each line's class path is resolved by Maven at pre-integration-test
 * (src/test/hadoop-lines) into the directory the system property {@value #DIR_PROPERTY} names,
 * once for every test that uses it.
 */
public final class HadoopLines {
  public static final String DIR_PROPERTY = "metabench.hadoop.lines.dir";
  /** The client lines besides the build's own 3.4: the last 2.x, HDP 3/CDP 7.1, EMR 6, 3.3. */
  public static final List<String> CLIENT_LINES =
      Collections.unmodifiableList(Arrays.asList("2.10.2", "3.1.4", "3.2.4", "3.3.6"));
  /** The 2.10 line's test clusters (MiniDFSCluster, MiniMRYarnCluster), by {@link #classpath}. */
  public static final String HADOOP_2_SERVER = "hadoop-2.10.2-server";

  private static final File THIN_JAR = new File(System.getProperty("metabench.thin.jar", ""));
  private static final File PROJECT =
      new File(System.getProperty("metabench.project.dir", "."));

  private HadoopLines() {
  }

  /**
   * The class path Maven resolved for {@code name} (a line of {@link #CLIENT_LINES} or {@link
   * #HADOOP_2_SERVER}).
   *
   * @throws IllegalStateException when it was not resolved (the test ran outside Maven's
   *     integration-test phases)
   */
  public static String classpath(String name) throws IOException {
    File f = new File(System.getProperty(DIR_PROPERTY, ""), name + ".classpath");
    if (!f.isFile()) {
      throw new IllegalStateException("Hadoop " + name + "'s class path is not resolved: run "
          + "through Maven's pre-integration-test phase (" + f + ")");
    }
    return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8).trim();
  }

  /** The thin jar run on {@code line}'s client class path with {@code args}, for at most 4 min. */
  public static ScriptRun runJar(String line, File dir, File captures, String... args)
      throws IOException, InterruptedException {
    return runJar(line, null, dir, captures, args);
  }

  /**
   * The same with a cluster's client configuration directory first on the class path, as
   * {@code hadoop jar} puts {@code HADOOP_CONF_DIR} (null: none).
   */
  public static ScriptRun runJar(String line, File confDir, File dir, File captures,
      String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    // What is checked is that each call links and works on the line, not its figures.
    cmd.add(ScriptRun.QUICK_JIT);
    // As `hadoop jar` does: the cluster's log4j.properties, its jars, then RunJar with the jar.
    cmd.add("-Dlog4j.configuration=file:" + new File(PROJECT, "conf/log4j.properties"));
    cmd.add("-Dhadoop.tmp.dir=" + new File(dir, "hadoop-tmp"));
    cmd.add("-cp");
    cmd.add((confDir == null ? "" : confDir.getPath() + File.pathSeparator) + classpath(line));
    cmd.add("org.apache.hadoop.util.RunJar");
    cmd.add(THIN_JAR.getPath());
    cmd.addAll(Arrays.asList(args));
    return ScriptRun.exec(dir, captures, null, 4, cmd.toArray(new String[0]));
  }
}
