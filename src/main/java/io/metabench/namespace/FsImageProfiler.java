package io.metabench.namespace;

import io.metabench.compat.NeedsProbe;
import io.metabench.core.InvalidInputException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.proto.HdfsProtos.BlockProto;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatProtobuf.SectionName;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.thirdparty.protobuf.CodedInputStream;
import org.apache.hadoop.thirdparty.protobuf.Parser;
import org.apache.hadoop.util.LimitInputStream;

/**
 * Reads a NameNode's protobuf fsimage (Hadoop 2.4 and later: the 2.x and 3.x lines) without a
 * NameNode, through Hadoop's own image classes ({@code FSImageUtil}, the {@code FsImageProto}
 * sections), into a {@link NamespaceProfile}: two passes over two sections, as Hadoop's
 * OfflineImageViewer reads them. The INODE section first: every file's size, blocks,
 * replication, name and age into distributions, and every directory's id; then the INODE_DIR
 * section: each directory's children, counted per directory. Memory grows with the number of
 * directories (a few arrays of them, {@link DirectoryTable}), never with the files. Stateless;
 * each call reads one image.
 */
@NeedsProbe("hadoop-hdfs's fsimage classes on Hadoop's shaded protobuf (3.3): ImageClasses.check")
public final class FsImageProfiler {
  /** The root directory's inode id, in every image ({@code INodeId.ROOT_INODE_ID}). */
  static final long ROOT_ID = 16385L;

  private FsImageProfiler() {
  }

  /**
   * The profile of {@code image}.
   *
   * @throws InvalidInputException when the file is missing, is no fsimage, or is damaged or of a
   *     layout this Hadoop cannot read (nothing was made)
   */
  public static NamespaceProfile profile(File image, Configuration conf) throws IOException {
    if (!image.isFile()) {
      throw new InvalidInputException(image + " does not exist or is not a file: give an fsimage "
          + "file (fsimage_N from a NameNode's current/ directory, or from hdfs dfsadmin "
          + "-fetchImage)");
    }
    try (RandomAccessFile file = new RandomAccessFile(image, "r")) {
      FileSummary summary = summaryOf(file, image);
      ProfileBuilder profile = new ProfileBuilder(image.length(), summary.getLayoutVersion(),
          summary.getCodec());
      FileSummary.Section inodes = section(summary, SectionName.INODE, image);
      FileSummary.Section dirs = section(summary, SectionName.INODE_DIR, image);
      try (FileInputStream in = new FileInputStream(file.getFD())) {
        readInodes(open(in, inodes, summary, conf), profile);
        profile.directories().seal();
        readDirectories(open(in, dirs, summary, conf), profile);
      } catch (IOException e) {
        // What protobuf makes of bytes that are not an inode, and an end before the last one.
        throw damaged(image, e);
      }
      return profile.build();
    }
  }

  /**
   * The summary of {@code file} ({@code image}), which must be an fsimage.
   *
   * @throws InvalidInputException when it is missing, no fsimage, damaged or of a layout this
   *     Hadoop cannot read
   */
  static FileSummary summaryOf(RandomAccessFile file, File image) throws IOException {
    if (!FSImageUtil.checkFileFormat(file)) {
      throw new InvalidInputException(image + " is not an fsimage (it does not begin with "
          + "HDFSIMG1): give an fsimage file (fsimage_N from a NameNode's current/ directory, "
          + "or from hdfs dfsadmin -fetchImage), not its .md5 or an edits file");
    }
    try {
      return FSImageUtil.loadSummary(file);
    } catch (IOException | RuntimeException e) {
      throw new InvalidInputException(image + " is a damaged or truncated fsimage, or one of a "
          + "layout this Hadoop cannot read (" + e.getMessage() + "): fetch it again", e);
    }
  }

  static InvalidInputException damaged(File image, Exception e) {
    return new InvalidInputException(image + " is a damaged or truncated fsimage ("
        + e.getMessage() + "): fetch it again", e);
  }

  static FileSummary.Section section(FileSummary summary, SectionName name, File image) {
    for (FileSummary.Section s : summary.getSectionsList()) {
      if (SectionName.fromString(s.getName()) == name) {
        return s;
      }
    }
    throw new InvalidInputException(image + " is a damaged or truncated fsimage (it has no "
        + name + " section): fetch it again");
  }

  static InputStream open(FileInputStream in, FileSummary.Section s, FileSummary summary,
      Configuration conf) throws IOException {
    in.getChannel().position(s.getOffset());
    return FSImageUtil.wrapInputStreamForCompression(conf, summary.getCodec(),
        new BufferedInputStream(new LimitInputStream(in, s.getLength()), 1 << 16));
  }

  private static void readInodes(InputStream in, ProfileBuilder profile) throws IOException {
    INodeSection header = INodeSection.parseDelimitedFrom(in);
    long count = header.getNumInodes();
    Delimited inodes = new Delimited(in);
    for (long i = 0; i < count; i++) {
      INodeSection.INode n = inodes.next(INodeSection.INode.parser());
      if (n == null) {
        throw new EOFException("the INODE section ends after " + i + " of " + count + " inodes");
      }
      String name = n.getName().toString(StandardCharsets.UTF_8);
      switch (n.getType()) {
        case FILE:
          INodeSection.INodeFile f = n.getFile();
          long bytes = 0;
          for (BlockProto b : f.getBlocksList()) {
            bytes += b.getNumBytes();
          }
          profile.file(name, bytes, f.getBlocksCount(), f.getReplication(),
              f.getModificationTime());
          break;
        case DIRECTORY:
          profile.directory(n.getId(), name);
          break;
        default:
          profile.symlink(n.getId());
      }
    }
  }

  private static void readDirectories(InputStream in, ProfileBuilder profile)
      throws IOException {
    DirectoryTable t = profile.directories();
    Delimited entries = new Delimited(in);
    for (INodeDirectorySection.DirEntry e; (e = entries.next(INodeDirectorySection.DirEntry
        .parser())) != null; ) {
      int parent = t.index(e.getParent());
      if (parent < 0) {
        continue; // a parent that is no directory: a damaged entry, left out
      }
      for (int i = 0; i < e.getChildrenCount(); i++) {
        int child = t.index(e.getChildren(i));
        if (child >= 0) {
          t.parent[child] = parent;
          t.subdirs[parent]++;
        } else if (profile.isSymlink(e.getChildren(i))) {
          t.others[parent]++;
        } else {
          t.files[parent]++;
        }
      }
      t.others[parent] += e.getRefChildrenCount();
    }
    t.computeDepths(t.index(ROOT_ID));
  }

  /**
   * Length-delimited messages read through one protobuf stream: {@code parseDelimitedFrom} makes
   * a stream and its buffer for every message, which was a fifth of reading an image's inodes.
   * Not thread-safe.
   */
  @NeedsProbe("Hadoop's shaded protobuf (3.3): ImageClasses.check, as its outer class")
  static final class Delimited {
    private final CodedInputStream in;

    Delimited(InputStream in) {
      this.in = CodedInputStream.newInstance(in, 1 << 16);
    }

    /** The next message, or null at the end of the stream. */
    <T> T next(Parser<T> parser) throws IOException {
      if (in.isAtEnd()) {
        return null;
      }
      in.resetSizeCounter(); // the size limit counts per message, not per section
      int limit = in.pushLimit(in.readRawVarint32());
      T message = parser.parseFrom(in);
      in.popLimit(limit);
      return message;
    }
  }
}
