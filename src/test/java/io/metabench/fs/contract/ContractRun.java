package io.metabench.fs.contract;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
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
  private final StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
      "%-16s %5s %16s %16s%n", "suite", "run", "Posix ok/failed", "RawLocal ok/failed"));

  private ContractRun() {
  }

  /** Runs every suite with its test directory in {@code dir} (null: Hadoop's default). */
  public static ContractRun in(File dir) {
    ContractRun out = new ContractRun();
    for (Class<?> suite : ContractSuites.all()) {
      out.add(suite.getSimpleName(), runOn(suite, dir, false), runOn(suite, dir, true));
    }
    return out;
  }

  /** {@code suite} on one client, the properties that name it and {@code dir} set for it alone. */
  private static Result runOn(Class<?> suite, File dir, boolean reference) {
    String[] keys = {LocalContract.DIR_PROPERTY, LocalContract.REFERENCE_PROPERTY};
    String[] values = {dir == null ? null : dir.getAbsolutePath(), Boolean.toString(reference)};
    String[] saved = new String[keys.length];
    try {
      for (int i = 0; i < keys.length; i++) {
        saved[i] = values[i] == null ? System.getProperty(keys[i])
            : System.setProperty(keys[i], values[i]);
      }
      return JUnitCore.runClasses(suite);
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

  private void add(String suite, Result posix, Result reference) {
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
    return table + "failing on both clients: " + bothFail;
  }
}
