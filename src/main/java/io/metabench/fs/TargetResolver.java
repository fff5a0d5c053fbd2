package io.metabench.fs;

import io.metabench.compat.NameNodeRpcs;
import io.metabench.config.BenchConfig;
import io.metabench.config.UserSettings;
import io.metabench.core.InvalidInputException;
import io.metabench.path.BaseDirMarker;
import io.metabench.path.NamespaceState;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which file system a run uses: the one {@code -baseDir}'s URI names; else the default
 * file system when the user set one (-fs, -D fs.defaultFS, -conf, -confDir, a *-site.xml on the
 * classpath); else an embedded HDFS started for the run.
 */
public final class TargetResolver {
  private static final Logger LOG = LoggerFactory.getLogger(TargetResolver.class);

  private TargetResolver() {
  }

  /**
   * Resolves (and, when nothing is named, starts) the target. Checks that need no file system
   * access come first, so bad input is refused before an embedded HDFS starts.
   */
  public static Target resolve(BenchConfig config, Configuration conf) throws IOException {
    Path base = new Path(config.baseDir());
    URI named = base.toUri().getScheme() != null ? base.toUri() : null;
    if (named == null && UserSettings.isSetByUser(conf, CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY)) {
      named = FileSystem.getDefaultUri(conf);
    }
    Configuration clientConf = clientConf(config, conf);
    String record = conf.getTrimmed(io.metabench.config.ConfigKeys.RECORD_AUDIT_LOG, "");
    if (!record.isEmpty() && named != null) {
      throw new InvalidInputException("-recordAuditLog records the embedded HDFS's audit log, and "
          + named + " names a file system of its own: on a cluster, its NameNode writes "
          + "hdfs-audit.log itself; leave out -baseDir's file system to use the embedded HDFS");
    }
    if (!record.isEmpty() && config.maps() > 0) {
      throw new InvalidInputException("-recordAuditLog records what this process measures, and "
          + "-maps " + config.maps() + " measures in map tasks: leave out -maps to record a run");
    }
    if (!record.isEmpty()) {
      java.io.File f = new java.io.File(record).getAbsoluteFile();
      if (f.exists() || !f.getParentFile().isDirectory()) {
        throw new InvalidInputException("-recordAuditLog " + record + (f.exists()
            ? " already exists: give a new file (MetaBench does not overwrite it)"
            : ": its directory does not exist: give a file in an existing directory"));
      }
    }
    if (named != null && config.embeddedHa()) {
      throw new InvalidInputException("-embeddedHa starts an embedded HDFS, but " + named
          + " names a file system: drop -embeddedHa, or leave the file system out of -baseDir");
    }
    if (named != null && config.prefill().offline()) {
      throw new InvalidInputException("-prefillOffline writes the prefill into the embedded HDFS's "
          + "image, but " + named + " names a file system: leave the file system out of -baseDir, "
          + "or drop -prefillOffline");
    }
    if (named != null) {
      URI fsUri = fsUri(named, conf);
      requireConnector(fsUri.getScheme(), clientConf);
      Path qualified = base.makeQualified(fsUri, workingDir(fsUri));
      BaseDirMarker.requireNotRoot(qualified);
      return new Target(fsUri, qualified, clientConf, null, config.localClient());
    }
    BaseDirMarker.requireNotRoot(base.makeQualified(URI.create("hdfs://embedded"), new Path("/")));
    // A new embedded HDFS is empty: refuse a phase sequence that needs earlier phases before
    // spending seconds starting it.
    NamespaceState.EMPTY.afterAll(config.ownItemPhases(), config.mix().keepsNames(),
        config.layout(), config.baseDir() + " (on the embedded HDFS, which lasts one run)");
    TargetChecks.hdfsLimits(config, "hdfs", clientConf);
    if (config.maps() > 0) {
      TargetChecks.embeddedFramework(conf);
    }
    Configuration serverConf = conf;
    if (config.prefill().offline()) {
      io.metabench.namespace.ImageClasses.check();
      // Its NameNode restarts on the offline image: a DataNode heartbeating each second (not
      // three) is back, and safe mode over, seconds sooner (docs/namespaces.md#offline).
      serverConf = new Configuration(conf);
      UserSettings.setUnlessUserSet(serverConf, "dfs.heartbeat.interval", "1");
    }
    EmbeddedHdfs embedded = startEmbedded(serverConf, config);
    EmbeddedHdfs.configureClient(clientConf);
    embedded.describeTo(clientConf);
    URI fsUri = embedded.uri();
    LOG.info("No file system named: started an embedded HDFS at {}", fsUri);
    return new Target(fsUri, base.makeQualified(fsUri, workingDir(fsUri)), clientConf, embedded,
        null);
  }

  /**
   * Where a relative -baseDir is taken from: the current directory on the local file system, the
   * user's home (/user/NAME, Hadoop's default working directory) elsewhere.
   */
  private static Path workingDir(URI fsUri) throws IOException {
    if ("file".equals(fsUri.getScheme())) {
      return new Path(new java.io.File("").getAbsoluteFile().toURI());
    }
    return new Path("/user/"
        + org.apache.hadoop.security.UserGroupInformation.getCurrentUser().getShortUserName());
  }

  private static EmbeddedHdfs startEmbedded(Configuration conf, BenchConfig config)
      throws IOException {
    try {
      Class.forName("org.apache.hadoop.hdfs.MiniDFSCluster", false,
          TargetResolver.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new InvalidInputException("no file system named and the embedded HDFS is not on this "
          + "classpath: pass -baseDir hdfs://namenode:8020/path (or -fs), or run "
          + "scripts/meta-bench.sh, whose distribution bundles it");
    }
    return EmbeddedHdfs.start(conf, config.embeddedHa(), config.failoverAfterMillis());
  }

  private static URI fsUri(URI named, Configuration conf) {
    String scheme = named.getScheme();
    String authority = named.getAuthority();
    if (authority == null) {
      // hdfs:///path means the default HDFS, as in Hadoop's own shell.
      URI defaultUri = FileSystem.getDefaultUri(conf);
      if (scheme.equals(defaultUri.getScheme()) && defaultUri.getAuthority() != null) {
        return URI.create(scheme + "://" + defaultUri.getAuthority() + "/");
      }
      return URI.create(scheme + ":///");
    }
    return URI.create(scheme + "://" + authority + "/");
  }

  private static void requireConnector(String scheme, Configuration conf) {
    try {
      FileSystem.getFileSystemClass(scheme, conf);
    } catch (UnsupportedFileSystemException e) {
      throw new InvalidInputException("no FileSystem for scheme '" + scheme + "': add the "
          + scheme + " connector's client jar to the classpath (scripts/meta-bench.sh: "
          + "META_BENCH_CLASSPATH=/path/to/client.jar; hadoop jar: HADOOP_CLASSPATH, and "
          + "-libjars with -maps) and set fs." + scheme + ".impl if it does not register itself");
    } catch (IOException | RuntimeException | LinkageError e) {
      throw new InvalidInputException("the FileSystem for scheme '" + scheme + "' cannot be "
          + "loaded (" + e + "): check fs." + scheme + ".impl and the connector's jars");
    }
  }

  /** The configuration worker clients are made from: the user's, plus the file layout settings. */
  private static Configuration clientConf(BenchConfig config, Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setInt("dfs.bytes-per-checksum", config.bytesPerChecksum());
    c.setInt("file.bytes-per-checksum", config.bytesPerChecksum());
    // What an HDFS operation costs the NameNode, by RPC method (docs/metrics.md#store-calls).
    NameNodeRpcs.countIn(c);
    return c;
  }
}
