package io.metabench.fs;

import io.metabench.config.InvalidInputException;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.security.AccessControlException;

/**
 * Runs the first calls to a file system under a time limit, so an unreachable one is reported in
 * bounded time with one clear line instead of hanging in its client's connect retries.
 */
public final class Reachability {
  private Reachability() {
  }

  /**
   * Runs {@code probe} on a daemon thread and waits at most {@code timeoutSeconds} for it.
   *
   * @throws InvalidInputException when the probe times out or fails to reach the file system
   */
  public static <T> T within(Target target, int timeoutSeconds, Callable<T> probe)
      throws IOException {
    FutureTask<T> task = new FutureTask<>(probe);
    Thread t = new Thread(task, "metabench-reachability");
    t.setDaemon(true);
    t.start();
    try {
      return task.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      t.interrupt();
      throw new InvalidInputException("cannot reach " + target.fsUri() + " within "
          + timeoutSeconds + " s: check the address and that the service is running (the limit "
          + "is metabench.connect.timeout.seconds)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reaching " + target.fsUri(), e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InvalidInputException) {
        throw (InvalidInputException) cause;
      }
      if (cause instanceof AccessControlException) {
        throw new InvalidInputException("permission denied at " + target.baseDir() + ": "
            + firstLine(cause.getMessage()) + "; use a -baseDir you may write to, or log in as "
            + "a user who may");
      }
      throw new InvalidInputException("cannot reach " + target.fsUri() + ": "
          + cause.getClass().getSimpleName() + ": " + firstLine(cause.getMessage())
          + "; check the address and that the service is running", cause);
    }
  }

  static String firstLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
