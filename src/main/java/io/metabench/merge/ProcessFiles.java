package io.metabench.merge;

import com.fasterxml.jackson.databind.JsonNode;
import io.metabench.core.InvalidInputException;
import io.metabench.report.ResultReader;
import io.metabench.stats.PortableResult;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the processes {@code metabench merge} combines: each a single run's JSON file, whose
 * {@code resultBytes} hold the whole result in the form a map task ships to a job's driver.
 *
 * <p>Stateless.
 */
public final class ProcessFiles {
  private ProcessFiles() {
  }

  /**
   * The process whose JSON file {@code file} is.
   *
   * @throws InvalidInputException in one line when the file is missing, not a run's JSON file, or
   *     written by a MetaBench that did not record {@code resultBytes}
   */
  public static ProcessMerge.Process read(File file) throws IOException {
    List<JsonNode> runs = new ArrayList<>();
    ResultReader.runs(file, "merge", (target, fs, threads, run) -> runs.add(run));
    if (runs.size() != 1 || !runs.get(0).has("resultBytes")) {
      throw new InvalidInputException("merge: " + file + " holds no resultBytes (a study's "
          + "file, or one written by an older MetaBench); merge reads the JSON files that single "
          + "runs of this version write, one per -mapIndex");
    }
    try {
      return new ProcessMerge.Process(file,
          PortableResult.fromBase64(runs.get(0).path("resultBytes").asText()));
    } catch (IOException | InvalidInputException e) {
      throw new InvalidInputException("merge: " + file + "'s resultBytes cannot be read ("
          + e.getMessage() + "); merge files written by this MetaBench version");
    }
  }
}
