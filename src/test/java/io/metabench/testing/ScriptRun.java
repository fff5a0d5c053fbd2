package io.metabench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command run as a user runs it (a script of the distribution, or a JVM), in a working
 * directory of the test's, with its exit code, stdout and stderr. The captures go to files in
 * {@code captures}, not in the working directory, so a test can check what the command wrote.
 */
public final class ScriptRun {
  /**
   * The JIT option of a JVM a test starts to see that a command runs and what it prints, not its
   * figures: C1 alone. Such a run lasts seconds, which the script's C2-only default (made for
   * steady rates after a warm-up) spends mostly interpreting (a scaled prefill example: 12.7 s,
   * 9.5 s with C1 alone).
   */
  public static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

  public final int exitCode;
  public final String stdout;
  public final String stderr;

  private ScriptRun(int exitCode, String stdout, String stderr) {
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /**
   * Runs {@code cmd} in {@code dir} with {@code env} added to this JVM's environment (null:
   * none), for at most {@code minutes}; the process is killed and the test fails when it takes
   * longer.
   */
  public static ScriptRun exec(File dir, File captures, Map<String, String> env, int minutes,
      String... cmd) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir);
    if (env != null) {
      pb.environment().putAll(env);
    }
    File out = File.createTempFile("stdout-", ".txt", captures);
    File err = File.createTempFile("stderr-", ".txt", captures);
    pb.redirectOutput(out).redirectError(err);
    Process p = pb.start();
    if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("timed out after " + minutes + " min: " + Arrays.toString(cmd));
    }
    return new ScriptRun(p.exitValue(), read(out), read(err));
  }

  private static String read(File f) throws IOException {
    return new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
  }
}
