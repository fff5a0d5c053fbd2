package io.metabench.engine;

import java.io.IOException;

/**
 * Holds a process at the start of each phase until the other processes of the same run (map
 * tasks) are ready too. The in-process start gate then lines up this process's workers.
 *
 * <p>Implementations are used by one thread of one process.
 */
public interface PhaseBarrier {
  /** For a run of one process: nothing to wait for. */
  PhaseBarrier NONE = phase -> false;

  /**
   * Announces this process ready for phase {@code phase} (0-based, in run order) and waits.
   *
   * @return true when this process arrived after the others had already started the phase
   */
  boolean await(int phase) throws IOException, InterruptedException;

  /**
   * Tells the other processes that this one will not run phases {@code from} to {@code to - 1}, so
   * they do not wait for it there until the barrier times out.
   */
  default void withdraw(int from, int to) throws IOException {
  }
}
