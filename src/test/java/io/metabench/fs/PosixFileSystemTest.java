package io.metabench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The POSIX client on the machine's own disk: what it reports and sets must be what Hadoop's raw
 * local client (whose permission reads fork {@code ls}) reports for the same files, and it must
 * leave no checksum side files.
 */
class PosixFileSystemTest {
  @TempDir
  File dir;
  private FileSystem posix;
  private FileSystem hadoop;

  @BeforeEach
  void clients() throws IOException {
    posix = new PosixFileSystem();
    posix.initialize(URI.create("file:///"), new Configuration());
    hadoop = new RawLocalFileSystem();
    hadoop.initialize(URI.create("file:///"), new Configuration());
  }

  @AfterEach
  void close() throws IOException {
    posix.close();
    hadoop.close();
  }

  private Path path(String name) {
    return new Path(new File(dir, name).toURI());
  }

  /** Counts the calls Hadoop's create makes around the open(2), which the fast path avoids. */
  static final class Counting extends PosixFileSystem {
    final java.util.concurrent.atomic.AtomicInteger exists = new java.util.concurrent.atomic
        .AtomicInteger();
    final java.util.concurrent.atomic.AtomicInteger mkdirs = new java.util.concurrent.atomic
        .AtomicInteger();
    final java.util.concurrent.atomic.AtomicInteger chmods = new java.util.concurrent.atomic
        .AtomicInteger();

    @Override
    public boolean exists(Path f) throws IOException {
      exists.incrementAndGet();
      return super.exists(f);
    }

