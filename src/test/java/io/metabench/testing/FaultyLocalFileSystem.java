package io.metabench.testing;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The real local file system under the scheme {@code faulty://}, with failures injected by call
 * count across all instances: every {@code faulty.create.fail.every}-th create throws, every
 * {@code faulty.rename.false.every}-th rename returns false (and renames nothing), every
 * {@code faulty.delete.false.every}-th delete returns false (and deletes nothing). 0 disables.
 * Only benchmark items (names starting with file_ or dir_) are counted and hit, so MetaBench's
 * own marker and state files never are.
 * Register with {@code fs.faulty.impl}; call {@link #reset()} before each test.
 */
public final class FaultyLocalFileSystem extends RawLocalFileSystem {
  public static final String CREATE_FAIL_EVERY = "faulty.create.fail.every";
  public static final String RENAME_FALSE_EVERY = "faulty.rename.false.every";
  public static final String DELETE_FALSE_EVERY = "faulty.delete.false.every";
  /** When true, each instance records the worker directories it created and opened files in. */
  public static final String RECORD_DIRS = "faulty.record.dirs";
  /** Per client instance: "created" and "opened" worker directories (thread_N), when recorded. */
  public static final java.util.Map<FaultyLocalFileSystem, java.util.Map<String, java.util.Set<String>>>
      RECORDED = new java.util.concurrent.ConcurrentHashMap<>();
  /** Every create of an item first sleeps this long, as a hung server would. */
  public static final String CREATE_DELAY_MILLIS = "faulty.create.delay.millis";
  /** Every n-th open of an item throws FileNotFoundException, as a lagging store would. */
  public static final String OPEN_NOT_FOUND_EVERY = "faulty.open.notfound.every";
  /** mkdirs of a path containing this string throws (e.g. "map_1/" fails that map's setup). */
  public static final String MKDIRS_FAIL_MATCHING = "faulty.mkdirs.fail.matching";
  /** mkdirs of a path containing this string first sleeps faulty.mkdirs.delay.millis. */
  public static final String MKDIRS_DELAY_MATCHING = "faulty.mkdirs.delay.matching";
  public static final String MKDIRS_DELAY_MILLIS = "faulty.mkdirs.delay.millis";

  /** Every n-th getFileStatus of an item first sleeps faulty.stat.stall.millis: a stalled server. */
  public static final String STAT_STALL_EVERY = "faulty.stat.stall.every";
  public static final String STAT_STALL_MILLIS = "faulty.stat.stall.millis";
  /**
   * getFileStatus of a path containing this string throws an Error, as a task that runs out of
   * memory does: nothing in the worker catches it, and the process (a map) fails.
   */
  public static final String STAT_ERROR_MATCHING = "faulty.stat.error.matching";
  /** listStatus of a directory whose path contains this string first sleeps faulty.list.stall.millis. */
  public static final String LIST_STALL_MATCHING = "faulty.list.stall.matching";
  public static final String LIST_STALL_MILLIS = "faulty.list.stall.millis";

  private static final AtomicLong STATS = new AtomicLong();
  private static final AtomicLong CREATES = new AtomicLong();
  private static final AtomicLong RENAMES = new AtomicLong();
  private static final AtomicLong DELETES = new AtomicLong();
  private static final AtomicLong OPENS = new AtomicLong();

  private long createFailEvery;
  private long renameFalseEvery;
  private long deleteFalseEvery;
  private long openNotFoundEvery;
  private long createDelayMillis;
  private long statStallEvery;
  private long statStallMillis;
  private String listStallMatching;
  private long listStallMillis;
  private String mkdirsFailMatching;
  private String statErrorMatching;
  private String mkdirsDelayMatching;
  private long mkdirsDelayMillis;

  /** A configuration with faulty:// registered, and nothing injected until keys say so. */
  public static Configuration registered() {
    Configuration conf = new Configuration();
    conf.setClass("fs.faulty.impl", FaultyLocalFileSystem.class,
        org.apache.hadoop.fs.FileSystem.class);
    return conf;
  }

  /** The faulty:// URI of a local directory. */
  public static String uriOf(java.io.File dir) {
    return "faulty://" + dir.getAbsolutePath();
  }

  public static void reset() {
    CREATES.set(0);
    RENAMES.set(0);
    DELETES.set(0);
    OPENS.set(0);
    STATS.set(0);
    RECORDED.clear();
  }

  private boolean record;

  private void record(String what, Path item) {
    if (record && item.getName().startsWith("file_")) {
      String thread = item.toUri().getPath().replaceAll(".*/(map_\\d+/thread_\\d+)/.*", "$1");
      RECORDED.computeIfAbsent(this, k -> new java.util.concurrent.ConcurrentHashMap<>())
          .computeIfAbsent(what, k -> java.util.concurrent.ConcurrentHashMap.newKeySet())
          .add(thread);
    }
  }

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    super.initialize(uri, conf);
    createFailEvery = conf.getLong(CREATE_FAIL_EVERY, 0);
    renameFalseEvery = conf.getLong(RENAME_FALSE_EVERY, 0);
    deleteFalseEvery = conf.getLong(DELETE_FALSE_EVERY, 0);
    openNotFoundEvery = conf.getLong(OPEN_NOT_FOUND_EVERY, 0);
    record = conf.getBoolean(RECORD_DIRS, false);
    createDelayMillis = conf.getLong(CREATE_DELAY_MILLIS, 0);
    statStallEvery = conf.getLong(STAT_STALL_EVERY, 0);
    statStallMillis = conf.getLong(STAT_STALL_MILLIS, 0);
    listStallMatching = conf.getTrimmed(LIST_STALL_MATCHING, "");
    listStallMillis = conf.getLong(LIST_STALL_MILLIS, 0);
    mkdirsFailMatching = conf.get(MKDIRS_FAIL_MATCHING);
    statErrorMatching = conf.getTrimmed(STAT_ERROR_MATCHING, "");
    mkdirsDelayMatching = conf.get(MKDIRS_DELAY_MATCHING);
    mkdirsDelayMillis = conf.getLong(MKDIRS_DELAY_MILLIS, 0);
  }

  @Override
  public boolean mkdirs(Path f) throws IOException {
    injectMkdirsFaults(f);
    return super.mkdirs(f);
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    injectMkdirsFaults(f);
    return super.mkdirs(f, permission);
  }

  private void injectMkdirsFaults(Path f) throws IOException {
    String path = f.toUri().getPath() + "/";
    if (mkdirsFailMatching != null && path.contains(mkdirsFailMatching)) {
      throw new IOException("injected mkdirs failure for " + f);
    }
    if (mkdirsDelayMatching != null && path.contains(mkdirsDelayMatching)) {
      sleep(mkdirsDelayMillis);
    }
  }

  private void delayCreate(Path f) throws IOException {
    if (createDelayMillis > 0 && f.getName().startsWith("file_")) {
      sleep(createDelayMillis);
    }
  }

  @Override
  public org.apache.hadoop.fs.FileStatus[] listStatus(Path f) throws IOException {
    if (!listStallMatching.isEmpty() && f.toString().contains(listStallMatching)) {
      sleep(listStallMillis);
    }
    return super.listStatus(f);
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted");
    }
  }

  @Override
  public org.apache.hadoop.fs.FileStatus getFileStatus(Path f) throws IOException {
    if (!statErrorMatching.isEmpty() && f.toString().contains(statErrorMatching)) {
      throw new Error("injected fault: getFileStatus " + f);
    }
    if (hit(STATS, statStallEvery, f)) {
      sleep(statStallMillis);
    }
    return super.getFileStatus(f);
  }

  @Override
  public URI getUri() {
    return URI.create("faulty:///");
  }

  @Override
  public String getScheme() {
    return "faulty";
  }

  private static boolean hit(AtomicLong counter, long every, Path p) {
    String name = p.getName();
    boolean item = name.startsWith("file_") || name.startsWith("dir_");
    return every > 0 && item && counter.incrementAndGet() % every == 0;
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    if (hit(CREATES, createFailEvery, f)) {
      throw new IOException("injected create failure for " + f);
    }
    delayCreate(f);
    record("created", f);
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }

  @Override
  public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
      long blockSize, Progressable progress) throws IOException {
    if (hit(CREATES, createFailEvery, f)) {
      throw new IOException("injected create failure for " + f);
    }
    delayCreate(f);
    record("created", f);
    return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
  }

  @Override
  public org.apache.hadoop.fs.FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (hit(OPENS, openNotFoundEvery, f)) {
      throw new java.io.FileNotFoundException("injected: " + f + " not (yet) visible");
    }
    record("opened", f);
    return super.open(f, bufferSize);
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    if (hit(RENAMES, renameFalseEvery, src)) {
      return false;
    }
    return super.rename(src, dst);
  }

  @Override
  public boolean delete(Path p, boolean recursive) throws IOException {
    if (hit(DELETES, deleteFalseEvery, p)) {
      return false;
    }
    return super.delete(p, recursive);
  }
}
