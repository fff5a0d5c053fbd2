package io.metabench.report;

import io.metabench.stats.RunResult;
import java.io.IOException;

/**
 * Writes a finished run in one format. Implementations are stateless apart from settings fixed at
 * construction, and format numbers with {@link java.util.Locale#ROOT} so output never depends on
 * the machine's locale.
 */
public interface ResultFormat {
  void write(RunResult result, Appendable out) throws IOException;
}
