package io.metabench.replay;

import io.metabench.config.BenchConfig;
import io.metabench.config.PrefillPlan;
import io.metabench.core.InvalidInputException;
import io.metabench.core.NanoClock;
import io.metabench.core.Parallel;
import io.metabench.fs.ClientFactory;
import io.metabench.fs.Target;
import io.metabench.namespace.Fidelity;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.PrefillSizes;
import io.metabench.runner.NamespaceReadBack;
import io.metabench.stats.NamespaceCheck;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The namespace of a profile's shape a replay runs on (docs/replay.md#on-a-namespace-like-production):
 * {@code -prefillProfile}, {@code -prefillScale} and {@code -seed} draw it as they draw a run's
 * prefill, but it is made under the replay's own root ({@code <baseDir>/replay}, new for every
 * replay), unmeasured, before the replay, and read back and checked against the profile as a
 * prefill is; the log's paths are then mapped onto it ({@link NamespaceMapping}). A replay
 * changes it as its log changes the recorded namespace, so it is not kept as a prefill is.
 *
 * <p>Stateless.
 */
public final class ReplayNamespace {
  private static final Logger LOG = LoggerFactory.getLogger(ReplayNamespace.class);

  private ReplayNamespace() {
  }

  /**
   * Refuses, in one line, the prefill options a replay cannot take: a tree, offline, sizes,
   * picks, and a namespace beside {@code -maps} or a capacity search.
   */
  public static void check(BenchConfig config, boolean capacity) {
    PrefillPlan plan = config.prefill();
    if (!plan.asked()) {
      return; // -onPrefill without a prefill is refused by the configuration itself
    }
    String refusal = plan.profile() == null ? "-prefillFiles (a replay runs on a profile's "
        + "namespace, its paths mapped by depth: give -prefillProfile and -prefillScale instead)"
        : plan.offline() ? "-prefillOffline (a replay's namespace is made through the API "
        + "under its own root)"
        : !plan.sizes().equals(PrefillSizes.EMPTY_FILES) ? "-prefillSizes (an audit log "
        + "has no sizes: a replay's files are empty)"
        : plan.popularity().picks() ? "-onPrefill (the log says which paths it reads)"
        : config.maps() > 0 ? "-maps with -prefillProfile (a replay on a namespace runs in "
        + "one process)"
        : capacity ? "-capacity with -prefillProfile (each step would need the namespace "
        + "made again)" : null;
    if (refusal != null) {
      throw new InvalidInputException("replay does not take " + refusal + ": drop it");
    }
  }

  /**
   * The namespace {@code config} asks for under {@code replayRoot}; null when none.
   *
   * @throws InvalidInputException when the namespace drawn is outside the fidelity bounds (a
   *     scale too small for the profile's shape), known before anything is made
   */
  static ShapedTree shape(BenchConfig config, Path replayRoot) {
    if (config.prefill().profile() == null) {
      return null;
    }
    ShapedTree tree = (ShapedTree) config.prefill().shape(replayRoot);
    java.util.List<String> off = Fidelity.of(tree.profile().json(),
        tree.model().profile().json(), tree.scale()).failures();
    if (!off.isEmpty()) {
      throw new InvalidInputException("-prefillScale " + ShapedTree.scaleText(tree.scale())
          + ": the namespace it draws of " + tree.profile() + " is outside the fidelity bounds ("
          + off.get(0) + "): give a larger scale");
    }
    return tree;
  }

  /**
   * Makes {@code tree} (every directory, its files empty) on {@code threads} clients of their
   * own, then lists it back and compares it with the profile.
   *
   * @throws IOException when a path could not be made, or the namespace is outside the fidelity
   *     bounds (the replay does not run on it)
   */
  static NamespaceCheck make(ShapedTree tree, Target target, FileSystem control, int threads)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    LOG.info("replay: making the namespace of {} at scale {} ({} files in {} directories) "
        + "under {}", tree.profile(), ShapedTree.scaleText(tree.scale()), tree.files(),
        tree.directories(), tree.root());
    int n = (int) Math.max(1, Math.min(threads, tree.units()));
    ClientFactory clients = new ClientFactory(target);
    ExecutorService pool = Executors.newCachedThreadPool(Parallel.daemonThreads(
        "metabench-replay-namespace"));
    List<FileSystem> fs = new ArrayList<>();
    AtomicLong failed = new AtomicLong();
    AtomicReference<String> first = new AtomicReference<>();
    try {
      fs.addAll(Parallel.forEach(pool, n, "namespace thread", t -> clients.newClient()));
      Parallel.forEach(pool, n, "namespace thread", t -> {
        for (long u = t; u < tree.units(); u += n) {
          Path dir = tree.unitDir(u);
          try {
            fs.get(t).mkdirs(dir);
            for (long i = tree.firstFile(u); i < tree.firstFile(u + 1); i++) {
              fs.get(t).create(new Path(dir, tree.fileName(i)), false).close();
            }
          } catch (IOException | RuntimeException e) {
            failed.incrementAndGet();
            first.compareAndSet(null, dir + ": " + e);
          }
        }
        return null;
      });
    } finally {
      pool.shutdownNow();
      for (FileSystem f : fs) {
        ClientFactory.closeQuietly(f);
      }
    }
    if (failed.get() > 0) {
      throw new IOException("the replay's namespace could not be made: " + failed.get()
          + " of its directories failed, the first " + first.get());
    }
    LOG.info(String.format(Locale.ROOT, "replay: the namespace made in %.1f s",
        (System.nanoTime() - start) / 1e9));
    NamespaceCheck check = NamespaceReadBack.of(control, tree, n, 0, NanoClock.SYSTEM, "replay");
    if (!check.failures().isEmpty()) {
      throw new IOException("the replay's namespace under " + tree.root() + " is outside the "
          + "fidelity bounds (" + check.failures().get(0) + "): give a larger -prefillScale, "
          + "and remove " + tree.root() + " or give a new -baseDir");
    }
    return check;
  }
}
