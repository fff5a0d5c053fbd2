package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.MetaBench;
import io.metabench.testing.FaultyLocalFileSystem;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Ctrl-C and SIGTERM, sent to a real MetaBench process: the first stops the run after the
 * operations in flight and reports what completed, the second exits at once.
 */
@Isolated
class ITInterruption {
  @TempDir
  File scratch;

  private Process start(String... args) throws Exception {
    return startWithInt("DEFAULT", args);
  }

  /**
   * A MetaBench process whose SIGINT disposition is {@code intDisposition} ({@code DEFAULT} or
   * {@code IGNORE}), set by perl (Essential on Debian) before it execs the JVM: a child inherits
   * its parent's, and a test suite started in the background ignores SIGINT.
   */
  private Process startWithInt(String intDisposition, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(Arrays.asList("perl", "-e",
        "$SIG{INT} = '" + intDisposition + "'; $SIG{TERM} = 'DEFAULT'; exec @ARGV or die $!",
        new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-cp", System.getProperty("java.class.path"), MetaBench.class.getName()));
    cmd.addAll(Arrays.asList(args));
    // About stopping and resuming, not speed: no client warm-up before the phases.
    cmd.addAll(Arrays.asList("-clientWarmup", "0"));
    return new ProcessBuilder(cmd).redirectOutput(new File(scratch, "out.txt"))
        .redirectError(new File(scratch, "err.txt")).start();
  }

  private static void signal(Process p, String signal) throws Exception {
    long pid = (Long) Process.class.getMethod("pid").invoke(p); // JDK 9+; tests run on 17
    assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start()
        .waitFor()).isZero();
  }

  /**
   * Waits for {@code p} to exit; when it does not within {@code seconds}, fails with what it
   * printed and its threads' stacks (jcmd), so a stall shows where it is, then kills it.
   */
  private void exits(Process p, int seconds) throws Exception {
    if (p.waitFor(seconds, TimeUnit.SECONDS)) {
      return;
    }
    long pid = (Long) Process.class.getMethod("pid").invoke(p);
    File jcmd = new File(System.getProperty("java.home"), "bin/jcmd");
    String stacks;
    try {
      Process dump = new ProcessBuilder(jcmd.getPath(), Long.toString(pid), "Thread.print")
          .redirectErrorStream(true).start();
      stacks = new String(readAll(dump.getInputStream()), StandardCharsets.UTF_8);
      dump.waitFor(30, TimeUnit.SECONDS);
    } catch (java.io.IOException e) {
      stacks = "(no thread dump: " + e + ")";
    }
    p.destroyForcibly();
    throw new AssertionError("the run did not exit within " + seconds + " s of the signal\n"
        + "--- stderr\n" + read("err.txt") + "\n--- stdout\n" + read("out.txt")
        + "\n--- threads\n" + stacks);
  }

  private static byte[] readAll(java.io.InputStream in) throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0; ) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  private String read(String name) throws Exception {
    return new String(Files.readAllBytes(new File(scratch, name).toPath()),
        StandardCharsets.UTF_8);
  }

  private static void waitFor(File f) throws InterruptedException {
    for (int i = 0; i < 600 && !f.exists(); i++) {
      Thread.sleep(50);
    }
    assertThat(f).as("the run got going").exists();
  }

