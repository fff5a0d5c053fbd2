package io.metabench.bench;

import io.metabench.namespace.ImageWriter;
import io.metabench.namespace.ShapeProfile;
import io.metabench.namespace.ShapedTree;
import io.metabench.path.PrefillSizes;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * An fsimage of a profile's namespace at a scale, for bench/fsimage-read.sh: a NameNode of
 * Hadoop's test cluster (no DataNode) is formatted and saves its empty namespace, and
 * {@link ImageWriter} adds the namespace to a copy of that image, as -prefillOffline does.
 *
 * <pre>
 * ImageOf OUT_DIR PROFILE SCALE
 * </pre>
 *
 * <p>Writes {@code OUT_DIR/fsimage_N} and its {@code .md5}, and prints one line: {@code IMAGE
 * <path> <directories> <files> <bytes> <seconds to write>}.
 */
public final class ImageOf {
  private ImageOf() {
  }

  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    ShapeProfile profile = ShapeProfile.load(args[1]);
    double scale = Double.parseDouble(args[2]);
    File dir = Files.createTempDirectory(out.toPath(), "cluster-").toFile();
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.getAbsolutePath());
    conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.http-bind-host", "127.0.0.1");
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    File image;
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(0).build();
    try {
      cluster.getNameNodeRpc().setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_ENTER, false);
      cluster.getNameNodeRpc().saveNamespace(0, 0);
      File saved = cluster.getNameNode().getFSImage().getStorage().getHighestFsImageName();
      image = new File(out, saved.getName());
      Files.copy(saved.toPath(), image.toPath(), StandardCopyOption.REPLACE_EXISTING);
    } finally {
      cluster.shutdown();
      FileUtil.fullyDelete(dir);
    }
    ShapedTree tree = new ShapedTree(new Path("/benchmarks/MetaBench/prefill/map_0"), profile,
        scale, 1, PrefillSizes.EMPTY_FILES);
    ImageWriter.Written w = ImageWriter.addTo(image, tree, (short) 3, 128L << 20);
    System.out.printf(java.util.Locale.ROOT, "IMAGE %s %d %d %d %.1f%n", image, w.directories,
        w.files, w.bytes, w.nanos / 1e9);
  }
}
