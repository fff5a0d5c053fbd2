package io.metabench.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a test's independent tasks a few at a time, for tasks that each wait on a process of their
 * own (a script, a JVM on another Hadoop line's class path) much of the time: the suite's wall
 * time on the CI machine's two cores, not what each task checks, is what it saves. Every task
 * runs to its end; a failure of any is thrown once all ended, named by its key, the others'
 * attached to it.
 *
 * <p>Stateless; each call has a pool of its own.
 */
public final class Concurrently {
  private Concurrently() {
  }

  /**
   * The results of {@code tasks}, in their order, {@code atOnce} of them running at a time
   * (started in their order); throws as said above.
   */
  public static <T> List<T> run(int atOnce, Map<String, Callable<T>> tasks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(atOnce);
    Map<String, Future<T>> runs = new LinkedHashMap<>();
    try {
      tasks.forEach((key, task) -> runs.put(key, pool.submit(task)));
    } finally {
      pool.shutdown();
    }
    List<T> out = new ArrayList<>();
    AssertionError failed = null;
    for (Map.Entry<String, Future<T>> e : runs.entrySet()) {
      try {
        out.add(e.getValue().get());
      } catch (ExecutionException x) {
        AssertionError each = new AssertionError(e.getKey() + ": " + x.getCause(), x.getCause());
        if (failed == null) {
          failed = each;
        } else {
          failed.addSuppressed(each);
        }
      }
    }
    if (failed != null) {
      throw failed;
    }
    return out;
  }
}