  @Test
  void theFirstSignalStopsTheRunAndReportsWhatCompleted() throws Exception {
    for (String signal : new String[] {"INT", "TERM"}) {
      File base = new File(scratch, "base-" + signal);
      File json = new File(scratch, signal + ".json");
      Process p = start("-operation", "create_write,open_read,delete", "-numFiles", "1000000",
          "-baseDir", base.toURI().toString(), "-jsonOut", json.getPath(), "-nnbenchLog", "",
          "-quiet");
      waitFor(new File(base, "data/map_0/thread_0/d_0/file_20"));
      signal(p, signal);
      exits(p, 60);
      assertThat(p.exitValue()).as(read("err.txt")).isEqualTo(130);

      assertThat(read("err.txt")).contains("metabench: SIG" + signal + ": finishing the "
          + "operations in flight");
      assertThat(read("out.txt")).contains("Stopped early (interrupted by SIG" + signal + ")");
      JsonNode r = new ObjectMapper().readTree(json);
      assertThat(r.get("partial").asBoolean()).isTrue();
      assertThat(r.get("interruptedBy").asText()).isEqualTo("interrupted by SIG" + signal);
      JsonNode create = r.get("phases").get(0);
      long made = create.get("successful").asLong();
      assertThat(made).isGreaterThan(20).isLessThan(1_000_000);
      assertThat(create.get("attempted").asLong()).isEqualTo(made);
      assertThat(r.get("notRun").toString()).isEqualTo("[\"open_read\",\"delete\"]");
      // nothing is removed without -cleanup: every file made is still there
      long files;
      try (java.util.stream.Stream<java.nio.file.Path> s = Files.walk(base.toPath())) {
        files = s.filter(f -> f.getFileName().toString().startsWith("file_")).count();
      }
      assertThat(files).isEqualTo(made);
    }
  }

  /**
   * A process started with SIGINT ignored (in the background, under nohup) says so at once, and
   * SIGTERM still stops it with a report.
   */
  @Test
  void withCtrlCIgnoredTheRunSaysSoAndSigtermStillReports() throws Exception {
    File base = new File(scratch, "base-ignored");
    File json = new File(scratch, "ignored.json");
    Process p = startWithInt("IGNORE", "-operation", "create_write", "-numFiles", "1000000", "-baseDir",
        base.toURI().toString(), "-jsonOut", json.getPath(), "-nnbenchLog", "", "-quiet");
    waitFor(new File(base, "data/map_0/thread_0/d_0/file_20"));
    assertThat(read("err.txt")).contains("metabench: SIGINT cannot be handled in this process")
        .contains("stop it with SIGTERM (kill PID), which reports what completed");
    signal(p, "TERM");
    exits(p, 60);
    assertThat(p.exitValue()).as(read("err.txt")).isEqualTo(130);
    assertThat(read("out.txt")).contains("Stopped early (interrupted by SIGTERM)");
  }

  /**
   * A study stopped in the middle of a run records that run as not run: none of its phases is a
   * figure in runs.csv, the summary or the knee (a phase cut short read as a 0 TPS iteration).
   */
  @Test
  void aStudyStoppedMidRunHasNoFigureFromTheRunItCut() throws Exception {
    File base = new File(scratch, "study-base");
    File out = new File(scratch, "study");
    // Every create takes 20 ms: each run creates for about 4 s, and the 2-thread one is cut.
    Process p = start("-D", "fs.faulty.impl=" + FaultyLocalFileSystem.class.getName(),
        "-D", FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=20", "-operation",
        "create_write,delete", "-threads", "1,2", "-iterations", "1", "-numFiles", "200",
        "-baseDir", "faulty://" + base.getAbsolutePath(), "-outDir", out.getPath(), "-quiet");
    // thread_1 exists only in the second run (2 threads)
    waitFor(new File(base, "data/map_0/thread_1/file_2"));
    signal(p, "TERM");
    exits(p, 60);
    assertThat(p.exitValue()).as(read("err.txt")).isEqualTo(130);
    List<String> runs = Files.readAllLines(new File(out, "runs.csv").toPath(),
        StandardCharsets.UTF_8);
    int whole = 0;
    for (String row : runs.subList(1, runs.size())) {
      String[] f = row.split(",", -1);
      // target,fs,phase,threads,maps,iteration,...,error
      if ("2".equals(f[3])) {
        assertThat(f[f.length - 1]).as(row).contains("stopped before it finished")
            .contains("SIGTERM");
        assertThat(f[7]).as("no count for a run that did not finish: " + row).isEmpty();
      } else {
        assertThat(f[f.length - 1]).as(row).isEmpty();
        assertThat(Long.parseLong(f[7])).as(row).isEqualTo(200);
        whole++;
      }
    }
    assertThat(whole).as("the 1-thread run's phases").isEqualTo(2);
    String summary = new String(Files.readAllBytes(new File(out, "summary.csv").toPath()),
        StandardCharsets.UTF_8);
    assertThat(summary).as("no summary row at 2 threads").doesNotContainPattern("(?m)^[^,]*,"
        + "[^,]*,[a-z_]+,2,");
    assertThat(read("out.txt")).contains("not run: ").contains("at 2 threads, iteration 1: "
        + "stopped before it finished (interrupted by SIGTERM)");
  }

