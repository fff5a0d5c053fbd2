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
    assertThat(s3a.perOperation(10)).isEqualTo("6.00 calls/op (object_copy_requests 1.00, "
        + "object_delete_request 1.00, object_list_request 1.00, object_metadata_request 3.00)");
  }

  @Test
  void withoutRequestCountsEveryCallCountsButNotBytesOrTimes() {
    StoreCalls hdfs = StoreCalls.of(counts("op_create", 10, "op_mkdirs", 2, "bytesWritten", 999,
        "op_create.failures", 1, "op_create.mean", 5, "op_open", 0), "DFSOpsCountStatistics");
    assertThat(hdfs.total()).isEqualTo(12);
    assertThat(hdfs.byType()).doesNotContainKey("op_open"); // did not move
    assertThat(hdfs.perOperation(10)).isEqualTo("1.20 calls/op (op_create 1.00, op_mkdirs 0.20)");
    assertThat(hdfs.perOperation(0)).isEmpty();
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
}
