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
 */
public final class CappedFileSystem extends RawLocalFileSystem {
  public static final String SERVERS = "capped.servers";
  public static final String SERVICE_MICROS = "capped.service.micros";

  private static final Object LOCK = new Object();
  /** Per server, when it is next free (System.nanoTime). */
  private static long[] freeAt = new long[0];
  private static long serviceNanos;

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
    }
  }

  /** The capped:// URI of a local directory. */
  public static String uriOf(java.io.File dir) {
    return "capped://" + dir.getAbsolutePath();
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    if (f.getName().startsWith("file_")) {
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

  @Override
  public URI getUri() {
    return URI.create("capped:///");
  }

  @Override
  public String getScheme() {
    return "capped";
  }
}
