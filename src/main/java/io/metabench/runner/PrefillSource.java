package io.metabench.runner;

import io.metabench.core.Causes;
import io.metabench.engine.ItemSource;
import io.metabench.engine.Step;
import io.metabench.op.MetaOp;
import io.metabench.op.OpContext;
import io.metabench.path.LeafRanges;
import io.metabench.path.PrefillShape;
import java.io.IOException;
import java.util.PrimitiveIterator;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One prefill worker's operations: its slice of leaf directories in order, each made once
 * ({@code mkdirs}) and then filled with {@code create(overwrite=false)}, write, close, no
 * read-back. A file of the expected length already there (a resumed prefill) is taken as made;
 * one of the wrong length, or still held open by a writer that died, was cut short and is
 * removed by name and made again. After a failed mkdirs the leaf's files are not tried.
 * {@code doneLeaves} counts the slice's prefix of leaves completed without a failure: what a
 * checkpoint may record as done.
 *
 * <p>One per worker, used by that worker's thread only (the counts are read after the phase;
 * {@code doneLeaves} by the checkpoint timer at any time).
 */
final class PrefillSource implements ItemSource {
  private static final byte[] ZEROS = new byte[64 * 1024];
  /** The result slot of the creates (the prefill's files). */
  static final int CREATE_SLOT = 0;
  /** The result slot of the leaves' mkdirs, counted apart so the files' figures are files. */
  static final int MKDIRS_SLOT = 1;

  /** What one worker made, read after the phase. */
  static final class Counts {
    long created;
    long alreadyThere;
    long replaced;
    long bytes;
  }

  private final PrefillShape tree;
  private final PrefillShape.Names names;
  private final PrimitiveIterator.OfLong leaves;
  private final AtomicLong doneLeaves;
  private final OpContext ctx;
  private final Counts counts = new Counts();
  private final MetaOp mkdirs;
  private final MetaOp create;
  private long leaf = -1;
  private long nextFile;
  private long endFile;
  /** Whether every leaf so far was completed without a failure. */
  private boolean clean = true;

  PrefillSource(PrefillShape tree, LeafRanges slice, AtomicLong doneLeaves, OpContext ctx) {
    this.tree = tree;
    this.names = tree.names();
    this.leaves = slice.iterator();
    this.doneLeaves = doneLeaves;
    this.ctx = ctx;
    this.mkdirs = (c, l) -> {
      if (!c.fs().mkdirs(tree.unitDir(l))) {
        throw new IOException("mkdirs returned false");
      }
      return true;
    };
    this.create = (c, i) -> createOne(c, names.file(i), tree.sizeOf(i));
  }

  @Override
  public OpContext context() {
    return ctx;
  }

  @Override
  public boolean next(long k, Step step) {
    for (;;) {
      if (leaf >= 0 && nextFile < endFile) {
        step.set(create, nextFile++, CREATE_SLOT);
        return true;
      }
      if (leaf >= 0 && clean) {
        doneLeaves.incrementAndGet();
      }
      if (!leaves.hasNext()) {
        leaf = -1;
        return false;
      }
      leaf = leaves.nextLong();
      nextFile = tree.firstFile(leaf);
      endFile = nextFile + tree.filesIn(leaf);
      if (tree.unitDir(leaf) != null) {
        step.set(mkdirs, leaf, MKDIRS_SLOT);
        return true;
      }
      // A leaf that gets no file is not made, and is done.
    }
  }

  @Override
  public void done(Step step, boolean ok) {
    if (!ok) {
      clean = false;
      if (step.op() == mkdirs) {
        nextFile = endFile; // no leaf, no files: a resumed run redoes the leaf
      }
    }
  }

  @Override
  public String causeOf(Step step, String cause) {
    return step.op() == mkdirs ? "mkdirs: " + cause : cause;
  }

  Counts counts() {
    return counts;
  }

  /** Creates one file; an existing one of the right length is already there. */
  private boolean createOne(OpContext c, Path file, long size) throws IOException {
    FileSystem fs = c.fs();
    try {
      create(fs, file, size);
    } catch (FileAlreadyExistsException e) {
      FileStatus status = fs.getFileStatus(file);
      if (!status.isFile()) {
        throw e;
      }
      if (status.getLen() == size) {
        counts.alreadyThere++;
        return true;
      }
      replace(fs, file, size);
    } catch (IOException e) {
      String cause = Causes.of(e);
      if (!cause.equals("AlreadyBeingCreatedException")
          && !cause.equals("RecoveryInProgressException")) {
        throw e;
      }
      // Still open by a writer that is gone (a killed run's client holds its lease).
      replace(fs, file, size);
    }
    counts.created++;
    counts.bytes += size;
    c.addAmount(size);
    return true;
  }

  /** A file of a generated name cut short by a killed run: removed by name and made again. */
  private void replace(FileSystem fs, Path file, long size) throws IOException {
    fs.delete(file, false);
    create(fs, file, size);
    counts.replaced++;
  }

  private void create(FileSystem fs, Path file, long size) throws IOException {
    try (FSDataOutputStream out = fs.create(file, false, ctx.ioBufferSize(), ctx.replication(),
        ctx.blockSize())) {
      for (long left = size; left > 0; ) {
        int n = (int) Math.min(left, ZEROS.length);
        out.write(ZEROS, 0, n);
        left -= n;
      }
    }
  }
}
