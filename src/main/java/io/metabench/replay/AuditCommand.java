package io.metabench.replay;

import io.metabench.op.OpType;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The table of audit commands a replay executes: each audit {@code cmd} that has a MetaBench
 * {@link OpType}, and the FileSystem call that replays it on the remapped path(s). A command not
 * in this table is not replayed, and counted. What a command says about its path's existence is
 * {@link NamespaceModel}'s to read.
 *
 * <p>The calls, and why:
 * <ul>
 *   <li>create: {@code create(src, overwrite=true)}, closed at once (the audit log records no
 *       size, so nothing is written). Overwriting is what a recorded create may have done, and
 *       everything under {@code <baseDir>/replay} is the replay's own;</li>
 *   <li>open: {@code open(src)}, closed without reading (the log records no read);</li>
 *   <li>rename and {@code rename (options=[…])}: {@code rename(src, dst)};</li>
 *   <li>delete: {@code delete(src, recursive=true)}: a delete the log records as allowed
 *       succeeded on the source, so a directory goes with what is under it. The path is under
 *       {@code <baseDir>/replay} and never that directory itself (a log path with {@code .} or
 *       {@code ..} parts, or a delete of {@code /}, is not replayed), so nothing outside the
 *       replay subtree is ever removed;</li>
 *   <li>mkdirs: {@code mkdirs(src)}, with parents, as HDFS's mkdirs does;</li>
 *   <li>getfileinfo: {@code getFileStatus(src)};</li>
 *   <li>listStatus: {@code listStatus(src)}, its entries counted;</li>
 *   <li>setPermission: {@code setPermission(src, mode)} with the mode the log's {@code perm=}
 *       records, or 0644 when it records none;</li>
 *   <li>setTimes: {@code setTimes(src, t, t)} with t the line's time (the log records no times);
 *       </li>
 *   <li>append: {@code append(src)}, closed at once;</li>
 *   <li>contentSummary: {@code getContentSummary(src)} (count), its files and directories
 *       counted as entries; like getfileinfo it triggers no precreation (it summarises
 *       directories that creates below them made).</li>
 * </ul>
 *
 * <p>Stateless; shared by all threads.
 */
public enum AuditCommand {
  CREATE(OpType.CREATE_WRITE, "create") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      FSDataOutputStream out = fs.create(src, true);
      out.close();
      return 0;
    }
  },
  OPEN(OpType.OPEN_READ, "open") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      FSDataInputStream in = fs.open(src);
      in.close();
      return 0;
    }
  },
  RENAME(OpType.RENAME, "rename") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      if (dst == null) {
        throw new IOException("the audit line has no dst");
      }
      return fs.rename(src, dst) ? 0 : RETURNED_FALSE;
    }
  },
  DELETE(OpType.DELETE, "delete") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      return fs.delete(src, true) ? 0 : RETURNED_FALSE;
    }
  },
  MKDIRS(OpType.MKDIRS, "mkdirs") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      return fs.mkdirs(src) ? 0 : RETURNED_FALSE;
    }
  },
  GETFILEINFO(OpType.STAT, "getfileinfo") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      fs.getFileStatus(src);
      return 0;
    }
  },
  LIST_STATUS(OpType.LIST, "listStatus") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      FileStatus[] entries = fs.listStatus(src);
      return entries.length;
    }
  },
  SET_PERMISSION(OpType.CHMOD, "setPermission") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      fs.setPermission(src, mode(e.perm()));
      return 0;
    }
  },
  SET_TIMES(OpType.SET_TIMES, "setTimes") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      fs.setTimes(src, e.epochMillis(), e.epochMillis());
      return 0;
    }
  },
  APPEND(OpType.APPEND, "append") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      FSDataOutputStream out = fs.append(src);
      out.close();
      return 0;
    }
  },
  CONTENT_SUMMARY(OpType.COUNT, "contentSummary") {
    @Override
    long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException {
      org.apache.hadoop.fs.ContentSummary summary = fs.getContentSummary(src);
      return summary.getFileCount() + summary.getDirectoryCount();
    }
  };

  /** What {@link #execute} returns when the file system reported failure by returning false. */
  static final long RETURNED_FALSE = -1;

  private final OpType op;
  private final String auditName;

  AuditCommand(OpType op, String auditName) {
    this.op = op;
    this.auditName = auditName;
  }

  /**
   * Replays the command on the remapped paths.
   *
   * @return what it moved (entries listed for listStatus, else 0), or {@link #RETURNED_FALSE}
   * @throws IOException as the file system throws it; a failure, counted by its cause
   */
  abstract long execute(FileSystem fs, Path src, Path dst, AuditEvent e) throws IOException;

  /** The MetaBench operation the command is counted as. */
  public OpType op() {
    return op;
  }

  /** The audit log's name of the command. */
  public String auditName() {
    return auditName;
  }

  /**
   * The command an audit {@code cmd} is replayed as, or null when it is not replayed. Exact
   * match, except that rename also stands for {@code rename (options=[…])} (the NameNode's name
   * for the rename with options that FileContext and DistributedFileSystem use).
   */
  public static AuditCommand of(String cmd) {
    for (AuditCommand c : values()) {
      if (c.auditName.equals(cmd)) {
        return c;
      }
    }
    return cmd.startsWith("rename (options=") ? RENAME : null;
  }

  /** The mode of a {@code perm=owner:group:rwxr-xr-x} field; 0644 when absent or unreadable. */
  static FsPermission mode(String perm) {
    if (perm != null) {
      String symbolic = perm.substring(perm.lastIndexOf(':') + 1);
      if (symbolic.matches("[-rwxsStT]{9}[t+]?")) {
        try {
          return FsPermission.valueOf("-" + symbolic.substring(0, 9));
        } catch (IllegalArgumentException e) {
          // fall through to the default
        }
      }
    }
    return new FsPermission((short) 0644);
  }
}
