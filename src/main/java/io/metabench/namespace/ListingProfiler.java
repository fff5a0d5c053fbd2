package io.metabench.namespace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * A namespace's profile read through a file system's API (docs/namespaces.md#from-a-listing):
 * every directory under a path listed ({@code listStatusIterator}, so a large directory comes in
 * the file system's pages) by a few workers at once, its entries counted as an image's
 * directory section counts them, into the same profile an fsimage gives (its source's kind
 * {@code listing}). For any file system, and for a namespace MetaBench made, whose shape can so be
 * read back. Memory grows with the directories, not the files. Stateless.
 */
public final class ListingProfiler {
  private ListingProfiler() {
  }

  /** What the walk found of one directory: its id, its parent's, and its entries by kind. */
  private static final class Listed {
    final long id;
    final long parent;
    int files;
    int subdirs;
    int others;

    Listed(long id, long parent) {
      this.id = id;
      this.parent = parent;
    }
  }

  /**
   * The profile of the tree under {@code root} on {@code fs}, listed by {@code threads} workers.
   *
   * @throws IOException when {@code root} is not a directory, or a directory cannot be listed
   *     (the profile would leave its subtree out)
   */
  public static NamespaceProfile profile(FileSystem fs, Path root, int threads)
      throws IOException, InterruptedException {
    if (!fs.getFileStatus(root).isDirectory()) {
      throw new IOException(root + " is not a directory");
    }
    ProfileBuilder builder = new ProfileBuilder("listing");
    List<Listed> listed = new ArrayList<>();
    LinkedBlockingDeque<Object[]> todo = new LinkedBlockingDeque<>();
    AtomicLong ids = new AtomicLong(FsImageProfiler.ROOT_ID);
    AtomicInteger pending = new AtomicInteger(1);
    builder.directory(FsImageProfiler.ROOT_ID, "");
    todo.add(new Object[] {root, FsImageProfiler.ROOT_ID, -1L});
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        workers.add(pool.submit(() -> {
          while (pending.get() > 0) {
            Object[] next = todo.poll(50, TimeUnit.MILLISECONDS);
            if (next == null) {
              continue;
            }
            try {
              Listed l = list(fs, (Path) next[0], new Listed((Long) next[1], (Long) next[2]),
                  ids, builder, todo, pending);
              synchronized (listed) {
                listed.add(l);
              }
            } finally {
              pending.decrementAndGet();
            }
          }
          return null;
        }));
      }
      for (Future<Void> w : workers) {
        try {
          w.get();
        } catch (java.util.concurrent.ExecutionException e) {
          pending.set(0);
          Throwable cause = e.getCause();
          throw cause instanceof IOException ? (IOException) cause
              : new IOException("listing " + root + " failed: " + cause, cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    DirectoryTable t = builder.directories();
    t.seal();
    for (Listed l : listed) {
      int i = t.index(l.id);
      t.parent[i] = l.parent < 0 ? -1 : t.index(l.parent);
      t.files[i] = l.files;
      t.subdirs[i] = l.subdirs;
      t.others[i] = l.others;
    }
    t.computeDepths(t.index(FsImageProfiler.ROOT_ID));
    return builder.build();
  }

  /** Lists one directory: its subdirectories queued, its files and links recorded. */
  private static Listed list(FileSystem fs, Path dir, Listed l, AtomicLong ids,
      ProfileBuilder builder, LinkedBlockingDeque<Object[]> todo, AtomicInteger pending)
      throws IOException {
    RemoteIterator<FileStatus> it = fs.listStatusIterator(dir);
    List<FileStatus> files = new ArrayList<>();
    while (it.hasNext()) {
      FileStatus s = it.next();
      String name = s.getPath().getName();
      if (s.isDirectory()) {
        long child = ids.incrementAndGet();
        l.subdirs++;
        synchronized (builder) {
          builder.directory(child, name);
        }
        pending.incrementAndGet();
        todo.add(new Object[] {s.getPath(), child, l.id});
      } else if (s.isSymlink()) {
        l.others++;
        synchronized (builder) {
          builder.symlink(ids.incrementAndGet());
        }
      } else {
        l.files++;
        files.add(s);
      }
    }
    synchronized (builder) {
      for (FileStatus s : files) {
        long len = s.getLen();
        long block = Math.max(1, s.getBlockSize());
        builder.file(s.getPath().getName(), len, (int) ((len + block - 1) / block),
            s.getReplication(), s.getModificationTime());
      }
    }
    return l;
  }
}
