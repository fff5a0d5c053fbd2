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
import org.apache.hadoop.fs.contract.AbstractContractSeekTest;
import org.apache.hadoop.fs.contract.AbstractContractSetTimesTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/**
 * Hadoop's contract test suites (JUnit 4 classes of hadoop-common's test jar), each bound to the
 * local file system twice: through MetaBench's {@code PosixFileSystem} and through Hadoop's
 * {@code RawLocalFileSystem}, the reference. Run by {@link PosixContractTest}, not on their
 * own: their names do not end in {@code Test}, so Surefire leaves them alone.
 */
public final class ContractSuites {
  private ContractSuites() {
  }

  /** Every suite, as pairs: MetaBench's client, then the reference. */
  public static List<Class<?>[]> pairs() {
    return Arrays.asList(
        new Class<?>[] {Create.class, ReferenceCreate.class},
        new Class<?>[] {Mkdir.class, ReferenceMkdir.class},
        new Class<?>[] {Delete.class, ReferenceDelete.class},
        new Class<?>[] {Rename.class, ReferenceRename.class},
        new Class<?>[] {GetFileStatus.class, ReferenceGetFileStatus.class},
        new Class<?>[] {Open.class, ReferenceOpen.class},
        new Class<?>[] {Seek.class, ReferenceSeek.class},
        new Class<?>[] {Append.class, ReferenceAppend.class},
        new Class<?>[] {SetTimes.class, ReferenceSetTimes.class},
        new Class<?>[] {ContentSummary.class, ReferenceContentSummary.class});
  }

  /** Create, on {@code PosixFileSystem}. */
  public static class Create extends AbstractContractCreateTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Create, on the reference client. */
  public static class ReferenceCreate extends Create {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Mkdir, on {@code PosixFileSystem}. */
  public static class Mkdir extends AbstractContractMkdirTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Mkdir, on the reference client. */
  public static class ReferenceMkdir extends Mkdir {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Delete, on {@code PosixFileSystem}. */
  public static class Delete extends AbstractContractDeleteTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Delete, on the reference client. */
  public static class ReferenceDelete extends Delete {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Rename, on {@code PosixFileSystem}. */
  public static class Rename extends AbstractContractRenameTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Rename, on the reference client. */
  public static class ReferenceRename extends Rename {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** GetFileStatus, on {@code PosixFileSystem}. */
  public static class GetFileStatus extends AbstractContractGetFileStatusTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** GetFileStatus, on the reference client. */
  public static class ReferenceGetFileStatus extends GetFileStatus {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Open, on {@code PosixFileSystem}. */
  public static class Open extends AbstractContractOpenTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Open, on the reference client. */
  public static class ReferenceOpen extends Open {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Seek, on {@code PosixFileSystem}. */
  public static class Seek extends AbstractContractSeekTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Seek, on the reference client. */
  public static class ReferenceSeek extends Seek {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** Append, on {@code PosixFileSystem}. */
  public static class Append extends AbstractContractAppendTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** Append, on the reference client. */
  public static class ReferenceAppend extends Append {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** SetTimes, on {@code PosixFileSystem}. */
  public static class SetTimes extends AbstractContractSetTimesTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** SetTimes, on the reference client. */
  public static class ReferenceSetTimes extends SetTimes {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }

  /** ContentSummary, on {@code PosixFileSystem}. */
  public static class ContentSummary extends AbstractContractContentSummaryTest {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, true);
    }
  }

  /** ContentSummary, on the reference client. */
  public static class ReferenceContentSummary extends ContentSummary {
    @Override
    protected AbstractFSContract createContract(Configuration conf) {
      return new LocalContract(conf, false);
    }
  }
}
