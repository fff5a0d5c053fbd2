package io.metabench.namespace;

import io.metabench.core.InvalidInputException;

/**
 * The probe that guards {@link FsImageProfiler}: Hadoop's fsimage classes (hadoop-hdfs, not in a
 * client class path) of a line whose protobuf is Hadoop's shaded one (3.3 and later), as the
 * profiler was built against. Reflective only, so it links on every line. Stateless.
 */
public final class ImageClasses {
  private static final String INODE =
      "org.apache.hadoop.hdfs.server.namenode.FsImageProto$INodeSection$INode";
  private static final String SHADED = "org.apache.hadoop.thirdparty.protobuf.ByteString";

  private ImageClasses() {
  }

  /**
   * Refuses, in one line, a class path without the image classes the profiler needs.
   *
   * @throws InvalidInputException when they are missing or of an older line
   */
  public static void check() {
    String found;
    try {
      found = Class.forName(INODE, false, ImageClasses.class.getClassLoader())
          .getMethod("getName").getReturnType().getName();
    } catch (ReflectiveOperationException | LinkageError e) {
      found = null;
    }
    if (!SHADED.equals(found)) {
      throw new InvalidInputException("profile needs Hadoop 3.3 or later's fsimage classes "
          + "(hadoop-hdfs), which this class path " + (found == null ? "lacks" : "has of an "
          + "older line") + ": run it from the distribution (scripts/meta-bench.sh profile ...), "
          + "which bundles them");
    }
  }
}
