package io.metabench.report;

import io.metabench.stats.RunResult;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;

/**
 * Writes formats into files: whole files atomically (a temporary file beside the target, then a
 * rename, so a reader never sees half of one and a failed write leaves none), logs by appending.
 * Which file is {@link OutputPlan}'s decision; what goes in it, the {@link ResultFormat}'s.
 * Stateless.
 */
public final class ResultFiles {
  private ResultFiles() {
  }

  /** Writes text into a file. */
  public interface Content {
    void writeTo(Writer w) throws IOException;
  }

  /** Writes {@code results} in {@code format} into {@code file} atomically, UTF-8. */
  public static <T> File write(File file, ResultFormat<T> format, T results) throws IOException {
    return writeAtomically(file, w -> format.write(results, w));
  }

  /**
   * Appends {@code results} in {@code format} to {@code file} (UTF-8), creating it if needed.
   *
   * @return the file, absolute
   */
  public static <T> File append(File file, ResultFormat<T> format, T results)
      throws IOException {
    File target = file.getAbsoluteFile();
    try (Writer w = new OutputStreamWriter(new FileOutputStream(target, true),
        StandardCharsets.UTF_8)) {
      format.write(results, w);
    }
    return target;
  }

  /** Appends {@code text} to {@code file} (UTF-8), making it and its directory if needed. */
  public static File appendText(File file, String text) throws IOException {
    File target = file.getAbsoluteFile();
    File dir = target.getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create the directory of " + target);
    }
    try (Writer w = new OutputStreamWriter(new FileOutputStream(target, true),
        StandardCharsets.UTF_8)) {
      w.write(text);
    }
    return target;
  }

  /**
   * Writes {@code file} (UTF-8) through a temporary file beside it and a rename, so a reader never
   * sees half of it and a failed write leaves no partial file; makes its directory if needed.
   *
   * @return the file, absolute
   */
  public static File writeAtomically(File file, Content content) throws IOException {
    File target = file.getAbsoluteFile();
    File dir = target.getParentFile();
    if (dir != null && !dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create the directory of " + target);
    }
    File tmp = new File(dir, "." + target.getName() + ".tmp");
    try (Writer w = new OutputStreamWriter(new FileOutputStream(tmp), StandardCharsets.UTF_8)) {
      content.writeTo(w);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp.toPath());
      throw e;
    }
    Files.move(tmp.toPath(), target.toPath(), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    return target;
  }

  /** Writes the run's JSON into {@code file} ({@link OutputPlan#runJson}); returns it. */
  public static File writeJson(RunResult result, File file) throws IOException {
    return write(file, ResultFormatFactory.forRun(ResultFormatType.JSON), result);
  }

  /**
   * Appends the run's NNBench block to {@code log} ({@link OutputPlan#nnbenchLog}); returns the
   * file, or null when the log is disabled (null) or no phase ran.
   */
  public static File appendNNBench(RunResult result, File log) throws IOException {
    if (log == null || result.phases().isEmpty()) {
      return null;
    }
    return append(log, ResultFormatFactory.forRun(ResultFormatType.NNBENCH), result);
  }
}
