package io.metabench.fs.contract;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/**
 * Hadoop's contract of Aliyun OSS through hadoop-aliyun's {@code AliyunOSSFileSystem}, with the
 * options of {@code contract/metabench-oss.xml}, against the OSS-protocol server whose
 * {@code fs.oss.*} settings {@link #SETTINGS_PROPERTY} names ({@code name=value;...}). One
 * instance per contract test, as Hadoop's contract tests make them; {@link ContractRun} sets the
 * property for its run.
 */
public class OssContract extends AbstractFSContract {
  /** The options file, on the test class path. */
  public static final String XML = "contract/metabench-oss.xml";
  /** The system property holding the server's settings. */
  public static final String SETTINGS_PROPERTY = "metabench.contract.oss";
  /** The bucket the suites run in. */
  public static final String BUCKET = "metabench-contract";

  private FileSystem fs;

  public OssContract(Configuration conf) {
    super(conf);
  }

  @Override
  public void init() throws IOException {
    super.init();
    addConfResource(XML);
    for (String setting : System.getProperty(SETTINGS_PROPERTY, "").split(";")) {
      int eq = setting.indexOf('=');
      if (eq > 0) {
        getConf().set(setting.substring(0, eq), setting.substring(eq + 1));
      }
    }
    fs = FileSystem.newInstance(URI.create("oss://" + BUCKET + "/"), getConf());
  }

  @Override
  public FileSystem getTestFileSystem() {
    return fs;
  }

  @Override
  public String getScheme() {
    return "oss";
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }

  @Override
  public String toString() {
    return "hadoop-aliyun on MetaBench's OSS test server " + super.toString();
  }
}
