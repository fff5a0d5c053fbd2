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
}
