package io.metabench.runner;

import io.metabench.core.NanoClock;
import io.metabench.namespace.Fidelity;
import io.metabench.namespace.ListingProfiler;
import io.metabench.namespace.NamespaceProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.stats.NamespaceCheck;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A namespace made from a profile, read back by a listing and compared with the profile
 * (docs/namespaces.md#fidelity): what a prefill and a replay's namespace both check after
 * making one. Stateless.
 */
public final class NamespaceReadBack {
  private static final Logger LOG = LoggerFactory.getLogger(NamespaceReadBack.class);

  private NamespaceReadBack() {
  }

  /**
   * {@code tree} as {@code fs} lists it under its root on {@code threads} workers, against its
   * profile, as map {@code map}'s check; {@code who} names the maker in the log.
   */
  public static NamespaceCheck of(FileSystem fs, ShapedTree tree, int threads, int map,
      NanoClock clock, String who) throws IOException, InterruptedException {
    long start = clock.nanoTime();
    NamespaceProfile made = ListingProfiler.profile(fs, tree.root(), threads);
    long nanos = clock.nanoTime() - start;
    Fidelity f = Fidelity.of(tree.profile().json(), made.json(), tree.scale());
    LOG.info("{}: the namespace read back in {} s: {}", who, String.format(Locale.ROOT, "%.1f",
        nanos / 1e9), made.shape());
    for (String failure : f.failures()) {
      LOG.warn("{}: the namespace is outside the fidelity bounds: {}", who, failure);
    }
    return new NamespaceCheck(map, tree.profile().toString(), tree.scale(), f, nanos);
  }
}
