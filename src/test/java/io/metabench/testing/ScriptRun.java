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
