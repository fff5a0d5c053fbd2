package io.metabench.namespace;

import io.metabench.compat.NeedsProbe;
import io.metabench.core.InvalidInputException;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants;
import org.apache.hadoop.hdfs.server.namenode.EditLogFileInputStream;
import org.apache.hadoop.hdfs.server.namenode.FSEditLogOp;
import org.apache.hadoop.hdfs.server.namenode.FSEditLogOpCodes;
import org.apache.hadoop.hdfs.util.MD5FileUtils;

/**
 * The newest image of a stopped NameNode's name directories (its {@code dfs.namenode.name.dir}),
 * checked before {@link ImageWriter} adds a namespace to it (docs/namespaces.md#offline): each
 * directory is a NameNode's ({@code current/VERSION}), not in use ({@code in_use.lock} not held),
 * holds the same newest {@code fsimage_<txid>} (the same MD5), and no edit after that image
 * changes the namespace (a save and a stop leave only the segment markers the NameNode writes),
 * so a NameNode started on the result holds what it held plus the namespace. Immutable.
 */
@NeedsProbe("hadoop-hdfs's edit log classes (2.10+): ImageClasses.check")
public final class NameDirImage {
  private static final Pattern IMAGE = Pattern.compile("fsimage_(\\d+)");
  private static final Pattern EDITS = Pattern.compile("edits_(\\d+)-(\\d+)");
  private static final Pattern IN_PROGRESS = Pattern.compile("edits_inprogress_(\\d+)");
  private static final String SAVE = "save the namespace first (hdfs dfsadmin -safemode enter; "
      + "hdfs dfsadmin -saveNamespace), stop the NameNode, and run again";

  private final List<File> dirs;
  private final String imageName;

  private NameDirImage(List<File> dirs, String imageName) {
    this.dirs = dirs;
    this.imageName = imageName;
  }

  /**
   * Checks {@code dirs}.
   *
   * @throws InvalidInputException naming the first directory that fails a check, and the fix
   */
  public static NameDirImage of(List<File> dirs) throws IOException {
    String newest = null;
    String md5 = null;
    for (File d : dirs) {
      File current = new File(d, "current");
      if (!new File(current, "VERSION").isFile()) {
        throw new InvalidInputException(d + " is no NameNode name directory (no current/VERSION):"
            + " give the directories of the NameNode's dfs.namenode.name.dir");
      }
      requireStopped(d);
      String image = newestImage(current);
      String sum = MD5FileUtils.readStoredMd5ForFile(new File(current, image)).toString();
      if (newest != null && (!newest.equals(image) || !md5.equals(sum))) {
        throw new InvalidInputException(d + "'s newest image (" + image + ") is not the one in "
            + dirs.get(0) + " (" + newest + "): give the name directories of one NameNode, each "
            + "as it saved them");
      }
      newest = image;
      md5 = sum;
      requireNoChangeAfter(current, txid(image));
    }
    return new NameDirImage(dirs, newest);
  }

  /** The image file in the first name directory, which {@link ImageWriter} rewrites. */
  public File image() {
    return new File(new File(dirs.get(0), "current"), imageName);
  }

  /** Where the image as it was is kept: beside {@code current/}, in the first directory. */
  public File kept() {
    return new File(dirs.get(0), "metabench-before-" + imageName);
  }

  /** Copies the image as it is to {@link #kept} (and its MD5), before it is rewritten. */
  public void keep() throws IOException {
    copyWithMd5(image(), kept());
  }

  /** Copies the rewritten image (and its MD5) into every other name directory. */
  public void spread() throws IOException {
    for (File d : dirs.subList(1, dirs.size())) {
      copyWithMd5(image(), new File(new File(d, "current"), imageName));
    }
  }

  private static void copyWithMd5(File from, File to) throws IOException {
    Files.copy(from.toPath(), to.toPath(), StandardCopyOption.REPLACE_EXISTING);
    MD5FileUtils.saveMD5File(to, MD5FileUtils.readStoredMd5ForFile(from));
  }

  private static void requireStopped(File dir) throws IOException {
    File lock = new File(dir, "in_use.lock");
    if (!lock.exists()) {
      return;
    }
    boolean held;
    try (RandomAccessFile f = new RandomAccessFile(lock, "rw")) {
      try (FileLock l = f.getChannel().tryLock()) {
        held = l == null;
      } catch (OverlappingFileLockException e) {
        held = true;
      }
    }
    if (held) {
      throw new InvalidInputException("the NameNode of " + dir + " is running (its in_use.lock is"
          + " held): " + SAVE);
    }
  }

  private static String newestImage(File current) {
    String newest = null;
    String[] names = current.list();
    for (String n : names == null ? new String[0] : names) {
      if (IMAGE.matcher(n).matches() && (newest == null || txid(n) > txid(newest))) {
        newest = n;
      }
    }
    if (newest == null) {
      throw new InvalidInputException(current + " holds no fsimage_<txid>: " + SAVE);
    }
    return newest;
  }

  private static long txid(String image) {
    Matcher m = IMAGE.matcher(image);
    return m.matches() ? Long.parseLong(m.group(1)) : -1;
  }

  /** Refuses an edit after {@code txid} other than a segment's start or end. */
  private static void requireNoChangeAfter(File current, long txid) throws IOException {
    List<EditLogFileInputStream> after = new ArrayList<>();
    String[] names = current.list();
    for (String n : names == null ? new String[0] : names) {
      Matcher done = EDITS.matcher(n);
      Matcher open = IN_PROGRESS.matcher(n);
      if (done.matches() && Long.parseLong(done.group(2)) > txid) {
        after.add(new EditLogFileInputStream(new File(current, n),
            Long.parseLong(done.group(1)), Long.parseLong(done.group(2)), false));
      } else if (open.matches() && Long.parseLong(open.group(1)) > txid) {
        after.add(new EditLogFileInputStream(new File(current, n),
            Long.parseLong(open.group(1)), HdfsServerConstants.INVALID_TXID, true));
      }
    }
    for (EditLogFileInputStream edits : after) {
      File f = new File(edits.getName());
      try (EditLogFileInputStream in = edits) {
        for (FSEditLogOp op = in.readOp(); op != null; op = in.readOp()) {
          if (op.getTransactionId() > txid && op.opCode != FSEditLogOpCodes.OP_START_LOG_SEGMENT
              && op.opCode != FSEditLogOpCodes.OP_END_LOG_SEGMENT) {
            throw new InvalidInputException(f + " changes the namespace after the newest image ("
                + op.opCode + " at transaction " + op.getTransactionId() + "): " + SAVE);
          }
        }
      }
    }
  }
}
