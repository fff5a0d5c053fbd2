package io.metabench.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A file system that does nothing, under the scheme {@code noop://}, for measuring MetaBench's own
 * cost per operation (path generation, timing, histogram recording, accounting) and its memory:
 * every call succeeds at once and nothing is kept. It stores nothing, so each file looks empty and
 * nothing looks present ({@code getFileStatus} throws FileNotFoundException); a run's phases still
 * work because MetaBench keeps their state in memory. Never a stand-in for a real file system in
 * tests of behaviour.
 *
 * <p>Thread-safe (stateless).
 */
public final class NoOpFileSystem extends FileSystem {
  public static final String SCHEME = "noop";
  private static final URI URI_ROOT = URI.create(SCHEME + ":///");

  private Path workingDir = new Path("/");

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return URI_ROOT;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) {
    return new FSDataInputStream(new EmptyInput());
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    return new FSDataOutputStream(NullOutput.INSTANCE, null);
  }

  @Override
  public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) {
    return new FSDataOutputStream(NullOutput.INSTANCE, null);
  }

  @Override
  public boolean rename(Path src, Path dst) {
    return true;
  }

  @Override
  public boolean delete(Path f, boolean recursive) {
    return true;
  }

  @Override
  public FileStatus[] listStatus(Path f) {
    return new FileStatus[0];
  }

  @Override
  public void setWorkingDirectory(Path newDir) {
    workingDir = newDir;
  }

  @Override
  public Path getWorkingDirectory() {
    return workingDir;
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) {
    return true;
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    throw new FileNotFoundException(f.toString());
  }

  /** Discards what is written. */
  private static final class NullOutput extends OutputStream {
    static final NullOutput INSTANCE = new NullOutput();

    @Override
    public void write(int b) {
    }

    @Override
    public void write(byte[] b, int off, int len) {
    }
  }

  /** An empty file: FSDataInputStream needs a seekable, positioned-readable stream. */
  private static final class EmptyInput extends InputStream
      implements Seekable, PositionedReadable {
    @Override
    public int read() {
      return -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      return -1;
    }

    @Override
    public void seek(long pos) throws IOException {
      if (pos != 0) {
        throw new IOException("seek past the end of an empty file");
      }
    }

    @Override
    public long getPos() {
      return 0;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) {
      return -1;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length)
        throws IOException {
      if (length > 0) {
        throw new java.io.EOFException("empty file");
      }
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
      readFully(position, buffer, 0, buffer.length);
    }
  }
}
