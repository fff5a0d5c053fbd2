package io.metabench.fs.contract;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractAppendTest;
import org.apache.hadoop.fs.contract.AbstractContractContentSummaryTest;
import org.apache.hadoop.fs.contract.AbstractContractCreateTest;
import org.apache.hadoop.fs.contract.AbstractContractDeleteTest;
import org.apache.hadoop.fs.contract.AbstractContractGetFileStatusTest;
import org.apache.hadoop.fs.contract.AbstractContractMkdirTest;
import org.apache.hadoop.fs.contract.AbstractContractOpenTest;
import org.apache.hadoop.fs.contract.AbstractContractRenameTest;
import org.apache.hadoop.fs.contract.AbstractContractRootDirectoryTest;
import org.apache.hadoop.fs.contract.AbstractContractSeekTest;
import org.apache.hadoop.fs.contract.AbstractContractSetTimesTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/**
 * Hadoop's contract test suites (JUnit 4 classes of hadoop-common's test jar), each bound to the
 * contract {@link ContractRun} names for its run: the local file system through MetaBench's
 * {@code PosixFileSystem} or Hadoop's {@code RawLocalFileSystem}, the reference; or OSS through
 * hadoop-aliyun ({@link OssContract}). Run by
 * {@link ContractRun}, not on their own: their names do not end in {@code Test}, so Surefire
 * leaves them alone.
 */
public final class ContractSuites {
  private ContractSuites() {
  }

  /**
   * The contract a suite's tests run under: OSS through hadoop-aliyun while
   * {@link OssContract#SETTINGS_PROPERTY} is set, otherwise the local file system.
   */
  static AbstractFSContract contract(Configuration conf) {
    return System.getProperty(OssContract.SETTINGS_PROPERTY) != null ? new OssContract(conf)
        : new LocalContract(conf);
  }

  /** Every suite. */
  public static List<Class<?>> all() {
    return Arrays.asList(Create.class, Mkdir.class, Delete.class, Rename.class,
        GetFileStatus.class, Open.class, Seek.class, Append.class, SetTimes.class,
        ContentSummary.class);
  }

  /** The suites run on OSS: every suite, and the root directory's (the bucket is the test's). */
  public static List<Class<?>> forOss() {
    List<Class<?>> out = new java.util.ArrayList<>(all());
    out.add(RootDirectory.class);
    return out;
  }

  /** Hadoop\'s RootDirectory suite. */
  public static class RootDirectory extends AbstractContractRootDirectoryTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Create suite. */
  public static class Create extends AbstractContractCreateTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Mkdir suite. */
  public static class Mkdir extends AbstractContractMkdirTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Delete suite. */
  public static class Delete extends AbstractContractDeleteTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Rename suite. */
  public static class Rename extends AbstractContractRenameTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s GetFileStatus suite. */
  public static class GetFileStatus extends AbstractContractGetFileStatusTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Open suite. */
  public static class Open extends AbstractContractOpenTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Seek suite. */
  public static class Seek extends AbstractContractSeekTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s Append suite. */
  public static class Append extends AbstractContractAppendTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s SetTimes suite. */
  public static class SetTimes extends AbstractContractSetTimesTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }

  /** Hadoop\'s ContentSummary suite. */
  public static class ContentSummary extends AbstractContractContentSummaryTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return contract(conf);
    }
  }
}
