package io.metabench.fs.contract;

import io.metabench.fs.PosixFileSystem;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.contract.rawlocal.RawlocalFSContract;

/**
 * Hadoop's contract of the local file system (its test directory under {@code target/}), with
 * the options of {@code contract/metabench-local.xml}, through one of two clients: Hadoop's own
 * {@code RawLocalFileSystem} (the reference) or MetaBench's {@link PosixFileSystem}. One instance
 * per contract test, as Hadoop's contract tests make them.
 */
public class LocalContract extends RawlocalFSContract {
  /** The options file, on the test class path. */
  public static final String XML = "contract/metabench-local.xml";
  /**
   * The system property naming the test directory (a mount's), set by {@link ContractRun} for
   * its run: the suites are made by JUnit, which passes them nothing.
   */
  public static final String DIR_PROPERTY = "metabench.contract.dir";

  private final boolean posix;

  public LocalContract(Configuration conf, boolean posix) {
    super(conf);
    this.posix = posix;
  }

  @Override
  protected String getContractXml() {
    return XML;
  }

  @Override
  protected String getTestDataDir() {
    String dir = System.getProperty(DIR_PROPERTY);
    return dir == null ? super.getTestDataDir() : dir;
  }

  @Override
  protected FileSystem getLocalFS() throws IOException {
    if (!posix) {
      return super.getLocalFS();
    }
    PosixFileSystem fs = new PosixFileSystem();
    fs.initialize(URI.create("file:///"), getConf());
    return fs;
  }

  @Override
  public String toString() {
    return (posix ? "PosixFileSystem" : "RawLocalFileSystem") + " " + super.toString();
  }
}
