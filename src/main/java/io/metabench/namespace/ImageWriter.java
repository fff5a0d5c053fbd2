package io.metabench.namespace;

import io.metabench.compat.NeedsProbe;
import io.metabench.path.PrefillShape;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.server.namenode.FSImageFormatProtobuf.SectionName;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeDirectorySection.DirEntry;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.INodeSection;
import org.apache.hadoop.hdfs.util.MD5FileUtils;
import org.apache.hadoop.io.MD5Hash;
import org.apache.hadoop.thirdparty.protobuf.CodedOutputStream;

/**
 * Adds a prefill's namespace to a NameNode's fsimage, offline (docs/namespaces.md#offline): the
 * image a NameNode saved is read through Hadoop's own image classes, every section of it is kept
 * as it is, and the shape's directories and files are added to its INODE and INODE_DIR sections,
 * so a NameNode started on the result holds what it held plus the shape, made in the time it
 * takes to write the inodes rather than by one create call a file. Files are empty (no blocks, so
 * no DataNode needs to hold anything); each directory lists its children sorted by name, as a
 * NameNode keeps them, so loading a large one is appending, not inserting.
 *
 * <p>Memory grows with the image's inodes and the shape's directories (their paths, a few ints
 * each), never with the shape's files, which are written as they are named. Stateless; each call
 * rewrites one image.
 */
@NeedsProbe("hadoop-hdfs's fsimage classes on Hadoop's shaded protobuf (3.3): ImageClasses.check")
public final class ImageWriter {
  private static final byte[] MAGIC = FSImageUtil.MAGIC_HEADER;
  private static final int DIR_MODE = 0755;
  private static final int FILE_MODE = 0644;

  private ImageWriter() {
  }

  /** What was added: inodes, and the image's bytes and time to write. */
  public static final class Written {
    public final long directories;
    public final long files;
    public final long bytes;
    public final long nanos;

    Written(long directories, long files, long bytes, long nanos) {
      this.directories = directories;
      this.files = files;
      this.bytes = bytes;
      this.nanos = nanos;
    }
  }

  /**
   * Rewrites {@code image} (and its {@code .md5}) to hold {@code shape} besides what it holds.
   * The shape's root must not be in the image yet; its ancestors that are not are made too.
   *
   * @param replication and {@code blockSize}: the files' own, as a create would record them
   * @throws io.metabench.core.InvalidInputException when the image is compressed or holds the shape's root already
   */
  public static Written addTo(File image, PrefillShape shape, short replication, long blockSize)
      throws IOException {
    return addTo(image, shape, replication, blockSize,
        java.util.Collections.<org.apache.hadoop.fs.Path>emptyList());
  }

