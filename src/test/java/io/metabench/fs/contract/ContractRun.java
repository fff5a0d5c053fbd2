package io.metabench.fs.contract;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.Result;
import org.junit.runner.manipulation.Filter;
import org.junit.runner.notification.Failure;

/**
 * One run of every suite of {@link ContractSuites} on both clients, in a test directory of the
 * caller's choice (the local disk under {@code target/}, or a mount such as GlusterFS's), and
 * what it found: a table of run, passed and failed per suite and client, the tests the reference
 * client passes and {@code PosixFileSystem} fails, and those that fail on both. Not thread-safe:
 * the directory and the client reach the suites through system properties, set for each suite's
 * run only.
 */
public final class ContractRun {
  /** The tests the reference passes and MetaBench's client fails, with their messages. */
  public final List<String> regressions = new ArrayList<>();
  /** Tests that fail on both clients, by suite. */
  public final TreeMap<String, Set<String>> bothFail = new TreeMap<>();
  /** Contract tests run on each client. */
  public int run;
  private final StringBuilder table;

  private ContractRun(String clients) {
    table = new StringBuilder(String.format(Locale.ROOT, "%-16s %5s %s%n", "suite", "run",
        clients));
  }

  /** Runs every suite with its test directory in {@code dir} (null: Hadoop's default). */
  public static ContractRun in(File dir) {
    ContractRun out = new ContractRun(" Posix ok/failed RawLocal ok/failed");
    for (Class<?> suite : ContractSuites.all()) {
      out.add(suite.getSimpleName(), runOn(suite, dir, false), runOn(suite, dir, true));
    }
    return out;
  }

  /**
   * The tests of hadoop-common 3.4.3's test jar that cannot run here: they call AssertJ 3.12's
   * {@code AbstractAssert describedAs(String, Object[])}, which the AssertJ of this suite (3.26)
   * no longer has, and fail with {@code NoSuchMethodError} whatever the file system (on the local
   * disk they fail on both clients). On OSS they are left out, not run: one of them retries its
   * failing assertion for 30 s.
   */
  public static final Set<String> DO_NOT_LINK = new TreeSet<>(Arrays.asList(
      "GetFileStatus.testListStatusIteratorFile", "Open.testInputStreamReadZeroLengthRead",
      "Open.testFloatingPointLength", "Open.testInputStreamConsistentEOF",
      "Open.testOpenFileApplyAsyncRead", "RootDirectory.testRmEmptyRootDirNonRecursive",
      "RootDirectory.testListEmptyRootDirectory"));

  /**
   * Runs every suite of {@link ContractSuites#forOss()} on hadoop-aliyun against the OSS server
   * {@code settings} point at ({@code fs.oss.*}), but the tests of {@link #DO_NOT_LINK}; the
   * table has one client, and every failure is a regression, for the caller to hold to the
   * failures it expects.
   */
  public static ContractRun onOss(java.util.Map<String, String> settings) {
    StringBuilder joined = new StringBuilder();
    settings.forEach((k, v) -> joined.append(k).append('=').append(v).append(';'));
    ContractRun out = new ContractRun("       ok/failed   time");
    for (Class<?> suite : ContractSuites.forOss()) {
      Filter linked = new Filter() {
        @Override
        public boolean shouldRun(Description d) {
          return d.getMethodName() == null
              || !DO_NOT_LINK.contains(suite.getSimpleName() + "." + d.getMethodName());
        }

        @Override
        public String describe() {
          return "tests that link";
        }
      };
      Result r = runWith(Request.aClass(suite).filterWith(linked),
          new String[] {OssContract.SETTINGS_PROPERTY}, new String[] {joined.toString()});
      out.add(suite.getSimpleName(), r, null);
    }
    return out;
  }

  /** {@code suite} on one client, the properties that name it and {@code dir} set for it alone. */
  private static Result runOn(Class<?> suite, File dir, boolean reference) {
    return runWith(Request.aClass(suite), new String[] {LocalContract.DIR_PROPERTY,
        LocalContract.REFERENCE_PROPERTY}, new String[] {dir == null ? null
            : dir.getAbsolutePath(), Boolean.toString(reference)});
  }

  /** {@code suite} with the system properties {@code keys} set to {@code values} for its run. */
  private static Result runWith(Request suite, String[] keys, String[] values) {
    String[] saved = new String[keys.length];
    try {
      for (int i = 0; i < keys.length; i++) {
        saved[i] = values[i] == null ? System.getProperty(keys[i])
            : System.setProperty(keys[i], values[i]);
      }
      return new JUnitCore().run(suite);
    } finally {
      for (int i = 0; i < keys.length; i++) {
        if (saved[i] == null) {
          System.clearProperty(keys[i]);
        } else {
          System.setProperty(keys[i], saved[i]);
        }
      }
    }
  }

  private static Set<String> failed(Result r) {
    Set<String> out = new TreeSet<>();
    for (Failure f : r.getFailures()) {
      out.add(f.getDescription().getMethodName());
    }
    return out;
  }

  /** Adds one suite's outcome; {@code reference} null: a run with no reference client. */
  private void add(String suite, Result posix, Result reference) {
    if (reference == null) {
      Set<String> failed = failed(posix);
      run += posix.getRunCount();
      table.append(String.format(Locale.ROOT, "%-16s %5d %10d/%-5d %6.1f s%n", suite,
          posix.getRunCount(), posix.getRunCount() - failed.size(), failed.size(),
          posix.getRunTime() / 1000.0));
      for (Failure f : posix.getFailures()) {
        regressions.add(suite + "." + f.getDescription().getMethodName() + ": "
            + f.getMessage());
      }
      return;
    }
    if (posix.getRunCount() != reference.getRunCount()) {
      regressions.add(suite + ": " + posix.getRunCount() + " tests ran on PosixFileSystem, "
          + reference.getRunCount() + " on the reference");
    }
    Set<String> posixFailed = failed(posix);
    Set<String> referenceFailed = failed(reference);
    run += posix.getRunCount();
    table.append(String.format(Locale.ROOT, "%-16s %5d %10d/%-5d %10d/%-5d%n", suite,
        posix.getRunCount(), posix.getRunCount() - posixFailed.size(), posixFailed.size(),
        reference.getRunCount() - referenceFailed.size(), referenceFailed.size()));
    for (Failure f : posix.getFailures()) {
      if (!referenceFailed.contains(f.getDescription().getMethodName())) {
        regressions.add(suite + "." + f.getDescription().getMethodName() + ": "
            + f.getMessage());
      }
    }
    Set<String> both = new TreeSet<>(posixFailed);
    both.retainAll(referenceFailed);
    if (!both.isEmpty()) {
      bothFail.put(suite, both);
    }
  }

  @Override
  public String toString() {
    return table + (bothFail.isEmpty() && regressions.isEmpty() && run == 0 ? ""
        : table.indexOf("RawLocal") >= 0 ? "failing on both clients: " + bothFail
        : "failed: " + regressions);
  }
}
