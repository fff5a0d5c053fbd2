package io.metabench.core;

/**
 * The monotonic clock every measurement is taken with. Injectable so the formulas can be tested
 * with known times; the production clock is {@link System#nanoTime()}.
 */
public interface NanoClock {
  NanoClock SYSTEM = System::nanoTime;

  long nanoTime();
}
