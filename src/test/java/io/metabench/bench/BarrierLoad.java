package io.metabench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.metabench.engine.FileBarrier;
import java.net.URI;
import java.net.URL;
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
 * The barrier's own load on a NameNode, for bench/barrier-load.sh: {@code processes - 1}
 * processes (threads here, each with a client of its own, as map tasks have) wait at phase 0 of
 * a {@link FileBarrier} of {@code processes} for {@code seconds}, the last never arriving, and
 * the NameNode's own count of {@code getfileinfo} and {@code getListing} calls over that time is
 * read from its /jmx. Prints {@code processes <p> waiting <w> poll_ms <ms> calls_per_s <c>
 * expected_per_s <e>}, the expected figure being waiting ÷ poll interval.
 *
 * <pre>
 * BarrierLoad hdfsUri jmxUrl dir processes seconds
 * </pre>
 */
public final class BarrierLoad {
  private BarrierLoad() {}

  public static void main(String[] args) throws Exception {
    URI uri = URI.create(args[0]);
    String jmx = args[1];
    Path dir = new Path(args[2]);
    int processes = Integer.parseInt(args[3]);
    int seconds = Integer.parseInt(args[4]);
    Configuration conf = new Configuration();
    int waiting = processes - 1;
    List<FileSystem> clients = new ArrayList<>();
    for (int p = 0; p < waiting; p++) {
      clients.add(FileSystem.newInstance(uri, conf));
    }
    ExecutorService pool = Executors.newFixedThreadPool(waiting);
    List<Future<Boolean>> done = new ArrayList<>();
    for (int p = 0; p < waiting; p++) {
      FileBarrier b = new FileBarrier(clients.get(p), dir, p, processes, seconds * 1000L,
          () -> { });
      done.add(pool.submit(() -> b.await(0)));
    }
    // Measured after every process has arrived (its arrival's create and listing are not
    // polling), over the middle of the wait.
    Thread.sleep(Math.min(5000, seconds * 250L));
    long[] before = calls(jmx);
    long t0 = System.nanoTime();
    Thread.sleep(seconds * 500L);
    long[] after = calls(jmx);
    double elapsed = (System.nanoTime() - t0) / 1e9;
    for (Future<Boolean> f : done) {
      f.get();
    }
    pool.shutdown();
    for (FileSystem fs : clients) {
      fs.close();
    }
    long poll = Math.min(1000, Math.max(50, processes));
    System.out.println(String.format(Locale.ROOT,
        "processes %d waiting %d poll_ms %d calls_per_s %.0f expected_per_s %.0f "
            + "(getfileinfo %d, listing %d in %.1f s)", processes, waiting, poll,
        (after[0] - before[0] + after[1] - before[1]) / elapsed, waiting * 1000.0 / poll,
        after[0] - before[0], after[1] - before[1], elapsed));
  }

  /** The NameNode's GetFileInfo and GetListing call counts so far. */
  private static long[] calls(String jmx) throws Exception {
    JsonNode beans = new ObjectMapper().readTree(new URL(jmx
        + "?qry=Hadoop:service=NameNode,name=RpcDetailedActivityForPort*")).get("beans");
    long info = 0;
    long listing = 0;
    for (JsonNode b : beans) {
      info += b.path("GetFileInfoNumOps").asLong();
      listing += b.path("GetListingNumOps").asLong();
    }
    return new long[] {info, listing};
  }
}
