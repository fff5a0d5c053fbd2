package io.metabench.bench;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The plainest client there is, for bench/steady-state.sh: {@code threads} threads, each with
 * its own {@code FileSystem}, run create (empty, closed), open (closed), getFileStatus, rename
 * and delete over {@code files} files each, phase by phase, timed with {@code System.nanoTime}
 * from the first start to the last end, for {@code passes} passes in one JVM (later passes run
 * warm). No MetaBench code: a reference for what the server does for a client in steady state.
 *
 * <pre>
 * BareLoop fsUri baseDir threads files passes
 * </pre>
 *
 * <p>Prints {@code pass op tps} lines; removes what it made.
 */
public final class BareLoop {
  private static final String[] OPS = {"create_write", "open_read", "stat", "rename", "delete"};

  private BareLoop() {}

  public static void main(String[] args) throws Exception {
    URI uri = URI.create(args[0]);
    Path base = new Path(args[1]);
    int threads = Integer.parseInt(args[2]);
    int files = Integer.parseInt(args[3]);
    int passes = Integer.parseInt(args[4]);
    Configuration conf = new Configuration();
    List<FileSystem> clients = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      clients.add(FileSystem.newInstance(uri, conf));
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int pass = 1; pass <= passes; pass++) {
        Path dir = new Path(base, "pass_" + pass);
        for (String op : OPS) {
          long[] first = {Long.MAX_VALUE};
          long[] last = {Long.MIN_VALUE};
          List<Future<long[]>> done = new ArrayList<>();
          for (int t = 0; t < threads; t++) {
            FileSystem fs = clients.get(t);
            Path mine = new Path(dir, "t" + t);
            done.add(pool.submit(() -> run(op, fs, mine, files)));
          }
          long ok = 0;
          for (Future<long[]> f : done) {
            long[] r = f.get();
            ok += r[0];
            first[0] = Math.min(first[0], r[1]);
            last[0] = Math.max(last[0], r[2]);
          }
          System.out.printf(Locale.ROOT, "%d %s %.1f%n", pass, op, ok * 1e9 / (last[0] - first[0]));
        }
        clients.get(0).delete(dir, true);
      }
    } finally {
      pool.shutdownNow();
      for (FileSystem fs : clients) {
        fs.close();
      }
    }
  }

  /** One thread's share of one phase: successes, first start, last end. */
  private static long[] run(String op, FileSystem fs, Path dir, int files) throws Exception {
    if (op.equals("create_write")) {
      fs.mkdirs(dir);
    }
    long ok = 0;
    long first = System.nanoTime();
    for (int i = 0; i < files; i++) {
      Path f = new Path(dir, "file_" + i);
      Path r = new Path(dir, "file_" + i + "_r");
      boolean success;
      switch (op) {
        case "create_write":
          fs.create(f, true).close();
          success = true;
          break;
        case "open_read":
          fs.open(f).close();
          success = true;
          break;
        case "stat":
          success = fs.getFileStatus(f) != null;
          break;
        case "rename":
          success = fs.rename(f, r);
          break;
        default:
          success = fs.delete(r, false);
          break;
      }
      ok += success ? 1 : 0;
    }
    return new long[] {ok, first, System.nanoTime()};
  }
}
