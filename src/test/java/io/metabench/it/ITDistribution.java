package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.metabench.testing.ScriptRun;
import java.io.DataInputStream;
import java.io.File;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two packaged outputs, as users run them: the thin jar (what {@code hadoop jar} gets) and the
 * standalone distribution through scripts/meta-bench.sh. Runs after {@code package}.
 */
class ITDistribution {
  private static final File PROJECT = new File(System.getProperty("metabench.project.dir", "."));
  private static final File THIN_JAR = new File(System.getProperty("metabench.thin.jar", ""));
  private static final File DIST = new File(System.getProperty("metabench.dist.dir", ""));

  @TempDir
  File work;
  @TempDir
  File captures;

  @Test
  void theThinJarRunsOnJava8AndBundlesOnlyRelocatedLibraries() throws Exception {
    try (JarFile jar = new JarFile(THIN_JAR)) {
      assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo("io.metabench.MetaBench");
      List<String> names = new ArrayList<>();
      for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements();) {
        names.add(e.nextElement().getName());
      }
      assertThat(names).anyMatch(n -> n.startsWith("io/metabench/shaded/commons/cli/"));
      assertThat(names).anyMatch(n -> n.startsWith("io/metabench/shaded/hdrhistogram/"));
      assertThat(names).noneMatch(n -> n.startsWith("org/apache/commons/cli/"))
          .noneMatch(n -> n.startsWith("org/HdrHistogram/"))
          .noneMatch(n -> n.startsWith("org/apache/hadoop/"))
          .noneMatch(n -> n.startsWith("org/slf4j/"));
      // Every class runs on Java 8, the relocated libraries' too: MetaBench's own are built
      // for it (release 8), the libraries' may be older.
      for (String n : names) {
        if (n.endsWith(".class")) {
          try (InputStream in = jar.getInputStream(jar.getEntry(n))) {
            DataInputStream d = new DataInputStream(in);
            d.readInt();
            d.readUnsignedShort();
            int major = d.readUnsignedShort();
            if (n.startsWith("io/metabench/shaded/")) {
              assertThat(major).as(n).isLessThanOrEqualTo(52);
            } else {
              assertThat(major).as(n).isEqualTo(52);
            }
          }
        }
      }
    }
  }

  @Test
  void theThinJarRunsOnAHadoopClasspath() throws Exception {
    // What `hadoop jar` does: Hadoop's jars (with its own commons-cli) first, then the thin jar.
    StringBuilder cp = new StringBuilder();
    for (File f : new File(DIST, "lib").listFiles()) {
      if (!f.getName().startsWith("metabench-")) {
        cp.append(f.getPath()).append(File.pathSeparator);
      }
    }
    cp.append(THIN_JAR.getPath());
    String base = new File(work, "bench").toURI().toString();
    ScriptRun r = exec(null, javaCommand("-cp", cp.toString(), "io.metabench.MetaBench",
        "-operation", "create_write,open_read,rename,delete", "-threads", "2", "-numFiles", "10",
        "-baseDir", base));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).contains("create_write").contains("All operations succeeded.");
  }

  @Test
  void theScriptRunsEveryPhaseOnTheEmbeddedHdfs() throws Exception {
    Map<String, String> env = new java.util.HashMap<>();
    env.put("THREADS", "2");
    env.put("NUM_FILES", "20");
    ScriptRun r = exec(env, script("all"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    for (String phase : new String[] {"create_write", "open_read", "rename", "delete", "mkdirs",
        "rmdir"}) {
      assertThat(r.stdout).containsPattern("(?m)^" + phase + " +2 +40 +0 ");
    }
    assertThat(r.stdout).contains("(embedded HDFS)");
    // The working directory gets the NNBench log, where NNBench writes it, and one directory
    // holding a directory per run: nothing else.
    assertThat(work.list()).containsExactlyInAnyOrder("NNBench_results.log", "metabench-results");
    String[] runs = new File(work, "metabench-results").list();
    assertThat(runs).hasSize(1);
    assertThat(runs[0]).matches("\\d{8}-\\d{6}-all-embedded-hdfs");
    assertThat(new File(work, "metabench-results/" + runs[0]).list())
        .containsExactlyInAnyOrder("result.json", "series.csv", "series.hlog");
    // The script's JVM compiles with C2 alone (META_BENCH_JIT), and the result says so.
    assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(new File(work,
        "metabench-results/" + runs[0] + "/result.json")).get("provenance").get("jvmArguments")
        .toString()).contains("\"-XX:-TieredCompilation\"");
  }

  @Test
  void theScriptPassesAnNNBenchCommandLineUnchangedAndAcceptsEitherDialect() throws Exception {
    String base = new File(work, "nn").toURI().toString();
    ScriptRun create = exec(null, script("-D", "dfs.replication=1", "-operation", "create_write",
        "-numberOfFiles", "6", "-baseDir", base, "-jsonOut", "create.json"));
    assertThat(create.exitCode).as(create.toString()).isZero();
    assertThat(create.stdout).containsPattern("(?m)^create_write +1 +6 +0 ");

    Map<String, String> env = new java.util.HashMap<>();
    env.put("THREADS", "1");
    env.put("NUM_FILES", "6");
    env.put("BASE_DIR", base);
    ScriptRun open = exec(env, script("openRead", "-jsonOut", "open.json"));
    assertThat(open.exitCode).as(open.toString()).isZero();
    assertThat(open.stdout).containsPattern("(?m)^open_read +1 +6 +0 ");
  }

  /**
   * On {@code file://} the default client forks nothing and writes no checksum files, through
   * every phase that sets or reads permissions; {@code -localClient hadoop} is still Hadoop's
   * LocalFileSystem, with its forked {@code chmod} and its {@code .crc} files. Each fork is seen
   * by putting logging stand-ins for chmod, chown, ls and stat first on the PATH (they run the
   * real command); a call whose parent is the JVM is one Hadoop's client made.
   */
  @Test
  void onTheLocalFileSystemNothingIsForkedUnlessHadoopsClientIsAskedFor() throws Exception {
    File bin = new File(work, "logging-bin");
    File calls = new File(work, "calls.log");
    bin.mkdirs();
    for (String tool : new String[] {"chmod", "chown", "ls", "stat"}) {
      File f = new File(bin, tool);
      java.nio.file.Files.write(f.toPath(), ("#!/bin/sh\necho \"$(cat /proc/$PPID/comm) " + tool
          + " $*\" >> '" + calls + "'\nPATH=/usr/bin:/bin exec " + tool + " \"$@\"\n")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      assertThat(f.setExecutable(true)).isTrue();
    }
    Map<String, String> env = new java.util.HashMap<>();
    env.put("PATH", bin + ":" + System.getenv("PATH"));
    File posixBase = new File(work, "posix");
    ScriptRun posix = exec(env, script("-operation",
        "create_write,stat,chmod,list,open_read,mkdirs", "-threads", "2", "-numberOfFiles", "5",
        "-baseDir", posixBase.toURI().toString(), "-jsonOut", "posix.json"));
    assertThat(posix.exitCode).as(posix.toString()).isZero();
    assertThat(posix.stdout).contains("per-worker POSIX clients");
    assertThat(new String(java.nio.file.Files.readAllBytes(new File(work, "posix.json").toPath()),
        java.nio.charset.StandardCharsets.UTF_8)).contains("\"localClient\": \"posix\"");
    String forked = calls.exists() ? new String(java.nio.file.Files.readAllBytes(calls.toPath()),
        java.nio.charset.StandardCharsets.UTF_8) : "";
    assertThat(forked).as("commands the JVM forked").doesNotContainPattern("(?m)^java ");
    assertThat(crcFiles(posixBase)).isEmpty();

    File hadoopBase = new File(work, "hadoop");
    ScriptRun hadoop = exec(env, script("-operation", "create_write,chmod", "-numberOfFiles", "3",
        "-baseDir", hadoopBase.toURI().toString(), "-localClient", "hadoop"));
    assertThat(hadoop.exitCode).as(hadoop.toString()).isZero();
    assertThat(hadoop.stdout).contains("per-worker Hadoop LocalFileSystem clients");
    assertThat(new String(java.nio.file.Files.readAllBytes(calls.toPath()),
        java.nio.charset.StandardCharsets.UTF_8)).containsPattern("(?m)^java chmod ");
    assertThat(crcFiles(hadoopBase)).isNotEmpty();
  }

  private static List<String> crcFiles(File dir) throws java.io.IOException {
    try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.walk(dir.toPath())) {
      return s.map(java.nio.file.Path::toString).filter(n -> n.endsWith(".crc"))
          .collect(java.util.stream.Collectors.toList());
    }
  }

  @Test
  void theScriptPassesBadInputsExitCodeThrough() throws Exception {
    ScriptRun r = exec(null, script("createWrit"));
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("unknown operation 'createWrit'");
  }

  /** The commands' words go to MetaBench as they are, not as an operation's name. */
  @Test
  void theScriptPassesTheProfileAndImageCommandsThrough() throws Exception {
    String script = new File(PROJECT, "scripts/meta-bench.sh").getPath();
    ScriptRun profile = exec(null, new String[] {script, "profile", "no-such-fsimage"});
    assertThat(profile.exitCode).as(profile.toString()).isEqualTo(2);
    assertThat(profile.stderr).contains("no-such-fsimage does not exist or is not a file");
    ScriptRun image = exec(null, new String[] {script, "image", "-prefillFiles", "10"});
    assertThat(image.exitCode).as(image.toString()).isEqualTo(2);
    assertThat(image.stderr).contains("image needs -nameDir");
  }

  private String[] script(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(PROJECT, "scripts/meta-bench.sh").getPath());
    cmd.addAll(Arrays.asList(args));
    // The warm-up runs, bounded: a cold JVM's would take most of the test's time.
    cmd.addAll(Arrays.asList("-clientWarmup", "1"));
    return cmd.toArray(new String[0]);
  }

  private static String[] javaCommand(String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    cmd.add("-Dlog4j.configuration=file:" + new File(DIST, "conf/log4j.properties"));
    cmd.addAll(Arrays.asList(args));
    return cmd.toArray(new String[0]);
  }

  private ScriptRun exec(Map<String, String> env, String... cmd) throws Exception {
    return ScriptRun.exec(work, captures, env, 5, cmd);
  }
}
