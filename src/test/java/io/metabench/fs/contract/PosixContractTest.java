package io.metabench.fs.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * MetaBench's {@code PosixFileSystem}, the client of every {@code file://} and POSIX-mount
 * figure, held to Hadoop's own file system contract on the local disk: each contract suite runs
 * on it and on Hadoop's {@code RawLocalFileSystem} with the same options, and every test that
 * passes on the reference passes on MetaBench's client. Tests that fail on both (the local file
 * system's departures from the contract) are printed, not hidden. {@code ITGlusterFs} runs the
 * same on its FUSE mount.
 */
class PosixContractTest {
  @Test
  void everyContractTestTheReferenceClientPassesPassesOnPosixFileSystem() {
    ContractRun r = ContractRun.in(null);
    System.out.println("=== Hadoop's contract tests on the local disk\n" + r);
    assertThat(r.run).as("contract tests run").isGreaterThan(100);
    assertThat(r.regressions).as("contract tests the reference client passes and "
        + "PosixFileSystem fails").isEmpty();
  }
}
