package io.metabench.engine;

import io.metabench.op.OpContext;

/**
 * Where one worker's operations come from during one phase: the only thing in which phase kinds
 * differ (items in order, a mix's weighted draws, a shared tree walk, ...). The engine does
 * everything else the same way for every kind: clients, start gate, barrier, pacing, warm-up,
 * timeouts, retries, stops, progress, series and the merge.
 *
 * <p>Lifecycle and threading: one instance per worker per phase. {@link #next}, {@link #done}
 * and {@link #causeOf} are called only by that worker's thread, in that order for each
 * operation; a source may share state with the other workers' sources only through structures
 * made for it (a tree walk's queue).
 */
public interface ItemSource {

  /** The worker's context: its client, its names and the settings that shape a call. */
  OpContext context();

  /**
   * Sets {@code step} to this worker's next operation.
   *
   * @param k how many operations this worker has started in this phase so far
   * @return false when this worker has nothing more to do (the phase ends for it)
   * @throws InterruptedException when waiting for work (a shared walk) was interrupted
   */
  boolean next(long k, Step step) throws InterruptedException;

  /**
   * Told after each operation's last attempt whether it succeeded (a mix keeps its set true), or
   * with {@code ok} false when the engine set the step aside unrun because the phase's time was
   * up.
   */
  default void done(Step step, boolean ok) {
  }

  /**
   * The cause a failure of {@code step} is counted under, given its exception's {@code cause}
   * (a file this run made and then could not find is a visibility lag, not a plain not-found).
   */
  default String causeOf(Step step, String cause) {
    return cause;
  }
}