  @Test
  void aSecondSignalExitsAtOnceWithoutWaitingForTheOperationInFlight() throws Exception {
    File base = new File(scratch, "hung");
    File json = new File(scratch, "hung.json");
    // every create hangs for 30 s: the first signal cannot finish quickly
    Process p = start("-D", "fs.faulty.impl=" + FaultyLocalFileSystem.class.getName(),
        "-D", FaultyLocalFileSystem.CREATE_DELAY_MILLIS + "=30000", "-operation",
        "create_write", "-numFiles", "5", "-baseDir", "faulty://" + base.getAbsolutePath(),
        "-jsonOut", json.getPath(), "-nnbenchLog", "", "-quiet");
    waitFor(new File(base, "data/map_0/thread_0"));
    Thread.sleep(500);
    signal(p, "INT");
    Thread.sleep(300);
    long before = System.nanoTime();
    signal(p, "INT");
    exits(p, 10);
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - before)).isLessThan(10);
    assertThat(p.exitValue()).isEqualTo(130);
    assertThat(read("err.txt")).contains("SIGINT again: exiting at once, without a report");
    assertThat(json).doesNotExist();
  }

  @Test
  void aKilledRunLeavesThePerSecondSeriesItMeasured() throws Exception {
    File base = new File(scratch, "killed");
    File series = new File(scratch, "killed.series.csv");
    Process p = start("-operation", "create_write", "-numFiles", "1000000", "-baseDir",
        base.toURI().toString(), "-jsonOut", new File(scratch, "killed.json").getPath(),
        "-nnbenchLog", "", "-quiet");
    waitFor(new File(base, "data/map_0/thread_0/d_0/file_20"));
    Thread.sleep(2500); // a couple of whole seconds
    signal(p, "KILL");
    exits(p, 30);
    List<String> lines = Files.readAllLines(series.toPath(), StandardCharsets.UTF_8);
    assertThat(lines.get(0)).isEqualTo("phase,second,interval_s,ok,failed,tps,p50_ms,p99_ms,"
        + "max_ms");
    assertThat(lines.size()).isGreaterThanOrEqualTo(3);
    long ok = 0;
    List<Long> perSecond = new java.util.ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      assertThat(f[0]).isEqualTo("create_write");
      ok += Long.parseLong(f[3]);
      perSecond.add(Long.parseLong(f[3]));
    }
    assertThat(ok).isPositive();
    assertThat(new File(scratch, "killed.json")).doesNotExist();
    // Beside it, the same seconds' latencies in an HdrHistogram log its own reader reads.
    List<Long> logged = new java.util.ArrayList<>();
    try (org.HdrHistogram.HistogramLogReader in = new org.HdrHistogram.HistogramLogReader(
        new File(scratch, "killed.series.hlog"))) {
      for (org.HdrHistogram.EncodableHistogram h = in.nextIntervalHistogram(); h != null;
          h = in.nextIntervalHistogram()) {
        assertThat(h.getTag()).isEqualTo("create_write");
        logged.add(((org.HdrHistogram.Histogram) h).getTotalCount());
      }
    }
    assertThat(logged).isEqualTo(perSecond);
  }
}
