package io.metabench.testing;

import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The real local file system under the scheme {@code capped://}, whose stats and exists of
 * benchmark items (names starting with file_) are served by a metadata service of known capacity: {@code
 * capped.servers} servers, each taking {@code capped.service.micros} per call, shared by every
 * instance in the JVM, calls served first come first served by the first free server. Its
 * capacity is exactly servers ÷ service time: each call's end is set on a schedule of the
 * servers' busy times, so the time a sleep overshoots never accumulates. Below it a call takes
 * one service time (arrivals at a steady rate never queue); above it the queue grows without
 * bound. For a capacity search's known-capacity test; register with {@code fs.capped.impl}.
 *
 * <p>With {@code capped.stall.call} n and {@code capped.stall.millis} m, its nth stat stops the
 * whole JVM for m ms (SIGSTOP, then SIGCONT from a shell it starts), as the OS or a long GC stops
 * a client: a real pause of every thread, the pacing's and the meters' too.
 */
public final class CappedFileSystem extends RawLocalFileSystem {
  public static final String SERVERS = "capped.servers";
  public static final String SERVICE_MICROS = "capped.service.micros";
  public static final String STALL_CALL = "capped.stall.call";
  public static final String STALL_MILLIS = "capped.stall.millis";

  private static final Object LOCK = new Object();
  /** Per server, when it is next free (System.nanoTime). */
  private static long[] freeAt = new long[0];
  private static long serviceNanos;
  private static long stallAt;
  private static long stallMillis;
  private static long calls;

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    super.initialize(uri, conf);
    int servers = conf.getInt(SERVERS, 1);
    long service = conf.getLong(SERVICE_MICROS, 1000) * 1000;
    synchronized (LOCK) {
      if (freeAt.length != servers || serviceNanos != service) {
        freeAt = new long[servers];
        Arrays.fill(freeAt, System.nanoTime());
        serviceNanos = service;
      }
      long at = conf.getLong(STALL_CALL, 0);
      if (at != stallAt) {
        stallAt = at;
        calls = 0;
      }
      stallMillis = conf.getLong(STALL_MILLIS, 100);
    }
  }

  /** The capped:// URI of a local directory. */
  public static String uriOf(java.io.File dir) {
    return "capped://" + dir.getAbsolutePath();
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    if (f.getName().startsWith("file_")) {
      stallIfDue();
      serve();
    }
    return super.getFileStatus(f);
  }

  /** An exists() of an item is one call to the service too (the local one reads no status). */
  @Override
  public boolean exists(Path f) throws IOException {
    if (f.getName().startsWith("file_")) {
      serve();
    }
    return pathToFile(f).exists();
  }

  private static void serve() {
    long done;
    synchronized (LOCK) {
      int first = 0;
      for (int i = 1; i < freeAt.length; i++) {
        first = freeAt[i] < freeAt[first] ? i : first;
      }
      done = Math.max(System.nanoTime(), freeAt[first]) + serviceNanos;
      freeAt[first] = done;
    }
    for (long left = done - System.nanoTime(); left > 0; left = done - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  /** The stall asked for, once, at the stat it is asked at. */
  private static void stallIfDue() throws IOException {
    boolean stall;
    synchronized (LOCK) {
      stall = stallAt > 0 && ++calls == stallAt;
    }
    if (stall) {
      String pid = java.lang.management.ManagementFactory.getRuntimeMXBean().getName()
          .split("@")[0];
      new ProcessBuilder("sh", "-c", String.format(java.util.Locale.ROOT,
          "kill -STOP %s; sleep %.3f; kill -CONT %s", pid, stallMillis / 1000.0, pid))
          .inheritIO().start();
    }
  }

  @Override
  public URI getUri() {
    return URI.create("capped:///");
  }

  @Override
  public String getScheme() {
    return "capped";
  }
}
