package io.metabench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreCallsTest {
  private static Map<String, Long> counts(Object... kv) {
    Map<String, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], ((Number) kv[i + 1]).longValue());
    }
    return m;
  }

  @Test
  void requestsAreCountedWhenTheClientCountsThemAndTheirTotalIsLeftOut() {
    StoreCalls s3a = StoreCalls.of(counts("object_metadata_request", 30, "object_list_request",
        10, "object_copy_requests", 10, "object_delete_request", 10, "store_io_request", 60,
        "op_rename", 10, "stream_write_bytes", 99), "IOStatistics of S3AFileSystem");
    assertThat(s3a.total()).isEqualTo(60);
    assertThat(s3a.perOperation(10)).isEqualTo("6.00 requests/op (object_copy_requests 1.00, "
        + "object_delete_request 1.00, object_list_request 1.00, object_metadata_request 3.00)");
  }

  @Test
  void withoutRequestCountsEveryCallCountsButNotBytesOrTimes() {
    StoreCalls hdfs = StoreCalls.of(counts("op_create", 10, "op_mkdirs", 2, "bytesWritten", 999,
        "op_create.failures", 1, "op_create.mean", 5, "op_open", 0), "DFSOpsCountStatistics");
    assertThat(hdfs.total()).isEqualTo(12);
    assertThat(hdfs.byType()).doesNotContainKey("op_open"); // did not move
    // The HDFS client's own counts are FileSystem API calls, not RPCs, and say so.
    assertThat(hdfs.perOperation(10)).isEqualTo("1.20 FileSystem calls/op (op_create 1.00, "
        + "op_mkdirs 0.20)");
    assertThat(hdfs.perOperation(0)).isEmpty();
    // Counts kept, none of them moved: said, not an empty list.
    assertThat(StoreCalls.of(counts("op_open", 0), "DFSOpsCountStatistics").perOperation(10))
        .isEqualTo("0.00 calls/op (the client counts none for this operation)");
  }

  @Test
  void nameNodeRpcsCountByMethodFailedOnesIncludedAndLeaveTheFileSystemCallsOut() {
    StoreCalls hdfs = StoreCalls.of(counts("rpc.Create", 10, "rpc.Complete", 10, "rpc.AddBlock",
        10, "rpc.Create.failures", 2, "op_create", 12), "DFSOpsCountStatistics, "
        + "MetaBenchNameNodeRpcs");
    assertThat(hdfs.kind()).isEqualTo("NameNode RPCs");
    assertThat(hdfs.total()).isEqualTo(32);
    assertThat(hdfs.perOperation(10)).isEqualTo("3.20 NameNode RPCs/op (AddBlock 1.00, Complete "
        + "1.00, Create 1.00, Create.failures 0.20)");
  }

  @Test
  void processesAddUpAndNoneStaysNone() {
    StoreCalls a = StoreCalls.of(counts("op_rename", 5), "DFSOpsCountStatistics");
    StoreCalls b = StoreCalls.of(counts("op_rename", 7, "op_delete", 1), "DFSOpsCountStatistics");
    StoreCalls both = StoreCalls.combine(Arrays.asList(a, StoreCalls.NONE, b));
    assertThat(both.available()).isTrue();
    assertThat(both.byType()).containsEntry("op_rename", 12L).containsEntry("op_delete", 1L);
    assertThat(StoreCalls.combine(Arrays.asList(StoreCalls.NONE, StoreCalls.NONE)).available())
        .isFalse();
  }

  @Test
  void mapsSharingOneJvmsStatisticsCountTheirCallsOnce() {
    // Two map tasks as threads of one JVM (the local job runner) each see both maps' creates:
    // the JVM's counter went 100 -> 6,100 over their overlapping windows.
    StoreCalls m0 = StoreCalls.jvmWide(counts("op_create", 5990, "op_mkdirs", 1),
        "DFSOpsCountStatistics", "1@jvm", counts("op_create", 100, "op_mkdirs", 7, "op_rename", 3));
    // The other opened a little later and closed later: neither window holds all.
    StoreCalls m1 = StoreCalls.jvmWide(counts("op_create", 5995), "DFSOpsCountStatistics",
        "1@jvm", counts("op_create", 105, "op_mkdirs", 8));
    StoreCalls once = StoreCalls.combine(Arrays.asList(m0, m1));
    assertThat(once.byType()).containsEntry("op_create", 6000L).containsEntry("op_mkdirs", 1L);
    assertThat(once.byType()).doesNotContainKey("op_rename"); // did not move

    assertThat(once.sources()).contains("counted once");
    assertThat(once.jvmWide()).isTrue();
    // A third map in a JVM of its own adds its calls.
    StoreCalls m2 = StoreCalls.jvmWide(counts("op_create", 3000), "DFSOpsCountStatistics",
        "2@jvm", counts("op_create", 0));
    assertThat(StoreCalls.combine(Arrays.asList(m0, m2, m1)).byType())
        .containsEntry("op_create", 9000L);
    // Each in a JVM of its own (YARN containers, several processes): added up.
    StoreCalls y1 = StoreCalls.jvmWide(counts("op_create", 5995), "DFSOpsCountStatistics",
        "3@jvm", counts("op_create", 100));
    StoreCalls yarn = StoreCalls.combine(Arrays.asList(m0, y1));
    assertThat(yarn.byType()).containsEntry("op_create", 11985L);
    assertThat(yarn.jvmWide()).isTrue();
    assertThat(yarn.jvm()).isEmpty(); // several JVMs': not to be joined with one of them again
    // One JVM's combined parts still join a later part of that JVM from their earliest opening.
    StoreCalls late = StoreCalls.jvmWide(counts("op_create", 10), "DFSOpsCountStatistics",
        "1@jvm", counts("op_create", 6095));
    assertThat(StoreCalls.combine(Arrays.asList(once, late)).byType())
        .containsEntry("op_create", 6005L);
  }

  @Test
  void theJvmAndTheOpeningValuesSurviveTheCodec() throws Exception {
    StoreCalls m0 = StoreCalls.jvmWide(counts("op_create", 10), "DFSOpsCountStatistics", "1@jvm",
        counts("op_create", 105));
    PhaseResult p = PhaseResult.combine(io.metabench.op.OpType.CREATE_WRITE,
        java.util.Collections.<PhaseResult>emptyList()).withStoreCalls(m0);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    ResultCodec.writePhase(p, new java.io.DataOutputStream(bytes));
    StoreCalls back = ResultCodec.readPhase(new java.io.DataInputStream(
        new java.io.ByteArrayInputStream(bytes.toByteArray()))).storeCalls();
    assertThat(back.jvm()).isEqualTo("1@jvm");
    assertThat(back.jvmWide()).isTrue();
    assertThat(back.baseline()).containsEntry("op_create", 105L);
    assertThat(back.byType()).containsEntry("op_create", 10L);
  }
}
