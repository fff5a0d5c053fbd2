package io.metabench.op;

import io.metabench.core.NanoClock;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The per-worker state an operation works with: the worker's file system client, its paths, a
 * reusable data buffer and the settings that shape a call.
 *
 * <p>Not thread-safe: one instance belongs to one worker thread for the duration of a phase.
 */
public final class OpContext {
  private final FileSystem fs;
  private final ItemNames paths;
  /** The names of the next call: {@link #paths}, or what it gives the mix's drawn operation. */
  private ItemNames current;
  private final NanoClock clock;
  private final byte[] buffer;
  private final long bytesToWrite;
  private final short replication;
  private final long blockSize;
  private final int ioBufferSize;
  private final boolean readFileAfterOpen;
  private boolean filesRenamed;
  private final FsPermission filePermission;

  private long splitNanos;
  private long amount;

  public OpContext(FileSystem fs, ItemNames paths, NanoClock clock, long bytesToWrite,
      short replication, long blockSize, int ioBufferSize, boolean readFileAfterOpen,
      boolean filesRenamed) {
    this.fs = fs;
    this.paths = paths;
    this.current = paths;
    this.clock = clock;
    this.bytesToWrite = bytesToWrite;
    this.replication = replication;
    this.blockSize = blockSize;
    this.ioBufferSize = ioBufferSize;
    this.readFileAfterOpen = readFileAfterOpen;
    this.filesRenamed = filesRenamed;
    // What FileSystem.create(Path, boolean, ...) computes on every call (parsing the umask from
    // the configuration each time), computed once per worker.
    this.filePermission = FsPermission.getFileDefault().applyUMask(
        FsPermission.getUMask(fs == null ? new org.apache.hadoop.conf.Configuration(false)
            : fs.getConf()));
    // One buffer serves writes and reads; bounded so a large -bytesToWrite costs no heap.
    this.buffer = new byte[(int) Math.max(4096, Math.min(bytesToWrite, 64 * 1024))];
  }

  /**
   * A context for calls that work on paths they are given (a traversal's listings, a replayed
   * command) rather than on a worker's items: no item names, nothing written, no files renamed.
   */
  public static OpContext forGivenPaths(FileSystem fs, NanoClock clock) {
    return new OpContext(fs, null, clock, 0, (short) 1, 1, 4096, false, false);
  }

  /**
   * A context of the same client and settings working on {@code names} instead, with files not
   * renamed: for work beside the phase's own items (the client warm-up's scratch names).
   */
  public OpContext withNames(ItemNames names) {
    return new OpContext(fs, names, clock, bytesToWrite, replication, blockSize, ioBufferSize,
        readFileAfterOpen, false);
  }

  public FileSystem fs() {
    return fs;
  }

  /** The permission new files get: the default with the configured umask applied. */
  public FsPermission filePermission() {
    return filePermission;
  }

  public ItemNames paths() {
    return current;
  }

  public byte[] buffer() {
    return buffer;
  }

  public long bytesToWrite() {
    return bytesToWrite;
  }

  public short replication() {
    return replication;
  }

  public long blockSize() {
    return blockSize;
  }

  public int ioBufferSize() {
    return ioBufferSize;
  }

  public boolean readFileAfterOpen() {
    return readFileAfterOpen;
  }

  /** Whether an earlier rename phase moved the files to their renamed names. */
  public boolean filesRenamed() {
    return filesRenamed;
  }

  /** Sets which name the next call's file has: a mix knows it per item. */
  public void setFilesRenamed(boolean renamed) {
    this.filesRenamed = renamed;
  }

  /** Sets the names the next call works on: those its names give {@code op} (a mix's draw). */
  public void setDrawn(OpType op) {
    this.current = paths == null ? null : paths.forOp(op);
  }

  /**
   * Marks the boundary between the two parts NNBench reports separately (create+write | close,
   * open | read). Called at most once per attempt.
   */
  public void split() {
    splitNanos = clock.nanoTime();
  }

  /**
   * Counts what the current attempt moved, in its operation's {@link OpType.Unit}: bytes written
   * or read, or entries listed.
   */
  public void addAmount(long n) {
    amount += n;
  }

  /** Clears the per-attempt marks; the worker calls it before each attempt. */
  public void beginAttempt() {
    splitNanos = 0;
    amount = 0;
  }

  public long splitNanos() {
    return splitNanos;
  }

  public long amount() {
    return amount;
  }
}
