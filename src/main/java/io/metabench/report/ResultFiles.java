package io.metabench.report;

import io.metabench.config.BenchConfig;
import io.metabench.stats.RunResult;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;

/**
 * Puts a run's machine outputs where the configuration says: the JSON file (written to a temporary
 * file and renamed, so a reader never sees half of it) and the NNBench block (appended, as NNBench
 * does).
 */
public final class ResultFiles {
  private ResultFiles() {
  }

  /**
   * The JSON file's path: {@code -jsonOut}, or a timestamped name in the working directory (with
   * {@code -2}, {@code -3} ... added when a file of that name exists: a default name never
   * replaces a result).
   */
  public static File jsonFile(BenchConfig config, long startedAtEpochMillis) {
    if (!config.jsonOut().isEmpty()) {
      return new File(config.jsonOut());
    }
    SimpleDateFormat f = new SimpleDateFormat("yyyyMMdd-HHmmss", Locale.ROOT);
    String stem = "metabench-" + f.format(new Date(startedAtEpochMillis));
    File file = new File(stem + ".json");
    for (int n = 2; file.exists(); n++) {
      file = new File(stem + "-" + n + ".json");
    }
    return file;
  }

  /**
   * Refuses, before anything runs, a {@code -jsonOut} that exists unless {@code -overwrite}: a
   * result is never replaced by accident.
   */
  public static void checkJsonOut(BenchConfig config) {
    if (!config.jsonOut().isEmpty() && new File(config.jsonOut()).exists()
        && !config.overwrite()) {
      throw new io.metabench.core.InvalidInputException("-jsonOut " + config.jsonOut()
          + " already exists; give a new file name, or add -overwrite to replace it");
    }
  }

  public static File writeJson(RunResult result) throws IOException {
    File target = jsonFile(result.config(), result.info().startedAtEpochMillis());
    return writeAtomically(target, w -> new JsonFormat().write(result, w));
  }

  /** Writes text into a file. */
  public interface Content {
    void writeTo(Writer w) throws IOException;
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

  /** Appends the NNBench block; returns the file, or null when the log is disabled. */
  public static File appendNNBench(RunResult result) throws IOException {
    if (result.config().nnbenchLog().isEmpty() || result.phases().isEmpty()) {
      return null;
    }
    File target = new File(result.config().nnbenchLog()).getAbsoluteFile();
    try (Writer w = new OutputStreamWriter(new FileOutputStream(target, true),
        StandardCharsets.UTF_8)) {
      ResultFormatType.NNBENCH.create().write(result, w);
    }
    return target;
  }
}