  /**
   * As {@link #addTo(File, PrefillShape, short, long)}, with {@code emptyFiles} besides (each
   * in a directory the image gets new, such as MetaBench's records under a new base directory).
   */
  public static Written addTo(File image, PrefillShape shape, short replication, long blockSize,
      List<org.apache.hadoop.fs.Path> emptyFiles) throws IOException {
    long start = System.nanoTime();
    BaseImage base = BaseImage.read(image);
    NewDirectories dirs = NewDirectories.of(base, shape, emptyFiles);
    File tmp = new File(image.getPath() + ".metabench.tmp");
    MessageDigest md5;
    try {
      md5 = MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    List<FileSummary.Section> sections = new ArrayList<>();
    long length;
    try (RandomAccessFile in = new RandomAccessFile(image, "r");
        Counting out = new Counting(new DigestOutputStream(new BufferedOutputStream(
            new FileOutputStream(tmp), 1 << 20), md5))) {
      out.write(MAGIC);
      Inodes inodes = new Inodes(base, dirs, shape, replication, blockSize);
      for (FileSummary.Section s : base.summary.getSectionsList()) {
        long offset = out.count;
        SectionName name = SectionName.fromString(s.getName());
        if (name == SectionName.INODE) {
          inodes.writeInodes(out);
        } else if (name == SectionName.INODE_DIR) {
          inodes.writeDirectories(out);
        } else {
          copy(in, s.getOffset(), s.getLength(), out);
        }
        sections.add(s.toBuilder().setOffset(offset).setLength(out.count - offset).build());
      }
      FileSummary summary = base.summary.toBuilder().clearSections().addAllSections(sections)
          .build();
      summary.writeDelimitedTo(out);
      int size = summary.getSerializedSize();
      out.write(ByteBuffer.allocate(4)
          .putInt(CodedOutputStream.computeUInt32SizeNoTag(size) + size).array());
      length = out.count;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp.toPath());
      throw e;
    }
    Files.move(tmp.toPath(), image.toPath(), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    MD5FileUtils.saveMD5File(image, new MD5Hash(md5.digest()));
    return new Written(dirs.size(), shape.files(), length, System.nanoTime() - start);
  }

  private static void copy(RandomAccessFile in, long offset, long length, OutputStream out)
      throws IOException {
    in.seek(offset);
    byte[] buf = new byte[1 << 16];
    for (long left = length; left > 0; ) {
      int n = in.read(buf, 0, (int) Math.min(buf.length, left));
      if (n < 0) {
        throw new IOException("the image ends inside a section");
      }
      out.write(buf, 0, n);
      left -= n;
    }
  }

  /** Mode bits {@code mode} with the user and group of {@code permission}. */
  static long withMode(long permission, int mode) {
    return (permission & ~0xFFFFL) | mode;
  }

  /** Writes the INODE and INODE_DIR sections: the image's own entries, then the shape's. */
  @NeedsProbe("hadoop-hdfs's fsimage classes (3.3): ImageClasses.check, as its outer class")
  private static final class Inodes {
    private final BaseImage base;
    private final NewDirectories dirs;
    private final PrefillShape shape;
    private final short replication;
    private final long blockSize;
    private final long mtime = System.currentTimeMillis();
    private final long firstDirId;
    private final long firstFileId;

    Inodes(BaseImage base, NewDirectories dirs, PrefillShape shape, short replication,
        long blockSize) {
      this.base = base;
      this.dirs = dirs;
      this.shape = shape;
      this.replication = replication;
      this.blockSize = blockSize;
      this.firstDirId = base.lastInodeId + 1;
      this.firstFileId = firstDirId + dirs.size();
    }

    void writeInodes(OutputStream out) throws IOException {
      long added = dirs.size() + shape.files() + dirs.extraFiles();
      INodeSection.newBuilder().setLastInodeId(firstFileId + shape.files() + dirs.extraFiles() - 1)
          .setNumInodes(base.inodes.size() + added).build().writeDelimitedTo(out);
      for (INodeSection.INode n : base.inodes) {
        n.writeDelimitedTo(out);
      }
      long dirPermission = withMode(dirs.attachPermission(), DIR_MODE);
      INodeSection.INodeDirectory.Builder dir = INodeSection.INodeDirectory.newBuilder()
          .setModificationTime(mtime).setNsQuota(-1).setDsQuota(-1).setPermission(dirPermission);
      INodeSection.INode.Builder n = INodeSection.INode.newBuilder()
          .setType(INodeSection.INode.Type.DIRECTORY).setDirectory(dir);
      for (int d = 0; d < dirs.size(); d++) {
        n.setId(firstDirId + d).setName(dirs.nameBytes(d)).build().writeDelimitedTo(out);
      }
      INodeSection.INodeFile.Builder file = INodeSection.INodeFile.newBuilder()
          .setReplication(replication).setModificationTime(mtime).setAccessTime(mtime)
          .setPreferredBlockSize(blockSize)
          .setPermission(withMode(dirs.attachPermission(), FILE_MODE));
      n = INodeSection.INode.newBuilder().setType(INodeSection.INode.Type.FILE).setFile(file);
      for (long i = 0; i < shape.files(); i++) {
        n.setId(firstFileId + i).setName(NewDirectories.bytes(shape.fileName(i))).build()
            .writeDelimitedTo(out);
      }
      for (int k = 0; k < dirs.extraFiles(); k++) {
        n.setId(firstFileId + shape.files() + k).setName(dirs.extraNameBytes(k)).build()
            .writeDelimitedTo(out);
      }
    }

    void writeDirectories(OutputStream out) throws IOException {
      boolean attached = false;
      for (DirEntry e : base.entries) {
        if (e.getParent() == dirs.attachId()) {
          e = dirs.mergeTop(e, base, firstDirId);
          attached = true;
        }
        e.writeDelimitedTo(out);
      }
      if (!attached) {
        DirEntry.newBuilder().setParent(dirs.attachId()).addChildren(firstDirId)
            .build().writeDelimitedTo(out);
      }
      for (int d = 0; d < dirs.size(); d++) {
        DirEntry e = dirs.entry(d, firstDirId, firstFileId, shape);
        if (e != null) {
          e.writeDelimitedTo(out);
        }
      }
    }
  }

  /** Counts the bytes written through it. Not thread-safe. */
  private static final class Counting extends java.io.FilterOutputStream {
    long count;

    Counting(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }
  }
}
