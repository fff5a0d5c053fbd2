package io.metabench.path;

import io.metabench.op.ItemNames;
import io.metabench.op.OpType;
import org.apache.hadoop.fs.Path;

/**
 * A mix's names in the prefill's namespace ({@code -mix} with {@code -onPrefill},
 * docs/namespaces.md#writing-in-it): its read operations read the prefill's files
 * ({@link PrefillNames}), every other operation works on the worker's own items placed in the
 * prefill's directories ({@link PlacedNames}), whose names these are too.
 *
 * <p>Not thread-safe: one instance belongs to one worker.
 */
public final class NamespaceMixNames implements ItemNames {
  private final PlacedNames own;
  private final PrefillNames reads;

  public NamespaceMixNames(PlacedNames own, PrefillNames reads) {
    this.own = own;
    this.reads = reads;
  }

  @Override
  public ItemNames forOp(OpType op) {
    return op.onlyReads() ? reads : own;
  }

  @Override
  public Path file(long index) {
    return own.file(index);
  }

  @Override
  public Path renamedFile(long index) {
    return own.renamedFile(index);
  }

  @Override
  public Path dir(long index) {
    return own.dir(index);
  }
}
