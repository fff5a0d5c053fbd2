package io.metabench.engine;

import io.metabench.core.ProcessCpu;
import io.metabench.stats.ClientLoad;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Reads how busy this JVM is at a phase's window edges: the process's CPU time
 * ({@link ProcessCpu}), its collectors' total time, and the monotonic clock; and, on each
 * worker's own thread, that thread's CPU time. Reading costs the workers nothing between the
 * edges.
 *
 * <p>For a paced phase it also measures how long the client stood still in the window
 * ({@link PauseMeter}).
 *
 * <p>{@link #start}, {@link #endWindow} and {@link #finish} are called from the engine's thread;
 * {@link #threadCpu} from any thread, for itself.
 */
final class ClientLoadGauge {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean THREAD_CPU = THREADS.isCurrentThreadCpuTimeSupported();

  private long startNanos;
  private long startCpu;
  private long startGc;
  private PauseMeter pauses;
  private long longestPause = -1;

  /**
   * Reads the edge the window opens at; {@code paced}: the pauses are measured too, those that
   * end after its first {@code warmupNanos} (its warm-up's are in no figure).
   */
  ClientLoadGauge start(boolean paced, long warmupNanos) {
    startCpu = ProcessCpu.nanos();
    startGc = gcNanos();
    pauses = paced ? PauseMeter.start(warmupNanos) : null;
    startNanos = System.nanoTime();
    return this;
  }

  /** Ends the pause meter, if any, as the window closes: called whether the window ended well. */
  void endWindow() {
    if (pauses != null) {
      longestPause = pauses.stop();
      pauses = null;
    }
  }

  /**
   * The load over the window, given what the workers' threads used ({@code workersCpu} their sum,
   * {@code busiest} the most one used; -1 each when unknown).
   */
  ClientLoad finish(long workersCpu, long busiest) {
    long window = System.nanoTime() - startNanos;
    long cpu = ProcessCpu.nanos();
    long gc = gcNanos();
    return new ClientLoad(window, Runtime.getRuntime().availableProcessors(),
        cpu < 0 || startCpu < 0 ? -1 : cpu - startCpu, workersCpu, busiest,
        gc < 0 || startGc < 0 ? -1 : gc - startGc).withLongestPause(longestPause);
  }

  /**
   * Loads what reading the JVM's load needs, so a client warm-up runs after it: the platform
   * MBean server, made at its first use, registers every platform bean and loads hundreds of
   * classes, and where that happened at a phase's first edge, after the warm-up, the JIT threw
   * away code the warm-up had compiled (class-hierarchy deoptimisations, seen with
   * -XX:+PrintCompilation) and ran the phase's first seconds at 55-90 % of its rate.
   */
  static void prime() {
    ProcessCpu.nanos();
    gcNanos();
  }

  /** The calling thread's CPU time so far, in nanoseconds; -1 where the JVM does not say. */
  static long threadCpu() {
    return THREAD_CPU ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  private static long gcNanos() {
    long ms = 0;
    boolean any = false;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      long t = gc.getCollectionTime();
      if (t >= 0) {
        ms += t;
        any = true;
      }
    }
    return any ? ms * 1_000_000L : -1;
  }
}
