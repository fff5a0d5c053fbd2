package io.metabench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.testing.CappedFileSystem;
import io.metabench.testing.MetaBenchRun;
import java.io.File;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A capacity search against a metadata service of known capacity ({@link CappedFileSystem}: k
 * servers of a fixed service time s, so it holds k ÷ s stats a second, a call taking s below
 * that and the queue growing without bound above it). Under a bound of 10-20 service times, which
 * that model holds at any rate under its capacity (its steady arrivals never queue; the client's
 * scheduling on two cores adds a little) and breaks within a 2 s step from 1 % above it (the
 * backlog's wait at the step's end is the excess share × the step's length), the search
 * finds the capacity within 2.5 %; where the capacity is above what this client can offer, it
 * says so and reports no store limit.
 */
@Isolated
class ITCapacity {
  @TempDir
  File scratch;

  private MetaBenchRun search(int servers, long serviceMicros, int threads, String bound,
      String... more) throws Exception {
    return search(servers, serviceMicros, new String[] {"-operation", "stat", "-threads",
        Integer.toString(threads), "-capacity", bound}, more);
  }

  private MetaBenchRun search(int servers, long serviceMicros, String[] what, String... more)
      throws Exception {
    Configuration conf = new Configuration();
    conf.setClass("fs.capped.impl", CappedFileSystem.class, FileSystem.class);
    conf.setInt(CappedFileSystem.SERVERS, servers);
    conf.setLong(CappedFileSystem.SERVICE_MICROS, serviceMicros);
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList(what));
    // No settling unless a test asks: the capped service has no start of its own to settle,
    // these tests judge the search (the settling has tests of its own), and the suite's time is
    // short.
    if (!java.util.Arrays.asList(more).contains("-capacitySettle")) {
      args.addAll(java.util.Arrays.asList("-capacitySettle", "0"));
    }
    args.addAll(java.util.Arrays.asList("-numFiles", "20", "-clientWarmup", "0",
        "-capacityStep", "2", "-baseDir",
        CappedFileSystem.uriOf(new File(scratch, "b" + servers + "-" + serviceMicros)),
        "-outDir", new File(scratch, "out" + servers + "-" + serviceMicros).getPath()));
    args.addAll(java.util.Arrays.asList(more));
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, args.toArray(new String[0]));
    System.out.println("=== ITCapacity: " + servers + " servers of " + serviceMicros + " us\n"
        + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    return r;
  }

  private static void foundWithin(MetaBenchRun r, double capacity) throws Exception {
    foundWithin(r, capacity, "stat", 0.025);
  }

  private static void foundWithin(MetaBenchRun r, double capacity, String subject,
      double precision) throws Exception {
    JsonNode answer = r.json().path("answer");
    double held = answer.path("heldPerSecond").asDouble();
    assertThat(answer.path("clientLimited").asBoolean()).as(r.stdout).isFalse();
    assertThat(Math.abs(held - capacity) / capacity).as(r.stdout).isLessThanOrEqualTo(precision);
    assertThat(answer.path("brokeAtPerSecond").asDouble()).isGreaterThan(held);
    assertThat(r.stdout).contains(String.format(Locale.ROOT, "%s holds %s ops/s at p99 <= ",
        subject, io.metabench.stats.capacity.CapacityResult.rate(held)));
    // Every step carries its whole run, and the steps' files are there.
    JsonNode steps = r.json().path("steps");
    assertThat(steps.size()).isGreaterThan(3);
    assertThat(steps.get(1).path("run").path("phases").get(0).path("operation").asText())
        .isEqualTo(subject.startsWith("the mix ") ? "mix:stat" : subject);
  }

  /**
   * A mix of stats and exists, each one call to the capped service: the mix holds what the
   * service does, 500 calls a second (one server of 2 ms; a 20 ms bound, ten service times, which
   * 24 workers judge at that rate), each operation judged by its own bound too, and its answer
   * checked 10 % below (held) and above (broken); its page draws
   * each operation's latency against the rate offered, with the bound and the answer. Both
   * operations leave their items as they are: the items are made once, before the first step.
   */
  @Test
  void aMixIsFoundAtTheRateOfItsWholeWithin2Point5Percent() throws Exception {
    MetaBenchRun r = search(1, 2_000, new String[] {"-mix", "stat:3,exists:1", "-threads", "24",
        "-capacity", "p99=20ms,exists:p99=20ms", "-capacityCheck", "10"});
    foundWithin(r, 500, "the mix stat:3,exists:1", 0.025);
    // Checked after the search, 10 % below and above its answer: held, then broken.
    JsonNode check = r.json().path("answer").path("check");
    double held = r.json().path("answer").path("heldPerSecond").asDouble();
    assertThat(check.path("belowPerSecond").asDouble()).isCloseTo(0.9 * held,
        org.assertj.core.data.Offset.offset(0.01 * held));
    assertThat(check.path("abovePerSecond").asDouble()).isCloseTo(1.1 * held,
        org.assertj.core.data.Offset.offset(0.01 * held));
    assertThat(check.path("below").asText()).as(r.stdout).isEqualTo("held");
    assertThat(check.path("above").asText()).as(r.stdout).isEqualTo("broken");
    assertThat(check.path("consistent").asBoolean()).isTrue();
    assertThat(r.stdout).containsPattern("(?m)^step [0-9]+ \\(check\\): ")
        .contains("; checked at -/+10 %: ");
    // Made once (a create_write run before the probe), not made and removed by each step.
    for (JsonNode s : r.json().path("steps")) {
      assertThat(s.path("run").has("cleanup")).as(s.path("run").path("cleanup").toString())
          .isFalse();
    }
    assertThat(r.json().path("mix").asText()).isEqualTo("stat:3,exists:1");
    // A broken step names the operation whose bound it broke.
    assertThat(r.stdout).containsPattern("broken: (mix|stat|exists): ");

    // The page, opened as a person opens it: a chart for the mix and one for each operation,
    // every step's row as the JSON has it, the answer first.
    File page = new File(scratch, "out1-2000/report.html");
    JsonNode seen = io.metabench.testing.Browser.open(page, scratch);
    assertThat(seen.path("errors").size()).as(seen.path("errors").toString()).isZero();
    assertThat(seen.path("charts").size()).isEqualTo(3);
    for (JsonNode c : seen.path("charts")) {
      assertThat(c.path("width").asDouble()).as(c.toString()).isGreaterThan(100);
      assertThat(c.path("drawn").asInt()).as(c.toString()).isGreaterThan(10);
    }
    JsonNode rows = seen.path("tables").get(0).path("rows");
    JsonNode steps = r.json().path("steps");
    assertThat(rows.size()).isEqualTo(steps.size() + 1);
    for (int i = 0; i < steps.size(); i++) {
      String outcome = steps.get(i).path("outcome").asText();
      assertThat(rows.get(i + 1).get(8).asText()).startsWith(steps.get(i).path("outcome")
          .isNull() ? "(the search starts" : outcome);
    }
    assertThat(seen.path("data").path("answer").path("line").asText())
        .isEqualTo(r.json().path("answer").path("line").asText());
    File shots = new File("target/browser").getAbsoluteFile();
    assertThat(shots.isDirectory() || shots.mkdirs()).isTrue();
    io.metabench.testing.Browser.screenshot(page, new File(shots, "capacity.png"), scratch);
  }

  /**
   * A mix of stats beside exists calls pinned at 100 a second, both one call to the same service
   * of 500 a second: the search finds the 500 in all (400 of them the mix's), and every step it
   * held offered the exists at their own rate, whatever the mix's.
   */
  @Test
  void aPinnedOperationKeepsItsRateWhileTheMixIsScaled() throws Exception {
    MetaBenchRun r = search(1, 2_000, new String[] {"-mix", "stat:1", "-threads", "24",
        "-capacity", "p99=20ms", "-capacityPin", "exists:100"});
    JsonNode answer = r.json().path("answer");
    double held = answer.path("heldPerSecond").asDouble();
    assertThat(Math.abs(held - 500) / 500).as(r.stdout).isLessThanOrEqualTo(0.025);
    assertThat(answer.path("line").asText()).startsWith(String.format(Locale.ROOT,
        "the mix stat:1 with exists pinned at 100 ops/s holds %s ops/s in all (%s of the mix's) "
        + "at p99 <= 20 ms", io.metabench.stats.capacity.CapacityResult.rate(held),
        io.metabench.stats.capacity.CapacityResult.rate(held - 100)));
    assertThat(r.json().path("pinned").asText()).isEqualTo("exists:100");
    long exists = 0;
    double seconds = 0;
    int heldSteps = 0;
    for (JsonNode s : r.json().path("steps")) {
      if (!"held".equals(s.path("outcome").asText())) {
        continue;
      }
      heldSteps++;
      for (JsonNode p : s.path("run").path("phases")) {
        if (p.path("operation").asText().equals("mix:exists")) {
          exists += p.path("attempted").asLong();
          seconds += p.path("elapsedSeconds").asDouble();
        }
      }
    }
    // Each held step offered 100 exists a second, drawn at random: over the held steps' few
    // thousand operations the draws' chance is a few percent.
    assertThat(heldSteps).as(r.stdout).isGreaterThanOrEqualTo(2);
    assertThat(exists / seconds).as(r.stdout).isBetween(85.0, 115.0);
  }

  /**
   * Two processes started by hand ({@code -processes 2}, here two runs in this JVM, as ITMerge
   * starts them) search the one service of 500 a second together: each offers half of every
   * step, judges the two combined and so chooses what the other chooses; both find the 500
   * within 2.5 %, through the same steps, and the results they exchanged are removed.
   */
  @Test
  void processesStartedByHandSearchAsOne() throws Exception {
    Configuration conf = new Configuration();
    conf.setClass("fs.capped.impl", CappedFileSystem.class, FileSystem.class);
    conf.setInt(CappedFileSystem.SERVERS, 1);
    conf.setLong(CappedFileSystem.SERVICE_MICROS, 2_000);
    File base = new File(scratch, "processes");
    long start = System.currentTimeMillis() / 1000 + 3;
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors
        .newFixedThreadPool(2);
    java.util.List<java.util.concurrent.Future<MetaBenchRun>> runs = new java.util.ArrayList<>();
    for (int m = 0; m < 2; m++) {
      String[] args = {"-operation", "stat", "-threads", "12", "-capacity", "p99=20ms",
          "-numFiles", "20", "-clientWarmup", "0", "-capacityStep", "2", "-capacitySettle",
          "0", "-baseDir", CappedFileSystem.uriOf(base), "-processes", "2", "-mapIndex",
          Integer.toString(m), "-startTime", Long.toString(start), "-outDir", new File(scratch, "out-" + m).getPath()};
      runs.add(pool.submit(() -> MetaBenchRun.run(conf, scratch, args)));
    }
    java.util.List<JsonNode> answers = new java.util.ArrayList<>();
    try {
      for (java.util.concurrent.Future<MetaBenchRun> f : runs) {
        MetaBenchRun r = f.get();
        System.out.println("=== ITCapacity: a process of two\n" + r.stdout);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).contains("12 workers in each of 2 processes");
        assertThat(r.json().path("processes").asInt()).isEqualTo(2);
        foundWithin(r, 500);
        // Every step judged both processes' operations: 24 workers in all.
        JsonNode step = r.json().path("steps").get(1);
        assertThat(step.path("run").path("phases").get(0).path("workers").asInt())
            .as(step.toString()).isEqualTo(24);
        answers.add(r.json().path("answer"));
      }
    } finally {
      pool.shutdown();
    }
    for (String same : new String[] {"heldPerSecond", "brokeAtPerSecond", "steps"}) {
      assertThat(answers.get(1).path(same)).as(same).isEqualTo(answers.get(0).path(same));
    }
    assertThat(new File(base, ".metabench/capacity-" + start)).doesNotExist();
  }

  /**
   * 4,000 a second (500 are found below, with a pause of the client, and by a mix), within 5 %:
   * at 99 % of a store's capacity a pause of the client's (its young collections here took
   * 10-40 ms with 64 workers) leaves a backlog that drains at the 1 % to spare, so a step there
   * may break, as any store so near its capacity would (CI, 2026-11-29: 3,962 held, then broke
   * when run again; the answer, 3,899, is one precision step under it).
   */
  @Test
  void findsFourThousandWithin5Percent() throws Exception {
    // One server of 250 us under a 10 ms bound: 40 workers at the capacity (64 for the backlog
    // of a step just over it), fewer than the 4 servers of 1 ms would need. Not 5 ms: the
    // client here stands still 8-10 ms now and then (GC, scheduling), and at 98 % of the
    // capacity such a pause alone puts more than 1 % of a step's operations over 5 ms from when
    // due, so the steps next to the capacity were judged the client's twice and given up.
    foundWithin(search(1, 250, 64, "p99=10ms", "-capacityStep", "3"), 4_000, "stat", 0.05);
  }

  /**
   * A step offered four times what the store serves (2,000 stats a second to one server of
   * 2 ms) is over its bound from its first seconds: the engine ends its phase then, not at the
   * step's 6 s, and the step says when and why.
   */
  @Test
  void aStepFarOverTheCapacityEndsBeforeItsLength() throws Exception {
    MetaBenchRun r = search(1, 2_000, 24, "p99=20ms", "-capacityStart", "2000",
        "-capacityStep", "6", "-capacityPrecision", "20");
    JsonNode first = r.json().path("steps").get(0);
    assertThat(first.path("offeredPerSecond").asDouble()).isEqualTo(2000.0);
    assertThat(first.path("outcome").asText()).as(r.stdout).isEqualTo("broken");
    assertThat(first.path("reasons").get(0).asText()).as(r.stdout).startsWith("ended after ");
    double ran = -1;
    for (JsonNode p : first.path("run").path("phases")) {
      ran = "stat".equals(p.path("operation").asText()) ? p.path("elapsedSeconds").asDouble() : ran;
    }
    // Ended from its second second on (its backlog's p99 is over 20 ms within the first):
    // never its whole 6 s.
    assertThat(ran).as(first.toString()).isGreaterThan(0).isLessThan(4.5);
    // The answer is still the store's: 500 a second within the coarse precision asked.
    assertThat(r.json().path("answer").path("heldPerSecond").asDouble()).isBetween(400.0, 500.0);
  }

  /**
   * The whole client stopped for 150 ms (SIGSTOP, as the OS or a long GC stops a JVM) in the
   * first step, at half the capacity, after it settled (its 250th stat is due 1 s in, 0.75 s
   * into its judged 2 s): that step broke its bound by the client's doing, says so,
   * and is run again at once; the search then finds the capacity as ever. Without it, the search
   * would take the pause for the store's and answer under 250.
   */
  @Test
  void aStepTheClientsOwnPauseBrokeIsRunAgain() throws Exception {
    // Within 10 %: the precision is the other tests' to show; this one's is the step run again.
    MetaBenchRun r = search(1, 2_000, 24, "p99=20ms", "-capacityStart", "250", "-D",
        CappedFileSystem.STALL_CALL + "=250", "-D", CappedFileSystem.STALL_MILLIS + "=150",
        "-capacityPrecision", "10");
    JsonNode steps = r.json().path("steps");
    JsonNode first = steps.get(0);
    assertThat(first.path("offeredPerSecond").asDouble()).isEqualTo(250.0);
    assertThat(first.path("outcome").asText()).as(r.stdout).isEqualTo("invalid");
    assertThat(first.path("reasons").toString()).as(r.stdout)
        .contains("the client stood still for ");
    double pause = -1;
    for (JsonNode p : first.path("run").path("phases")) {
      pause = "stat".equals(p.path("operation").asText())
          ? p.path("clientLoad").path("longestPauseMillis").asDouble() : pause;
    }
    assertThat(pause).as(first.toString()).isGreaterThanOrEqualTo(100);
    JsonNode again = steps.get(1);
    assertThat(again.path("offeredPerSecond").asDouble()).isEqualTo(250.0);
    assertThat(again.path("kind").asText()).isEqualTo("confirm");
    assertThat(again.path("outcome").asText()).as(r.stdout).isEqualTo("held");
    foundWithin(r, 500, "stat", 0.10);
  }

  /**
   * The same pause while the first step settles, its default second (its 100th stat, due 0.4 s
   * in): in no figure, neither in the latencies judged nor as the client's pause (the step's
   * outcome is not asserted: on a CI run another pause of the machine's, 30 ms, fell in its 2 s
   * and broke its p99, and the 150 ms one of the settling was then named as the reason); its
   * operations are counted apart (the run's warm-up operations, the rate × a second), and the
   * search says how long each step settled.
   */
  @Test
  void aPauseWhileAStepSettlesIsInNoFigure() throws Exception {
    MetaBenchRun r = search(1, 2_000, 24, "p99=20ms", "-capacityStart", "250", "-D",
        CappedFileSystem.STALL_CALL + "=100", "-D", CappedFileSystem.STALL_MILLIS + "=150",
        "-capacityPrecision", "60", "-capacitySettle", "1");
    assertThat(r.json().path("settleSeconds").asDouble()).isEqualTo(1.0);
    assertThat(r.stdout).contains("each step 2 s after 1 s settling");
    JsonNode first = r.json().path("steps").get(0);
    assertThat(first.path("offeredPerSecond").asDouble()).isEqualTo(250.0);
    for (JsonNode p : first.path("run").path("phases")) {
      if ("stat".equals(p.path("operation").asText())) {
        assertThat(p.path("latencyMs").path("max").asDouble()).as(first.toString())
            .isLessThan(150);
        assertThat(p.path("clientLoad").path("longestPauseMillis").asDouble())
            .as(first.toString()).isLessThan(150);
        assertThat(p.path("warmupOperations").asLong()).as(first.toString()).isBetween(240L, 260L);
        assertThat(p.path("attempted").asLong()).as(first.toString()).isBetween(495L, 505L);
      }
    }
  }

  /**
   * A replay searched for its speed-up: a log of 1,500 stats of 50 files in 50 directories (a
   * replay runs a directory's commands on one thread, in order), recorded at 100 a second (the
   * HDFS audit log's own format), replayed into the service of 500 stats a second
   * (one server of 2 ms) holds 5x its recorded rate; found within 2.5 %, each step one replay of
   * the whole log into a subtree of its own, removed after it.
   */
  @Test
  void aReplayIsFoundAtTheSpeedUpItsStoreHoldsWithin2Point5Percent() throws Exception {
    File log = new File(scratch, "stats.log");
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 1_500; i++) {
      long ms = 10L * i;
      lines.append(String.format(Locale.ROOT, "2026-11-27 10:%02d:%02d,%03d INFO "
          + "FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)\tip=/127.0.0.1\t"
          + "cmd=getfileinfo\tsrc=/data/d%d/file_%d\tdst=null\tperm=null\tproto=rpc%n",
          ms / 60_000, ms / 1000 % 60, ms % 1000, i % 50, i % 50));
    }
    java.nio.file.Files.write(log.toPath(), lines.toString().getBytes("UTF-8"));
    Configuration conf = new Configuration();
    conf.setClass("fs.capped.impl", CappedFileSystem.class, FileSystem.class);
    conf.setInt(CappedFileSystem.SERVERS, 1);
    conf.setLong(CappedFileSystem.SERVICE_MICROS, 2_000);
    File base = new File(scratch, "replayed");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "replay", "-auditLog", log.getPath(),
        "-threads", "24", "-capacity", "p99=20ms", "-baseDir", CappedFileSystem.uriOf(base));
    System.out.println("=== ITCapacity: a replay\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode answer = r.json().path("answer");
    assertThat(r.json().path("operation").asText()).isEqualTo("replay");
    assertThat(r.json().path("replay").path("recordedPerSecond").asDouble())
        .isCloseTo(1_500 / 14.99, org.assertj.core.data.Offset.offset(0.01));
    double speed = answer.path("heldSpeed").asDouble();
    assertThat(Math.abs(speed - 5.0) / 5.0).as(r.stdout).isLessThanOrEqualTo(0.025);
    assertThat(answer.path("heldPerSecond").asDouble() / speed).isCloseTo(1_500 / 14.99,
        org.assertj.core.data.Offset.offset(0.01));
    assertThat(answer.path("clientLimited").asBoolean()).as(r.stdout).isFalse();
    assertThat(r.stdout).contains(String.format(Locale.ROOT, " holds the log stats.log at %s its "
        + "recorded rate (", io.metabench.stats.capacity.CapacityResult.speed(speed)));
    // Every step replayed the whole log at its own speed, from the namespace it found, unless
    // it was ended early (then it says so); the held ones all of it.
    for (JsonNode s : r.json().path("steps")) {
      if (!s.path("reasons").toString().contains("ended after ")) {
        assertThat(s.path("ok").asLong()).as(s.path("run").path("replay").toString())
            .isEqualTo(1_500);
      } else {
        // Ended early: never held (broken; or invalid where the store's own p99 stayed under
        // the bound and the commands waited for their directory's thread).
        assertThat(s.path("outcome").asText()).isIn("broken", "invalid");
        assertThat(s.path("ok").asLong()).isLessThan(1_500);
      }
      if (!"probe".equals(s.path("kind").asText())) {
        assertThat(s.path("speed").asDouble()).isCloseTo(s.path("offeredPerSecond").asDouble()
            / (1_500 / 14.99), org.assertj.core.data.Offset.offset(0.01));
      }
    }
    // The steps' subtrees are gone; the base directory keeps MetaBench's marker only.
    String[] left = base.list();
    assertThat(left).as(java.util.Arrays.toString(left)).doesNotContain("replay-capacity");
    // Its page in a browser: the whole replay's hockey stick and its one operation's.
    java.util.regex.Matcher dir = java.util.regex.Pattern.compile("(?m)^Results: (.+) \\(")
        .matcher(r.stdout);
    assertThat(dir.find()).as(r.stdout).isTrue();
    JsonNode seen = io.metabench.testing.Browser.open(new File(dir.group(1), "report.html"),
        scratch);
    assertThat(seen.path("errors").size()).as(seen.path("errors").toString()).isZero();
    assertThat(seen.path("charts").size()).isEqualTo(2);
    for (JsonNode c : seen.path("charts")) {
      assertThat(c.path("drawn").asInt()).as(c.toString()).isGreaterThan(10);
    }
    assertThat(seen.path("data").path("answer").path("line").asText())
        .isEqualTo(answer.path("line").asText());
  }

  /**
   * A {@code -maps 2} search on the local job runner: each step one job whose two maps share its
   * rate, their figures combined into the step's before the next rate is chosen, so the answer
   * is the whole job's: the service's 500 a second within the 10 % asked, each map offered half.
   */
  @Test
  void aMapsJobIsSearchedAsOneWholeAStepAJob() throws Exception {
    // Within 10 %: the precision is the other tests' to show (a job a step costs seconds).
    MetaBenchRun r = search(1, 2_000, 12, "p99=20ms", "-maps", "2", "-D",
        "mapreduce.framework.name=local", "-capacityPrecision", "10", "-capacitySettle", "250ms");
    foundWithin(r, 500, "stat", 0.10);
    assertThat(r.json().path("maps").asInt()).isEqualTo(2);
    assertThat(r.stdout).contains("12 workers in each of 2 maps (a job a step)");
    for (JsonNode s : r.json().path("steps")) {
      JsonNode run = s.path("run");
      assertThat(run.path("maps").path("reported").asInt()).as(run.path("maps").toString())
          .isEqualTo(2);
      if (!"probe".equals(s.path("kind").asText())) {
        // The job offered the step's rate in all: each map half of it, settling first (its
        // quarter-second's operations in no figure).
        assertThat(run.path("parameters").path("rate").asDouble())
            .isCloseTo(s.path("offeredPerSecond").asDouble(),
                org.assertj.core.data.Offset.offset(0.001));
        assertThat(run.path("phases").get(0).path("warmupOperations").asLong())
            .as(run.path("phases").get(0).toString()).isPositive();
      }
    }
  }

  @Test
  void aCapacityBeyondTheClientIsReportedAsTheClientsLimit() throws Exception {
    // A service that holds 500,000 stats a second, each call 2 ms: 4 workers offer at most
    // 2,000 a second. The bound is ten times the service time, so the store's own p99 stays
    // under it through the machine's noise (a bound near the service time made a busy
    // machine's store p99 cross it, and the search call it the store's limit).
    MetaBenchRun r = search(1_000, 2_000, 4, "p99=20ms", "-capacityPrecision", "60");
    JsonNode answer = r.json().path("answer");
    assertThat(answer.path("clientLimited").asBoolean()).as(r.stdout).isTrue();
    assertThat(answer.path("heldPerSecond").asDouble()).as(r.stdout).isLessThan(2_000 * 1.02);
    assertThat(r.stdout).contains("stat holds at least ").contains("the client could not offer");
    boolean invalid = false;
    for (JsonNode s : r.json().path("steps")) {
      invalid |= "invalid".equals(s.path("outcome").asText());
    }
    assertThat(invalid).isTrue();
  }

  /**
   * Two targets side by side under one bound: one server of 2 ms (500 stats a second) and two
   * (1,000), set per target; each searched in turn, into a directory of its own, each found within
   * the 10 % asked (32 workers: capacity × bound × 1.5 for the second), the ratio theirs.
   */
  @Test
  void twoTargetsAreSearchedOneAfterAnotherWithTheirRatio() throws Exception {
    Configuration conf = new Configuration();
    conf.setClass("fs.capped.impl", CappedFileSystem.class, FileSystem.class);
    conf.setLong(CappedFileSystem.SERVICE_MICROS, 2_000);
    File out = new File(scratch, "side-by-side");
    MetaBenchRun r = MetaBenchRun.run(conf, scratch, "-operation", "stat", "-threads", "32",
        "-numFiles", "20", "-clientWarmup", "0", "-capacity", "p99=20ms", "-capacityStep", "2",
        "-capacitySettle", "0", "-capacityPrecision", "10",
        "-target", "one=" + CappedFileSystem.uriOf(new File(scratch, "one")),
        "-target", "two=" + CappedFileSystem.uriOf(new File(scratch, "two")),
        "-D", "metabench.target.one." + CappedFileSystem.SERVERS + "=1",
        "-D", "metabench.target.two." + CappedFileSystem.SERVERS + "=2",
        "-outDir", out.getPath());
    System.out.println("=== ITCapacity: side by side\n" + r.stdout);
    assertThat(r.exitCode).as(r.toString()).isZero();
    JsonNode targets = r.json().path("targets");
    assertThat(targets.size()).isEqualTo(2);
    double one = targets.get(0).path("heldPerSecond").asDouble();
    double two = targets.get(1).path("heldPerSecond").asDouble();
    // Within 10 %: the precision is the other tests' to show; this one's is the side by side.
    assertThat(Math.abs(one - 500) / 500).as(r.stdout).isLessThanOrEqualTo(0.10);
    assertThat(Math.abs(two - 1_000) / 1_000).as(r.stdout).isLessThanOrEqualTo(0.10);
    assertThat(targets.get(1).path("ratio").asDouble()).isCloseTo(two / one,
        org.assertj.core.data.Offset.offset(0.001));
    assertThat(r.stdout).containsPattern("(?m)^one +[0-9.,]+ +1\\.00x ")
        .containsPattern("(?m)^two: stat holds ");
    for (String label : new String[] {"one", "two"}) {
      assertThat(new File(out, label + "/result.json")).isFile();
      assertThat(new File(out, label + "/report.html")).isFile();
    }
    assertThat(new File(out, "capacity.txt")).isFile();
  }
}