    @Override
    public boolean mkdirs(Path f) throws IOException {
      mkdirs.incrementAndGet();
      return super.mkdirs(f);
    }

    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      chmods.incrementAndGet();
      super.setPermission(p, permission);
    }
  }

  @Test
  void aNewFileInAnExistingDirectoryIsOneOpenWithItsMode() throws IOException {
    Counting fs = new Counting();
    fs.initialize(URI.create("file:///"), new Configuration());
    int umask = PosixFileSystem.umask();
    assertThat(umask).isBetween(0, 0777);
    // Within the umask: no chmod; beyond it (0777 with the usual 022): one, to the exact mode.
    short within = (short) (0666 & ~umask);
    fs.create(path("f1"), new FsPermission(within), false, 4096, (short) 1, 1 << 20, null)
        .close();
    assertThat(fs.exists.get() + fs.mkdirs.get() + fs.chmods.get()).isZero();
    assertThat(posix.getFileStatus(path("f1")).getPermission().toShort()).isEqualTo(within);
    fs.create(path("f2"), new FsPermission((short) 0777), false, 4096, (short) 1, 1 << 20, null)
        .close();
    assertThat(fs.chmods.get()).isEqualTo(umask == 0 ? 0 : 1);
    assertThat(posix.getFileStatus(path("f2")).getPermission().toShort()).isEqualTo((short) 0777);
    fs.close();
  }

  @Test
  void everyOtherCreateIsHadoopsOwn() throws IOException {
    FsPermission p = new FsPermission((short) 0644);
    Path f = path("x/y/f");
    posix.create(f, p, false, 4096, (short) 1, 1 << 20, null).close(); // parents made
    assertThat(posix.getFileStatus(path("x/y")).isDirectory()).isTrue();
    assertThatThrownBy(() -> posix.create(f, p, false, 4096, (short) 1, 1 << 20, null))
        .isInstanceOf(org.apache.hadoop.fs.FileAlreadyExistsException.class);
    try (FSDataOutputStream out = posix.create(f, p, true, 4096, (short) 1, 1 << 20, null)) {
      out.write(new byte[] {7});
    }
    try (FSDataOutputStream out = posix.create(f, p, true, 4096, (short) 1, 1 << 20, null)) {
      out.write(new byte[] {8, 9});
    }
    assertThat(posix.getFileStatus(f).getLen()).isEqualTo(2); // overwritten, not appended
    assertThatThrownBy(() -> posix.create(new Path(f, "child"), p, false, 4096, (short) 1,
        1 << 20, null)).isInstanceOf(IOException.class);
  }

  @Test
  void aFileItMakesHasTheStatusHadoopsClientReadsAndNoChecksumFile() throws IOException {
    Path f = path("a/b/f");
    try (FSDataOutputStream out = posix.create(f, new FsPermission((short) 0640), false, 4096,
        (short) 1, 1 << 20, null)) {
      out.write(new byte[] {1, 2, 3});
    }
    FileStatus mine = posix.getFileStatus(f);
    FileStatus theirs = hadoop.getFileStatus(f);
    assertThat(mine.getPermission()).isEqualTo(theirs.getPermission());
    assertThat(mine.getPermission().toShort()).isEqualTo((short) 0640);
    assertThat(mine.getOwner()).isEqualTo(theirs.getOwner()).isNotEmpty();
    assertThat(mine.getGroup()).isEqualTo(theirs.getGroup()).isNotEmpty();
    assertThat(mine.getLen()).isEqualTo(3);
    assertThat(mine.isFile()).isTrue();
    assertThat(mine.getModificationTime()).isEqualTo(theirs.getModificationTime());
    assertThat(mine.getPath()).isEqualTo(theirs.getPath());
    assertThat(posix.getFileStatus(path("a")).isDirectory()).isTrue();
    assertThat(new File(dir, "a/b").list()).containsExactly("f");
  }

  @Test
  void permissionsAndOwnersSetByItAreWhatHadoopsClientReads() throws IOException {
    Path d = path("d");
    assertThat(posix.mkdirs(d, new FsPermission((short) 0750))).isTrue();
    assertThat(hadoop.getFileStatus(d).getPermission().toShort()).isEqualTo((short) 0750);
    posix.setPermission(d, new FsPermission((short) 0705));
    assertThat(hadoop.getFileStatus(d).getPermission().toShort()).isEqualTo((short) 0705);
    posix.setPermission(d, new FsPermission((short) 01777)); // sticky: through Hadoop's client
    assertThat(hadoop.getFileStatus(d).getPermission().toShort()).isEqualTo((short) 01777);
    assertThat(posix.getFileStatus(d).getPermission().getStickyBit()).isTrue();
    FileStatus before = hadoop.getFileStatus(d);
    posix.setOwner(d, before.getOwner(), before.getGroup());
    assertThat(posix.getFileStatus(d).getOwner()).isEqualTo(before.getOwner());
  }

  @Test
  void aMissingPathIsFileNotFoundAsWithHadoopsClient() {
    Path gone = path("gone");
    assertThatThrownBy(() -> posix.getFileStatus(gone)).isInstanceOf(FileNotFoundException.class)
        .hasMessage("File " + gone + " does not exist");
    assertThatThrownBy(() -> posix.setPermission(gone, new FsPermission((short) 0600)))
        .isInstanceOf(FileNotFoundException.class);
    assertThatThrownBy(() -> posix.listStatus(gone)).isInstanceOf(FileNotFoundException.class);
  }

  @Test
  void appendListRenameAndDeleteAreHadoopsOwn() throws IOException {
    Path f = path("l/f");
    posix.create(f).close();
    try (FSDataOutputStream out = posix.append(f)) {
      out.write(7);
    }
    assertThat(posix.getFileStatus(f).getLen()).isEqualTo(1);
    assertThat(posix.listStatus(path("l"))).extracting(s -> s.getPath().getName())
        .containsExactly("f");
    assertThat(posix.rename(f, path("l/g"))).isTrue();
    assertThat(posix.delete(path("l"), true)).isTrue();
    assertThat(new File(dir, "l")).doesNotExist();
  }

  @Test
  void aPathUnderAFileIsNotThereAsOnHadoopsOwnClient() throws IOException {
    posix.create(path("file")).close();
    Path under = path("file/child");
    for (FileSystem fs : new FileSystem[] {hadoop, posix}) {
      assertThatThrownBy(() -> fs.getFileStatus(under)).as(fs.getClass().getSimpleName())
          .isInstanceOf(FileNotFoundException.class);
      assertThat(fs.exists(under)).isFalse();
      assertThat(fs.exists(path("file/child/grandchild"))).isFalse();
    }
    // A failure that is not absence stays what it was.
    File locked = new File(dir, "locked");
    assertThat(locked.mkdir()).isTrue();
    posix.create(path("locked/f")).close();
    assertThat(locked.setExecutable(false, false)).isTrue();
    try {
      if (!new File(locked, "f").exists()) { // not root, who passes every permission check
        assertThatThrownBy(() -> posix.getFileStatus(path("locked/f")))
            .isInstanceOf(java.nio.file.AccessDeniedException.class);
      }
    } finally {
      locked.setExecutable(true, false);
    }
  }
}
