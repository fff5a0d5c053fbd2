package io.metabench.namespace;

import io.metabench.compat.NeedsProbe;
import io.metabench.core.InvalidInputException;
import java.io.EOFException;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatProtobuf.SectionName;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;

/**
 * The image {@link ImageWriter} adds to, read whole: its summary, its inodes and its directory
 * entries, with a lookup of a directory's child by name. Meant for the image of a namespace a
 * NameNode was just formatted or started with (a base directory and MetaBench's marker): its
 * memory is that of every inode. Immutable after {@link #read}.
 */
@NeedsProbe("hadoop-hdfs's fsimage classes on Hadoop's shaded protobuf (3.3): ImageClasses.check")
final class BaseImage {
  final FileSummary summary;
  final long lastInodeId;
  final List<INodeSection.INode> inodes;
  final List<DirEntry> entries;
  private final Map<Long, INodeSection.INode> byId = new HashMap<>();
  private final Map<Long, DirEntry> entryOf = new HashMap<>();

  private BaseImage(FileSummary summary, long lastInodeId, List<INodeSection.INode> inodes,
      List<DirEntry> entries) {
    this.summary = summary;
    this.lastInodeId = lastInodeId;
    this.inodes = inodes;
    this.entries = entries;
    for (INodeSection.INode n : inodes) {
      byId.put(n.getId(), n);
    }
    for (DirEntry e : entries) {
      entryOf.put(e.getParent(), e);
    }
  }

  /**
   * Reads {@code image}.
   *
   * @throws InvalidInputException when it is no fsimage, is damaged, or is compressed
   */
  static BaseImage read(File image) throws IOException {
    try (RandomAccessFile file = new RandomAccessFile(image, "r")) {
      FileSummary summary = FsImageProfiler.summaryOf(file, image);
      if (!summary.getCodec().isEmpty()) {
        throw new InvalidInputException(image + " is compressed (" + summary.getCodec() + "), "
            + "and MetaBench adds a namespace to uncompressed images only: leave out "
            + "dfs.image.compress");
      }
      Configuration conf = new Configuration(false);
      List<INodeSection.INode> inodes = new ArrayList<>();
      List<DirEntry> entries = new ArrayList<>();
      long last;
      try (FileInputStream in = new FileInputStream(file.getFD())) {
        InputStream s = FsImageProfiler.open(in, FsImageProfiler.section(summary,
            SectionName.INODE, image), summary, conf);
        INodeSection header = INodeSection.parseDelimitedFrom(s);
        last = header.getLastInodeId();
        FsImageProfiler.Delimited messages = new FsImageProfiler.Delimited(s);
        for (long i = 0; i < header.getNumInodes(); i++) {
          INodeSection.INode n = messages.next(INodeSection.INode.parser());
          if (n == null) {
            throw new EOFException("the INODE section ends after " + i + " inodes");
          }
          inodes.add(n);
        }
        s = FsImageProfiler.open(in, FsImageProfiler.section(summary, SectionName.INODE_DIR,
            image), summary, conf);
        messages = new FsImageProfiler.Delimited(s);
        for (DirEntry e; (e = messages.next(DirEntry.parser())) != null; ) {
          entries.add(e);
        }
      } catch (IOException e) {
        throw FsImageProfiler.damaged(image, e);
      }
      return new BaseImage(summary, last, inodes, entries);
    }
  }

  /** Inode {@code id}, or null. */
  INodeSection.INode inode(long id) {
    return byId.get(id);
  }

  /** The id of directory {@code dir}'s child named {@code name}, or -1. */
  long child(long dir, String name) {
    DirEntry e = entryOf.get(dir);
    if (e == null) {
      return -1;
    }
    for (long c : e.getChildrenList()) {
      INodeSection.INode n = byId.get(c);
      if (n != null && name.equals(n.getName().toString(StandardCharsets.UTF_8))) {
        return c;
      }
    }
    return -1;
  }
}
