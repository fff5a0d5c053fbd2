package io.metabench.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one task per worker (or replay thread) at once on a pool and collects their results: the
 * fan-out every runner does to make clients, prepare directories and run a phase. Stateless.
 */
public final class Parallel {
  private Parallel() {
  }

  /** A task of worker {@code t}. */
  public interface Task<T> {
    T run(int t) throws Exception;
  }

  /**
   * Runs {@code task} for {@code t = 0 .. n-1}, all at once on {@code pool}, and returns their
   * results in order. When one fails the others are cancelled and its failure is thrown: an
   * IOException as it is, anything else wrapped as "{@code what t} failed".
   */
  public static <T> List<T> forEach(ExecutorService pool, int n, String what, Task<T> task)
      throws IOException, InterruptedException {
    List<Future<T>> futures = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      final int index = t;
      Callable<T> c = () -> task.run(index);
      futures.add(pool.submit(c));
    }
    List<T> results = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      try {
        results.add(futures.get(t).get());
      } catch (ExecutionException e) {
        for (Future<T> f : futures) {
          f.cancel(true);
        }
        Throwable cause = e.getCause();
        if (cause instanceof IOException) {
          throw (IOException) cause;
        }
        throw new IOException(what + " " + t + " failed: " + cause, cause);
      }
    }
    return results;
  }

  /** Daemon threads named {@code prefix-0}, {@code prefix-1}, ...: they never hold up exit. */
  public static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.getAndIncrement());
      t.setDaemon(true);
      return t;
    };
  }
}
