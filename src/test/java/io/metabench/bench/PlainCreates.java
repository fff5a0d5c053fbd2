package io.metabench.bench;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The JVM's floor for creating empty files, for bench/posix-vs-fio.sh: {@code threads} threads,
 * each creating {@code files} empty files in a directory of its own under {@code dir} with
 * {@code new FileOutputStream(file).close()} (one open with O_CREAT and one close, as fio's
 * filecreate does), timed with {@code System.nanoTime} from the common start to the last end. A
 * first pass, not reported, warms the JVM as MetaBench's client warm-up does; the second pass is
 * printed as {@code plain filecreate <files per second>}. No Hadoop and no MetaBench code: what
 * a Java client could reach on this mount.
 *
 * <pre>
 * PlainCreates dir threads files
 * </pre>
 *
 * <p>Leaves its files in place (the script removes {@code dir}).
 */
public final class PlainCreates {
  private PlainCreates() {}

  public static void main(String[] args) throws Exception {
    File dir = new File(args[0]);
    int threads = Integer.parseInt(args[1]);
    int files = Integer.parseInt(args[2]);
    pass(new File(dir, "warm"), threads, files);
    double tps = pass(new File(dir, "measured"), threads, files);
    System.out.println(String.format(Locale.ROOT, "plain filecreate %.1f", tps));
  }

  private static double pass(File dir, int threads, int files) throws Exception {
    List<File> dirs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      File d = new File(dir, "w" + t);
      if (!d.mkdirs()) {
        throw new IOException("could not make " + d);
      }
      dirs.add(d);
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Long>> ends = new ArrayList<>();
    for (File d : dirs) {
      ends.add(pool.submit(() -> {
        go.await();
        for (int i = 0; i < files; i++) {
          new FileOutputStream(new File(d, "f" + i)).close();
        }
        return System.nanoTime();
      }));
    }
    long start = System.nanoTime();
    go.countDown();
    long end = start;
    for (Future<Long> f : ends) {
      end = Math.max(end, f.get());
    }
    pool.shutdown();
    return (double) threads * files * 1e9 / (end - start);
  }
}
