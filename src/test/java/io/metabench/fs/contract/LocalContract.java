package io.metabench.fs.contract;

import io.metabench.fs.PosixFileSystem;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.contract.rawlocal.RawlocalFSContract;

/**
 * Hadoop's contract of the local file system (its test directory under {@code target/}, or the
 * one {@link #DIR_PROPERTY} names), with the options of {@code contract/metabench-local.xml},
 * through one of two clients: MetaBench's {@link PosixFileSystem}, or Hadoop's own
 * {@code RawLocalFileSystem} (the reference) while {@link #REFERENCE_PROPERTY} is {@code true}.
 * One instance per contract test, as Hadoop's contract tests make them; the suites are made by
 * JUnit, which passes them nothing, so {@link ContractRun} sets both properties for its run.
 */
public class LocalContract extends RawlocalFSContract {
  /** The options file, on the test class path. */
  public static final String XML = "contract/metabench-local.xml";
  /** The system property naming the test directory (a mount's). */
  public static final String DIR_PROPERTY = "metabench.contract.dir";
  /** The system property that makes the contract Hadoop's own client's. */
  public static final String REFERENCE_PROPERTY = "metabench.contract.reference";

  private final boolean posix = !Boolean.getBoolean(REFERENCE_PROPERTY);

  public LocalContract(Configuration conf) {
    super(conf);
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
