package io.metabench.fs;

import io.metabench.core.InvalidInputException;
import java.io.IOException;
import java.net.URI;
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
   * Runs {@code probe} on a daemon thread and waits at most {@code timeoutSeconds} for it; first
   * refuses an HA nameservice the client configuration does not describe.
   *
   * @throws InvalidInputException when the probe times out or fails to reach the file system
   */
  public static <T> T within(Target target, int timeoutSeconds, Callable<T> probe)
      throws IOException {
    String nameservice = NameserviceCheck.problem(target.fsUri(), target.clientConf());
    if (nameservice != null) {
      throw new InvalidInputException(nameservice);
    }
    FutureTask<T> task = new FutureTask<>(probe);
    Thread t = new Thread(task, "metabench-reachability");
    t.setDaemon(true);
    t.start();
    try {
      return task.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      t.interrupt();
      throw new InvalidInputException("cannot reach " + describe(target) + " within "
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
      InvalidInputException oss = OssAnswers.explain(target, cause);
      if (oss != null) {
        throw oss;
      }
      if (isDenial(cause)) {
        throw denied(target, cause);
      }
      throw new InvalidInputException("cannot reach " + describe(target) + ": "
          + cause.getClass().getSimpleName() + ": " + firstLine(cause.getMessage())
          + "; check the address and that the service is running", cause);
    }
  }

  /**
   * The file system's URI and, when the configuration names one, the endpoint an object-store
   * connector sends its requests to ({@code fs.<scheme>.bucket.<bucket>.endpoint}, as S3A's
   * per-bucket settings, else {@code fs.<scheme>.endpoint}, as S3A, OSS and others): for an object
   * store the URI names only the bucket, and a wrong endpoint is the usual reason it cannot be
   * reached.
   */
  static String describe(Target target) {
    URI uri = target.fsUri();
    String scheme = uri.getScheme();
    if (scheme == null) {
      return String.valueOf(uri);
    }
    String key = null;
    String endpoint = null;
    if (uri.getHost() != null) {
      key = "fs." + scheme + ".bucket." + uri.getHost() + ".endpoint";
      endpoint = target.clientConf().getTrimmed(key);
    }
    if (endpoint == null || endpoint.isEmpty()) {
      key = "fs." + scheme + ".endpoint";
      endpoint = target.clientConf().getTrimmed(key);
    }
    return endpoint == null || endpoint.isEmpty() ? uri.toString()
        : uri + " (" + key + " = " + endpoint + ")";
  }

  /**
   * Whether {@code e} is the file system refusing this user: Hadoop's AccessControlException
   * (HDFS permissions, Kerberos), or java.nio's AccessDeniedException (S3A and others: HTTP 403,
   * wrong keys), or a client that cannot authenticate (no Kerberos ticket; see
   * {@link KerberosLogin#isUnauthenticated}).
   */
  public static boolean isDenial(Throwable e) {
    return e instanceof AccessControlException
        || e instanceof java.nio.file.AccessDeniedException
        || KerberosLogin.isUnauthenticated(e);
  }

  /** The one line for a refusal: where, the server's own words, and what to do. */
  public static InvalidInputException denied(Target target, Throwable e) {
    if (KerberosLogin.isUnauthenticated(e)) {
      return KerberosLogin.unauthenticated(target, e);
    }
    return new InvalidInputException("permission denied at " + target.baseDir() + ": "
        + firstLine(e.getMessage()) + "; check the credentials the client uses (keys, keytab, "
        + "user) and use a -baseDir that user may write to (nothing was changed)", e);
  }

  static String firstLine(String message) {
    if (message == null) {
      return "(no message)";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
