package io.metabench.fs;

import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system as a POSIX mount: Hadoop's {@link RawLocalFileSystem} (no checksums, so no
 * {@code .crc} side files) with permissions, owners and status set and read through java.nio's
 * system calls instead of forked {@code chmod}, {@code chown} and {@code ls} processes, which
 * Hadoop's local client runs for every create, mkdirs and permission read when its native library
 * is not loaded (as under {@code hadoop jar} on most clients and always in the standalone
 * distribution); and a new file is made by one {@code open(2)} with its mode ({@link #create}).
 * Everything else (open, rename, delete, list, append) is Hadoop's own.
 *
 * <p>Made by {@link ClientFactory} for {@code file://} targets unless {@code -localClient hadoop}
 * is given; never registered as {@code fs.file.impl}, because {@code FileSystem.getLocal} (used
 * by MapReduce's framework) must stay Hadoop's checksummed {@code LocalFileSystem}.
 *
 * <p>Thread-safe as {@link RawLocalFileSystem} is: workers may share one instance.
 */
public class PosixFileSystem extends RawLocalFileSystem {
  /** The attributes one {@code stat} call gives, by the "unix" view's names. */
  private static final String STAT = "unix:mode,uid,gid,size,lastModifiedTime,lastAccessTime,"
      + "isDirectory";
  private static final int SETUID_SETGID = 06000;
  private static final int STICKY = 01000;

  /** User and group names by id: resolving one reads the name service, never a process. */
  private static final Map<Integer, String> USERS = new ConcurrentHashMap<>();
  private static final Map<Integer, String> GROUPS = new ConcurrentHashMap<>();
  /** Permission bits from the lowest (others' execute) up. */
  private static final PosixFilePermission[] BITS = {
      PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
      PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
      PosixFilePermission.OWNER_READ};

  /** The bits this process's umask takes from a mode given to open(2); read once per JVM. */
  private static volatile int umask = -1;

  /** Read once: a status is made per stat, on the measured path. */
  private long blockSize;

  @Override
  public void initialize(java.net.URI uri, org.apache.hadoop.conf.Configuration conf)
      throws IOException {
    super.initialize(uri, conf);
    blockSize = getDefaultBlockSize(new Path(uri));
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    File file = pathToFile(f);
    Map<String, Object> a;
    try {
      a = Files.readAttributes(file.toPath(), STAT);
    } catch (FileSystemException e) {
      throw missing(e, f);
    }
    int mode = (Integer) a.get("mode");
    java.nio.file.Path nio = file.toPath();
    return new FileStatus((Long) a.get("size"), (Boolean) a.get("isDirectory"), 1,
        blockSize, ((FileTime) a.get("lastModifiedTime")).toMillis(),
        ((FileTime) a.get("lastAccessTime")).toMillis(), new FsPermission((short) (mode & 07777)),
        name(USERS, (Integer) a.get("uid"), nio, "posix:owner"),
        name(GROUPS, (Integer) a.get("gid"), nio, "posix:group"),
        makeQualified(new Path(file.getPath())));
  }

  /**
   * Creates a new file by one {@code open(2)} with {@code O_CREAT|O_EXCL} and its mode, as fio's
   * filecreate and a plain Java loop do, instead of Hadoop's stat of the file, stats and a
   * {@code mkdir} of its parent, the open, and a {@code chmod} (docs/performance.md#7-posix-create):
   * the {@code chmod} follows only when this process's umask took bits the permission asks for.
   * Anything else (the file exists, its parent is missing or is a file, special bits) goes to
   * Hadoop's own create, so its semantics and exceptions are Hadoop's: overwrite, missing parents
   * made, {@code FileAlreadyExistsException}, {@code ParentNotDirectoryException}.
   */
  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    int bits = permission == null ? -1 : permission.toShort();
    if (bits < 0 || (bits & (STICKY | SETUID_SETGID)) != 0) {
      return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }
    SeekableByteChannel channel;
    try {
      channel = Files.newByteChannel(pathToFile(f).toPath(),
          EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
          PosixFilePermissions.asFileAttribute(posix(bits)));
    } catch (IOException | UnsupportedOperationException e) {
      return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }
    try {
      if ((bits & umask()) != 0) {
        setPermission(f, permission);
      }
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return new FSDataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel),
        bufferSize), statistics);
  }

  /** The process's umask, from the mode a new file given 0777 gets; 0777 when it cannot tell. */
  static int umask() {
    int m = umask;
    if (m < 0) {
      try {
        java.nio.file.Path probe = Files.createTempFile("metabench-umask", "",
            PosixFilePermissions.asFileAttribute(posix(0777)));
        try {
          m = 0777 & ~modeOf(Files.getPosixFilePermissions(probe));
        } finally {
          Files.delete(probe);
        }
      } catch (IOException | UnsupportedOperationException e) {
        m = 0777; // unknown: always chmod, as Hadoop does
      }
      umask = m;
    }
    return m;
  }

  private static int modeOf(Set<PosixFilePermission> perms) {
    int m = 0;
    for (int i = 0; i < BITS.length; i++) {
      if (perms.contains(BITS[i])) {
        m |= 1 << i;
      }
    }
    return m;
  }

  /**
   * Sets {@code permission} by one {@code chmod} system call. Bits java.nio cannot set (sticky,
   * set-user-id, set-group-id) go through Hadoop's own client, which may fork.
   */
  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    int bits = permission.toShort();
    if ((bits & (STICKY | SETUID_SETGID)) != 0) {
      super.setPermission(p, permission);
      return;
    }
    try {
      Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(bits));
    } catch (FileSystemException e) {
      throw missing(e, p);
    }
  }

  /** Sets the owner and group by {@code chown} system calls; null leaves one unchanged. */
  @Override
  public void setOwner(Path p, String username, String groupname) throws IOException {
    if (username == null && groupname == null) {
      throw new IOException("username == null && groupname == null");
    }
    java.nio.file.Path nio = pathToFile(p).toPath();
    PosixFileAttributeView view = Files.getFileAttributeView(nio, PosixFileAttributeView.class);
    UserPrincipalLookupService names = nio.getFileSystem().getUserPrincipalLookupService();
    try {
      if (username != null) {
        view.setOwner(names.lookupPrincipalByName(username));
      }
      if (groupname != null) {
        view.setGroup(names.lookupPrincipalByGroupName(groupname));
      }
    } catch (FileSystemException e) {
      throw missing(e, p);
    }
  }

  /**
   * A path that is not there, as Hadoop's contract says it: {@link FileNotFoundException} when
   * it is missing or lies under a file ({@code ENOTDIR}: {@code a/file/b}), so {@code exists()}
   * answers false for both as Hadoop's own local client does; any other failure as it came.
   */
  private IOException missing(FileSystemException e, Path p) {
    boolean underAFile = !(e instanceof NoSuchFileException) && underAFile(pathToFile(p));
    if (e instanceof NoSuchFileException || underAFile) {
      FileNotFoundException notFound = new FileNotFoundException("File " + p + " does not exist"
          + (underAFile ? " (a path under a file)" : ""));
      notFound.initCause(e);
      return notFound;
    }
    return e;
  }

  /**
   * Whether the nearest existing ancestor of {@code f} is a file: asked only of a failed call,
   * and read from the file system, not from the error's text (which the C library may translate).
   */
  private static boolean underAFile(File f) {
    for (File a = f.getParentFile(); a != null; a = a.getParentFile()) {
      if (a.exists()) {
        return a.isFile();
      }
    }
    return false;
  }

  private static String name(Map<Integer, String> cache, int id, java.nio.file.Path p,
      String attribute) {
    String n = cache.get(id);
    if (n == null) {
      // The file's own attribute names the id it has (and the JDK resolves it natively).
      try {
        n = Files.getAttribute(p, attribute).toString();
      } catch (IOException gone) {
        return String.valueOf(id); // removed since its stat: the id is all there is to say
      }
      cache.put(id, n);
    }
    return n;
  }

  private static Set<PosixFilePermission> posix(int bits) {
    Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
    for (int i = 0; i < BITS.length; i++) {
      if ((bits & (1 << i)) != 0) {
        s.add(BITS[i]);
      }
    }
    return s;
  }
}
