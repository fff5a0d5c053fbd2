package io.metabench.config;

import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.op.OpType;
import io.metabench.path.Popularity;
import io.metabench.path.PrefillShape;
import io.metabench.path.PrefillSizes;
import io.metabench.path.PrefillTree;
import java.util.Map;
import java.util.Optional;

/**
 * A run's prefill (docs/prefill.md, docs/namespaces.md): a tree of {@code -prefillFiles} files
 * or a namespace of {@code -prefillProfile}'s shape, how it is made, and whether the read phases
 * read its files ({@code -onPrefill}). A view of the run's option values.
 *
 * <p>Immutable.
 */
public final class PrefillPlan {
  private final Map<Option, Object> values;

  PrefillPlan(Map<Option, Object> values) {
    this.values = values;
  }

  /** Whether a prefill runs before the phases: {@code -prefillFiles} or {@code -prefillProfile}. */
  public boolean asked() {
    return files() > 0 || profile() != null;
  }

  /** Files this map's prefill tree makes; 0 for no tree. */
  public long files() {
    return (Long) values.get(Option.PREFILL_FILES);
  }

  /** Directory levels of the prefill tree. */
  public int depth() {
    return (Integer) values.get(Option.PREFILL_DEPTH);
  }

  /** Subdirectories per directory of the prefill tree. */
  public int fanOut() {
    return (Integer) values.get(Option.PREFILL_FAN_OUT);
  }

  /** The prefill's size distribution. */
  public PrefillSizes sizes() {
    return (PrefillSizes) values.get(Option.PREFILL_SIZES);
  }

  /** Worker threads of the prefill (-threads when not given). */
  public int threads() {
    return (Integer) values.get(Option.PREFILL_THREADS);
  }

  /** Whether the prefill is written into the embedded HDFS's image (docs/namespaces.md#offline). */
  public boolean offline() {
    return (Boolean) values.get(Option.PREFILL_OFFLINE);
  }

  /** How often prefill workers' progress is recorded, in milliseconds. */
  public long checkpointMillis() {
    return (Long) values.get(Option.PREFILL_CHECKPOINT);
  }

  /** The profile the prefill draws its namespace from; null when it grows a tree. */
  public ShapeProfile profile() {
    return ((Optional<?>) values.get(Option.PREFILL_PROFILE)).map(ShapeProfile.class::cast)
        .orElse(null);
  }

  /** The size of the {@link #profile()} namespace against the profile's. */
  public double scale() {
    return (Double) values.get(Option.PREFILL_SCALE);
  }

  /** How the read phases pick the prefill's files; {@link Popularity#NONE}: their own items. */
  public Popularity popularity() {
    return (Popularity) values.get(Option.ON_PREFILL);
  }

  /** Whether phase {@code op} reads the prefill's files ({@code -onPrefill}), not its own. */
  public boolean reads(OpType op) {
    return op.onlyReads() && popularity().picks();
  }

  /**
   * Whether phase {@code op} works on the run's own items placed in the prefill's directories
   * ({@code -onPrefill} on a phase that makes, changes or removes items, or a mix, whose reads
   * read the prefill's files).
   */
  public boolean places(OpType op) {
    return popularity().picks() && op.changesItems();
  }

  /**
   * What this map's prefill makes under {@code mapRoot}: the profile's namespace (drawn with
   * {@code -seed}) or the tree; only when {@link #asked()}.
   */
  public PrefillShape shape(org.apache.hadoop.fs.Path mapRoot) {
    ShapeProfile profile = profile();
    return profile != null
        ? new ShapedTree(mapRoot, profile, scale(), (Long) values.get(Option.SEED), sizes())
        : new PrefillTree(mapRoot, files(), depth(), fanOut(), sizes());
  }
}
